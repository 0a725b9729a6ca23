import { ApolloProvider } from '@apollo/client/react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/api-client';
import { createApolloClient } from '@/lib/api/apollo-client';
import { CAMPAIGN_STEPS_KEY } from '@/lib/campaign-flow';
import { demoAgency, fakeSession, renderPage } from '@/test/render';
import { Component as DashboardPage } from './dashboard';

const playbook = {
  id: 'pb-launch',
  icon: 'rocket',
  title: 'Product Launch',
  description: ['Reach decision makers', 'Announce a launch'],
  campaignSteps: [
    { name: 'summary page', order: 10, label: 'Summary' },
    { name: 'select advertiser', order: 1, label: 'Select Advertiser' },
  ],
};

function FlowTarget() {
  const location = useLocation();
  const state = location.state as { title?: string } | null;
  return <p>{`at ${location.pathname} titled ${state?.title ?? '-'}`}</p>;
}

function renderDashboard(reply: () => Response | Promise<Response>) {
  const onApiError = vi.fn<(message: string) => void>();
  const api = createApiClient({
    apiUrl: 'http://127.0.0.1:15400',
    auth: {
      getAccessToken: async () => 'token',
      refreshAccessToken: async () => 'token',
      onSessionLost: () => undefined,
    },
    onApiError,
    fetch: vi.fn<typeof fetch>(async () => reply()),
  });
  const client = createApolloClient(api);
  const rendered = renderPage(
    <ApolloProvider client={client}>
      <DashboardPage />
    </ApolloProvider>,
    {
      path: '/dashboard',
      session: fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency }),
      extraRoutes: [
        { path: '/campaigns/create/managed', element: <FlowTarget /> },
        { path: '/campaigns/create/custom', element: <FlowTarget /> },
      ],
    },
  );
  return { ...rendered, onApiError };
}

const ok = (payload: unknown) => () =>
  new Response(JSON.stringify({ success: true, payload, error: null }), { status: 200 });

describe('Dashboard', () => {
  it('shows the heading, the playbooks from the server, then the two fixed cards', async () => {
    // Act
    renderDashboard(ok([playbook]));

    // Assess
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'The only B2B advertising platform that scales from entry-level SMB to Enterprise.',
      }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Product Launch' });
    expect(within(card).getByText('Announce a launch')).toBeInTheDocument();
    const titles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(titles).toEqual(['Product Launch', 'Dynamic Account-Based Advertising', 'Custom Campaigns']);
  });

  it('starts a playbook: clears session storage, stores its sorted steps and goes to the managed flow', async () => {
    // Prepare
    const user = userEvent.setup();
    sessionStorage.setItem('campaignDraft', '{"stale":true}');
    renderDashboard(ok([playbook]));

    // Act
    await user.click(await screen.findByRole('button', { name: 'Create: Product Launch' }));

    // Assess
    expect(await screen.findByText('at /campaigns/create/managed titled Product Launch')).toBeInTheDocument();
    expect(sessionStorage.getItem('campaignDraft')).toBeNull();
    expect(localStorage.getItem('isDynamicABA')).toBe('false');
    const steps = JSON.parse(sessionStorage.getItem(CAMPAIGN_STEPS_KEY) ?? '[]') as Array<{ name: string }>;
    expect(steps.map((step) => step.name)).toEqual(['select advertiser', 'summary page']);
  });

  it('starts Dynamic Account-Based Advertising with isDynamicABA and the ABM steps', async () => {
    // Prepare
    const user = userEvent.setup();
    renderDashboard(ok([]));

    // Act
    await user.click(await screen.findByRole('button', { name: 'Create: Dynamic Account-Based Advertising' }));

    // Assess
    expect(
      await screen.findByText('at /campaigns/create/managed titled Dynamic Account-Based Advertising'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('isDynamicABA')).toBe('true');
    expect(sessionStorage.getItem(CAMPAIGN_STEPS_KEY)).toContain('target companies');
  });

  it('starts Custom Campaigns on the custom route without steps', async () => {
    // Prepare
    const user = userEvent.setup();
    renderDashboard(ok([]));

    // Act
    await user.click(await screen.findByRole('button', { name: 'Create: Custom Campaigns' }));

    // Assess
    expect(await screen.findByText('at /campaigns/create/custom titled Custom Campaigns')).toBeInTheDocument();
    expect(localStorage.getItem('isDynamicABA')).toBe('false');
    expect(sessionStorage.getItem(CAMPAIGN_STEPS_KEY)).toBeNull();
  });

  it('shows the fixed cards only once the playbooks are in, so nothing jumps down under the loading cards', async () => {
    // Prepare: the playbooks' reply held back
    let answer: (response: Response) => void = () => undefined;
    renderDashboard(() => new Promise<Response>((resolve) => (answer = resolve)));

    // Assess: loading, and no fixed card yet
    expect(await screen.findByRole('status', { name: 'Loading playbooks' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Custom Campaigns' })).not.toBeInTheDocument();

    // Act
    answer(ok([playbook])());

    // Assess
    expect(await screen.findByRole('article', { name: 'Custom Campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Product Launch' })).toBeInTheDocument();
  });

  it('shows an empty state when the server has no playbooks', async () => {
    // Act
    renderDashboard(ok([]));

    // Assess
    expect(await screen.findByText('There are no playbooks yet.')).toBeInTheDocument();
  });

  it('shows an error state and reports the API error once', async () => {
    // Act
    const { onApiError } = renderDashboard(
      () =>
        new Response(JSON.stringify({ success: false, payload: null, error: 'Playbooks are down.' }), { status: 500 }),
    );

    // Assess
    expect(await screen.findByText('The playbooks could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Playbooks are down.')).toBeInTheDocument();
    expect(onApiError).toHaveBeenCalledTimes(1);
  });
});
