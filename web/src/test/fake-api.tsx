import { ApolloProvider } from '@apollo/client/react';
import type { ReactElement, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { compareTemplates, matchPath, type AnyOperation } from '@bidgrid/shared/api/operation';
import { operations } from '@bidgrid/shared/api/operations';
import { configureApiClient, createApiClient, getApiClient } from '@/lib/api/api-client';
import { createApolloClient } from '@/lib/api/apollo-client';
import type { SessionContextValue } from '@/lib/session/session-context';
import { renderRoutes, testConfig } from './render';

/** One request as a fake operation handler sees it. */
export interface FakeRequest {
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  readonly body: unknown;
  /** The request's headers, names in lower case. */
  readonly headers: Record<string, string>;
}

/**
 * What a fake handler answers: a payload (success; a paged list's page may say where the next starts), or
 * an error text with a status.
 */
export type FakeReply = { payload: unknown; nextCursor?: string | null } | { error: string; status?: number };

/** Handlers by operation name; a function may return a promise to hold the reply back. */
export type FakeHandlers = Partial<Record<string, (request: FakeRequest) => FakeReply | Promise<FakeReply>>>;

/** Handlers for other origins (vendor simulators the browser talks to), by `METHOD path`. */
export type FakeOtherHandlers = Partial<
  Record<string, (request: { body: string; headers: Headers }) => { status: number; json: unknown }>
>;

/** A call the page made to the API, for assertions. */
export interface RecordedCall {
  readonly operation: string;
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  readonly body: unknown;
  /** The request's headers, names in lower case. */
  readonly headers: Record<string, string>;
}

const sortedOperations = [...operations].sort((a, b) => compareTemplates(a.path, b.path));

function findOperation(
  method: string,
  path: string,
): { operation: AnyOperation; params: Record<string, string> } | null {
  for (const operation of sortedOperations) {
    if (operation.method !== method) continue;
    const params = matchPath(operation.path, path);
    if (params) return { operation, params };
  }
  return null;
}

/**
 * An XMLHttpRequest (what uploads use, for their byte progress) answered by the fake fetch: the request
 * goes to the same routes, and the upload reports half the body, then all of it, before the reply.
 */
function fakeXhrOver(fetchImpl: typeof fetch) {
  return class FakeXhr {
    status = 0;
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }

    send(body: Blob | null): void {
      const total = body?.size ?? 0;
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
      void (async () => {
        progress(Math.floor(total / 2));
        try {
          const response = await fetchImpl(this.url, { method: this.method, headers: this.headers, body });
          progress(total);
          this.status = response.status;
          this.onload?.();
        } catch {
          this.onerror?.();
        }
      })();
    }
  };
}

/**
 * A fake REST API over the shared operation table for page tests: requests are routed by method and
 * path to `handlers[operation.name]` and recorded; replies are wrapped in the envelope. The same fetch
 * (also installed globally) answers `others` for vendor URLs such as the payments simulator. The app's
 * API client and an Apollo client over the real operation link are wired to it.
 */
export function createFakeApi(handlers: FakeHandlers, others: FakeOtherHandlers = {}) {
  const calls: RecordedCall[] = [];
  const apiBase = new URL(testConfig.apiUrl);
  const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const text =
      typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : '';
    if (url.origin !== apiBase.origin) {
      const other = others[`${method} ${url.pathname}`];
      if (!other) return new Response(JSON.stringify({ message: 'No fake route' }), { status: 404 });
      const reply = other({ body: text, headers: new Headers(init?.headers) });
      return new Response(JSON.stringify(reply.json), { status: reply.status });
    }
    const found = findOperation(method, url.pathname);
    if (!found) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404 });
    const request: FakeRequest = {
      params: found.params,
      query: Object.fromEntries(url.searchParams),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: Object.fromEntries(new Headers(init?.headers)),
    };
    calls.push({ operation: found.operation.name, ...request });
    const handler = handlers[found.operation.name];
    if (!handler) return new Response(JSON.stringify({ message: 'Not implemented' }), { status: 501 });
    const reply = await handler(request);
    if ('payload' in reply) {
      const next = reply.nextCursor === undefined ? {} : { nextCursor: reply.nextCursor };
      return new Response(JSON.stringify({ success: true, payload: reply.payload, error: null, ...next }), {
        status: 200,
      });
    }
    return new Response(JSON.stringify({ success: false, payload: null, error: reply.error }), {
      status: reply.status ?? 400,
    });
  });
  vi.stubGlobal('fetch', fetchImpl);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchImpl));
  const onApiError = vi.fn<(message: string) => void>();
  const api = createApiClient({
    apiUrl: testConfig.apiUrl,
    auth: {
      getAccessToken: async () => 'token',
      refreshAccessToken: async () => 'token',
      onSessionLost: () => undefined,
    },
    onApiError,
    fetch: fetchImpl,
  });
  configureApiClient(api);
  const apollo = createApolloClient(api);
  const callsOf = (operation: string): RecordedCall[] => calls.filter((call) => call.operation === operation);
  return { fetch: fetchImpl, calls, callsOf, onApiError, apollo };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/**
 * Renders a page with the Apollo client of a fake API (plus the design system, config and session).
 * `route` is the router pattern (default: `path` without its query), `path` the address opened first.
 */
export function renderWithApi(
  api: FakeApi,
  element: ReactElement,
  options: { path: string; route?: string; session: SessionContextValue; extraRoutes?: RouteObject[] },
) {
  const withApollo = (child: ReactNode): ReactElement => <ApolloProvider client={api.apollo}>{child}</ApolloProvider>;
  return renderRoutes(
    [
      { path: options.route ?? (options.path.split('?')[0] as string), element: withApollo(element) },
      ...(options.extraRoutes ?? []).map((route) => ({ ...route, element: withApollo(route.element) })),
    ],
    { path: options.path, session: options.session },
  );
}

/**
 * Wraps a page in a fresh data cache over whatever API client the test configured itself (tests that
 * fake `fetch` on their own rather than through `createFakeApi`).
 */
export function withConfiguredApi(element: ReactElement): ReactElement {
  const apollo = createApolloClient({
    call: (operation, input) => getApiClient().call(operation, input),
    callPage: (operation, input) => getApiClient().callPage(operation, input),
  });
  return <ApolloProvider client={apollo}>{element}</ApolloProvider>;
}
