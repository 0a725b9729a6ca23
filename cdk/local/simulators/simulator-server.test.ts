import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
