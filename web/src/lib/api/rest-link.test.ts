import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineOperation, type AnyOperation } from '@bidgrid/shared/api/operation';
import { getAgencyAssignedToUser, getPlaybooks } from '@bidgrid/shared/api/operations/agency.operations';
import { createApiClient, type ApiAuth } from './api-client';
import { createRestLink } from './rest-link';

const searchCampaigns = defineOperation({
  name: 'testSearchCampaigns',
  method: 'GET',
  path: '/api/campaign/allbyadvertiser/{advertiserId}',
  auth: 'user',
  params: z.object({ advertiserId: z.string().startsWith('bgAdvertiser-') }),
  query: z.object({ timeFrame: z.enum(['ALL_TIME', '7_DAYS']) }),
  response: z.array(z.object({ id: z.string(), name: z.string(), budget: z.number().optional() })),
  summary: 'test operation with params and query',
  specRef: 'test',
});

const renameCampaign = defineOperation({
  name: 'testRenameCampaign',
  method: 'PUT',
  path: '/api/campaign/new/details',
  auth: 'user',
  body: z.object({ id: z.string(), name: z.string().min(1) }),
  response: z.object({ id: z.string(), name: z.string() }),
  summary: 'test operation with a body',
  specRef: 'test',
});

const agency = {
  agencyId: 'bgAgency-demo',
  name: 'Demo Agency',
  email: 'demo@example.com',
  createdBy: 'demo',
  users: ['demo'],
};

const playbook = {
  id: 'pb-1',
  icon: 'rocket',
  title: 'Launch',
  description: ['One', 'Two'],
  campaignSteps: [{ name: 'select advertiser', order: 1, label: 'Select Advertiser' }],
};

const envelope = (payload: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, payload, error: null }), { status });

interface Harness {
  client: ApolloClient;
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  onApiError: ReturnType<typeof vi.fn<(message: string) => void>>;
  auth: { [K in keyof ApiAuth]: ReturnType<typeof vi.fn<ApiAuth[K]>> };
}

function harness(responses: Array<Response | (() => Response)>): Harness {
  const queue = [...responses];
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const next = queue.shift();
    if (!next) throw new Error('No more fake responses');
    return typeof next === 'function' ? next() : next;
  });
  const auth = {
    getAccessToken: vi.fn<ApiAuth['getAccessToken']>(async () => 'token-1'),
    refreshAccessToken: vi.fn<ApiAuth['refreshAccessToken']>(async () => 'token-2'),
    onSessionLost: vi.fn<ApiAuth['onSessionLost']>(async () => undefined),
  };
  const onApiError = vi.fn<(message: string) => void>();
  const api = createApiClient({ apiUrl: 'https://api.example.test/prod/', auth, onApiError, fetch: fetchMock });
  const operations = new Map<string, AnyOperation>(
    [getAgencyAssignedToUser, getPlaybooks, searchCampaigns, renameCampaign].map((op) => [op.name, op]),
  );
  const client = new ApolloClient({ link: createRestLink({ client: api, operations }), cache: new InMemoryCache() });
  return { client, fetch: fetchMock, onApiError, auth };
}

const requestOf = (mock: Harness['fetch'], index = 0): { url: string; init: RequestInit; headers: Headers } => {
  const call = mock.mock.calls[index];
  if (!call) throw new Error(`fetch call ${index} missing`);
  const init = call[1] ?? {};
  return { url: String(call[0]), init, headers: new Headers(init.headers) };
};

const AGENCY_QUERY = gql`
  query Agency($userName: String!) {
    agency(params: { username: $userName }) @rest(operation: "getAgencyAssignedToUser", type: "Agency") {
      agencyId
      name
    }
  }
`;

const CAMPAIGNS_QUERY = gql`
  query Campaigns($advertiserId: String!, $timeFrame: String!) {
    campaigns(params: { advertiserId: $advertiserId }, query: { timeFrame: $timeFrame })
      @rest(operation: "testSearchCampaigns", type: "Campaign") {
      id
      name
      budget
    }
  }
`;

describe('REST link', () => {
  it('builds the URL from the operation path, params and query on the API URL', async () => {
    // Prepare
    const h = harness([envelope([{ id: 'c1', name: 'Spring' }])]);

    // Act
    await h.client.query({
      query: CAMPAIGNS_QUERY,
      variables: { advertiserId: 'bgAdvertiser-a b', timeFrame: '7_DAYS' },
    });

    // Assess
    const { url, init } = requestOf(h.fetch);
    expect(url).toBe('https://api.example.test/prod/api/campaign/allbyadvertiser/bgAdvertiser-a%20b?timeFrame=7_DAYS');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends the access token as a bearer header', async () => {
    // Prepare
    const h = harness([envelope(agency)]);

    // Act
    await h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    const { headers, url } = requestOf(h.fetch);
    expect(url).toBe('https://api.example.test/prod/api/agency/agencyassignedtouser/demo');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('resolves with the validated payload shaped like the selection set', async () => {
    // Prepare
    const h = harness([envelope([{ id: 'c1', name: 'Spring', extra: 'dropped' }])]);

    // Act
    const result = await h.client.query({
      query: CAMPAIGNS_QUERY,
      variables: { advertiserId: 'bgAdvertiser-1', timeFrame: 'ALL_TIME' },
    });

    // Assess
    expect(result.data).toEqual({ campaigns: [{ __typename: 'Campaign', id: 'c1', name: 'Spring', budget: null }] });
    expect(h.onApiError).not.toHaveBeenCalled();
  });

  it('keeps nested selections and derives nested type names', async () => {
    // Prepare
    const h = harness([envelope([playbook])]);
    const query = gql`
      query Playbooks {
        playbooks @rest(operation: "getPlaybooks", type: "Playbook") {
          id
          title
          campaignSteps {
            name
          }
        }
      }
    `;

    // Act
    const result = await h.client.query({ query });

    // Assess
    expect(result.data).toEqual({
      playbooks: [
        {
          __typename: 'Playbook',
          id: 'pb-1',
          title: 'Launch',
          campaignSteps: [{ __typename: 'Playbook_campaignSteps', name: 'select advertiser' }],
        },
      ],
    });
  });

  it('sends a JSON body for mutations', async () => {
    // Prepare
    const h = harness([envelope({ id: 'c1', name: 'Renamed' })]);
    const mutation = gql`
      mutation Rename($body: RenameInput!) {
        renamed(body: $body) @rest(operation: "testRenameCampaign", type: "Campaign") {
          id
          name
        }
      }
    `;

    // Act
    const result = await h.client.mutate({ mutation, variables: { body: { id: 'c1', name: 'Renamed' } } });

    // Assess
    const { init, headers } = requestOf(h.fetch);
    expect(init.method).toBe('PUT');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ id: 'c1', name: 'Renamed' });
    expect(result.data).toEqual({ renamed: { __typename: 'Campaign', id: 'c1', name: 'Renamed' } });
  });

  it('on success:false reports the error text once and fails the query', async () => {
    // Prepare
    const h = harness([
      new Response(JSON.stringify({ success: false, payload: null, error: 'Agency not found.' }), { status: 404 }),
    ]);

    // Act
    const outcome = h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    await expect(outcome).rejects.toThrow('Agency not found.');
    expect(h.onApiError).toHaveBeenCalledTimes(1);
    expect(h.onApiError).toHaveBeenCalledWith('Agency not found.');
  });

  it('falls back to the generic text when a failed reply has no error text', async () => {
    // Prepare
    const h = harness([new Response(JSON.stringify({ success: false, payload: null, error: null }), { status: 200 })]);

    // Act
    const outcome = h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    await expect(outcome).rejects.toThrow('There was an error with this request.');
    expect(h.onApiError).toHaveBeenCalledTimes(1);
    expect(h.onApiError).toHaveBeenCalledWith('There was an error with this request.');
  });

  it('reports a payload that breaks the contract', async () => {
    // Prepare
    const h = harness([envelope({ agencyId: 'not-prefixed' })]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const outcome = h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    await expect(outcome).rejects.toThrow('There was an error with this request.');
    expect(h.onApiError).toHaveBeenCalledTimes(1);
  });

  it('refuses a request that breaks the operation schema without calling the API', async () => {
    // Prepare
    const h = harness([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const outcome = h.client.query({
      query: CAMPAIGNS_QUERY,
      variables: { advertiserId: 'wrong-prefix', timeFrame: 'ALL_TIME' },
    });

    // Assess
    await expect(outcome).rejects.toThrow('There was an error with this request.');
    expect(h.fetch).not.toHaveBeenCalled();
    expect(h.onApiError).toHaveBeenCalledTimes(1);
  });

  it('on an expired token refreshes the session once and retries with the new token', async () => {
    // Prepare
    const h = harness([
      new Response(JSON.stringify({ message: 'The incoming token has expired' }), { status: 401 }),
      envelope(agency),
    ]);

    // Act
    const result = await h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    expect(h.auth.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(requestOf(h.fetch, 0).headers.get('Authorization')).toBe('Bearer token-1');
    expect(requestOf(h.fetch, 1).headers.get('Authorization')).toBe('Bearer token-2');
    expect(result.data).toEqual({ agency: { __typename: 'Agency', agencyId: 'bgAgency-demo', name: 'Demo Agency' } });
    expect(h.onApiError).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails, without a second request or a toast', async () => {
    // Prepare
    const h = harness([new Response(JSON.stringify({ message: 'The incoming token has expired' }), { status: 401 })]);
    h.auth.refreshAccessToken.mockResolvedValueOnce(null);

    // Act
    const outcome = h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    await expect(outcome).rejects.toMatchObject({ kind: 'session' });
    expect(h.auth.onSessionLost).toHaveBeenCalledTimes(1);
    expect(h.fetch).toHaveBeenCalledTimes(1);
    expect(h.onApiError).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is reported as an error', async () => {
    // Prepare
    const expired = () => new Response(JSON.stringify({ message: 'The incoming token has expired' }), { status: 401 });
    const h = harness([expired, expired]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const outcome = h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    await expect(outcome).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(h.auth.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(h.onApiError).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 that is not about expiry', async () => {
    // Prepare
    const h = harness([new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 })]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const outcome = h.client.query({ query: AGENCY_QUERY, variables: { userName: 'demo' } });

    // Assess
    await expect(outcome).rejects.toMatchObject({ status: 401 });
    expect(h.auth.refreshAccessToken).not.toHaveBeenCalled();
    expect(h.onApiError).toHaveBeenCalledTimes(1);
  });
});
