import { VendorError } from '../../lib/errors';
import type { SecretReader } from '../../domain/ports/secrets.port';

/** A Buzz envelope: `{success, message?, payload, errors?}`. */
export interface BuzzReply {
  success?: boolean;
  message?: string;
  payload?: unknown;
  errors?: unknown;
}

/** How a call may be repeated when the bidder is busy or failing. */
export type RetryPolicy =
  /** Safe to send again (reads, full-state PUTs, deletes, report requests): retried on 429, 5xx and network errors. */
  | 'idempotent'
  /** Creates something: retried only on 429, which the bidder answers before doing anything. */
  | 'on-throttle';

/** Options of a transport: where the bidder is, how it signs in, how it fetches and waits (tests pass fakes). */
export interface BuzzTransportOptions {
  baseUrl: string;
  secrets: SecretReader;
  fetch?: typeof fetch;
  /** Waits between attempts; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per call, the first included (default 5). */
  maxAttempts?: number;
  /** First back-off in milliseconds, doubled on each retry (default 250). */
  baseDelayMs?: number;
}

/** Signed-in calls to the Buzz REST API. */
export interface BuzzTransport {
  /** Calls `method path` with the session; every failure is a VendorError (502, details only in the log). */
  call(method: string, path: string, body?: unknown, retry?: RetryPolicy): Promise<BuzzReply>;
}

export const BIDDER_VENDOR = 'bidder';
const TIMEOUT_MS = 10_000;
const SESSION_COOKIE = 'PHPSESSID';
/** The longest `Retry-After` we honour; a longer one is the bidder asking us to come back on the next run. */
const MAX_RETRY_AFTER_MS = 30_000;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in milliseconds (seconds or an HTTP date), or null. */
function retryAfterMs(response: Response, now = Date.now()): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The Buzz transport: `POST /rest/authenticate` with the API user's e-mail and password yields a
 * session cookie, kept for the warm Lambda and renewed once when the bidder answers 401. A 429 or a
 * 5xx (and, for idempotent calls, a network error) is retried with exponential back-off, honouring
 * `Retry-After`, up to `maxAttempts`; then it fails like any other refusal.
 */
export function createBuzzTransport(options: BuzzTransportOptions): BuzzTransport {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const base = options.baseUrl.replace(/\/+$/, '');
  let session: Promise<string> | undefined;

  const send = async (method: string, path: string, body?: unknown, cookie?: string): Promise<Response> =>
    doFetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  const unreachable = (method: string, path: string, error: unknown): VendorError =>
    new VendorError(
      BIDDER_VENDOR,
      `${method} ${path} failed: ${error instanceof Error ? error.message : 'error'}`,
      error,
    );

  const readReply = async (response: Response, what: string): Promise<BuzzReply> => {
    let reply: BuzzReply = {};
    try {
      reply = (await response.json()) as BuzzReply;
    } catch {
      // A non-JSON body is reported below with the status.
    }
    if (!response.ok || reply.success === false) {
      const detail = [reply.message, ...(Array.isArray(reply.errors) ? reply.errors.map(String) : [])]
        .filter(Boolean)
        .join('; ');
      throw new VendorError(BIDDER_VENDOR, `${what} answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    return reply;
  };

  const login = async (): Promise<string> => {
    const [email, password] = await Promise.all([options.secrets('BIDDER_EMAIL'), options.secrets('BIDDER_PASSWORD')]);
    let response: Response;
    try {
      response = await send('POST', '/rest/authenticate', { email, password, keep_logged_in: true });
    } catch (error) {
      throw unreachable('POST', '/rest/authenticate', error);
    }
    await readReply(response, 'authenticate');
    const setCookie = response.headers.get('set-cookie') ?? '';
    const value = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
    if (!value) throw new VendorError(BIDDER_VENDOR, 'authenticate gave no session cookie');
    return value;
  };

  const sessionCookie = (): Promise<string> => {
    session ??= login();
    session.catch(() => {
      session = undefined;
    });
    return session;
  };

  return {
    async call(method, path, body, retry = method === 'POST' ? 'on-throttle' : 'idempotent') {
      let renewed = false;
      for (let attempt = 1; ; attempt++) {
        let response: Response;
        try {
          response = await send(method, path, body, await sessionCookie());
        } catch (error) {
          if (error instanceof VendorError) throw error;
          if (retry !== 'idempotent' || attempt >= maxAttempts) throw unreachable(method, path, error);
          await sleep(baseDelayMs * 2 ** (attempt - 1));
          continue;
        }
        if (response.status === 401 && !renewed) {
          // Sessions expire on the bidder's side: sign in again once, without spending an attempt.
          renewed = true;
          session = undefined;
          attempt--;
          continue;
        }
        const busy = response.status === 429 || (response.status >= 500 && retry === 'idempotent');
        if (busy && attempt < maxAttempts) {
          const asked = retryAfterMs(response);
          if (asked !== null && asked > MAX_RETRY_AFTER_MS) return readReply(response, `${method} ${path}`);
          await response.body?.cancel();
          await sleep(asked ?? baseDelayMs * 2 ** (attempt - 1));
          continue;
        }
        return readReply(response, `${method} ${path}`);
      }
    },
  };
}
