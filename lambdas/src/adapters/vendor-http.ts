import { nowMs } from '@bidgrid/shared/clock';
import { VendorError } from '../kernel/errors';

/** Statuses a vendor asks us to try again later: rate limited, or a passing server failure. */
const RETRYABLE = new Set([429, 500, 502, 503, 504]);

/** How a vendor client retries and waits; tests shorten the waits. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** First back-off; doubled each attempt, with jitter, up to `maxDelayMs`. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /**
   * Least wait before a retry, whatever the jitter draws: a vendor whose limit is a window (HubSpot's
   * search allows 5 requests a second) refuses every retry sent before the window has moved on.
   */
  readonly minDelayMs?: number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random?: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 8_000 };

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` in seconds or as a date, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = nowMs()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * A request to a vendor, retried with exponential back-off and full jitter on 429, 5xx and network
 * failures (honouring `Retry-After`, capped); any other status is returned for the caller to read.
 * Gives up with a VendorError naming the last status, never the URL's secrets or the body.
 */
export async function vendorFetch(
  vendor: string,
  what: string,
  send: () => Promise<Response>,
  policy: RetryPolicy = DEFAULT_RETRY,
  signal?: AbortSignal,
): Promise<Response> {
  const sleep = policy.sleep ?? abortableSleep;
  const random = policy.random ?? Math.random;
  let last = 'no attempt';
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    signal?.throwIfAborted();
    let response: Response | null = null;
    try {
      response = await send();
    } catch (error) {
      signal?.throwIfAborted();
      last = `network error (${error instanceof Error ? error.name : 'unknown'})`;
    }
    if (response && !RETRYABLE.has(response.status)) return response;
    if (response) {
      last = `status ${response.status}`;
      // Free the connection: the body of a refusal is not read.
      await response.body?.cancel().catch(() => undefined);
    }
    if (attempt === policy.maxAttempts) break;
    const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) * random();
    const asked = response ? retryAfterMs(response.headers.get('retry-after')) : null;
    await sleep(Math.min(policy.maxDelayMs, Math.max(backoff, asked ?? 0, policy.minDelayMs ?? 0)), signal);
  }
  throw new VendorError(vendor, `${what} gave up after ${policy.maxAttempts} attempts: ${last}`);
}

/** At most `limit` tasks at once; the others wait their turn in order. */
export class Semaphore {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await task();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }
}

/** Options of a `RatePacer`; tests bring their own clock and sleep. */
export interface RatePacerOptions {
  /** Requests let through a second, on average. */
  readonly perSecond: number;
  /** Requests let through at once after a quiet spell. */
  readonly burst: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * A client-side token bucket: each `take()` waits until the vendor's budget has room, in arrival
 * order. Keeping under a vendor's rate limit on our side is faster than bursting into it: every 429
 * costs a request of the budget and a back-off (Retry-After, jitter) during which nothing moves.
 */
export class RatePacer {
  #tokens: number;
  #at: number;
  #queue: Promise<void> = Promise.resolve();
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: RatePacerOptions) {
    this.#now = options.now ?? (() => performance.now());
    this.#sleep = options.sleep ?? abortableSleep;
    this.#tokens = options.burst;
    this.#at = this.#now();
  }

  /** Resolves when one request may be sent; rejects with the signal's reason once it aborts. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.#queue.then(async () => {
      signal?.throwIfAborted();
      for (;;) {
        const t = this.#now();
        this.#tokens = Math.min(this.options.burst, this.#tokens + ((t - this.#at) / 1000) * this.options.perSecond);
        this.#at = t;
        if (this.#tokens >= 1) {
          this.#tokens -= 1;
          return;
        }
        await this.#sleep(Math.ceil(((1 - this.#tokens) / this.options.perSecond) * 1000), signal);
      }
    });
    // One caller's abort must not stall the callers behind it.
    this.#queue = turn.catch(() => undefined);
    return turn;
  }
}
