import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, createApiClient } from '@/lib/api/api-client';
import { readAccessTokenCookie } from '@/lib/auth/access-token-cookie';
import { useSession } from '@/lib/session/session-context';
import { demoAgency } from '@/test/render';
import { SessionProvider } from './session-provider';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
  signOut: vi.fn(async () => undefined),
}));

const playbooks = [
  {
    id: 'pb-1',
    icon: 'users',
    title: 'Pipeline',
    description: ['Stay in front of buyers'],
    campaignSteps: [{ name: 'select advertiser', order: 1, label: 'Select Advertiser' }],
  },
];

const fetchMock = vi.fn<typeof fetch>();

function Probe() {
  const session = useSession();
  if (session.isLoading) return <p>loading</p>;
  return (
    <div>
      <p>{session.isAuthenticated ? `signed in as ${session.userName}` : 'signed out'}</p>
      <p>{`agency ${session.agency?.name ?? 'none'}`}</p>
      <button onClick={() => void session.signOut()}>out</button>
    </div>
  );
}

describe('SessionProvider', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.mocked(getCurrentUser).mockReset();
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { accessToken: { toString: () => 'access-token-1' } },
    } as Awaited<ReturnType<typeof fetchAuthSession>>);
    configureApiClient(
      createApiClient({
        apiUrl: 'http://127.0.0.1:15400',
        auth: {
          getAccessToken: async () => 'access-token-1',
          refreshAccessToken: async () => null,
          onSessionLost: () => undefined,
        },
        onApiError: () => undefined,
        fetch: fetchMock,
      }),
    );
  });

  it('treats "no current user" as signed out', async () => {
    // Prepare
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('No current user'));

    // Act
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );

    // Assess
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the agency by user name, stores the user name, loads playbooks and mirrors the token cookie', async () => {
    // Prepare
    vi.mocked(getCurrentUser).mockResolvedValue({ username: 'demo', userId: 'sub-1' });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const payload = url.endsWith('/api/agency/agencyassignedtouser/demo') ? demoAgency : playbooks;
      return new Response(JSON.stringify({ success: true, payload, error: null }));
    });

    // Act
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );

    // Assess
    expect(await screen.findByText('signed in as demo')).toBeInTheDocument();
    expect(screen.getByText('agency Demo Agency')).toBeInTheDocument();
    expect(localStorage.getItem('userName')).toBe('demo');
    // Both asked at once: the playbooks do not wait for the agency.
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname).sort()).toEqual([
      '/api/agency/agencyassignedtouser/demo',
      '/api/playBooks',
    ]);
    expect(readAccessTokenCookie()).toBe('access-token-1');
  });

  it('keeps the user signed in without an agency when the agency cannot be loaded', async () => {
    // Prepare
    vi.mocked(getCurrentUser).mockResolvedValue({ username: 'orphan', userId: 'sub-2' });
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ success: false, payload: null, error: 'You do not belong to an agency.' }), {
          status: 403,
        }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    // Act
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );

    // Assess
    expect(await screen.findByText('signed in as orphan')).toBeInTheDocument();
    expect(screen.getByText('agency none')).toBeInTheDocument();
  });

  it('signs out: clears storage, the cookie and the session', async () => {
    // Prepare
    const user = userEvent.setup();
    vi.mocked(getCurrentUser).mockResolvedValue({ username: 'demo', userId: 'sub-1' });
    fetchMock.mockImplementation(async (input) => {
      const payload = String(input).includes('agencyassignedtouser') ? demoAgency : playbooks;
      return new Response(JSON.stringify({ success: true, payload, error: null }));
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText('signed in as demo');
    sessionStorage.setItem('campaignDraft', '{}');
    // A choice the user made on a page (the line items' metrics) goes too.
    localStorage.setItem('bidgrid:line-item-metrics:demo', '["ctr"]');

    // Act
    await user.click(screen.getByRole('button', { name: 'out' }));

    // Assess
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(readAccessTokenCookie()).toBeNull();
  });
});
