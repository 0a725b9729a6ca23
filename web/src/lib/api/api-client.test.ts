import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgency, getAgencyAssignedToUser, getPlaybooks } from '@bidgrid/shared/agency/agency.operations';
import { getAdvertiser } from '@bidgrid/shared/advertisers/advertiser.operations';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import { demoAgency } from '@/test/render';
import { ApiError, createApiClient, PREFETCH_TTL_MS, prefetchPart, type ApiAuth } from './api-client';

const API_URL = 'http://127.0.0.1:15400';
const playbooks: TPlaybook[] = [
  {
    id: 'pb-1',
    icon: 'users',
    title: 'Pipeline',
    description: ['Stay in front of buyers'],
    campaignSteps: [{ name: 'select advertiser', order: 1, label: 'Select Advertiser' }],
  },
];

const envelope = (payload: unknown, init: { status?: number; error?: string } = {}) =>
  new Response(
    JSON.stringify({
      success: init.error === undefined,
      payload: init.error ? null : payload,
      error: init.error ?? null,
    }),
    { status: init.status ?? 200 },
  );

/** A client over a fake fetch whose replies the test holds back until it says so. */
function clientWith(options: { token?: () => string | null } = {}) {
  const pending: Array<{ url: string; answer: (response: Response) => void; fail: (error: Error) => void }> = [];
  const fetchMock = vi.fn<typeof fetch>(
    (input) =>
      new Promise<Response>((answer, fail) => {
        pending.push({ url: String(input), answer, fail });
      }),
  );
  const onApiError = vi.fn<(message: string) => void>();
  const onSessionLost = vi.fn<() => void>();
  const auth: ApiAuth = {
    getAccessToken: async () => (options.token ? options.token() : 'token-1'),
    refreshAccessToken: async () => null,
    onSessionLost,
  };
  const client = createApiClient({ apiUrl: API_URL, auth, onApiError, fetch: fetchMock });
  /** Waits until `count` requests have been sent. */
  const sent = async (count: number) => vi.waitFor(() => expect(pending).toHaveLength(count));
  return { client, fetchMock, onApiError, onSessionLost, pending, sent };
}

describe('ApiClient.prefetch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands its reply to the screen's call of the same request, which sends nothing of its own", async () => {
    // Prepare
    const { client, fetchMock, pending, sent } = clientWith();
    const early = client.prefetch(getPlaybooks, {});
    await sent(1);

    // Act: the screen asks while the prefetch is still on its way
    const call = client.call(getPlaybooks, {});
    pending[0]?.answer(envelope(playbooks));

    // Assess
    await expect(call).resolves.toEqual(playbooks);
    await expect(early).resolves.toEqual({ payload: playbooks, nextCursor: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is taken once: the next call of the same request goes to the server', async () => {
    // Prepare
    const { client, fetchMock, pending, sent } = clientWith();
    void client.prefetch(getPlaybooks, {});
    await sent(1);
    pending[0]?.answer(envelope(playbooks));
    await client.call(getPlaybooks, {});

    // Act
    const again = client.call(getPlaybooks, {});
    await sent(2);
    pending[1]?.answer(envelope([]));

    // Assess
    await expect(again).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks once for the same request prefetched twice', async () => {
    // Prepare
    const { client, fetchMock, sent } = clientWith();

    // Act
    void client.prefetch(getAdvertiser, { params: { id: 'bgAdvertiser-1' } });
    void client.prefetch(getAdvertiser, { params: { id: 'bgAdvertiser-1' } });
    await sent(1);

    // Assess
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${API_URL}/api/advertiser/bgAdvertiser-1`);
  });

  it('reports a failed reply once, when the screen takes it, and resolves the prefetch with null', async () => {
    // Prepare
    const { client, onApiError, pending, sent } = clientWith();
    const early = client.prefetch(getPlaybooks, {});
    await sent(1);
    pending[0]?.answer(envelope(null, { status: 500, error: 'The playbooks are resting.' }));

    // Assess: nothing is shown for the prefetch itself
    await expect(early).resolves.toBeNull();
    expect(onApiError).not.toHaveBeenCalled();

    // Act
    const call = client.call(getPlaybooks, {});

    // Assess
    await expect(call).rejects.toEqual(new ApiError('The playbooks are resting.', 'http', 500, undefined));
    expect(onApiError).toHaveBeenCalledExactlyOnceWith('The playbooks are resting.');
  });

  it('sends again when the prefetch failed on the way (network)', async () => {
    // Prepare
    const { client, fetchMock, onApiError, pending, sent } = clientWith();
    const early = client.prefetch(getPlaybooks, {});
    await sent(1);
    pending[0]?.fail(new TypeError('Failed to fetch'));
    await expect(early).resolves.toBeNull();

    // Act
    const call = client.call(getPlaybooks, {});
    await sent(2);
    pending[1]?.answer(envelope(playbooks));

    // Assess
    await expect(call).resolves.toEqual(playbooks);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onApiError).not.toHaveBeenCalled();
  });

  it("is not taken by a call made with another session's token", async () => {
    // Prepare
    let token = 'token-1';
    const { client, fetchMock, pending, sent } = clientWith({ token: () => token });
    void client.prefetch(getPlaybooks, {});
    await sent(1);
    pending[0]?.answer(envelope(playbooks));

    // Act
    token = 'token-2';
    const call = client.call(getPlaybooks, {});
    await sent(2);
    pending[1]?.answer(envelope([]));

    // Assess
    await expect(call).resolves.toEqual([]);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('authorization')).toBe('Bearer token-2');
  });

  it(`is not taken once older than ${PREFETCH_TTL_MS / 1000} s`, async () => {
    // Prepare
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    const { client, fetchMock, pending, sent } = clientWith();
    void client.prefetch(getPlaybooks, {});
    await sent(1);
    pending[0]?.answer(envelope(playbooks));

    // Act
    vi.advanceTimersByTime(PREFETCH_TTL_MS + 1);
    const call = client.call(getPlaybooks, {});
    await sent(2);
    pending[1]?.answer(envelope([]));

    // Assess
    await expect(call).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken once forgotten: a change made it stale', async () => {
    // Prepare
    const { client, fetchMock, pending, sent } = clientWith();
    void client.prefetch(getPlaybooks, {});
    await sent(1);
    pending[0]?.answer(envelope(playbooks));

    // Act
    client.forgetPrefetched([getPlaybooks]);
    const call = client.call(getPlaybooks, {});
    await sent(2);
    pending[1]?.answer(envelope([]));

    // Assess
    await expect(call).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends nothing and ends no session when nobody is signed in', async () => {
    // Prepare
    const { client, fetchMock, onSessionLost, onApiError } = clientWith({ token: () => null });

    // Act
    const early = await client.prefetch(getPlaybooks, {});

    // Assess
    expect(early).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(onApiError).not.toHaveBeenCalled();
  });

  it('refuses what is not a plain signed-in read', async () => {
    // Prepare
    const { client, fetchMock } = clientWith();

    // Act
    const write = client.prefetch(createAgency, {
      body: { agencyId: 'bgAgency-1', createdBy: 'x', email: 'x@example.com', name: 'X', users: ['x'] },
    } as never);

    // Assess
    await expect(write).rejects.toThrow(/only a plain GET/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ApiClient.prefetch with parts', () => {
  /** A read of playbooks whose reply also answers the agency's: a stand-in for a first screen. */
  const agencyPart = (pick: (whole: TPlaybook[]) => TAgency | null) =>
    prefetchPart(getAgencyAssignedToUser, { params: { username: 'demo' } }, (whole: TPlaybook[]) => {
      const agency = pick(whole);
      return agency ? { payload: agency, nextCursor: null } : null;
    });

  it("gives a part's call its share of the reply, waiting for it when asked first, with no request of its own", async () => {
    // Prepare
    const { client, fetchMock, pending, sent } = clientWith();
    void client.prefetch(getPlaybooks, {}, { parts: [agencyPart(() => demoAgency)] });
    await sent(1);

    // Act: the screen asks for the part before the reply is in
    const call = client.call(getAgencyAssignedToUser, { params: { username: 'demo' } });
    pending[0]?.answer(envelope(playbooks));

    // Assess
    await expect(call).resolves.toEqual(demoAgency);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a part on its own, once, when the reply does not hold it', async () => {
    // Prepare
    const { client, fetchMock, onApiError, pending, sent } = clientWith();
    void client.prefetch(getPlaybooks, {}, { parts: [agencyPart(() => null)] });
    await sent(1);
    const call = client.call(getAgencyAssignedToUser, { params: { username: 'demo' } });

    // Act
    pending[0]?.answer(envelope(playbooks));
    await sent(2);
    pending[1]?.answer(envelope(demoAgency));

    // Assess
    await expect(call).resolves.toEqual(demoAgency);
    expect(fetchMock.mock.calls[1]?.[0]).toBe(`${API_URL}/api/agency/agencyassignedtouser/demo`);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onApiError).not.toHaveBeenCalled();
  });

  it('sends a part on its own when the whole read failed, and reports only what the part itself answers', async () => {
    // Prepare
    const { client, onApiError, pending, sent } = clientWith();
    const whole = client.prefetch(getPlaybooks, {}, { parts: [agencyPart(() => demoAgency)] });
    await sent(1);
    pending[0]?.answer(envelope(null, { status: 500, error: 'The first screen is resting.' }));
    await expect(whole).resolves.toBeNull();

    // Act
    const call = client.call(getAgencyAssignedToUser, { params: { username: 'demo' } });
    await sent(2);
    pending[1]?.answer(envelope(demoAgency));

    // Assess
    await expect(call).resolves.toEqual(demoAgency);
    expect(onApiError).not.toHaveBeenCalled();
  });

  it('hands the checked reply to onReply before any part gets its share', async () => {
    // Prepare
    const { client, pending, sent } = clientWith();
    const order: string[] = [];
    void client.prefetch(
      getPlaybooks,
      {},
      { parts: [agencyPart(() => demoAgency)], onReply: (payload) => order.push(`reply ${payload.length}`) },
    );
    await sent(1);
    const call = client.call(getAgencyAssignedToUser, { params: { username: 'demo' } }).then(() => order.push('part'));

    // Act
    pending[0]?.answer(envelope(playbooks));
    await call;

    // Assess
    expect(order).toEqual(['reply 1', 'part']);
  });

  it('calls no onReply for a reply that fails its schema', async () => {
    // Prepare
    const { client, pending, sent } = clientWith();
    const onReply = vi.fn();
    const whole = client.prefetch(getPlaybooks, {}, { onReply });
    await sent(1);

    // Act
    pending[0]?.answer(envelope([{ id: 1 }]));

    // Assess
    await expect(whole).resolves.toBeNull();
    expect(onReply).not.toHaveBeenCalled();
  });
});
