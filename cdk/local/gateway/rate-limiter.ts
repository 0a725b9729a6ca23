import * as z from '@bidgrid/shared/zod';

/**
 * A request budget: `requests` in a burst, refilled at `requests / windowSeconds` a second. Same
 * shape as the cloud stage's WAF rate rules (`api.perUser` / `api.perIp` in
 * `cdk/src/config/stages.ts`), which count `requests` per evaluation window.
 */
export const ZRateLimit = z.object({
  requests: z.number().check(z.int(), z.positive()),
  windowSeconds: z.number().check(z.positive()),
});
export type TRateLimit = z.infer<typeof ZRateLimit>;

/** The local gateway's limits: per verified user on `user` operations, per source IP on public ones. */
export const ZRateLimits = z.object({ perUser: ZRateLimit, perIp: ZRateLimit });
export type TRateLimits = z.infer<typeof ZRateLimits>;

/**
 * Local defaults: far above what a person or the test suites do (the integration fuzzing sends
 * hundreds of requests a second as one user, one after the other), so only a load test or a runaway
 * loop meets them. `npm run bench` raises them for its 50-client latency run, which measures the
 * gateway, not the limit; the integration test of the limit lowers them for one user while it runs
 * (both through `/__local/rate-limits`).
 */
export const DEFAULT_LOCAL_RATE_LIMITS: TRateLimits = {
  perUser: { requests: 5_000, windowSeconds: 5 },
  perIp: { requests: 5_000, windowSeconds: 5 },
};

/** Whether a request may go on, and if not, in how many whole seconds the next one would. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets are swept for full (forgettable) ones once this many takes have passed. */
const SWEEP_EVERY = 1_000;

/**
 * Token buckets by key (a user name, an IP). Each key starts with a full burst; a request takes one
 * token; tokens come back continuously. O(1) per request, and keys whose bucket is full again are
 * forgotten, so memory follows the keys active in the last window only.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private takes = 0;
  private current: TRateLimit;

  /** `now` in milliseconds (tests pass a fake clock). */
  constructor(
    limit: TRateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.current = limit;
  }

  get limit(): TRateLimit {
    return this.current;
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.buckets.size;
  }

  /** Uses another limit from now on; every key starts again with a full burst. */
  setLimit(limit: TRateLimit): void {
    this.current = limit;
    this.buckets.clear();
  }

  private get tokensPerMs(): number {
    return this.current.requests / (this.current.windowSeconds * 1000);
  }

  private refill(bucket: Bucket, at: number): void {
    bucket.tokens = Math.min(this.current.requests, bucket.tokens + (at - bucket.updatedAt) * this.tokensPerMs);
    bucket.updatedAt = at;
  }

  /** Counts one request of `key`. */
  take(key: string): RateDecision {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep();
    const at = this.now();
    let bucket = this.buckets.get(key);
    if (bucket) this.refill(bucket, at);
    else {
      bucket = { tokens: this.current.requests, updatedAt: at };
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    const waitMs = (1 - bucket.tokens) / this.tokensPerMs;
    // A hair of tolerance so float noise (4999.9999999 ms) does not round a wait up a whole second.
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000 - 1e-9)) };
  }

  /** Forgets the keys whose bucket has filled up again: they would start full anyway. */
  sweep(): void {
    const at = this.now();
    for (const [key, bucket] of this.buckets) {
      this.refill(bucket, at);
      if (bucket.tokens >= this.current.requests) this.buckets.delete(key);
    }
  }
}
