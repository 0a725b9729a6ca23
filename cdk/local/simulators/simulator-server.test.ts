import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../support/logger';
import { createSimulatorServer } from './simulator-server';
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
