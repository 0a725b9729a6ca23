import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Link, Outlet, useNavigate, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { usePageFocus } from './use-page-focus';

/** The shell's part that matters here: a main landmark whose page changes. */
function Layout() {
  const main = useRef<HTMLElement>(null);
  usePageFocus(main);
  return (
    <>
      <header>
        <Link to="/dashboard">Logo</Link>
      </header>
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

function Login() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Sign in</h1>
      <button type="button" onClick={() => navigate('/dashboard', { replace: true })}>
        Login
      </button>
    </>
  );
}

function Dashboard() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>Dashboard</h1>
      <Link to="/advertisers">Advertisers</Link>
      <Link to="/slow">Slow page</Link>
      <Link to="/form">Form</Link>
      <button type="button" onClick={() => setParams({ frame: '7_DAYS' })}>
        {`Frame ${params.get('frame') ?? 'ALL_TIME'}`}
      </button>
    </>
  );
}

/** A page that shows a loader first, its heading once its data is in. */
function Slow() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Slow page</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      Finish loading
    </button>
  );
}

function renderApp(path: string): ReturnType<typeof renderRoutes> {
  return renderRoutes(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <Login /> },
          { path: '/dashboard', element: <Dashboard /> },
          { path: '/advertisers', element: <h1>Advertisers</h1> },
          { path: '/slow', element: <Slow /> },
          {
            path: '/form',
            element: (
              <>
                <h1>Form</h1>
                {/* The case under test: a page that takes the focus itself. */}
                <input aria-label="Name" autoFocus />
              </>
            ),
          },
        ],
      },
    ],
    { path },
  );
}

describe('usePageFocus', () => {
  it('puts the focus on the next page heading after signing in', async () => {
    // Prepare
    const user = userEvent.setup();
    renderApp('/');

    // Act
    await user.click(await screen.findByRole('button', { name: 'Login' }));

    // Assess
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('puts the focus on the heading after a link, from the content or from the header', async () => {
    // Prepare
    const user = userEvent.setup();
    renderApp('/dashboard');

    // Act
    await user.click(await screen.findByRole('link', { name: 'Advertisers' }));

    // Assess
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Advertisers' })).toHaveFocus());

    // Act
    await user.click(screen.getByRole('link', { name: 'Logo' }));

    // Assess
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveFocus());
  });

  it('waits for a heading that comes after a loader', async () => {
    // Prepare
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Slow page' }));
    const finish = await screen.findByRole('button', { name: 'Finish loading' });

    // Act: the data arrives without the user touching the page
    act(() => finish.click());

    // Assess
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Slow page' })).toHaveFocus());
  });

  it('leaves the first page of a visit and a redirect before any interaction alone', async () => {
    // Prepare
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    // Act: a guard's redirect while the page loads
    await act(() => router.navigate('/advertisers', { replace: true }));

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Advertisers' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('leaves the focus on the control after a change of the query only', async () => {
    // Prepare
    const user = userEvent.setup();
    renderApp('/dashboard');
    const frame = await screen.findByRole('button', { name: 'Frame ALL_TIME' });

    // Act
    await user.click(frame);

    // Assess
    expect(await screen.findByRole('button', { name: 'Frame 7_DAYS' })).toHaveFocus();
  });

  it('leaves the focus where the page put it', async () => {
    // Prepare
    const user = userEvent.setup();
    renderApp('/dashboard');

    // Act
    await user.click(await screen.findByRole('link', { name: 'Form' }));

    // Assess
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1, name: 'Form' })).not.toHaveAttribute('tabindex');
  });
});
