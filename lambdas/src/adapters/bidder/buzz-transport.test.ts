import '../../test-env';
import { describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { VendorError } from '../../kernel/errors';
import { recordingMetrics } from '../../domain/test-fakes';
import { BidderRefusal, createBuzzTransport, UnexpectedReplyError } from './buzz-transport';
import { advertiserRoutes } from './wire/advertisers.wire';
import { creativeRoutes } from './wire/creatives.wire';

const secrets = async (name: string) => (name === 'BIDDER_EMAIL' ? 'api@bidgrid.local' : 'pw');
/** A v2 advertiser as the bidder answers it. */
const ADVERTISER = { id: 3, name: 'Acme', active: true, create_date: '2026-01-01', update_date: '2026-01-01' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A bidder that answers the queued replies in order after signing in, recording what it got. */
function scripted(replies: Array<() => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fetchFake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/rest/v2/authenticate') {
      return json(200, { message: 'Authentication successful' }, { 'set-cookie': 'acct_buzz_cookie=s1; Path=/' });
    }
    const next = replies.shift();
    if (!next) throw new Error('no reply scripted');
    return next();
  };
  return { fetchFake, calls };
}

describe('Buzz transport back-off', () => {
  it('waits and retries on 429 and 5xx, honouring Retry-After, then succeeds', async () => {
    // Prepare
    const bidder = scripted([
      () => json(429, { success: false, message: 'Too Many Requests' }, { 'retry-after': '2' }),
      () => json(503, { success: false, message: 'Service Unavailable' }),
      () => json(200, { success: true, payload: [{ id: 1 }] }),
    ]);
    const waits: number[] = [];
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      secrets,
      buzzKey: 'acct',
      fetch: bidder.fetchFake,
      sleep: async (ms) => {
        waits.push(ms);
      },
      baseDelayMs: 100,
      random: () => 0,
    });
    // Act
    const reply = await transport.send(creativeRoutes.delete, { params: { id: 1 } });
    // Assess: the 429 spent no attempt, so the 503 is the first failure (the base delay)
    expect(reply.payload).toEqual([{ id: 1 }]);
    expect(waits).toEqual([2000, 100]);
    expect(bidder.calls.filter((c) => c === 'DELETE /rest/creative/1')).toHaveLength(3);
  });

  it('keeps retrying 429s past maxAttempts while the call is within its throttle budget', async () => {
    // Prepare: a bidder at its cap seven times in a row (with the waits fixed, a few callers kept it full)
    const bidder = scripted([
      ...Array.from({ length: 7 }, () => () => json(429, { success: false }, { 'retry-after': '1' })),
      () => json(200, { success: true, payload: [{ id: 1 }] }),
    ]);
    const waits: number[] = [];
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      secrets,
      buzzKey: 'acct',
      fetch: bidder.fetchFake,
      sleep: async (ms) => {
        waits.push(ms);
      },
      maxAttempts: 5,
      random: () => 0,
    });

    // Act
    const reply = await transport.send(creativeRoutes.delete, { params: { id: 1 } });

    // Assess
    expect(reply.payload).toEqual([{ id: 1 }]);
    expect(waits).toEqual(Array.from({ length: 7 }, () => 1000));
  });

  it('gives up on 429s once the next wait would overrun the throttle budget', async () => {
    // Prepare
    const bidder = scripted(
      Array.from({ length: 5 }, () => () => json(429, { success: false, message: 'busy' }, { 'retry-after': '1' })),
    );
    const waits: number[] = [];
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      secrets,
      buzzKey: 'acct',
      fetch: bidder.fetchFake,
      sleep: async (ms) => {
        waits.push(ms);
      },
      throttleBudgetMs: 2_500,
      random: () => 0,
    });

    // Act
    const read = transport.send(advertiserRoutes.get, { params: { id: 4 } });

    // Assess
    await expect(read).rejects.toMatchObject({ message: expect.stringContaining('answered 429') });
    expect(waits).toEqual([1000, 1000]);
    expect(bidder.calls.filter((c) => c === 'GET /rest/v2/advertisers/4')).toHaveLength(3);
  });

  it('stretches each wait after a 429 by up to half again at random, so throttled calls come back apart', async () => {
    // Prepare
    const draws = [0, 0.5, 0.999];
    const bidder = scripted([
      ...Array.from({ length: 3 }, () => () => json(429, { success: false }, { 'retry-after': '1' })),
      () => json(200, { success: true, payload: [{ id: 1 }] }),
    ]);
    const waits: number[] = [];
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      secrets,
      buzzKey: 'acct',
      fetch: bidder.fetchFake,
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => draws.shift() ?? 0,
    });

    // Act
    await transport.send(creativeRoutes.delete, { params: { id: 1 } });

    // Assess
    expect(waits).toEqual([1000, 1250, 1500]);
  });

  it('does not repeat a create after a 5xx (it may have happened) but does after a 429', async () => {
    const bidder = scripted([
      () => json(429, { success: false }),
      () => json(500, { success: false, message: 'boom' }),
    ]);
    const waits: number[] = [];
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      secrets,
      buzzKey: 'acct',
      fetch: bidder.fetchFake,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const create = transport.send(creativeRoutes.createAsset, {
      body: { advertiser_id: 1, creative_asset_name: 'x', size_in_bytes: 10 },
    });
    await expect(create).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('answered 500: boom'),
    });
    expect(waits).toHaveLength(1);
  });

  it('gives up after the last attempt and on a Retry-After longer than a run should wait', async () => {
    const busy = scripted(Array.from({ length: 3 }, () => () => json(503, { success: false })));
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      secrets,
      buzzKey: 'acct',
      fetch: busy.fetchFake,
      sleep: async () => undefined,
      maxAttempts: 3,
    });
    await expect(transport.send(advertiserRoutes.get, { params: { id: 4 } })).rejects.toBeInstanceOf(VendorError);
    expect(busy.calls.filter((c) => c === 'GET /rest/v2/advertisers/4')).toHaveLength(3);

    const later = scripted([() => json(429, { success: false }, { 'retry-after': '3600' })]);
    const patient = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      buzzKey: 'acct',
      secrets,
      fetch: later.fetchFake,
    });
    await expect(patient.send(advertiserRoutes.get, { params: { id: 4 } })).rejects.toMatchObject({
      message: expect.stringContaining('answered 429'),
    });
  });

  it('retries an idempotent call when the network fails', async () => {
    const bidder = scripted([
      () => {
        throw new TypeError('fetch failed');
      },
      () => json(200, { success: true, payload: [{ id: 4 }] }),
    ]);
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      secrets,
      buzzKey: 'acct',
      fetch: bidder.fetchFake,
      sleep: async () => undefined,
    });
    await expect(
      transport.send(creativeRoutes.update, { params: { id: 4 }, body: { creative_name: 'x' } }),
    ).resolves.toMatchObject({ success: true });
  });

  it('gives up on a create that times out (it may have happened) but retries a read that does', async () => {
    // Prepare: a bidder that never answers the first request of each call
    let hang = true;
    const fetchFake: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/rest/v2/authenticate') {
        return json(200, { message: 'ok' }, { 'set-cookie': 'acct_buzz_cookie=s1; Path=/' });
      }
      if (hang) {
        hang = false;
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
        );
      }
      return json(200, ADVERTISER);
    };
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      buzzKey: 'acct',
      secrets,
      fetch: fetchFake,
      sleep: async () => undefined,
      timeoutMs: 20,
    });

    // Act + Assess
    await expect(transport.send(advertiserRoutes.create, { body: { name: 'x' } })).rejects.toMatchObject({
      message: expect.stringContaining('POST /rest/v2/advertisers failed'),
    });
    hang = true;
    await expect(transport.send(advertiserRoutes.get, { params: { id: 3 } })).resolves.toEqual(ADVERTISER);
  });

  it('signs in with keep_logged_in, then again once when the session expired', async () => {
    // Prepare
    const calls: Array<{ path: string; cookie: string | null; body: unknown }> = [];
    let sessions = 0;
    let expired = false;
    const fetchFake: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const cookie = new Headers(init?.headers).get('cookie');
      calls.push({ path: url.pathname, cookie, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/rest/v2/authenticate') {
        sessions++;
        return json(200, { message: 'ok' }, { 'set-cookie': `acct_buzz_cookie=s${sessions}; Path=/; HttpOnly` });
      }
      if (!expired) {
        expired = true;
        return json(401, { detail: 'Authentication credentials were not provided.' });
      }
      return json(200, { ...ADVERTISER, id: 1 });
    };
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      buzzKey: 'acct',
      secrets,
      fetch: fetchFake,
    });

    // Act
    const reply = await transport.send(advertiserRoutes.get, { params: { id: 1 } });

    // Assess
    expect(reply).toEqual({ ...ADVERTISER, id: 1 });
    expect(calls.map((c) => `${c.path} ${c.cookie ?? '-'}`)).toEqual([
      '/rest/v2/authenticate -',
      '/rest/v2/advertisers/1 acct_buzz_cookie=s1',
      '/rest/v2/authenticate -',
      '/rest/v2/advertisers/1 acct_buzz_cookie=s2',
    ]);
    expect(calls[0]?.body).toEqual({ email: 'api@bidgrid.local', password: 'pw', keep_logged_in: true });
  });

  it('sends only a body that matches the route, and reads only a reply that matches it', async () => {
    // Prepare: a bidder whose advertisers have lost their dates, and a refusal in the 0.5 envelope.
    const bidder = scripted([
      () => json(200, { id: 3, name: 'Acme', active: true }),
      () => json(200, { success: false, message: 'Unable to update creative', errors: ['ERROR: no such creative'] }),
    ]);
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      buzzKey: 'acct',
      secrets,
      fetch: bidder.fetchFake,
      sleep: async () => undefined,
    });
    // Act
    const badBody = transport.send(advertiserRoutes.create, { body: { name: '' } });
    const drifted = transport.send(advertiserRoutes.get, { params: { id: 3 } });
    const refused = transport.send(creativeRoutes.update, { params: { id: 9 }, body: { creative_name: 'x' } });
    // Assess: the bad body never left; the drifted reply and the refusal are told apart.
    await expect(badBody).rejects.toBeInstanceOf(z.core.$ZodError);
    await expect(drifted).rejects.toBeInstanceOf(UnexpectedReplyError);
    await expect(drifted).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('GET /rest/v2/advertisers/3 answered a body that is not the described one'),
    });
    await expect(refused).rejects.toBeInstanceOf(BidderRefusal);
    await expect(refused).rejects.toMatchObject({ bidderStatus: 400 });
    expect(bidder.calls.filter((c) => !c.endsWith('/authenticate'))).toEqual([
      'GET /rest/v2/advertisers/3',
      'PUT /rest/creative/9',
    ]);
  });
});

describe('Buzz transport errors counted by route', () => {
  const transportWith = (fetchFake: typeof fetch) => {
    const metrics = recordingMetrics();
    const transport = createBuzzTransport({
      baseUrl: 'http://bidder.test',
      buzzKey: 'acct',
      secrets,
      fetch: fetchFake,
      sleep: async () => undefined,
      maxAttempts: 2,
      metrics,
    });
    return { transport, metrics };
  };

  it('counts a call that failed for good once, under its route template, never its ids', async () => {
    // Prepare: the bidder is down for reads (503 on every try), refuses an update and has lost a record.
    const bidder = scripted([
      () => json(503, { success: false, message: 'Service Unavailable' }),
      () => json(503, { success: false, message: 'Service Unavailable' }),
      () => json(400, { success: false, message: 'Invalid', errors: ['ERROR: bad name'] }),
      () => json(404, { success: false, message: 'Not found' }),
      () => json(200, { id: 3, name: 'Acme', active: true }),
    ]);
    const { transport, metrics } = transportWith(bidder.fetchFake);

    // Act
    await transport.send(advertiserRoutes.get, { params: { id: 41 } }).catch(() => undefined);
    await transport.send(creativeRoutes.update, { params: { id: 9 }, body: { creative_name: 'x' } }).catch(() => 0);
    await transport.send(creativeRoutes.delete, { params: { id: 10 } }).catch(() => undefined);
    await transport.send(advertiserRoutes.get, { params: { id: 3 } }).catch(() => undefined);

    // Assess: the 404 is the callers' "already gone", not an error; retries are one failure.
    expect(metrics.recorded).toEqual([
      { metric: 'bidderError', args: ['GET /rest/v2/advertisers/{id}', 503] },
      { metric: 'bidderError', args: ['PUT /rest/creative/{id}', 400] },
      { metric: 'bidderError', args: ['GET /rest/v2/advertisers/{id}', 'unexpected-reply'] },
    ]);
  });

  it('counts timeouts and lost connections, and a failed sign-in once as the sign-in', async () => {
    // Prepare: the first call times out, then the bidder cannot be reached at all.
    let signIns = 0;
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const fetchFake: typeof fetch = async (input) => {
      const path = new URL(String(input)).pathname;
      if (path === '/rest/v2/authenticate' && signIns++ === 0) {
        return json(200, { message: 'ok' }, { 'set-cookie': 'acct_buzz_cookie=s1; Path=/' });
      }
      throw path === '/rest/v2/authenticate' ? new TypeError('fetch failed') : timeout;
    };
    const { transport, metrics } = transportWith(fetchFake);

    // Act
    await transport.send(advertiserRoutes.get, { params: { id: 1 } }).catch(() => undefined);
    // The session is renewed after a 401 only; forget it by a new transport on the same bidder.
    const second = transportWith(fetchFake);
    await Promise.all([
      second.transport.send(advertiserRoutes.get, { params: { id: 1 } }).catch(() => undefined),
      second.transport.send(advertiserRoutes.get, { params: { id: 2 } }).catch(() => undefined),
    ]);

    // Assess
    expect(metrics.recorded).toEqual([{ metric: 'bidderError', args: ['GET /rest/v2/advertisers/{id}', 'timeout'] }]);
    expect(second.metrics.recorded).toEqual([
      { metric: 'bidderError', args: ['POST /rest/v2/authenticate', 'unreachable'] },
    ]);
  });
});
