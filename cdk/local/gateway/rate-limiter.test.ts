import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_RATE_LIMITS, RateLimiter, ZRateLimits } from './rate-limiter';

/** A clock that only moves when the test says so (milliseconds). */
const fakeClock = () => {
  let now = 1_000_000;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
};

describe('RateLimiter', () => {
  it('lets a burst of `requests` through, then refuses with the seconds until the next one is allowed', () => {
    // Prepare: 3 requests a minute, so one more every 20 s
    const clock = fakeClock();
    const limiter = new RateLimiter({ requests: 3, windowSeconds: 60 }, clock.now);

    // Act
    const burst = [limiter.take('demo'), limiter.take('demo'), limiter.take('demo')];
    const refused = limiter.take('demo');
    clock.advance(15_000);
    const stillRefused = limiter.take('demo');

    // Assess
    expect(burst).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(stillRefused).toEqual({ allowed: false, retryAfterSeconds: 5 });
  });

  it('refills at requests/windowSeconds a second and never holds more than a burst', () => {
    // Prepare
    const clock = fakeClock();
    const limiter = new RateLimiter({ requests: 10, windowSeconds: 10 }, clock.now);
    for (let i = 0; i < 10; i++) limiter.take('demo');

    // Act: 3.5 s refill 3 requests; an hour idle refills only the burst
    clock.advance(3_500);
    const afterRefill = Array.from({ length: 4 }, () => limiter.take('demo').allowed);
    clock.advance(3_600_000);
    let allowedAfterIdle = 0;
    while (limiter.take('demo').allowed) allowedAfterIdle++;

    // Assess
    expect(afterRefill).toEqual([true, true, true, false]);
    expect(allowedAfterIdle).toBe(10);
  });

  it('counts each key on its own: one user at the limit does not slow another', () => {
    // Prepare
    const clock = fakeClock();
    const limiter = new RateLimiter({ requests: 2, windowSeconds: 60 }, clock.now);
    limiter.take('demo');
    limiter.take('demo');

    // Act
    const demo = limiter.take('demo');
    const rival = limiter.take('rival');

    // Assess
    expect(demo.allowed).toBe(false);
    expect(rival).toEqual({ allowed: true });
  });

  it('answers at least 1 s, as Retry-After counts whole seconds', () => {
    // Prepare: 1,000 a second, so the next request is 1 ms away
    const clock = fakeClock();
    const limiter = new RateLimiter({ requests: 1_000, windowSeconds: 1 }, clock.now);
    for (let i = 0; i < 1_000; i++) limiter.take('demo');

    // Act
    const refused = limiter.take('demo');

    // Assess
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets keys whose bucket is full again, so memory stays bounded', () => {
    // Prepare
    const clock = fakeClock();
    const limiter = new RateLimiter({ requests: 5, windowSeconds: 5 }, clock.now);
    for (let i = 0; i < 50; i++) limiter.take(`user-${i}`);

    // Act: after a full window every bucket is full, so a sweep drops them all but the new one
    clock.advance(5_000);
    limiter.sweep();
    const sizeAfterSweep = limiter.size;
    limiter.take('fresh');

    // Assess
    expect(sizeAfterSweep).toBe(0);
    expect(limiter.size).toBe(1);
  });

  it('starts over when its limit changes', () => {
    // Prepare
    const clock = fakeClock();
    const limiter = new RateLimiter({ requests: 1, windowSeconds: 60 }, clock.now);
    limiter.take('demo');

    // Act
    limiter.setLimit({ requests: 2, windowSeconds: 60 });
    const after = [limiter.take('demo'), limiter.take('demo'), limiter.take('demo')];

    // Assess
    expect(after.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(limiter.limit).toEqual({ requests: 2, windowSeconds: 60 });
  });
});

describe('local rate limit settings', () => {
  it('default high enough for the suites: bursts of thousands and a thousand a second per user', () => {
    // Assess: integration fuzzing sends hundreds of requests a second as one user, one at a time
    expect(DEFAULT_LOCAL_RATE_LIMITS.perUser.requests).toBeGreaterThanOrEqual(2_000);
    expect(
      DEFAULT_LOCAL_RATE_LIMITS.perUser.requests / DEFAULT_LOCAL_RATE_LIMITS.perUser.windowSeconds,
    ).toBeGreaterThanOrEqual(1_000);
    expect(ZRateLimits.parse(DEFAULT_LOCAL_RATE_LIMITS)).toEqual(DEFAULT_LOCAL_RATE_LIMITS);
  });

  it('refuses limits that are not positive whole requests over a positive window', () => {
    // Act
    const bad = ZRateLimits.safeParse({
      perUser: { requests: 0, windowSeconds: 60 },
      perIp: { requests: 1.5, windowSeconds: -1 },
    });

    // Assess
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'perIp.requests',
      'perIp.windowSeconds',
      'perUser.requests',
    ]);
  });
});
