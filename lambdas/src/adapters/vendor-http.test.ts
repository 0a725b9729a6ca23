import '../test-env';
import { describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/errors';
import { abortableSleep, RatePacer, retryAfterMs, Semaphore, vendorFetch } from './vendor-http';

describe('vendorFetch', () => {
  it('waits what Retry-After asks (capped), growing its own back-off otherwise', async () => {
    // Prepare
    const waits: number[] = [];
    const statuses = [429, 500, 502, 200];
    const send = async () =>
      new Response(null, {
        status: statuses.shift() ?? 200,
        headers: waits.length === 0 ? { 'retry-after': '2' } : {},
      });

    // Act
    const response = await vendorFetch('v', 'test', send, {
      maxAttempts: 4,
      baseDelayMs: 100,
      maxDelayMs: 1_000,
      random: () => 1,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });

    // Assess
    expect(response.status).toBe(200);
    expect(waits).toEqual([1_000, 200, 400]);
  });

  it('never retries sooner than minDelayMs, however small the jitter', async () => {
    // Prepare
    const waits: number[] = [];
    const statuses = [429, 429, 200];
    const send = async () => new Response(null, { status: statuses.shift() ?? 200 });

    // Act
    const response = await vendorFetch('v', 'test', send, {
      maxAttempts: 4,
      baseDelayMs: 250,
      maxDelayMs: 8_000,
      minDelayMs: 1_000,
      random: () => 0.01,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });

    // Assess
    expect(response.status).toBe(200);
    expect(waits).toEqual([1_000, 1_000]);
  });

  it('retries network failures and gives up naming the last one', async () => {
    const send = async (): Promise<Response> => {
      throw new TypeError('fetch failed');
    };
    await expect(
      vendorFetch('v', 'test', send, { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, sleep: async () => undefined }),
    ).rejects.toThrow(new VendorError('v', 'test gave up after 2 attempts: network error (TypeError)'));
  });

  it('hands other statuses back at once', async () => {
    let calls = 0;
    const response = await vendorFetch('v', 'test', async () => {
      calls++;
      return new Response(null, { status: 404 });
    });
    expect([response.status, calls]).toEqual([404, 1]);
  });
});

describe('helpers', () => {
  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeNull();
  });

  it('sleeps until aborted', async () => {
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
  });

  it('runs at most the limit at once, in order', async () => {
    const semaphore = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        semaphore.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 2));
          order.push(n);
          active--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('RatePacer', () => {
  /** A clock that only moves when the pacer sleeps. */
  function fakeClock() {
    let now = 0;
    const sleeps: number[] = [];
    return {
      now: () => now,
      sleeps,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    };
  }

  it('lets the burst through at once, then one request every 1/perSecond seconds', async () => {
    // Prepare
    const clock = fakeClock();
    const pacer = new RatePacer({ perSecond: 100, burst: 3, now: clock.now, sleep: clock.sleep });
    const sentAt: number[] = [];

    // Act
    await Promise.all(Array.from({ length: 6 }, () => pacer.take().then(() => sentAt.push(clock.now()))));

    // Assess: 3 at 0 ms, then 10 ms apart; never more than the budget in any second.
    expect(sentAt).toEqual([0, 0, 0, 10, 20, 30]);
  });

  it('refills while idle, up to the burst only', async () => {
    const clock = fakeClock();
    const pacer = new RatePacer({ perSecond: 10, burst: 2, now: clock.now, sleep: clock.sleep });
    await pacer.take();
    await pacer.take();
    await clock.sleep(10_000);
    clock.sleeps.length = 0;
    await Promise.all([pacer.take(), pacer.take(), pacer.take()]);
    expect(clock.sleeps).toEqual([100]);
  });

  it('rejects an aborted caller without stalling the ones behind it', async () => {
    // Prepare
    const clock = fakeClock();
    const pacer = new RatePacer({ perSecond: 100, burst: 1, now: clock.now, sleep: clock.sleep });
    const controller = new AbortController();
    controller.abort(new Error('gone'));

    // Act
    const first = pacer.take();
    const aborted = pacer.take(controller.signal);
    const after = pacer.take();

    // Assess
    await expect(first).resolves.toBeUndefined();
    await expect(aborted).rejects.toThrow('gone');
    await expect(after).resolves.toBeUndefined();
  });
});
