import { nowMs } from '@bidgrid/shared/clock';
import * as z from '@bidgrid/shared/zod';
import { GENERIC_REQUEST_ERROR, ZNextCursor, type TFieldErrors } from '@bidgrid/shared/api/envelope';
import { buildPath, type AnyOperation, type InputOf, type ResponseOf } from '@bidgrid/shared/api/operation';

/** Why a call failed: bad input (our bug), HTTP or envelope error, bad payload, network, or a lost session. */
export type ApiErrorKind = 'request' | 'http' | 'envelope' | 'response' | 'network' | 'session';

/** A failed call. `message` is the text the user saw (spec 000 §7: errors are rethrown with their message). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly fieldErrors?: TFieldErrors,
  ) {
    super(message);
  }
}

/** The session side of the client, injected so tests can fake it and the client never imports Amplify. */
export interface ApiAuth {
  /** Current access token (refreshed by Amplify when near expiry), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Forced refresh after the API said the token expired; null when it cannot be refreshed. */
  refreshAccessToken(): Promise<string | null>;
  /** Called when the session is gone for good (no token, failed refresh): sign out and reset the app. */
  onSessionLost(): void | Promise<void>;
}

export interface ApiClientOptions {
  /** Base URL of the REST API (runtime config `apiUrl`); operation paths are appended. */
  apiUrl: string;
  auth: ApiAuth;
  /** The ONE place that stores and shows an API error (`reportApiError`). */
  onApiError: (message: string) => void;
  fetch?: typeof fetch;
}

/**
 * Extra request headers of one call: a credential that is not the user's token, such as the public
 * campaign picker's ticket. The client's own headers (`Accept`, `Content-Type`, `Authorization`) are
 * never taken from here, so a screen cannot replace or forge the session's bearer token.
 */
export type CallHeaders = Readonly<Record<string, string>>;

/**
 * Input of one call: path params, query string and body (each checked against the operation's schemas
 * before anything is sent), extra headers, and a signal to abort it. A `form` operation's body is an
 * object too: the client sends it as multipart form data.
 */
export type CallInput<O extends AnyOperation> = InputOf<O> & {
  readonly headers?: CallHeaders;
  readonly signal?: AbortSignal;
};

/** Headers only the client sets (lower case, as `Headers` compares them). */
const CLIENT_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/** One page of a paged list: the validated payload and where the next page starts (null: the list ended). */
export interface PageReply<T> {
  readonly payload: T;
  readonly nextCursor: string | null;
}

export interface ApiClient {
  /** Calls an operation of the shared table and resolves with its validated payload. */
  call<O extends AnyOperation>(operation: O, input?: CallInput<O>): Promise<ResponseOf<O>>;
  /**
   * Calls a paged operation for one page (its `cursor` in the input's query, none for the first) and
   * resolves with the payload and the envelope's `nextCursor`.
   */
  callPage<O extends AnyOperation>(operation: O, input?: CallInput<O>): Promise<PageReply<ResponseOf<O>>>;
  /**
   * Starts a read a screen is about to make, before the screen (or its code) is there: a GET of a signed-in
   * operation, sent at once with the session's token. The screen's own `call`/`callPage` of the same request
   * (same URL, same token) within `PREFETCH_TTL_MS` takes that reply instead of sending its own, once; it is
   * checked, and its failure reported, there, as if the screen had sent it. Resolves with the validated
   * page (for a prefetch that needs one reply to know the next request), or null when there is no session
   * or the reply is a failure. Never reports an error or ends the session itself.
   */
  prefetch<O extends AnyOperation>(
    operation: O,
    input?: CallInput<O>,
    options?: PrefetchOptions<ResponseOf<O>>,
  ): Promise<PageReply<ResponseOf<O>> | null>;
  /**
   * Drops the prefetched replies of these operations that no call has taken yet: a change made them stale
   * (`refreshOperations`), or the data cache holds their answers now. A later call then asks the server.
   */
  forgetPrefetched(operations: readonly AnyOperation[]): void;
}

/**
 * A read whose reply comes inside a prefetched one (a first screen's advertiser, its campaigns): its
 * request, named when the first is sent, takes its share once that reply is in, and is sent on its own
 * when the reply does not hold it (or failed). `prefetchPart` builds one with its types checked.
 */
export interface PrefetchPart<P> {
  readonly operation: AnyOperation;
  readonly input: CallInput<AnyOperation>;
  /** The part's reply within the prefetched payload, or null when it does not hold one. */
  readonly pick: (payload: P) => PageReply<unknown> | null;
}

/** What else a prefetch does with its reply. */
export interface PrefetchOptions<P> {
  /** The reads whose replies come inside this one (see `PrefetchPart`). */
  readonly parts?: ReadonlyArray<PrefetchPart<P>>;
  /**
   * Called with the payload once the reply is in and checked, before any part's call gets its share:
   * what it keeps (in the data cache) is there before the screens those parts feed render.
   */
  readonly onReply?: (payload: P) => void;
}

/** A part of a prefetched read (see `PrefetchPart`): `pick` answers what `operation` answers for `input`. */
export function prefetchPart<P, O extends AnyOperation>(
  operation: O,
  input: CallInput<O>,
  pick: (payload: P) => PageReply<ResponseOf<O>> | null,
): PrefetchPart<P> {
  return { operation, input: input as CallInput<AnyOperation>, pick };
}

/** What the data cache needs of a client: the two calls (its link sends every read and change through them). */
export type OperationCaller = Pick<ApiClient, 'call' | 'callPage'>;

/** How long a prefetched reply waits for the screen's call; an older one is dropped and the call sends anew. */
export const PREFETCH_TTL_MS = 30_000;

interface PreparedRequest {
  url: string;
  init: RequestInit;
}

interface Reply {
  status: number;
  ok: boolean;
  body: unknown;
}

/** A reply read: its page, or the failure `fail` reports (and what to log first). */
type ParsedReply =
  | { ok: true; page: PageReply<unknown> }
  | {
      ok: false;
      message: string | null;
      kind: ApiErrorKind;
      status: number;
      fieldErrors?: TFieldErrors;
      log?: readonly unknown[];
    };

/** The reply the server gives a page it answers: the envelope of a success. */
const successReply = (page: PageReply<unknown>): Reply => ({
  status: 200,
  ok: true,
  body: { success: true, payload: page.payload, error: null, nextCursor: page.nextCursor },
});

/** A reply kept for the screen's call of the same request: the token it was sent with, and when. */
interface PrefetchEntry {
  /** The operation the reply answers (for `forgetPrefetched`). */
  readonly operation: string;
  readonly token: string;
  readonly at: number;
  readonly reply: Promise<Reply>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** API Gateway (and the local gateway) answer an expired token with 401 'The incoming token has expired'. */
const saysTokenExpired = (body: unknown): boolean => {
  if (!isRecord(body)) return false;
  const text = [body['message'], body['Message'], body['error']].find((value) => typeof value === 'string');
  return typeof text === 'string' && /expired/i.test(text);
};

const issuesText = (error: z.core.$ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');

const toStringRecord = (values: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

/** Creates a client over the shared operation table. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const baseUrl = options.apiUrl.replace(/\/+$/, '');
  // Several calls can hit an expired token at once: they share one forced refresh.
  let refreshing: Promise<string | null> | null = null;

  const fail = (
    message: string | null | undefined,
    kind: ApiErrorKind,
    status: number | null,
    fieldErrors?: TFieldErrors,
  ): never => {
    const text = message?.trim() ? message.trim() : GENERIC_REQUEST_ERROR;
    options.onApiError(text);
    throw new ApiError(text, kind, status, fieldErrors);
  };

  const sessionLost = async (): Promise<never> => {
    await options.auth.onSessionLost();
    throw new ApiError('Your session has ended. Please sign in again.', 'session', 401);
  };

  const prepare = (operation: AnyOperation, input: CallInput<AnyOperation>): PreparedRequest => {
    // Invalid input is a bug in the calling screen (forms validate first): log the details, show the generic text.
    const rawParams = (input.params ?? {}) as Record<string, unknown>;
    const params = operation.params.safeParse(rawParams);
    if (!params.success) {
      console.error(`${operation.name}: invalid path parameters`, issuesText(params.error));
      return fail(null, 'request', null);
    }
    const rawQuery = (input.query ?? {}) as Record<string, unknown>;
    const query = operation.query.safeParse(rawQuery);
    if (!query.success) {
      console.error(`${operation.name}: invalid query`, issuesText(query.error));
      return fail(null, 'request', null);
    }
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(rawQuery)) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
    }
    const queryText = search.toString();
    const url = `${baseUrl}${buildPath(operation.path, toStringRecord(rawParams))}${queryText ? `?${queryText}` : ''}`;

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(input.headers ?? {})) {
      if (CLIENT_HEADERS.has(key.toLowerCase())) {
        console.error(`${operation.name}: the ${key} header is the client's own`);
        return fail(null, 'request', null);
      }
      headers[key] = value;
    }
    headers['Accept'] = 'application/json';
    let body: BodyInit | undefined;
    const rawBody: unknown = input.body;
    const checked = operation.body.safeParse(rawBody);
    if (!checked.success) {
      console.error(`${operation.name}: invalid body`, issuesText(checked.error));
      return fail(null, 'request', null);
    }
    if (rawBody !== undefined) {
      if (operation.bodyKind === 'form') {
        body = toFormData(rawBody);
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(rawBody);
      }
    }
    return { url, init: { method: operation.method, headers, body, signal: input.signal } };
  };

  /** Sends a request; a network failure rejects with the fetch error (nothing reported). */
  const exchangeQuietly = async (request: PreparedRequest, token: string | null): Promise<Reply> => {
    const headers = new Headers(request.init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await fetchImpl(request.url, { ...request.init, headers });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: response.status, ok: response.ok, body };
  };

  const exchange = async (request: PreparedRequest, token: string | null): Promise<Reply> => {
    try {
      return await exchangeQuietly(request, token);
    } catch (error) {
      if (request.init.signal?.aborted) throw error;
      console.error('Network error', error);
      return fail(null, 'network', null);
    }
  };

  const refresh = (): Promise<string | null> => {
    refreshing ??= options.auth.refreshAccessToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  /** Reads a reply: the validated page, or why it failed (with what to log) for `fail` to report. */
  const parse = (operation: AnyOperation, reply: Reply): ParsedReply => {
    const { body } = reply;
    if (!isRecord(body) || typeof body['success'] !== 'boolean') {
      // Not our envelope: a gateway error (403, 404, 502...) or a broken reply.
      return {
        ok: false,
        message: null,
        kind: reply.ok ? 'response' : 'http',
        status: reply.status,
        log: [`${operation.name}: HTTP ${reply.status} without an envelope`, body],
      };
    }
    if (!body['success'] || !reply.ok) {
      const error = typeof body['error'] === 'string' ? body['error'] : null;
      const fieldErrors = isRecord(body['fieldErrors']) ? (body['fieldErrors'] as TFieldErrors) : undefined;
      return { ok: false, message: error, kind: reply.ok ? 'envelope' : 'http', status: reply.status, fieldErrors };
    }
    const payload = operation.response.safeParse(body['payload']);
    if (!payload.success) {
      return {
        ok: false,
        message: null,
        kind: 'response',
        status: reply.status,
        log: [`${operation.name}: the payload does not match the contract`, issuesText(payload.error)],
      };
    }
    // A reply without `nextCursor` (an operation that is not paged, or a server that sent all) has no next page.
    const nextCursor = z.optional(ZNextCursor).safeParse(body['nextCursor']);
    if (!nextCursor.success) {
      return {
        ok: false,
        message: null,
        kind: 'response',
        status: reply.status,
        log: [`${operation.name}: nextCursor is not a cursor`, issuesText(nextCursor.error)],
      };
    }
    return { ok: true, page: { payload: payload.data, nextCursor: nextCursor.data ?? null } };
  };

  const interpret = (operation: AnyOperation, reply: Reply): PageReply<unknown> => {
    const parsed = parse(operation, reply);
    if (parsed.ok) return parsed.page;
    if (parsed.log) console.error(...parsed.log);
    return fail(parsed.message, parsed.kind, parsed.status, parsed.fieldErrors);
  };

  // Prefetched replies by request URL, each for the token it was sent with; a call takes its entry once.
  const prefetched = new Map<string, PrefetchEntry>();

  /** The request of a prefetch or a seed: only a plain GET of a signed-in operation can be kept for a screen. */
  const preparePrefetch = (operation: AnyOperation, input: CallInput<AnyOperation>): PreparedRequest => {
    if (operation.method !== 'GET' || operation.auth !== 'user' || input.headers || input.signal) {
      throw new Error(`${operation.name}: only a plain GET of a signed-in operation can be prefetched.`);
    }
    return prepare(operation, input);
  };

  /** Keeps a prefetched reply for its URL; one nobody took is dropped once it is too old to be taken. */
  const remember = (url: string, entry: PrefetchEntry): void => {
    prefetched.set(url, entry);
    setTimeout(() => {
      if (prefetched.get(url) === entry) prefetched.delete(url);
    }, PREFETCH_TTL_MS);
  };

  const takePrefetched = (request: PreparedRequest, token: string | null): Promise<Reply> | null => {
    if (request.init.method !== 'GET' || !token) return null;
    const entry = prefetched.get(request.url);
    if (!entry) return null;
    prefetched.delete(request.url);
    return entry.token === token && nowMs() - entry.at <= PREFETCH_TTL_MS ? entry.reply : null;
  };

  const send = async (
    operation: AnyOperation,
    input: CallInput<AnyOperation> | undefined,
  ): Promise<PageReply<unknown>> => {
    const request = prepare(operation, input ?? ({} as CallInput<AnyOperation>));
    const needsToken = operation.auth === 'user';
    let token = needsToken ? await options.auth.getAccessToken() : null;
    if (needsToken && !token) return sessionLost();

    // A prefetch that failed on the way (network) is sent again, and reported as usual if that fails too.
    const early = takePrefetched(request, token);
    let reply = early ? await early.catch(() => exchange(request, token)) : await exchange(request, token);
    if (needsToken && reply.status === 401 && saysTokenExpired(reply.body)) {
      // Refresh once and retry once; a second 401 is reported like any other error.
      token = await refresh();
      if (!token) return sessionLost();
      reply = await exchange(request, token);
    }
    return interpret(operation, reply);
  };

  return {
    async call<O extends AnyOperation>(operation: O, input?: CallInput<O>): Promise<ResponseOf<O>> {
      return (await send(operation, input as CallInput<AnyOperation> | undefined)).payload as ResponseOf<O>;
    },
    async callPage<O extends AnyOperation>(operation: O, input?: CallInput<O>): Promise<PageReply<ResponseOf<O>>> {
      return (await send(operation, input as CallInput<AnyOperation> | undefined)) as PageReply<ResponseOf<O>>;
    },
    async prefetch<O extends AnyOperation>(
      operation: O,
      input?: CallInput<O>,
      { parts = [], onReply }: PrefetchOptions<ResponseOf<O>> = {},
    ): Promise<PageReply<ResponseOf<O>> | null> {
      const request = preparePrefetch(operation, (input ?? {}) as CallInput<AnyOperation>);
      const partRequests = parts.map((part) => ({ part, request: preparePrefetch(part.operation, part.input) }));
      const token = await options.auth.getAccessToken();
      if (!token) return null;
      let entry = prefetched.get(request.url);
      if (!entry || entry.token !== token || nowMs() - entry.at > PREFETCH_TTL_MS) {
        entry = { operation: operation.name, token, at: nowMs(), reply: exchangeQuietly(request, token) };
        remember(request.url, entry);
      }
      // The reply read once, for the caller and every part; a failure is null here (the screen reports it).
      const page = entry.reply.then(
        (reply) => {
          const parsed = parse(operation, reply);
          if (!parsed.ok) return null;
          const whole = parsed.page as PageReply<ResponseOf<O>>;
          try {
            onReply?.(whole.payload);
          } catch (error) {
            console.warn(`${operation.name}: its prefetched reply could not be kept.`, error);
          }
          return whole;
        },
        () => null,
      );
      for (const { part, request: partRequest } of partRequests) {
        const share = page.then((whole) => {
          const picked = whole ? part.pick(whole.payload) : null;
          return picked ? successReply(picked) : exchangeQuietly(partRequest, token);
        });
        remember(partRequest.url, { operation: part.operation.name, token, at: nowMs(), reply: share });
      }
      return page;
    },
    forgetPrefetched(operations: readonly AnyOperation[]): void {
      const names = new Set(operations.map((operation) => operation.name));
      for (const [url, entry] of prefetched) if (names.has(entry.operation)) prefetched.delete(url);
    },
  };
}

/** Multipart body for `form` operations: Blobs as files, everything else as text. */
function toFormData(body: unknown): FormData {
  const form = new FormData();
  if (!isRecord(body)) return form;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

let defaultClient: ApiClient | null = null;

/** Installs the app's client (done once at start, after the runtime config is loaded). */
export function configureApiClient(client: ApiClient): void {
  defaultClient = client;
}

/** Drops the app client's untaken prefetched replies of `operations` (none when no client is configured yet). */
export function forgetPrefetchedReplies(operations: readonly AnyOperation[]): void {
  defaultClient?.forgetPrefetched(operations);
}

/** The app's client; throws when called before start-up configured it. */
export function getApiClient(): ApiClient {
  if (!defaultClient) throw new Error('The API client is not configured yet.');
  return defaultClient;
}
