import { nowMs } from '@bidgrid/shared/clock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineRealtimeEvent } from '@bidgrid/shared/realtime/event';
import type { TCompanyMatchResult } from '@bidgrid/shared/targeting/company.schema';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { messageBytes, REALTIME_LIMITS } from '@bidgrid/shared/realtime/wire';
import { fakeJwt, fakeRealtime, type FakeSocket } from '@/test/fake-realtime';
import { REALTIME_MESSAGES, RealtimeError } from './realtime-errors';

const { getCSVKickfireMatches, getHubSpotLists } = realtimeEventsByName;

const jwt = fakeJwt;

/** Sockets open when the test says so here. */
const setup = (overrides: Parameters<typeof fakeRealtime>[0] = {}) => fakeRealtime({ manualOpen: true, ...overrides });

const reply = (reqID: unknown, payload: unknown, extra: Record<string, unknown> = {}) => ({
  event: 'retrievedLists',
  reqID,
  success: true,
  payload,
  error: null,
  ...extra,
});

/** Waits until `socket` has sent `n` calls and returns the last. */
async function sentCall(socket: FakeSocket, n = 1): Promise<Record<string, unknown>> {
  await vi.waitFor(() => expect(socket.calls.length).toBeGreaterThanOrEqual(n));
  return socket.calls[n - 1] as Record<string, unknown>;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('opens one connection with the access token and resolves a call with its reply, progress on the way', async () => {
    // Prepare
    const { client, sockets, latest } = setup();
    client.start();
    const socket = await latest();
    socket.open();
    const progress = vi.fn();

    // Act
    const call = client.call(
      getHubSpotLists,
      { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' },
      { onProgress: progress },
    );
    const sent = await sentCall(socket);
    socket.receive({ reqID: sent['reqID'], done: 1, total: 2 });
    socket.receive(reply(sent['reqID'], [{ listId: '1', name: 'Target accounts' }]));

    // Assess
    expect(await call).toEqual([{ listId: '1', name: 'Target accounts' }]);
    expect(sockets).toHaveLength(1);
    expect(socket.token).toMatch(/^h\./);
    expect(sent).toEqual({
      action: 'getHubSpotLists',
      reqID: expect.stringMatching(/^c-[0-9a-f-]{36}$/),
      bgAdvertiserId: 'bgAdvertiser-acme',
      listType: 'companies',
    });
    expect(progress).toHaveBeenCalledWith({ done: 1, total: 2 });
  });

  it('sends a long list in chunks that fit a frame, one after the other, with progress across them', async () => {
    // Prepare
    const { client, latest } = setup();
    client.start();
    const socket = await latest();
    socket.open();
    const domains = Array.from({ length: 450 }, (_, i) => `company-number-${i}.example.com`);
    const progress: Array<{ done: number; total: number }> = [];

    // Act: answer each chunk as it comes, with the rows of its domains.
    const call = client.call(getCSVKickfireMatches, { domains }, { onProgress: (p) => progress.push(p) });
    for (let n = 1; n <= 3; n++) {
      const chunk = await sentCall(socket, n);
      const mine = chunk['domains'] as string[];
      socket.receive({ reqID: chunk['reqID'], done: mine.length, total: mine.length });
      const rows = mine.map((domain) => ({ domain, include: false, noMatch: { code: 'not-found', message: 'No.' } }));
      socket.receive({
        event: 'retrievedCSVKickfireMatches',
        reqID: chunk['reqID'],
        chunk: chunk['chunk'],
        success: true,
        payload: { primarySegments: rows, uniqueSegments: rows, matches: 0 },
        error: null,
      });
    }
    const result = (await call) as TCompanyMatchResult;

    // Assess
    const chunks = socket.calls;
    expect(chunks.map((c) => c['chunk'])).toEqual([
      { index: 0, count: 3 },
      { index: 1, count: 3 },
      { index: 2, count: 3 },
    ]);
    expect(new Set(chunks.map((c) => c['reqID'])).size).toBe(1);
    for (const chunk of chunks)
      expect(messageBytes(chunk)).toBeLessThanOrEqual(REALTIME_LIMITS.clientMessageBudgetBytes);
    expect(result.primarySegments.map((row) => row.domain)).toEqual(domains);
    expect(progress.at(-1)).toEqual({ done: 450, total: 450 });
    expect(progress.every((p) => p.total === 450)).toBe(true);
  });

  it('merges a reply sent in parts', async () => {
    const { client, latest } = setup();
    client.start();
    const socket = await latest();
    socket.open();
    const call = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'contacts' });
    const sent = await sentCall(socket);
    socket.receive(reply(sent['reqID'], [{ listId: '2', name: 'B' }], { part: { index: 1, count: 2 } }));
    socket.receive(reply(sent['reqID'], [{ listId: '1', name: 'A' }], { part: { index: 0, count: 2 } }));
    expect(await call).toEqual([
      { listId: '1', name: 'A' },
      { listId: '2', name: 'B' },
    ]);
  });

  it('fails a pending call clearly when the connection drops, then reconnects with back-off', async () => {
    // Prepare
    const { client, sockets, latest, onError } = setup();
    client.start();
    const first = await latest();
    first.open();
    const call = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    await sentCall(first);
    const failed = call.catch((error: unknown) => error);

    // Act
    first.serverClose(1006);

    // Assess
    const error = await failed;
    expect(error).toBeInstanceOf(RealtimeError);
    expect(error).toMatchObject({ kind: 'connection-lost', message: REALTIME_MESSAGES.connectionLost });
    expect(onError).toHaveBeenCalledWith(error);
    expect(client.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    const second = sockets[1] as FakeSocket;
    second.open();
    expect(client.state).toBe('open');
    const again = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    const sent = await sentCall(second);
    second.receive(reply(sent['reqID'], []));
    expect(await again).toEqual([]);
  });

  it('backs off longer after each failed attempt, and refreshes the token after two', async () => {
    // Prepare
    const { client, sockets, latest, auth } = setup({ random: () => 0 });
    client.start();
    (await latest()).serverClose(1006);

    // Act / Assess: about 0.5 s, then about 1 s (half of 1 s and 2 s with the jitter at its lowest).
    await vi.advanceTimersByTimeAsync(400);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    (sockets[1] as FakeSocket).serverClose(1006);
    await vi.advanceTimersByTimeAsync(800);
    expect(sockets).toHaveLength(2);
    expect(auth.refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    await vi.waitFor(() => expect(sockets).toHaveLength(3));
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
  });

  it('keeps trying, without signing out, when a refresh fails (the network may be down)', async () => {
    // Prepare
    const { client, sockets, latest, auth, onSessionLost } = setup({ random: () => 0 });
    auth.refreshToken.mockResolvedValue(null as unknown as string);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.start();
    (await latest()).serverClose(1006);
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    (sockets[1] as FakeSocket).serverClose(1006);

    // Act: the third attempt refreshes, and the refresh fails.
    await vi.advanceTimersByTimeAsync(1_200);
    await vi.waitFor(() => expect(auth.refreshToken).toHaveBeenCalledTimes(1));
    auth.refreshToken.mockResolvedValue(fakeJwt('back', Math.floor(nowMs() / 1000) + 3600));
    await vi.advanceTimersByTimeAsync(5_000);

    // Assess
    await vi.waitFor(() => expect(sockets).toHaveLength(3));
    expect(onSessionLost).not.toHaveBeenCalled();
    expect(client.state).toBe('reconnecting');
  });

  it('tells the app the session is lost when no token can be had, and stops', async () => {
    const { client, sockets, onSessionLost, auth } = setup();
    auth.getToken.mockResolvedValue(null as unknown as string);
    client.start();
    await vi.waitFor(() => expect(onSessionLost).toHaveBeenCalled());
    expect(sockets).toHaveLength(0);
    expect(client.state).toBe('closed');
  });

  it('answers a 1009 close with the too-large text', async () => {
    const { client, latest } = setup();
    client.start();
    const socket = await latest();
    socket.open();
    const call = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    await sentCall(socket);
    socket.serverClose(1009);
    await expect(call).rejects.toMatchObject({ kind: 'too-large', message: REALTIME_MESSAGES.tooLarge });
  });

  it('re-authenticates make-before-break: the call under way finishes on the old connection', async () => {
    // Prepare
    const { client, sockets, latest, auth } = setup();
    client.start();
    const old = await latest();
    old.open();
    const underWay = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    const sent = await sentCall(old);

    // Act: the token was refreshed.
    const refreshed = jwt('demo-refreshed', Math.floor(nowMs() / 1000) + 3600);
    auth.setToken(refreshed);
    await client.renew();
    const fresh = sockets[1] as FakeSocket;
    fresh.open();
    const next = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'contacts' });
    const nextSent = await sentCall(fresh);

    // Assess
    expect(fresh.token).toBe(refreshed);
    expect(old.closedWith).toBeNull();
    old.receive(reply(sent['reqID'], [{ listId: '1', name: 'A' }]));
    expect(await underWay).toEqual([{ listId: '1', name: 'A' }]);
    expect(old.closedWith).toBe(1000);
    fresh.receive(reply(nextSent['reqID'], []));
    expect(await next).toEqual([]);
    // The same token again changes nothing.
    await client.renew();
    expect(sockets).toHaveLength(2);
  });

  it('after a 401 reply, reconnects with a refreshed token and sends the chunk once more', async () => {
    // Prepare
    const { client, sockets, latest, auth } = setup();
    client.start();
    const old = await latest();
    old.open();
    const call = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    const sent = await sentCall(old);

    // Act
    old.receive({
      event: 'retrievedLists',
      reqID: sent['reqID'],
      success: false,
      payload: null,
      error: 'Session ended',
      status: 401,
    });
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    const fresh = sockets[1] as FakeSocket;
    fresh.open();
    const resent = await sentCall(fresh);
    fresh.receive(reply(resent['reqID'], []));

    // Assess
    expect(await call).toEqual([]);
    expect(resent).toEqual(sent);
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    expect(old.closedWith).toBe(1000);
  });

  it("rejects with the server's refusal, its status and field errors", async () => {
    const { client, latest, onError } = setup();
    client.start();
    const socket = await latest();
    socket.open();
    const call = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    const sent = await sentCall(socket);
    socket.receive({
      event: 'retrievedLists',
      reqID: sent['reqID'],
      success: false,
      payload: null,
      error: 'Advertiser not found.',
      status: 404,
    });
    await expect(call).rejects.toMatchObject({ kind: 'server', message: 'Advertiser not found.', status: 404 });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('fails a call the server does not answer in time, and one that finds no connection', async () => {
    // Prepare
    const { client, latest } = setup({ callTimeoutMs: 10_000 });
    client.start();
    const socket = await latest();
    const waiting = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    const noConnection = expect(waiting).rejects.toMatchObject({
      kind: 'unavailable',
      message: REALTIME_MESSAGES.unavailable,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await noConnection;

    // Act
    socket.open();
    const silent = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    const sent = await sentCall(socket);
    await vi.advanceTimersByTimeAsync(9_000);
    socket.receive({ reqID: sent['reqID'], done: 1, total: 3 });
    await vi.advanceTimersByTimeAsync(9_000);
    const stillPending = vi.fn();
    silent.catch(stillPending);
    await Promise.resolve();
    expect(stillPending).not.toHaveBeenCalled();
    const timedOut = expect(silent).rejects.toMatchObject({ kind: 'timeout', message: REALTIME_MESSAGES.timeout });
    await vi.advanceTimersByTimeAsync(1_000);

    // Assess: progress kept it alive; silence then ended it.
    await timedOut;
  });

  it('keeps a quiet connection alive, and sends nothing extra while busy', async () => {
    // Prepare
    const { client, latest } = setup({ keepAliveMs: 60_000 });
    client.start();
    const socket = await latest();
    socket.open();

    // Act
    await vi.advanceTimersByTimeAsync(59_000);
    const before = socket.sent.length;
    await vi.advanceTimersByTimeAsync(1_000);

    // Assess
    expect(before).toBe(0);
    expect(socket.sent).toEqual([{ action: 'keepAlive' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.sent).toHaveLength(2);
  });

  it('renews the connection before its token expires', async () => {
    // Prepare: a token valid for five more minutes.
    const { client, sockets, latest, auth } = setup();
    auth.setToken(jwt('short', Math.floor(nowMs() / 1000) + 300));
    client.start();
    (await latest()).open();

    // Act
    // (exp is in whole seconds: the renewal falls 59 to 60 s before the five minutes are up.)
    await vi.advanceTimersByTimeAsync(230_000);
    expect(auth.refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);

    // Assess
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(auth.refreshToken).toHaveBeenCalledTimes(1);
    (sockets[1] as FakeSocket).open();
    expect((sockets[0] as FakeSocket).closedWith).toBe(1000);
  });

  it('refuses what cannot fit one frame or is invalid, before sending anything', async () => {
    // Prepare: an event without parts, so a request must fit one message.
    const note = defineRealtimeEvent({
      name: 'saveNote',
      request: z.object({ text: z.string() }),
      successEvent: 'noteSaved',
      errorEvent: 'noteSaved',
      payload: z.null(),
      summary: 'test',
      specRef: 'test',
    });
    const { client, latest, onError } = setup();
    client.start();
    const socket = await latest();
    socket.open();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act / Assess
    await expect(client.call(getCSVKickfireMatches, { domains: [] })).rejects.toMatchObject({
      kind: 'invalid-request',
    });
    expect(logged).toHaveBeenCalledWith('getCSVKickfireMatches: invalid request', expect.any(Array));
    await expect(client.call(note, { text: 'x'.repeat(31 * 1024) })).rejects.toMatchObject({
      kind: 'too-large',
      message: REALTIME_MESSAGES.tooLarge,
    });
    expect(socket.sent).toEqual([]);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('fails everything and reconnects no more once stopped (sign-out)', async () => {
    const { client, sockets, latest } = setup();
    client.start();
    const socket = await latest();
    socket.open();
    const call = client.call(getHubSpotLists, { bgAdvertiserId: 'bgAdvertiser-acme', listType: 'companies' });
    await sentCall(socket);
    client.stop();
    await expect(call).rejects.toMatchObject({ kind: 'connection-lost' });
    expect(socket.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.state).toBe('closed');
  });
});
