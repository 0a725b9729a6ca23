import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
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
 * A failure the next matching requests get instead of the vendor's answer (`POST /__faults`):
 * after `delayMs` (latency), either `status` with `body`, the route's own answer (`status` left
 * out: latency alone), or no answer at all (`timeout: true`: the request is held open until
 * `DELETE /__faults` drops it, as a vendor that never answers).
 */
interface Fault {
  method: string;
  path: string;
  status: number | undefined;
  body: unknown;
  delayMs: number;
  timeout: boolean;
  /** The request is done as usual, but its reply never leaves (held like a timeout's). */
  lostReply: boolean;
  times: number;
}

/** Longest injected latency: a test that wants longer means a timeout (`timeout: true`). */
const MAX_DELAY_MS = 60_000;

/** Reads a fault from a `POST /__faults` body; null when it is malformed. */
function parseFault(input: Record<string, unknown>): Fault | null {
  const { method, path, status, body, times, delayMs, timeout, lostReply } = input;
  if (typeof method !== 'string' || typeof path !== 'string' || !path.startsWith('/')) return null;
  if (status !== undefined && (typeof status !== 'number' || status < 400 || status > 599)) return null;
  const delay = delayMs === undefined ? 0 : delayMs;
  if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_MS) return null;
  if (timeout !== undefined && typeof timeout !== 'boolean') return null;
  if (lostReply !== undefined && typeof lostReply !== 'boolean') return null;
  // A fault must do something: fail, be slow, never answer, or lose its answer.
  if (status === undefined && delay === 0 && timeout !== true && lostReply !== true) return null;
  // A lost reply is the route's own answer, made and withheld: no status of its own.
  if (lostReply === true && (status !== undefined || timeout === true)) return null;
  const count = times === undefined ? 1 : times;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
  return {
    method: method.toUpperCase(),
    path,
    status,
    body,
    delayMs: delay,
    timeout: timeout === true,
    lostReply: lostReply === true,
    times: count,
  };
}

/** The environment variable naming the directory where simulators record every reply they give. */
export const SIM_RECORD_DIR_ENV = 'BIDGRID_SIM_RECORD_DIR';

/** One reply a simulator gave, as recorded (one JSON line each in `<dir>/<vendor>-<pid>.jsonl`). */
export interface RecordedReply {
  readonly vendor: string;
  readonly method: string;
  /** The route pattern that answered; null when no route did (unknown route, fault, crash). */
  readonly pattern: string | null;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

/** Options of a simulator server; every one has a default. */
export interface SimulatorServerOptions {
  /**
   * The vendor's error body for a reply the simulator itself makes (unknown route, injected fault
   * without a body, a handler that throws, a body too large), given the request's path for vendors
   * with more than one API behind one simulator. Default: `{message}`.
   */
  readonly errorBody?: (status: number, message: string, path: string) => unknown;
  /** Where to record every reply; default: the directory in `BIDGRID_SIM_RECORD_DIR`, if set. */
  readonly recordDir?: string;
}

const defaultErrorBody = (_status: number, message: string): unknown => ({ message });

/**
 * A small vendor simulator: `GET /health` answers `{status:'ok', vendor}`, every reply allows any
 * origin (the browser talks to some of them: the card field, the CRM authorize page), unknown
 * routes answer 404, a route that throws answers 500, both in the vendor's error shape
 * (`options.errorBody`).
 *
 * Tests make a vendor fail on purpose with `POST /__faults {method, path, status?, body?, times?,
 * delayMs?, timeout?, lostReply?}`: the next `times` (default 1) requests with that method and a
 * path matching `path` (`:name` segments allowed) wait `delayMs`, then answer `status` with `body`
 * (default: the vendor's error body), or the route's own answer when `status` is left out, or
 * nothing at all with `timeout: true` (held open until `DELETE /__faults`, which forgets every fault
 * and drops those requests' connections), or, with `lostReply: true`, are done as usual while their
 * answer is held like a timeout's (the vendor did it; the caller never hears so).
 *
 * Tests make a vendor slow on purpose, without sleeping, with `POST /__hold`: vendor requests then
 * wait until `POST /__release {count?}` lets the oldest `count` (default all) through, or
 * `DELETE /__hold` stops holding and lets every one through; `GET /__hold` says how many wait.
 * Neither is a vendor API: the double underscore keeps them apart from every vendor path.
 *
 * With a record directory, every vendor reply is appended to `<dir>/<vendor>-<pid>.jsonl` (method,
 * route pattern, status, body), so a test can hold each one against the vendor's description.
 */
export function createSimulatorServer(
  vendor: string,
  routes: readonly SimRoute[],
  logger: Logger,
  options: SimulatorServerOptions = {},
): Server {
  const errorBody = options.errorBody ?? defaultErrorBody;
  const recordDir = options.recordDir ?? process.env[SIM_RECORD_DIR_ENV];
  const recordFile = recordDir ? join(recordDir, `${vendor}-${process.pid}.jsonl`) : undefined;
  if (recordDir) mkdirSync(recordDir, { recursive: true });
  let faults: Fault[] = [];
  let holding = false;
  const held: Array<() => void> = [];
  /** Responses of `timeout` faults, never answered; dropped by `DELETE /__faults`. */
  const hung = new Set<ServerResponse>();
  const release = (count: number): number => {
    const released = held.splice(0, count);
    for (const go of released) go();
    return released.length;
  };
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const failure = (status: number, message: string): SimReply => ({
      status,
      body: errorBody(status, message, url.pathname),
    });
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
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

    /** The route pattern that answered this request, if one did. */
    let answeredBy: string | null = null;
    /** Set by a `lostReply` fault: the route runs, its reply is withheld. */
    let withhold = false;
    const control = url.pathname.startsWith('/__');
    const record = (r: SimReply): void => {
      if (!recordFile || control) return;
      const entry: RecordedReply = {
        vendor,
        method: req.method ?? 'GET',
        pattern: answeredBy,
        path: url.pathname,
        status: r.status,
        body: r.html !== undefined ? null : (r.body ?? null),
      };
      try {
        appendFileSync(recordFile, `${JSON.stringify(entry)}\n`);
      } catch (error) {
        logger.warn(`${vendor}: could not record a reply: ${String(error)}`);
      }
    };

    const run = async (): Promise<SimReply | null> => {
      if (url.pathname === '/__faults') {
        if (req.method === 'DELETE') {
          faults = [];
          for (const response of hung) response.destroy();
          hung.clear();
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
          if (!fault) {
            return {
              status: 400,
              body: {
                message: `Expected {method, path, status (4xx/5xx)?, body?, times?, delayMs (0-${MAX_DELAY_MS})?, timeout?, lostReply?}, doing at least one of status, delayMs, timeout, lostReply`,
              },
            };
          }
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
        if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        if (fault.timeout) {
          logger.debug(`${vendor}: injected timeout for ${req.method} ${url.pathname}`);
          hung.add(res);
          res.on('close', () => hung.delete(res));
          return null;
        }
        if (fault.lostReply) {
          logger.debug(`${vendor}: injected lost reply for ${req.method} ${url.pathname}`);
          withhold = true;
        }
        if (fault.status !== undefined) {
          logger.debug(`${vendor}: injected ${fault.status} for ${req.method} ${url.pathname}`);
          return fault.body === undefined
            ? failure(fault.status, 'Injected failure')
            : { status: fault.status, body: fault.body };
        }
      }
      for (const route of routes) {
        if (route.method !== req.method) continue;
        const params = matchPattern(route.pattern, url.pathname);
        if (!params) continue;
        const body = await readBody(req, 50 * 1024 * 1024);
        let parsed: Record<string, unknown> | undefined;
        answeredBy = route.pattern;
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
      return failure(404, `No route for ${req.method} ${url.pathname}`);
    };
    const send = (r: SimReply): void => {
      record(r);
      reply(r);
    };
    run()
      .then((r) => {
        if (!r) return;
        if (withhold) {
          // Done and recorded, never sent: the caller times out not knowing it happened.
          record(r);
          hung.add(res);
          res.on('close', () => hung.delete(res));
          return;
        }
        send(r);
      })
      .catch((error: unknown) => {
        // A crash is the simulator's reply, not the route's: recorded without a route pattern.
        answeredBy = null;
        if (error instanceof BodyTooLargeError) return send(failure(413, error.message));
        logger.error(`${vendor} ${req.method} ${url.pathname}`, error);
        send(failure(500, error instanceof Error ? error.message : 'Internal error'));
      });
  });
}
