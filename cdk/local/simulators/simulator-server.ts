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

/** A failure the next matching requests get instead of the vendor's answer (`POST /__faults`). */
interface Fault {
  method: string;
  path: string;
  status: number;
  body: unknown;
  times: number;
}

/** Reads a fault from a `POST /__faults` body; null when it is malformed. */
function parseFault(input: Record<string, unknown>): Fault | null {
  const { method, path, status, body, times } = input;
  if (typeof method !== 'string' || typeof path !== 'string' || !path.startsWith('/')) return null;
  if (typeof status !== 'number' || status < 400 || status > 599) return null;
  const count = times === undefined ? 1 : times;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
  return { method: method.toUpperCase(), path, status, body: body ?? { message: 'Injected failure' }, times: count };
}

/**
 * A small vendor simulator: `GET /health` answers `{status:'ok', vendor}`, every reply allows any
 * origin (the browser talks to some of them: the card field, the CRM authorize page), unknown
 * routes answer 404 JSON, and a route that throws answers 500 with the message.
 *
 * Tests make a vendor fail on purpose with `POST /__faults {method, path, status, body?, times?}`:
 * the next `times` (default 1) requests with that method and a path matching `path` (`:name`
 * segments allowed) answer `status` with `body`; `DELETE /__faults` forgets them.
 *
 * Tests make a vendor slow on purpose, without sleeping, with `POST /__hold`: vendor requests then
 * wait until `POST /__release {count?}` lets the oldest `count` (default all) through, or
 * `DELETE /__hold` stops holding and lets every one through; `GET /__hold` says how many wait.
 * Neither is a vendor API: the double underscore keeps them apart from every vendor path.
 */
export function createSimulatorServer(vendor: string, routes: readonly SimRoute[], logger: Logger): Server {
  let faults: Fault[] = [];
  let holding = false;
  const held: Array<() => void> = [];
  const release = (count: number): number => {
    const released = held.splice(0, count);
    for (const go of released) go();
    return released.length;
  };
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
      if (url.pathname === '/__faults') {
        if (req.method === 'DELETE') {
          faults = [];
          return { status: 204 };
        }
        if (req.method === 'POST') {
          const body = await readBody(req, 64 * 1024);
          let input: unknown;
          try {
            input = JSON.parse(body.toString('utf8'));
          } catch {
            input = null;
          }
          const fault =
            typeof input === 'object' && input !== null ? parseFault(input as Record<string, unknown>) : null;
          if (!fault)
            return { status: 400, body: { message: 'Expected {method, path, status (4xx/5xx), body?, times?}' } };
          faults.push(fault);
          return { status: 201, body: { queued: fault.times } };
        }
      }
      if (url.pathname === '/__hold') {
        if (req.method === 'POST') holding = true;
        else if (req.method === 'DELETE') {
          holding = false;
          release(held.length);
        } else if (req.method !== 'GET') return { status: 405, body: { message: 'GET, POST or DELETE' } };
        return { status: 200, body: { holding, waiting: held.length } };
      }
      if (url.pathname === '/__release' && req.method === 'POST') {
        const input = JSON.parse((await readBody(req, 1024)).toString('utf8') || '{}') as { count?: unknown };
        const count = typeof input.count === 'number' && input.count >= 0 ? input.count : held.length;
        return { status: 200, body: { released: release(count), waiting: held.length } };
      }
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      const fault = faults.find((f) => f.method === req.method && matchPattern(f.path, url.pathname));
      if (fault) {
        fault.times -= 1;
        if (fault.times === 0) faults = faults.filter((f) => f !== fault);
        logger.debug(`${vendor}: injected ${fault.status} for ${req.method} ${url.pathname}`);
        return { status: fault.status, body: fault.body };
      }
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
