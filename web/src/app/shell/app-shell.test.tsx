import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routeEntries, type RouteName } from '@/config/paths';
import { CAMPAIGN_STEPS_KEY } from '@/lib/campaign-flow';
import { RuntimeConfigContext } from '@/lib/runtime-config-context';
import { SessionContext, signedOutSession, type SessionState } from '@/lib/session/session-context';
import { demoAgency, testConfig } from '@/test/render';
import { system } from '@/theme/system';
import { createRoutes } from '../router/routes';

const stubPages = Object.fromEntries(
  routeEntries.map(([name]) => [name, async () => ({ Component: () => <h1>{`page:${name}`}</h1> })]),
) as unknown as Record<RouteName, () => Promise<{ Component: React.ComponentType }>>;

/** A session whose signOut really signs out, so the guards react as in the app. */
function StatefulSession({ children, onSignOut }: { children: ReactNode; onSignOut: () => void }) {
  const [state, setState] = useState<SessionState>({
    isAuthenticated: true,
    isLoading: false,
    userName: 'demo',
    agency: demoAgency,
  });
  const value = {
    ...state,
    refresh: async () => undefined,
    signOut: async () => {
      onSignOut();
      localStorage.clear();
      sessionStorage.clear();
      setState(signedOutSession);
    },
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function renderShell(path: string) {
  const onSignOut = vi.fn();
  const router = createMemoryRouter(
    createRoutes({ pages: stubPages, dataLayout: async () => ({ Component: () => <Outlet /> }) }),
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={system}>
      <RuntimeConfigContext.Provider value={testConfig}>
        <StatefulSession onSignOut={onSignOut}>
          <RouterProvider router={router} />
        </StatefulSession>
      </RuntimeConfigContext.Provider>
    </ChakraProvider>,
  );
  return { router, onSignOut };
}

const SIDEBAR = [
  'Home',
  'Advertisers',
  'Invoices',
  'ABM Campaign',
  'Custom Campaign',
  'Create Campaign From Template',
  'Create Campaign Template',
  'Edit Campaign Templates',
  'Visitors Re-targeting Segments',
  'CRM Re-targeting Segments',
  'Publication Lists',
  'Ads Upload',
  'Target Companies',
  'Roles and Titles',
  'Zip Codes',
  'Support',
  'Terms of Use',
  'Privacy Policy',
];

describe('app shell', () => {
  it('lists every sidebar entry of the spec in order, then Log out', async () => {
    // Prepare
    const user = userEvent.setup();
    renderShell('/dashboard');
    await screen.findByText('page:dashboard');

    // Act
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    // Assess
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(' (opens in a new tab)', '').trim());
    expect(labels).toEqual([...SIDEBAR, 'Log out']);
    expect(within(nav).getByRole('link', { name: /Support/ })).toHaveAttribute('href', testConfig.supportUrl);
  });

  it('resets campaign state from the sidebar and sets the ABM steps for ABM Campaign', async () => {
    // Prepare
    const user = userEvent.setup();
    const { router } = renderShell('/dashboard');
    await screen.findByText('page:dashboard');
    sessionStorage.setItem('campaignDraft', '{"name":"old"}');

    // Act
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('link', { name: 'ABM Campaign' }));

    // Assess
    expect(await screen.findByText('page:createManagedCampaign')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/campaigns/create/managed');
    expect(sessionStorage.getItem('campaignDraft')).toBeNull();
    const steps = JSON.parse(sessionStorage.getItem(CAMPAIGN_STEPS_KEY) ?? '[]') as Array<{ label: string }>;
    expect(steps.map((step) => step.label)).toEqual([
      'Select Advertiser',
      'Campaign Details',
      'Target Companies',
      'CRM Re-targeting Segments',
      'Role/Title',
      'Landing Page',
      'Ad Group',
      'Summary',
    ]);
  });

  it('resets campaign-creation state from the logo and goes to /dashboard', async () => {
    // Prepare
    const user = userEvent.setup();
    const { router } = renderShell('/zip-codes');
    await screen.findByText('page:zipCodes');
    sessionStorage.setItem(CAMPAIGN_STEPS_KEY, '[]');

    // Act
    await user.click(screen.getByRole('link', { name: 'BidGrid' }));

    // Assess
    expect(await screen.findByText('page:dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStorage.getItem(CAMPAIGN_STEPS_KEY)).toBeNull();
  });

  it('logs out after confirmation and lands on /', async () => {
    // Prepare
    const user = userEvent.setup();
    const { router, onSignOut } = renderShell('/advertisers');
    await screen.findByText('page:advertisers');
    localStorage.setItem('userName', 'demo');

    // Act
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Log out from BidGrid?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'LOG OUT' }));

    // Assess
    expect(await screen.findByText('page:login')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('userName')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'Cancel',
      (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) =>
        user.click(within(dialog).getByRole('button', { name: 'Cancel' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('gives the focus back to the menu button when log out is cancelled with %s', async (_how, cancel) => {
    // Prepare: the question is asked from the menu, which closes as it opens
    const user = userEvent.setup();
    const { onSignOut } = renderShell('/advertisers');
    await screen.findByText('page:advertisers');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out from BidGrid?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    // Act
    await cancel(user, dialog);

    // Assess
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("puts the focus on the next page's heading after a sidebar entry, not back on the menu button", async () => {
    // Prepare
    const user = userEvent.setup();
    renderShell('/dashboard');
    await screen.findByText('page:dashboard');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    // Act
    await user.click(await screen.findByRole('link', { name: 'Invoices' }));

    // Assess
    const heading = await screen.findByRole('heading', { level: 1, name: 'page:invoices' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
