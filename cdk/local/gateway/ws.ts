import { nowMs } from '@bidgrid/shared/clock';
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { kebabName } from '@bidgrid/shared/api/operation';
import { CLOSE_MESSAGE_TOO_BIG, REALTIME_KEEP_ALIVE_ACTION, REALTIME_LIMITS } from '@bidgrid/shared/realtime/wire';
import { ENTRY_FILE_SUFFIX, REALTIME_TIMEOUT_SECONDS } from '@bidgrid/lambdas/manifest';
import { BodyTooLargeError, readBody, sendJson } from '../support/http';
import type { Logger } from '../support/logger';
import { paths } from '../support/paths';
import { handlerExists, invoke, lambdaContext, loadHandler } from './lambda-context';
import { LOCAL_STAGE } from './rest';

/** API Gateway WebSocket limits (`shared/src/realtime/wire.ts`): 128 KB messages, 32 KB frames. */
export const WS_MAX_MESSAGE_BYTES = REALTIME_LIMITS.maxMessageBytes;
export const WS_MAX_FRAME_BYTES = REALTIME_LIMITS.maxFrameBytes;
/**
 * How long a handler may run. API Gateway stops waiting for the integration after 29 s, but the
 * Lambda runs on to its own timeout (realtime events: minutes; `createCampaign` 15, as
 * `ws/timeouts.ts` tells CDK) and may still post to the connection; the gateway lets the in-process
 * handler run as long.
 */
const WS_HANDLER_TIMEOUT_MS = 300_000;
/** How long the handler of `routeKey` may run here: its Lambda's timeout. */
export const wsHandlerTimeoutMs = (routeKey: string): number =>
  REALTIME_TIMEOUT_SECONDS[routeKey] !== undefined ? REALTIME_TIMEOUT_SECONDS[routeKey] * 1000 : WS_HANDLER_TIMEOUT_MS;
/** Close code of an idle connection or one at the end of its lifetime (API Gateway: 1001 going away). */
export const CLOSE_GOING_AWAY = 1001;

/** Local-only control: `POST /__local/connections/drop` ends every socket, as a network loss would. */
export const LOCAL_DROP_PATH = '/__local/connections/drop';

/** Route files that are not actions: a client cannot reach them by naming them. */
const RESERVED = new Set(['connect', 'disconnect', 'default']);

interface Connection {
  readonly id: string;
  readonly socket: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  readonly userAgent: string | null;
  /** Set once a frame over the limit arrived: the socket is closing with 1009, nothing more is routed. */
  refused: boolean;
}

export interface WsGatewayOptions {
  /** The realtime events of the contract (`shared/src/realtime/events.ts`); only they have routes. */
  readonly events: readonly WsEventRoute[];
  readonly ready: Promise<void>;
  readonly logger: Logger;
  readonly logRequests: boolean;
  /** Where `connect.handler.ts`, `disconnect.handler.ts` and the action handlers live. */
  readonly handlersDir?: string;
  /** Idle timeout and lifetime of a connection (API Gateway: 10 minutes, 2 hours); tests shorten them. */
  readonly idleTimeoutMs?: number;
  readonly lifetimeMs?: number;
}

export interface WsGateway {
  /** HTTP server: WebSocket upgrades at `/local`, management API at `/local/@connections/{id}`. */
  readonly server: Server;
  /** Ids of the open connections. */
  connectionIds(): string[];
  /** Closes every socket (without running $disconnect: the stack is going away). */
  closeAll(): void;
  /** Ends every socket as a lost network would (or closes it with `code`); $disconnect runs. Returns how many. */
  dropAll(code?: number): number;
}

/** A connection id shaped like API Gateway's (15 characters and a trailing `=`, URL-encoded in paths). */
export function newConnectionId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 15; i++) id += alphabet[randomInt(alphabet.length)];
  return `${id}=`;
}

/** What a message is routed to. */
export type WsRoute =
  | { kind: 'action'; routeKey: string }
  /** The keep-alive: a mock integration in the cloud, answered by nobody. */
  | { kind: 'keep-alive' }
  | { kind: 'default' }
  | { kind: 'none' };

/** The part of a realtime event definition the gateway routes by. */
export interface WsEventRoute {
  readonly name: string;
  readonly errorEvent: string;
}

/**
 * The route API Gateway would select (`$request.body.action`), as CDK builds the routes from the
 * same table: a realtime event whose handler file exists; the keep-alive (mock integration);
 * otherwise `$default` when `default.handler.ts` exists (an event without a handler yet has no
 * route either); otherwise none.
 */
export function selectRoute(
  body: string,
  events: ReadonlyMap<string, WsEventRoute>,
  exists: (routeFile: string) => boolean,
): WsRoute {
  let action: unknown;
  try {
    action = (JSON.parse(body) as { action?: unknown } | null)?.action;
  } catch {
    action = undefined;
  }
  if (action === REALTIME_KEEP_ALIVE_ACTION) return { kind: 'keep-alive' };
  const event = typeof action === 'string' ? events.get(action) : undefined;
  if (event && !RESERVED.has(kebabName(event.name)) && exists(kebabName(event.name))) {
    return { kind: 'action', routeKey: event.name };
  }
  return exists('default') ? { kind: 'default' } : { kind: 'none' };
}

/**
 * Watches the raw bytes a client sends and calls `onTooBig` at the first frame whose payload is over
 * `maxFrameBytes`, as API Gateway refuses frames over 32 KB (ws itself only bounds whole messages).
 * Reads frame headers only (RFC 6455 §5.2: 7-bit, 16-bit or 64-bit length, then the mask) and skips
 * payloads.
 */
export function createFrameGuard(
  maxFrameBytes: number,
  onTooBig: (frameBytes: number) => void,
): (chunk: Buffer) => void {
  let header: number[] = [];
  let skip = 0;
  let tripped = false;
  return (chunk) => {
    let offset = 0;
    while (!tripped && offset < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - offset);
        skip -= n;
        offset += n;
        continue;
      }
      header.push(chunk[offset++] as number);
      if (header.length < 2) continue;
      const len7 = (header[1] as number) & 0x7f;
      const masked = ((header[1] as number) & 0x80) !== 0;
      const extended = len7 === 126 ? 2 : len7 === 127 ? 8 : 0;
      if (header.length < 2 + extended + (masked ? 4 : 0)) continue;
      const bytes = Buffer.from(header);
      const payload = len7 < 126 ? len7 : len7 === 126 ? bytes.readUInt16BE(2) : Number(bytes.readBigUInt64BE(2));
      header = [];
      if (payload > maxFrameBytes) {
        tripped = true;
        onTooBig(payload);
        return;
      }
      skip = payload;
    }
  };
}

const routeFileOf = (routeKey: string): string =>
  routeKey === '$connect'
    ? 'connect'
    : routeKey === '$disconnect'
      ? 'disconnect'
      : routeKey === '$default'
        ? 'default'
        : kebabName(routeKey);

/** The `requestContext` of API Gateway WebSocket events. */
function requestContext(
  connection: Pick<Connection, 'id' | 'connectedAt' | 'sourceIp' | 'userAgent'>,
  routeKey: string,
  eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
  domainName: string,
  requestId: string,
): Record<string, unknown> {
  const now = nowMs();
  return {
    routeKey,
    eventType,
    ...(eventType === 'MESSAGE' ? { messageId: randomUUID() } : {}),
    extendedRequestId: requestId,
    requestTime: new Date(now).toUTCString(),
    messageDirection: 'IN',
    stage: LOCAL_STAGE,
    connectedAt: connection.connectedAt,
    requestTimeEpoch: now,
    identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    requestId,
    domainName,
    connectionId: connection.id,
    apiId: 'local',
  };
}

function headersOf(req: IncomingMessage): { headers: Record<string, string>; multi: Record<string, string[]> } {
  const headers: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const value = req.rawHeaders[i + 1] as string;
    headers[name] = value;
    (multi[name] ??= []).push(value);
  }
  return { headers, multi };
}

const statusOf = (result: unknown): number =>
  typeof result === 'object' && result !== null && typeof (result as { statusCode?: unknown }).statusCode === 'number'
    ? (result as { statusCode: number }).statusCode
    : 200;

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}

/**
 * The local WebSocket API, as API Gateway behaves. `$connect` runs `ws/connect.handler.ts` with
 * the upgrade request's headers and query (the access token travels as `?token=`); a non-2xx reply
 * rejects the upgrade with that status. A message whose `action` is a realtime event with a handler
 * goes to `ws/<kebab(action)>.handler.ts`; `keepAlive` goes nowhere (a mock integration in the
 * cloud) but counts as traffic; anything else (not JSON, unknown action, an event still without a
 * handler) goes to `$default`, else the client gets API Gateway's `{"message":"Forbidden"}`.
 * Handler return values are not sent back (no route responses): handlers reply through the
 * management API, as in the cloud. A frame over 32 KB or a message over 128 KB closes the
 * connection with 1009; a connection idle for 10 minutes or open for 2 hours is closed with 1001.
 * None of it stops the gateway: other connections go on.
 */
export function createWsGateway(options: WsGatewayOptions): WsGateway {
  const dir = options.handlersDir ?? paths.wsHandlers;
  const fileFor = (routeFile: string): string => join(dir, `${routeFile}${ENTRY_FILE_SUFFIX.ws}`);
  const exists = (routeFile: string): boolean => handlerExists(fileFor(routeFile));
  const events = new Map(options.events.map((e) => [e.name, e]));
  const connections = new Map<string, Connection>();
  // No permessage-deflate: API Gateway does not negotiate it, and frame sizes must be the real ones.
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_MESSAGE_BYTES, perMessageDeflate: false });
  const idleTimeoutMs = options.idleTimeoutMs ?? REALTIME_LIMITS.idleTimeoutMs;
  const lifetimeMs = options.lifetimeMs ?? REALTIME_LIMITS.connectionLifetimeMs;

  const run = async (routeKey: string, event: Record<string, unknown>, requestId: string): Promise<unknown> => {
    const routeFile = routeFileOf(routeKey);
    const handler = await loadHandler(fileFor(routeFile));
    const name = `bidgrid-local-ws-${routeFile}`;
    const timeoutMs = wsHandlerTimeoutMs(routeKey);
    return invoke(handler, event, lambdaContext(name, timeoutMs, requestId), timeoutMs);
  };

  // API Gateway's idle timeout and lifetime; checked often enough for the shortened test values.
  const sweeper = setInterval(
    () => {
      const now = nowMs();
      for (const c of connections.values()) {
        if (c.socket.readyState !== WebSocket.OPEN) continue;
        if (now - c.lastActiveAt >= idleTimeoutMs) c.socket.close(CLOSE_GOING_AWAY, 'Idle timeout');
        else if (now - c.connectedAt >= lifetimeMs) c.socket.close(CLOSE_GOING_AWAY, 'Connection lifetime reached');
      }
    },
    Math.max(50, Math.min(30_000, Math.floor(Math.min(idleTimeoutMs, lifetimeMs) / 4))),
  );
  sweeper.unref();

  const onMessage = (connection: Connection, data: RawData, domainName: string): void => {
    if (connection.refused) return;
    connection.lastActiveAt = nowMs();
    const body = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const requestId = randomUUID();
    const route = selectRoute(body, events, exists);
    if (route.kind === 'keep-alive') return;
    if (route.kind === 'none') {
      connection.socket.send(JSON.stringify({ message: 'Forbidden', connectionId: connection.id, requestId }));
      return;
    }
    const routeKey = route.kind === 'action' ? route.routeKey : '$default';
    const started = performance.now();
    const event = {
      requestContext: requestContext(connection, routeKey, 'MESSAGE', domainName, requestId),
      body,
      isBase64Encoded: false,
    };
    run(routeKey, event, requestId)
      .then(() => {
        if (options.logRequests)
          options.logger.info(`WS ${routeKey} ${connection.id} ${Math.round(performance.now() - started)}ms`);
      })
      .catch((error: unknown) => {
        options.logger.error(`WS ${routeKey} handler failed`, error);
        if (connection.socket.readyState === WebSocket.OPEN) {
          connection.socket.send(
            JSON.stringify({ message: 'Internal server error', connectionId: connection.id, requestId }),
          );
        }
      });
  };

  const onClose = (connection: Connection, code: number, reason: Buffer, domainName: string): void => {
    if (!connections.delete(connection.id)) return;
    if (!exists('disconnect')) return;
    const requestId = randomUUID();
    const event = {
      headers: {},
      multiValueHeaders: {},
      requestContext: {
        ...requestContext(connection, '$disconnect', 'DISCONNECT', domainName, requestId),
        disconnectStatusCode: code,
        disconnectReason: reason.toString('utf8'),
      },
      isBase64Encoded: false,
    };
    run('$disconnect', event, requestId).catch((error: unknown) =>
      options.logger.error('WS $disconnect handler failed', error),
    );
  };

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    await options.ready;
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== `/${LOCAL_STAGE}` && url.pathname !== `/${LOCAL_STAGE}/`) {
      rejectUpgrade(socket, 404, 'Not Found');
      return;
    }
    const domainName = req.headers.host ?? '127.0.0.1';
    const { headers, multi } = headersOf(req);
    const query: Record<string, string> = {};
    const multiQuery: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) {
      query[k] = v;
      (multiQuery[k] ??= []).push(v);
    }
    const now = nowMs();
    const pending = {
      id: newConnectionId(),
      connectedAt: now,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: req.headers['user-agent'] ?? null,
    };
    if (exists('connect')) {
      const requestId = randomUUID();
      const event = {
        headers,
        multiValueHeaders: multi,
        ...(Object.keys(query).length > 0
          ? { queryStringParameters: query, multiValueQueryStringParameters: multiQuery }
          : {}),
        requestContext: requestContext(pending, '$connect', 'CONNECT', domainName, requestId),
        isBase64Encoded: false,
      };
      let status: number;
      try {
        status = statusOf(await run('$connect', event, requestId));
      } catch (error) {
        options.logger.error('WS $connect handler failed', error);
        status = 500;
      }
      if (status < 200 || status >= 300) {
        if (options.logRequests) options.logger.info(`WS $connect refused ${status}`);
        rejectUpgrade(socket, status, status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Error');
        return;
      }
    }
    let connection: Connection | undefined;
    const guard = createFrameGuard(WS_MAX_FRAME_BYTES, (frameBytes) => {
      if (!connection) return;
      connection.refused = true;
      options.logger.warn(
        `WS ${connection.id}: frame of ${frameBytes} bytes over ${WS_MAX_FRAME_BYTES}, closing with 1009`,
      );
      connection.socket.close(CLOSE_MESSAGE_TOO_BIG, 'Message too big');
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      const opened: Connection = { ...pending, socket: ws, lastActiveAt: nowMs(), refused: false };
      connection = opened;
      connections.set(opened.id, opened);
      if (options.logRequests) options.logger.info(`WS $connect ${opened.id}`);
      ws.on('message', (data) => onMessage(opened, data, domainName));
      ws.on('close', (code, reason) => onClose(opened, code, reason, domainName));
      ws.on('error', (error) => options.logger.warn(`WS ${opened.id}: ${error.message}`));
      // ws put `head` back on the socket and reads it on the next tick: this listener sees it too.
      socket.on('data', guard);
    });
  };

  const dropAll = (code?: number): number => {
    const open = [...connections.values()].filter((c) => c.socket.readyState === WebSocket.OPEN);
    for (const c of open) {
      if (code === undefined) c.socket.terminate();
      else c.socket.close(code, 'Dropped by the local control');
    }
    return open.length;
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path === LOCAL_DROP_PATH) {
      dropControl(req, res, dropAll).catch((error: unknown) => {
        options.logger.error('WS drop control failed', error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      });
      return;
    }
    options.ready
      .then(() => manage(req, res, connections))
      .catch((error: unknown) => {
        options.logger.error(`WS management ${req.method} ${req.url} failed`, error);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(req, socket, head).catch((error: unknown) => {
      options.logger.error('WS upgrade failed', error);
      rejectUpgrade(socket, 500, 'Internal Server Error');
    });
  });

  return {
    server,
    connectionIds: () => [...connections.keys()],
    closeAll: () => {
      clearInterval(sweeper);
      for (const c of connections.values()) c.socket.terminate();
      connections.clear();
      wss.close();
    },
    dropAll,
  };
}

/** Close codes an endpoint may put in a close frame (RFC 6455 §7.4; 1004-1006 and 1015 are reserved). */
const SENDABLE_CLOSE_CODE = (code: number): boolean =>
  Number.isInteger(code) &&
  ((code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999));

/**
 * `POST /__local/connections/drop {code?}`: ends every open socket, abruptly (the client sees 1006,
 * as when a network goes) or with a close `code` (e.g. 1001 as API Gateway's idle timeout). Local
 * stack only, loopback only, for tests of reconnection; API Gateway has no such route.
 */
async function dropControl(
  req: IncomingMessage,
  res: ServerResponse,
  dropAll: (code?: number) => number,
): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 405, { message: 'Method Not Allowed' });
    return;
  }
  const text = (await readBody(req, 1024)).toString('utf8');
  let code: number | undefined;
  try {
    const input = (text ? JSON.parse(text) : {}) as { code?: unknown };
    if (input.code !== undefined) {
      if (typeof input.code !== 'number' || !SENDABLE_CLOSE_CODE(input.code)) {
        sendJson(res, 400, {
          message: 'code must be a close code a server may send (1000-1003, 1007-1014, 3000-4999)',
        });
        return;
      }
      code = input.code;
    }
  } catch {
    sendJson(res, 400, { message: 'Expected JSON {code?}' });
    return;
  }
  sendJson(res, 200, { dropped: dropAll(code) });
}

/** Error replies of the management API; the SDK builds its exception from `x-amzn-errortype`. */
function gone(res: ServerResponse): void {
  sendJson(res, 410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
}

/**
 * `POST|GET|DELETE /local/@connections/{id}`, as API Gateway's management API: POST sends the body
 * to the socket as a text frame, GET describes the connection, DELETE closes it ($disconnect runs).
 */
async function manage(req: IncomingMessage, res: ServerResponse, connections: Map<string, Connection>): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  const match = new RegExp(`^/${LOCAL_STAGE}/@connections/([^/]+)$`).exec(url.pathname);
  if (!match) {
    if (url.pathname === `/${LOCAL_STAGE}` || url.pathname === `/${LOCAL_STAGE}/`) {
      sendJson(res, 426, { message: 'Upgrade Required' });
      return;
    }
    sendJson(res, 404, { message: 'Not Found' });
    return;
  }
  const id = decodeURIComponent(match[1] as string);
  const connection = connections.get(id);
  const open = connection && connection.socket.readyState === WebSocket.OPEN ? connection : undefined;
  switch (req.method) {
    case 'POST': {
      let data: Buffer;
      try {
        data = await readBody(req, WS_MAX_MESSAGE_BYTES);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          sendJson(res, 413, { message: 'Payload too large' }, { 'x-amzn-errortype': 'PayloadTooLargeException' });
          return;
        }
        throw error;
      }
      if (!open) return gone(res);
      await new Promise<void>((resolve, reject) =>
        open.socket.send(data.toString('utf8'), (error) => (error ? reject(error) : resolve())),
      );
      res.writeHead(200, { 'content-length': '0' });
      res.end();
      return;
    }
    case 'GET':
      if (!open) return gone(res);
      // The management API's JSON names are camelCase (the SDK maps them to ConnectedAt, ...).
      sendJson(res, 200, {
        connectedAt: new Date(open.connectedAt).toISOString(),
        identity: { sourceIp: open.sourceIp, userAgent: open.userAgent },
        lastActiveAt: new Date(open.lastActiveAt).toISOString(),
      });
      return;
    case 'DELETE':
      if (!open) return gone(res);
      open.socket.close(1000, 'Connection deleted');
      res.writeHead(204);
      res.end();
      return;
    default:
      sendJson(res, 405, { message: 'Method Not Allowed' });
  }
}
