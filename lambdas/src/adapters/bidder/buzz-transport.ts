import { nowMs } from '@bidgrid/shared/clock';
import type * as z from '@bidgrid/shared/zod';
import { VendorError } from '../../kernel/errors';
import type { AppMetrics, TBidderErrorStatus } from '../../domain/ports/metrics.port';
import type { SecretReader } from '../../domain/ports/secrets.port';
import { authenticateRoute, sessionCookieName } from './wire/auth.wire';
import { routePath, ZLegacyError, ZV2Error } from './wire/common.wire';
import type { BuzzRoute } from './wire/common.wire';

/** How a call may be repeated when the bidder is busy, failing or slow. */
export type RetryPolicy =
  /** Safe to send again (reads, full-value updates, deletes, uploads to an id, report requests): retried on 429, 5xx, timeouts and network errors. */
  | 'idempotent'
  /** Creates something: retried only on 429, which the bidder answers before doing anything. */
  | 'on-throttle';

/** Options of a transport: where the bidder is, how it signs in, how it fetches and waits (tests pass fakes). */
export interface BuzzTransportOptions {
  baseUrl: string;
  /** The account's buzz key: it names the session cookie (`<buzz_key>_buzz_cookie`). */
  buzzKey: string;
  secrets: SecretReader;
  fetch?: typeof fetch;
  /** Waits between attempts; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per call on 5xx, timeouts and network errors, the first included (default 5). 429s do not spend them. */
  maxAttempts?: number;
  /**
   * How long one call may wait in all on 429s before it fails (default 20 s, inside the REST
   * integration's 29 s). A 429 means the bidder did nothing, so it is retried for as long as this
   * allows rather than a fixed number of times: several creations at once keep the bidder at its cap.
   */
  throttleBudgetMs?: number;
  /** [0, 1) draws that spread the waits after a 429 (tests pass a fixed one). */
  random?: () => number;
  /** First back-off in milliseconds, doubled on each retry (default 250). */
  baseDelayMs?: number;
  /** Per-request timeout in milliseconds (default 10 s; uploads get `uploadTimeoutMs`). */
  timeoutMs?: number;
  /** Per-request timeout of multipart uploads (default 60 s). */
  uploadTimeoutMs?: number;
  /** Where calls that failed for good are counted, by route (none: not counted). */
  metrics?: Pick<AppMetrics, 'bidderError'>;
}

/** A file for a multipart route. */
export interface BuzzFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Signed-in calls to the Buzz REST API. */
export interface BuzzTransport {
  /**
   * Calls a described route (`wire/`) with the session: the body is checked against the route's
   * request description before it leaves, the reply against its reply description when it comes
   * back. Every failure is a BidderRefusal (the bidder said no), an UnexpectedReplyError (it said
   * something else than described) or another VendorError (502, details only in the log).
   */
  send<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
    route: BuzzRoute<Req, Res>,
    input?: {
      params?: Record<string, string | number>;
      query?: Record<string, string | number>;
      body?: z.input<Req>;
      file?: BuzzFile;
      retry?: RetryPolicy;
    },
  ): Promise<z.output<Res>>;
}

export const BIDDER_VENDOR = 'bidder';
const TIMEOUT_MS = 10_000;
const UPLOAD_TIMEOUT_MS = 60_000;
/** The longest `Retry-After` we honour; a longer one is the bidder asking us to come back on the next run. */
const MAX_RETRY_AFTER_MS = 30_000;
const THROTTLE_BUDGET_MS = 20_000;
/** The longest back-off between two 429s without `Retry-After`. */
const MAX_THROTTLE_BACKOFF_MS = 4_000;

/** A refusal by the bidder with its HTTP status (404 on a delete means "already gone"). */
export class BidderRefusal extends VendorError {
  /** The bidder's HTTP status (the caller still gets a 502). */
  readonly bidderStatus: number;

  constructor(bidderStatus: number, what: string, detail: string) {
    super(BIDDER_VENDOR, `${what} answered ${bidderStatus}${detail ? `: ${detail}` : ''}`);
    this.bidderStatus = bidderStatus;
  }
}

/** A reply that does not match its route's description: the bidder changed, or we read it wrong. */
export class UnexpectedReplyError extends VendorError {
  constructor(what: string, issues: string) {
    super(BIDDER_VENDOR, `${what} answered a body that is not the described one: ${issues}`);
  }
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A route as the metrics name it: method and template, `:id` written `{id}`, never an id itself. */
export function routeTemplate(route: Pick<BuzzRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path.replace(/:([a-z_]+)/g, '{$1}')}`;
}

/**
 * How a failed call is counted: the bidder's status, `timeout`, `unreachable` or `unexpected-reply`;
 * null for what is not the bidder's failure (a 404, which callers read as "already gone", or a body
 * of ours its route's description refused).
 */
export function bidderErrorStatus(error: unknown): TBidderErrorStatus | null {
  if (error instanceof BidderRefusal) return error.bidderStatus === 404 ? null : error.bidderStatus;
  if (error instanceof UnexpectedReplyError) return 'unexpected-reply';
  if (!(error instanceof VendorError)) return null;
  if (error.cause === undefined) return 'unexpected-reply';
  return (error.cause as { name?: unknown }).name === 'TimeoutError' ? 'timeout' : 'unreachable';
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), or null. */
function retryAfterMs(response: Response, now = nowMs()): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What an error body says, in either API version's shape. */
function errorDetail(body: unknown): string {
  const legacy = ZLegacyError.safeParse(body);
  if (legacy.success) return [legacy.data.message, ...legacy.data.errors].join('; ');
  const v2 = ZV2Error.safeParse(body);
  if (v2.success) {
    if ('detail' in v2.data && typeof v2.data.detail === 'string') return v2.data.detail;
    return Object.entries(v2.data as Record<string, string[]>)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
  }
  return '';
}

/**
 * The Buzz transport: `POST /rest/v2/authenticate` with the API user's e-mail and password and
 * `keep_logged_in` yields the session cookie `<buzz_key>_buzz_cookie`, kept for the warm Lambda and
 * renewed once when the bidder answers 401. A 429 is retried for every call until the call has
 * waited `throttleBudgetMs` in all, each wait `Retry-After` (or an exponential back-off) stretched by
 * up to half again at random: calls throttled together then come back apart instead of meeting the
 * cap together again (with the bidder at its cap, a fixed wait let a few callers keep it full while
 * the others met 429 five times and failed; issue 16's load). A 5xx, a timeout or a network error is
 * retried only for idempotent calls (a create may have happened), with exponential back-off honouring
 * `Retry-After`, up to `maxAttempts`; then it fails like any other refusal.
 */
export function createBuzzTransport(options: BuzzTransportOptions): BuzzTransport {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const throttleBudgetMs = options.throttleBudgetMs ?? THROTTLE_BUDGET_MS;
  const random = options.random ?? Math.random;
  /** The wait after the `throttles`-th 429 in a row, or null when the call must give up. */
  const throttleWait = (response: Response, throttles: number, waited: number): number | null => {
    const asked = retryAfterMs(response);
    if (asked !== null && asked > MAX_RETRY_AFTER_MS) return null;
    const wait = Math.round(
      (asked ?? Math.min(MAX_THROTTLE_BACKOFF_MS, baseDelayMs * 2 ** throttles)) * (1 + random() / 2),
    );
    return waited + wait <= throttleBudgetMs ? wait : null;
  };
  const base = options.baseUrl.replace(/\/+$/, '');
  const cookieName = sessionCookieName(options.buzzKey);
  let session: Promise<string> | undefined;
  // A failed sign-in rejects every call waiting on it with one error: it is counted once, as the sign-in's.
  const counted = new WeakSet<object>();
  const countFailure = (route: Pick<BuzzRoute, 'method' | 'path'>, error: unknown): void => {
    const status = bidderErrorStatus(error);
    // Every status but null comes from an error object (our own error classes).
    if (status === null || !options.metrics || counted.has(error as object)) return;
    counted.add(error as object);
    options.metrics.bidderError(routeTemplate(route), status);
  };

  interface Outgoing {
    method: string;
    path: string;
    json?: unknown;
    form?: () => FormData;
    timeoutMs: number;
  }

  const send = async (out: Outgoing, cookie?: string): Promise<Response> =>
    doFetch(`${base}${out.path}`, {
      method: out.method,
      headers: {
        accept: 'application/json',
        // fetch sets the multipart boundary itself.
        ...(out.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie: `${cookieName}=${cookie}` } : {}),
      },
      body: out.form ? out.form() : out.json === undefined ? undefined : JSON.stringify(out.json),
      signal: AbortSignal.timeout(out.timeoutMs),
    });

  const unreachable = (method: string, path: string, error: unknown): VendorError =>
    new VendorError(
      BIDDER_VENDOR,
      `${method} ${path} failed: ${error instanceof Error ? error.message : 'error'}`,
      error,
    );

  const readReply = async (response: Response, what: string): Promise<unknown> => {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    const refused = !response.ok || ZLegacyError.safeParse(body).success;
    if (refused) throw new BidderRefusal(response.ok ? 400 : response.status, what, errorDetail(body));
    return body;
  };

  const login = async (): Promise<string> => {
    const [email, password] = await Promise.all([options.secrets('BIDDER_EMAIL'), options.secrets('BIDDER_PASSWORD')]);
    const body = authenticateRoute.request.parse({ email, password, keep_logged_in: true });
    let response: Response;
    // A second session costs nothing: sign-in is retried like an idempotent call (busy, failing, slow).
    for (let attempt = 1; ; attempt++) {
      try {
        response = await send({ method: 'POST', path: authenticateRoute.path, json: body, timeoutMs: TIMEOUT_MS });
      } catch (error) {
        if (attempt >= maxAttempts) throw unreachable('POST', authenticateRoute.path, error);
        await sleep(baseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      const busy = response.status === 429 || response.status >= 500;
      const asked = retryAfterMs(response);
      if (!busy || attempt >= maxAttempts || (asked !== null && asked > MAX_RETRY_AFTER_MS)) break;
      await response.body?.cancel();
      await sleep(asked ?? baseDelayMs * 2 ** (attempt - 1));
    }
    await readReply(response, 'authenticate');
    const setCookie = response.headers.getSetCookie?.().join(', ') ?? response.headers.get('set-cookie') ?? '';
    const value = new RegExp(`(?:^|[,;]\\s*)${cookieName}=([^;,]+)`).exec(setCookie)?.[1];
    if (!value) throw new VendorError(BIDDER_VENDOR, `authenticate gave no ${cookieName} cookie`);
    return value;
  };

  const sessionCookie = (): Promise<string> => {
    session ??= login().catch((error: unknown) => {
      countFailure({ method: 'POST', path: authenticateRoute.path }, error);
      throw error;
    });
    session.catch(() => {
      session = undefined;
    });
    return session;
  };

  const exchange = async (out: Outgoing, retry: RetryPolicy): Promise<unknown> => {
    const what = `${out.method} ${out.path}`;
    let renewed = false;
    let throttles = 0;
    let throttledMs = 0;
    for (let attempt = 1; ; attempt++) {
      const cookie = await sessionCookie();
      let response: Response;
      try {
        response = await send(out, cookie);
      } catch (error) {
        // A timeout or a dropped connection: the bidder may have done it, so only idempotent calls go again.
        if (retry !== 'idempotent' || attempt >= maxAttempts) throw unreachable(out.method, out.path, error);
        await sleep(baseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      if (response.status === 401 && !renewed) {
        // Sessions expire on the bidder's side: sign in again once, without spending an attempt.
        renewed = true;
        if (session && (await session.catch(() => undefined)) === cookie) session = undefined;
        await response.body?.cancel();
        attempt--;
        continue;
      }
      if (response.status === 429) {
        const wait = throttleWait(response, throttles, throttledMs);
        if (wait === null) return readReply(response, what);
        // Nothing happened at the bidder: the call spends its throttle budget, not an attempt.
        throttles++;
        throttledMs += wait;
        attempt--;
        await response.body?.cancel();
        await sleep(wait);
        continue;
      }
      const busy = response.status >= 500 && retry === 'idempotent';
      if (busy && attempt < maxAttempts) {
        const asked = retryAfterMs(response);
        if (asked !== null && asked > MAX_RETRY_AFTER_MS) return readReply(response, what);
        await response.body?.cancel();
        await sleep(asked ?? baseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      return readReply(response, what);
    }
  };

  /** One call, its retries included: a failure here is final. */
  const sendOnce: BuzzTransport['send'] = async (route, input = {}) => {
    const query = input.query
      ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    const path = `${routePath(route, input.params)}${query}`;
    // A body that does not match the route's description is our bug: it never leaves.
    const json = route.body === 'json' ? (route.request.parse(input.body) as unknown) : undefined;
    const file = input.file;
    if (route.body === 'multipart' && !file) throw new Error(`${route.path} needs a file`);
    const form =
      route.body === 'multipart' && file
        ? () => {
            const data = new FormData();
            data.append(
              route.fileField ?? 'file',
              new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }),
              file.name,
            );
            return data;
          }
        : undefined;
    const retry = input.retry ?? (route.method === 'POST' && route.body !== 'multipart' ? 'on-throttle' : 'idempotent');
    const timeoutMs =
      route.body === 'multipart' ? (options.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS) : (options.timeoutMs ?? TIMEOUT_MS);
    const reply = await exchange(
      { method: route.method, path, ...(json !== undefined ? { json } : {}), ...(form ? { form } : {}), timeoutMs },
      retry,
    );
    const parsed = route.reply.safeParse(reply);
    if (!parsed.success) {
      throw new UnexpectedReplyError(
        `${route.method} ${path}`,
        parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; '),
      );
    }
    return parsed.data as z.output<typeof route.reply>;
  };

  const sendRoute: BuzzTransport['send'] = async (route, input = {}) => {
    try {
      return await sendOnce(route, input);
    } catch (error) {
      countFailure(route, error);
      throw error;
    }
  };

  return { send: sendRoute };
}
