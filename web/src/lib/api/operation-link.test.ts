import { describe, expect, it, vi } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineOperation } from '@bidgrid/shared/api/operation';
import { getAgencyAssignedToUser } from '@bidgrid/shared/agency/agency.operations';
import { createApiClient, type ApiAuth } from './api-client';
import { createApolloClient, queryOperation } from './apollo-client';
import { operationDocument } from './operation-document';

const searchCampaigns = defineOperation({
  name: 'testSearchCampaigns',
  method: 'GET',
  path: '/api/campaign/allbyadvertiser/{advertiserId}',
  auth: 'user',
  params: z.object({ advertiserId: z.string().check(z.startsWith('bgAdvertiser-')) }),
  query: z.object({ timeFrame: z.enum(['ALL_TIME', '7_DAYS']) }),
  response: z.array(z.object({ id: z.string(), name: z.string(), budget: z.optional(z.number()) })),
  summary: 'test operation with params and query',
  specRef: 'test',
});

const renameCampaign = defineOperation({
  name: 'testRenameCampaign',
  method: 'PUT',
  path: '/api/campaign/new/details',
  auth: 'user',
  body: z.object({ id: z.string(), name: z.string().check(z.minLength(1)) }),
  response: z.object({ id: z.string(), name: z.string() }),
  summary: 'test operation with a body',
  specRef: 'test',
});

const uploadBanner = defineOperation({
  name: 'testUploadBanner',
  method: 'POST',
  path: '/api/creatives/upload',
  auth: 'user',
  body: z.object({ name: z.string(), width: z.coerce.number(), file: z.file() }),
  bodyKind: 'form',
  response: z.object({ name: z.string() }),
  summary: 'test form-data operation',
  specRef: 'test',
});

const readTicketed = defineOperation({
  name: 'testReadTicketed',
  method: 'GET',
  path: '/public/test/ticketed',
  auth: 'public',
  query: z.object({ portalId: z.coerce.number() }),
  response: z.object({ ok: z.boolean() }),
  summary: 'a public read that carries its own credential in a header',
  specRef: 'test',
});

const agency = {
  agencyId: 'bgAgency-demo',
  name: 'Demo Agency',
  email: 'demo@example.com',
  createdBy: 'demo',
  users: ['demo'],
};

const envelope = (payload: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, payload, error: null }), { status });

function harness(responses: Array<Response | (() => Response)>) {
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
  return { client: createApolloClient(api), fetch: fetchMock, onApiError, auth };
}

type Harness = ReturnType<typeof harness>;

const requestOf = (mock: Harness['fetch'], index = 0): { url: string; init: RequestInit; headers: Headers } => {
  const call = mock.mock.calls[index];
  if (!call) throw new Error(`fetch call ${index} missing`);
  const init = call[1] ?? {};
  return { url: String(call[0]), init, headers: new Headers(init.headers) };
};

const readAgency = (h: Harness) => queryOperation(getAgencyAssignedToUser, { params: { username: 'demo' } }, h.client);

describe('operation link', () => {
  it('builds the URL from the operation path, params and query on the API URL', async () => {
    // Prepare
    const h = harness([envelope([{ id: 'c1', name: 'Spring' }])]);

    // Act
    await queryOperation(
      searchCampaigns,
      { params: { advertiserId: 'bgAdvertiser-a b' }, query: { timeFrame: '7_DAYS' } },
      h.client,
    );

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
    await readAgency(h);

    // Assess
    const { headers, url } = requestOf(h.fetch);
    expect(url).toBe('https://api.example.test/prod/api/agency/agencyassignedtouser/demo');
    expect(headers.get('Authorization')).toBe('Bearer token-1');
  });

  it("sends a call's extra headers from the document's context, without a bearer token on a public call", async () => {
    // Prepare
    const h = harness([envelope({ ok: true })]);

    // Act
    await h.client.query({
      query: operationDocument(readTicketed, 'query'),
      variables: { input: { query: { portalId: 7 } } },
      context: { headers: { 'X-Test-Ticket': 'ticket-1' } },
    });

    // Assess
    const { headers, url } = requestOf(h.fetch);
    expect(url).toBe('https://api.example.test/prod/public/test/ticketed?portalId=7');
    expect(headers.get('X-Test-Ticket')).toBe('ticket-1');
    expect(headers.get('Authorization')).toBeNull();
    expect(h.auth.getAccessToken).not.toHaveBeenCalled();
    // The credential is not part of the cache key.
    expect(Object.keys((h.client.cache.extract() as Record<string, object>)['ROOT_QUERY'] ?? {})).toContain(
      'testReadTicketed({"input":{"query":{"portalId":7}}})',
    );
  });

  it("refuses extra headers that would replace the client's own, without calling the API", async () => {
    // Prepare
    const h = harness([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const outcome = h.client.query({
      query: operationDocument(readTicketed, 'query'),
      variables: { input: { query: { portalId: 7 } } },
      context: { headers: { authorization: 'Bearer forged' } },
    });

    // Assess
    await expect(outcome).rejects.toThrow('There was an error with this request.');
    expect(h.fetch).not.toHaveBeenCalled();
    expect(h.onApiError).toHaveBeenCalledTimes(1);
  });

  it('stores the validated payload whole under the operation and its input', async () => {
    // Prepare
    const h = harness([envelope([{ id: 'c1', name: 'Spring', extra: 'dropped by the schema' }])]);
    const input = { params: { advertiserId: 'bgAdvertiser-1' }, query: { timeFrame: 'ALL_TIME' } } as const;

    // Act
    const payload = await queryOperation(searchCampaigns, input, h.client);

    // Assess
    expect(payload).toEqual([{ id: 'c1', name: 'Spring' }]);
    expect((h.client.cache.extract() as Record<string, unknown>)['ROOT_QUERY']).toEqual({
      __typename: 'Query',
      'testSearchCampaigns({"input":{"params":{"advertiserId":"bgAdvertiser-1"},"query":{"timeFrame":"ALL_TIME"}}})': [
        { id: 'c1', name: 'Spring' },
      ],
    });
    expect(h.onApiError).not.toHaveBeenCalled();
  });

  it('sends a JSON body for mutations', async () => {
    // Prepare
    const h = harness([envelope({ id: 'c1', name: 'Renamed' })]);

    // Act
    const result = await h.client.mutate({
      mutation: operationDocument(renameCampaign, 'mutation'),
      variables: { input: { body: { id: 'c1', name: 'Renamed' } } },
    });

    // Assess
    const { init, headers } = requestOf(h.fetch);
    expect(init.method).toBe('PUT');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ id: 'c1', name: 'Renamed' });
    expect(result.data).toEqual({ testRenameCampaign: { id: 'c1', name: 'Renamed' } });
  });

  it('sends the body of a form operation as multipart, files included', async () => {
    // Prepare
    const h = harness([envelope({ name: 'banner.png' })]);
    const file = new File(['png'], 'banner.png', { type: 'image/png' });

    // Act
    await h.client.mutate({
      mutation: operationDocument(uploadBanner, 'mutation'),
      variables: { input: { body: { name: 'banner.png', width: 300, file } } },
    });

    // Assess
    const form = requestOf(h.fetch).init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('name')).toBe('banner.png');
    expect(form.get('width')).toBe('300');
    expect((form.get('file') as File).name).toBe('banner.png');
    expect(requestOf(h.fetch).headers.get('Content-Type')).toBeNull();
  });

  it('on success:false reports the error text once and fails the query', async () => {
    // Prepare
    const h = harness([
      new Response(JSON.stringify({ success: false, payload: null, error: 'Agency not found.' }), { status: 404 }),
    ]);

    // Act
    const outcome = readAgency(h);

    // Assess
    await expect(outcome).rejects.toThrow('Agency not found.');
    expect(h.onApiError).toHaveBeenCalledTimes(1);
    expect(h.onApiError).toHaveBeenCalledWith('Agency not found.');
  });

  it('falls back to the generic text when a failed reply has no error text', async () => {
    // Prepare
    const h = harness([new Response(JSON.stringify({ success: false, payload: null, error: null }), { status: 200 })]);

    // Act
    const outcome = readAgency(h);

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
    const outcome = readAgency(h);

    // Assess
    await expect(outcome).rejects.toThrow('There was an error with this request.');
    expect(h.onApiError).toHaveBeenCalledTimes(1);
  });

  it('refuses a request that breaks the operation schema without calling the API', async () => {
    // Prepare
    const h = harness([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const outcome = queryOperation(
      searchCampaigns,
      { params: { advertiserId: 'wrong-prefix' }, query: { timeFrame: 'ALL_TIME' } },
      h.client,
    );

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
    const result = await readAgency(h);

    // Assess
    expect(h.auth.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(h.fetch).toHaveBeenCalledTimes(2);
    expect(requestOf(h.fetch, 0).headers.get('Authorization')).toBe('Bearer token-1');
    expect(requestOf(h.fetch, 1).headers.get('Authorization')).toBe('Bearer token-2');
    expect(result).toEqual(agency);
    expect(h.onApiError).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails, without a second request or a toast', async () => {
    // Prepare
    const h = harness([new Response(JSON.stringify({ message: 'The incoming token has expired' }), { status: 401 })]);
    h.auth.refreshAccessToken.mockResolvedValueOnce(null);

    // Act
    const outcome = readAgency(h);

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
    const outcome = readAgency(h);

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
    const outcome = readAgency(h);

    // Assess
    await expect(outcome).rejects.toMatchObject({ status: 401 });
    expect(h.auth.refreshAccessToken).not.toHaveBeenCalled();
    expect(h.onApiError).toHaveBeenCalledTimes(1);
  });
});
