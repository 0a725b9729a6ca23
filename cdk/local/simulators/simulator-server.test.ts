import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../support/logger';
import { createSimulatorServer, type RecordedReply } from './simulator-server';
import { serve } from './test-server';

describe('simulator server faults', () => {
  let sim: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    const server = createSimulatorServer(
      'test',
      [
        {
          method: 'POST',
          pattern: '/rest/:entity',
          handle: (req) => ({ status: 200, body: { ok: req.params.entity } }),
        },
      ],
      createLogger('silent'),
    );
    sim = await serve(server);
  });
  afterAll(() => sim.close());

  const post = (path: string, body?: unknown) =>
    fetch(`${sim.url}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });

  it('answers the injected failure for the next matching requests only', async () => {
    // Prepare
    const queued = await post('/__faults', { method: 'post', path: '/rest/advertiser', status: 503, times: 2 });

    // Act
    const replies = [
      await post('/rest/advertiser'),
      await post('/rest/campaign'),
      await post('/rest/advertiser'),
      await post('/rest/advertiser'),
    ];

    // Assess
    expect(queued.status).toBe(201);
    expect(replies.map((r) => r.status)).toEqual([503, 200, 503, 200]);
  });

  it('refuses a malformed fault and forgets faults on DELETE', async () => {
    expect((await post('/__faults', { method: 'POST', path: 'no-slash', status: 503 })).status).toBe(400);
    expect((await post('/__faults', { method: 'POST', path: '/rest/:entity', status: 200 })).status).toBe(400);
    await post('/__faults', { method: 'POST', path: '/rest/:entity', status: 500, times: 5 });
    await fetch(`${sim.url}/__faults`, { method: 'DELETE' });
    expect((await post('/rest/advertiser')).status).toBe(200);
  });

  it('holds vendor requests until released, oldest first, and lets all go when holding stops', async () => {
    // Prepare
    await post('/__hold');
    const statusOf = async () => (await fetch(`${sim.url}/__hold`)).json() as Promise<{ waiting: number }>;
    const answered: string[] = [];
    const first = post('/rest/first').then(async (r) => answered.push(((await r.json()) as { ok: string }).ok));
    await vi.waitFor(async () => expect((await statusOf()).waiting).toBe(1));
    const second = post('/rest/second').then(async (r) => answered.push(((await r.json()) as { ok: string }).ok));
    await vi.waitFor(async () => expect((await statusOf()).waiting).toBe(2));

    // Act
    const released = await post('/__release', { count: 1 });
    await first;
    const stillWaiting = (await statusOf()).waiting;
    await fetch(`${sim.url}/__hold`, { method: 'DELETE' });
    await second;

    // Assess
    expect(await released.json()).toEqual({ released: 1, waiting: 1 });
    expect(stillWaiting).toBe(1);
    expect(answered).toEqual(['first', 'second']);
    expect((await post('/rest/after')).status).toBe(200);
  });
});

describe('simulator server vendor shapes, latency, timeouts and recording', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  let recordDir: string;

  beforeAll(async () => {
    recordDir = mkdtempSync(join(tmpdir(), 'sim-record-'));
    const server = createSimulatorServer(
      'acme',
      [
        { method: 'GET', pattern: '/v1/things/:id', handle: (req) => ({ status: 200, body: { id: req.params.id } }) },
        {
          method: 'GET',
          pattern: '/v1/boom',
          handle: () => {
            throw new Error('handler broke');
          },
        },
      ],
      createLogger('silent'),
      { errorBody: (status, message) => ({ error: { code: status, text: message } }), recordDir },
    );
    sim = await serve(server);
  });
  afterAll(() => sim.close());

  const post = (path: string, body: unknown) =>
    fetch(`${sim.url}${path}`, { method: 'POST', body: JSON.stringify(body) });

  it('answers unknown routes, faults without a body and crashes in the vendor error shape', async () => {
    // Prepare
    await post('/__faults', { method: 'GET', path: '/v1/things/:id', status: 503 });

    // Act
    const unknown = await fetch(`${sim.url}/v1/nothing`);
    const fault = await fetch(`${sim.url}/v1/things/a`);
    const crash = await fetch(`${sim.url}/v1/boom`);

    // Assess
    expect([unknown.status, fault.status, crash.status]).toEqual([404, 503, 500]);
    expect(await unknown.json()).toEqual({ error: { code: 404, text: 'No route for GET /v1/nothing' } });
    expect(await fault.json()).toEqual({ error: { code: 503, text: 'Injected failure' } });
    expect(await crash.json()).toEqual({ error: { code: 500, text: 'handler broke' } });
  });

  it('keeps the default {message} body when no error shape is given', async () => {
    // Prepare
    const plain = await serve(createSimulatorServer('plain', [], createLogger('silent')));

    // Act
    const unknown = await fetch(`${plain.url}/x`);
    await plain.close();

    // Assess
    expect(await unknown.json()).toEqual({ message: 'No route for GET /x' });
  });

  it('delays a route by delayMs, then answers as the route does', async () => {
    // Prepare
    await post('/__faults', { method: 'GET', path: '/v1/things/:id', delayMs: 300 });
    const started = performance.now();

    // Act
    const slow = await fetch(`${sim.url}/v1/things/slow`);
    const slowMs = performance.now() - started;
    const next = await fetch(`${sim.url}/v1/things/fast`);

    // Assess
    expect(slow.status).toBe(200);
    expect(await slow.json()).toEqual({ id: 'slow' });
    expect(slowMs).toBeGreaterThanOrEqual(290);
    expect(next.status).toBe(200);
  });

  it('never answers a timed-out route until the faults are cleared, which drops the connection', async () => {
    // Prepare
    await post('/__faults', { method: 'GET', path: '/v1/things/:id', timeout: true });
    const caller = new AbortController();
    let settled = false;
    const pending = fetch(`${sim.url}/v1/things/hung`, { signal: caller.signal }).then(
      () => 'answered',
      () => 'dropped',
    );
    void pending.then(() => (settled = true));
    // An answered request behind it proves the server got and parked the first one.
    await post('/__faults', { method: 'GET', path: '/v1/boom', status: 502 });
    await fetch(`${sim.url}/v1/boom`);

    // Act
    const stillOpen = !settled;
    await fetch(`${sim.url}/__faults`, { method: 'DELETE' });
    const outcome = await pending;

    // Assess
    expect(stillOpen).toBe(true);
    expect(outcome).toBe('dropped');
    expect((await fetch(`${sim.url}/v1/things/after`)).status).toBe(200);
  });

  it('does a request whose reply is lost, and never answers it until the faults are cleared', async () => {
    // Prepare: a route that counts what it made.
    let made = 0;
    const counting = await serve(
      createSimulatorServer(
        'counting',
        [{ method: 'POST', pattern: '/v1/things', handle: () => ({ status: 201, body: { id: ++made } }) }],
        createLogger('silent'),
      ),
    );
    await fetch(`${counting.url}/__faults`, {
      method: 'POST',
      body: JSON.stringify({ method: 'POST', path: '/v1/things', lostReply: true }),
    });
    const pending = fetch(`${counting.url}/v1/things`, { method: 'POST' }).then(
      () => 'answered',
      () => 'dropped',
    );

    // Act: the next request is answered as usual; the first is made but parked.
    const next = await fetch(`${counting.url}/v1/things`, { method: 'POST' });
    await expect.poll(() => made).toBe(2);
    // Already settled, `pending` wins the race; still open, the resolved value does.
    const parked = await Promise.race([pending, Promise.resolve('open')]);
    await fetch(`${counting.url}/__faults`, { method: 'DELETE' });
    const outcome = await pending;
    await counting.close();

    // Assess: both were made; the first caller never heard of its own.
    expect(next.status).toBe(201);
    expect(parked).toBe('open');
    expect(outcome).toBe('dropped');
  });

  it('refuses a fault that does nothing or waits too long', async () => {
    expect((await post('/__faults', { method: 'GET', path: '/v1/things/:id' })).status).toBe(400);
    expect((await post('/__faults', { method: 'GET', path: '/v1/x', delayMs: 3_600_000 })).status).toBe(400);
    expect((await post('/__faults', { method: 'GET', path: '/v1/x', timeout: 'yes' })).status).toBe(400);
    expect((await post('/__faults', { method: 'GET', path: '/v1/x', lostReply: true, status: 503 })).status).toBe(400);
  });

  it('records every vendor reply with its route pattern, and none of the control routes', async () => {
    // Prepare
    await fetch(`${sim.url}/__faults`, { method: 'DELETE' });

    // Act
    await fetch(`${sim.url}/v1/things/rec-1`);
    const lines = readFileSync(join(recordDir, `acme-${process.pid}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    const replies = lines.map((line) => JSON.parse(line) as RecordedReply);

    // Assess
    expect(replies.at(-1)).toEqual({
      vendor: 'acme',
      method: 'GET',
      pattern: '/v1/things/:id',
      path: '/v1/things/rec-1',
      status: 200,
      body: { id: 'rec-1' },
    });
    expect(replies.find((r) => r.path === '/v1/nothing')).toMatchObject({ pattern: null, status: 404 });
    expect(replies.find((r) => r.path === '/v1/boom' && r.status === 500)).toMatchObject({ pattern: null });
    expect(replies.some((r) => r.path.startsWith('/__'))).toBe(false);
  });
});
