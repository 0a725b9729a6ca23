import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { kebabName } from '@bidgrid/shared/api/operation';
import { BodyTooLargeError, readBody, sendJson } from '../support/http';
import type { Logger } from '../support/logger';
import { paths } from '../support/paths';
import { handlerExists, invoke, lambdaContext, loadHandler } from './lambda-context';
import { LOCAL_STAGE } from './rest';

/** API Gateway WebSocket limits: 128 KB messages, 29 s integration timeout. */
export const WS_MAX_MESSAGE_BYTES = 128 * 1024;
const WS_TIMEOUT_MS = 29_000;

/** Route files that are not actions: a client cannot reach them by naming them. */
const RESERVED = new Set(['connect', 'disconnect', 'default']);

interface Connection {
  readonly id: string;
  readonly socket: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  readonly userAgent: string | null;
}

export interface WsGatewayOptions {
  /** The realtime events of the contract (`shared/src/realtime/events.ts`); only they have routes. */
  readonly events: readonly WsEventRoute[];
  readonly ready: Promise<void>;
  readonly logger: Logger;
  readonly logRequests: boolean;
  /** Where `connect.handler.ts`, `disconnect.handler.ts` and the action handlers live. */
  readonly handlersDir?: string;
}

export interface WsGateway {
  /** HTTP server: WebSocket upgrades at `/local`, management API at `/local/@connections/{id}`. */
  readonly server: Server;
  /** Ids of the open connections. */
  connectionIds(): string[];
  /** Closes every socket (without running $disconnect: the stack is going away). */
  closeAll(): void;
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
  /** A realtime event of the table whose handler file does not exist yet. */
  | { kind: 'not-implemented'; event: WsEventRoute }
  | { kind: 'default' }
  | { kind: 'none' };

/** The part of a realtime event definition the gateway routes by. */
export interface WsEventRoute {
  readonly name: string;
  readonly errorEvent: string;
}

/**
 * The route API Gateway would select (`$request.body.action`): a realtime event of the table
 * (routes exist only for those, as CDK builds them from the same table) whose handler file exists;
 * otherwise `$default` when `default.handler.ts` exists; otherwise none.
 */
export function selectRoute(
  body: string,
  events: ReadonlyMap<string, WsEventRoute>,
  exists: (routeFile: string) => boolean,
): WsRoute {
  let action: unknown;
  try {
    action = (JSON.parse(body) as { action?: unknown }).action;
  } catch {
    action = undefined;
  }
  const event = typeof action === 'string' ? events.get(action) : undefined;
  if (event && !RESERVED.has(kebabName(event.name))) {
    return exists(kebabName(event.name))
      ? { kind: 'action', routeKey: event.name }
      : { kind: 'not-implemented', event };
  }
  return exists('default') ? { kind: 'default' } : { kind: 'none' };
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
  const now = Date.now();
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
 * The local WebSocket API. `$connect` runs `ws/connect.handler.ts` with the upgrade request's
 * headers and query (the access token travels as `?token=`); a non-2xx reply rejects the upgrade
 * with that status. A message whose `action` is a realtime event goes to
 * `ws/<kebab(action)>.handler.ts` (or, while that file does not exist, gets the event's error reply
 * with 'Not implemented yet'); anything else goes to `$default`, else the client gets API
 * Gateway's `{"message":"Forbidden"}`. Handler return values are not sent back (no route
 * responses): handlers reply through the management API, as in the cloud.
 */
export function createWsGateway(options: WsGatewayOptions): WsGateway {
  const dir = options.handlersDir ?? paths.wsHandlers;
  const fileFor = (routeFile: string): string => join(dir, `${routeFile}.handler.ts`);
  const exists = (routeFile: string): boolean => handlerExists(fileFor(routeFile));
  const events = new Map(options.events.map((e) => [e.name, e]));
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_MESSAGE_BYTES });

  const run = async (routeKey: string, event: Record<string, unknown>, requestId: string): Promise<unknown> => {
    const routeFile = routeFileOf(routeKey);
    const handler = await loadHandler(fileFor(routeFile));
    const name = `bidgrid-local-ws-${routeFile}`;
    return invoke(handler, event, lambdaContext(name, WS_TIMEOUT_MS, requestId), WS_TIMEOUT_MS);
  };

  const onMessage = (connection: Connection, data: RawData, domainName: string): void => {
    connection.lastActiveAt = Date.now();
    const body = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    const requestId = randomUUID();
    const route = selectRoute(body, events, exists);
    if (route.kind === 'none') {
      connection.socket.send(JSON.stringify({ message: 'Forbidden', connectionId: connection.id, requestId }));
      return;
    }
    if (route.kind === 'not-implemented') {
      // As the REST gateway's 501: the contract has the event, the handler is still to come.
      connection.socket.send(
        JSON.stringify({ event: route.event.errorEvent, success: false, payload: null, error: 'Not implemented yet' }),
      );
      return;
    }
    const routeKey = route.kind === 'action' ? route.routeKey : '$default';
    const started = Date.now();
    const event = {
      requestContext: requestContext(connection, routeKey, 'MESSAGE', domainName, requestId),
      body,
      isBase64Encoded: false,
    };
    run(routeKey, event, requestId)
      .then(() => {
        if (options.logRequests) options.logger.info(`WS ${routeKey} ${connection.id} ${Date.now() - started}ms`);
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
    const now = Date.now();
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
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = { ...pending, socket: ws, lastActiveAt: Date.now() };
      connections.set(connection.id, connection);
      if (options.logRequests) options.logger.info(`WS $connect ${connection.id}`);
      ws.on('message', (data) => onMessage(connection, data, domainName));
      ws.on('close', (code, reason) => onClose(connection, code, reason, domainName));
      ws.on('error', (error) => options.logger.warn(`WS ${connection.id}: ${error.message}`));
    });
  };

  const server = createServer((req, res) => {
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
      for (const c of connections.values()) c.socket.terminate();
      connections.clear();
      wss.close();
    },
  };
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
