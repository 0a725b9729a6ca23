import { screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeEntries, type RouteName } from '@/config/paths';
import { demoAgency, fakeSession, renderRoutes } from '@/test/render';
import { SESSION_EXPIRED_TEXT } from './guards';
import { createRoutes } from './routes';

// Light pages so the test exercises the real tree and guards without loading feature code.
const stubPages = Object.fromEntries(
  routeEntries.map(([name]) => [name, async () => ({ Component: () => <p>{`page:${name}`}</p> })]),
) as unknown as Record<RouteName, () => Promise<{ Component: React.ComponentType }>>;
const routes = () => createRoutes({ pages: stubPages, dataLayout: async () => ({ Component: () => <Outlet /> }) });

const signedIn = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const signedOut = fakeSession();

describe('route guards', () => {
  it('sends a signed-in user from the login page to /dashboard', async () => {
    // Act
    const { router } = renderRoutes(routes(), { path: '/', session: signedIn });

    // Assess
    expect(await screen.findByText('page:dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in user from the password reset page to /dashboard', async () => {
    // Act
    const { router } = renderRoutes(routes(), { path: '/request-password-reset', session: signedIn });

    // Assess
    expect(await screen.findByText('page:dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-out user from a protected page to /', async () => {
    // Act
    const { router } = renderRoutes(routes(), { path: '/advertisers/bgAdvertiser-1', session: signedOut });

    // Assess
    expect(await screen.findByText('page:login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a loader while the session is checked', async () => {
    // Act
    renderRoutes(routes(), { path: '/dashboard', session: fakeSession({ isLoading: true }) });

    // Assess
    expect(await screen.findByText('Checking your session…')).toBeInTheDocument();
    expect(screen.queryByText('page:dashboard')).not.toBeInTheDocument();
  });

  it('shows the session-expired text to a signed-in user without an agency', async () => {
    // Act
    renderRoutes(routes(), {
      path: '/dashboard',
      session: fakeSession({ isAuthenticated: true, userName: 'demo', agency: null }),
    });

    // Assess
    expect(await screen.findByText(SESSION_EXPIRED_TEXT)).toBeInTheDocument();
    expect(SESSION_EXPIRED_TEXT).toBe('Your session is expired, To continue, please refresh the page.');
  });

  it('renders a protected page with the menu button for a signed-in user', async () => {
    // Act
    renderRoutes(routes(), { path: '/zip-codes', session: signedIn });

    // Assess
    expect(await screen.findByText('page:zipCodes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each([
    ['/terms-of-use', 'page:termsOfUse'],
    ['/privacy-policy', 'page:privacyPolicy'],
    ['/bgsignup', 'page:signUp'],
    ['/public-campaigns-picker', 'page:publicCampaignsPicker'],
  ])('opens %s to signed-in and signed-out users alike', async (path, text) => {
    // Act
    const out = renderRoutes(routes(), { path, session: signedOut });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(out.router.state.location.pathname).toBe(path);
    out.unmount();
    const inside = renderRoutes(routes(), { path, session: signedIn });

    // Assess
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(inside.router.state.location.pathname).toBe(path);
  });

  it('hides the menu button from signed-out users', async () => {
    // Act
    renderRoutes(routes(), { path: '/', session: signedOut });

    // Assess
    expect(await screen.findByText('page:login')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BidGrid' })).toHaveAttribute('href', '/dashboard');
  });

  it('serves the CRM card picker under the public data layout, never the signed-in one with its realtime connection', async () => {
    // Prepare
    const layouts = createRoutes({
      pages: stubPages,
      dataLayout: async () => ({
        Component: () => (
          <section aria-label="signed-in data">
            <Outlet />
          </section>
        ),
      }),
      publicDataLayout: async () => ({
        Component: () => (
          <section aria-label="public data">
            <Outlet />
          </section>
        ),
      }),
    });

    // Act
    renderRoutes(layouts, { path: '/public-campaigns-picker?portalId=1', session: signedOut });

    // Assess
    const region = await screen.findByRole('region', { name: 'public data' });
    expect(region).toHaveTextContent('page:publicCampaignsPicker');
    expect(screen.queryByRole('region', { name: 'signed-in data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
