import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { BodyTooLargeError, readBody } from '../support/http';
import type { Logger } from '../support/logger';

/** One request as a simulator route sees it. */
export interface SimRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** `:name` segments of the route pattern, URL-decoded. */
  readonly params: Record<string, string>;
  /** The body parsed as JSON (an empty object when empty or not JSON). */
  json(): Record<string, unknown>;
}

/** A reply: JSON `body`, or `html`, or a redirect via `headers.location`. */
export interface SimReply {
  readonly status: number;
  readonly body?: unknown;
  readonly html?: string;
  readonly headers?: Record<string, string | string[]>;
}

export interface SimRoute {
  readonly method: string;
  /** Path with `:name` segments, e.g. `/rest/:entity/:id`. */
  readonly pattern: string;
  handle(req: SimRequest): SimReply | Promise<SimReply>;
}

/** Matches `/a/:b` against `/a/x`; returns params or null. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const a = path.split('/');
  if (p.length !== a.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] as string;
    const actual = a[i] as string;
    if (seg.startsWith(':')) {
      if (!actual) return null;
      params[seg.slice(1)] = decodeURIComponent(actual);
    } else if (seg !== actual) return null;
  }
  return params;
}

/**
 * A small vendor simulator: `GET /health` answers `{status:'ok', vendor}`, every reply allows any
 * origin (the browser talks to some of them: the card field, the CRM authorize page), unknown
 * routes answer 404 JSON, and a route that throws answers 500 with the message.
 */
export function createSimulatorServer(vendor: string, routes: readonly SimRoute[], logger: Logger): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    };
    const reply = (r: SimReply): void => {
      const headers: Record<string, string | string[]> = { ...cors, ...r.headers };
      if (r.html !== undefined) {
        headers['content-type'] = 'text/html; charset=utf-8';
        res.writeHead(r.status, headers);
        res.end(r.html);
        return;
      }
      if (r.body === undefined) {
        res.writeHead(r.status, headers);
        res.end();
        return;
      }
      headers['content-type'] ??= 'application/json';
      res.writeHead(r.status, headers);
      res.end(JSON.stringify(r.body));
    };
    if (req.method === 'OPTIONS') return reply({ status: 204 });
    if (req.method === 'GET' && url.pathname === '/health')
      return reply({ status: 200, body: { status: 'ok', vendor } });

    const run = async (): Promise<SimReply> => {
      for (const route of routes) {
        if (route.method !== req.method) continue;
        const params = matchPattern(route.pattern, url.pathname);
        if (!params) continue;
        const body = await readBody(req, 50 * 1024 * 1024);
        let parsed: Record<string, unknown> | undefined;
        return route.handle({
          method: req.method,
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
          params,
          json: () => {
            if (parsed) return parsed;
            try {
              const value: unknown = body.length ? JSON.parse(body.toString('utf8')) : {};
              parsed =
                typeof value === 'object' && value !== null && !Array.isArray(value)
                  ? (value as Record<string, unknown>)
                  : {};
            } catch {
              parsed = {};
            }
            return parsed;
          },
        });
      }
      return { status: 404, body: { message: `No route for ${req.method} ${url.pathname}` } };
    };
    run()
      .then(reply)
      .catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) return reply({ status: 413, body: { message: error.message } });
        logger.error(`${vendor} ${req.method} ${url.pathname}`, error);
        reply({ status: 500, body: { message: error instanceof Error ? error.message : 'Internal error' } });
      });
  });
}
