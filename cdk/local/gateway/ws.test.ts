import { fileURLToPath } from 'node:url';
import {
  ApiGatewayManagementApiClient,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { recordedWsEvents } from '../test-fixtures/ws/recorder';
import { createLogger } from '../support/logger';
import { listen } from '../support/ports';
import { createWsGateway, newConnectionId, selectRoute, type WsGateway } from './ws';

/** The fixture events: `ping` has a handler file, `later` does not. */
const EVENTS = [
  { name: 'ping', errorEvent: 'pong' },
  { name: 'later', errorEvent: 'laterError' },
];

describe('selectRoute', () => {
  const events = new Map(
    [...EVENTS, { name: 'getHubSpotLists', errorEvent: 'retrievedLists' }, { name: 'connect', errorEvent: 'x' }].map(
      (e) => [e.name, e],
    ),
  );
  const files = new Set(['ping', 'get-hub-spot-lists', 'stray', 'connect']);
  const exists = (f: string): boolean => files.has(f);

  it('routes a realtime event of the table to its handler file', () => {
    expect(selectRoute('{"action":"ping"}', events, exists)).toEqual({ kind: 'action', routeKey: 'ping' });
    expect(selectRoute('{"action":"getHubSpotLists","data":{}}', events, exists)).toEqual({
      kind: 'action',
      routeKey: 'getHubSpotLists',
    });
  });

  it('says when an event of the table has no handler yet', () => {
    expect(selectRoute('{"action":"later"}', events, exists)).toEqual({
      kind: 'not-implemented',
      event: { name: 'later', errorEvent: 'laterError' },
    });
  });

  it('falls back to $default, or to nothing when there is no default handler', () => {
    expect(selectRoute('{"action":"stray"}', events, exists)).toEqual({ kind: 'none' });
    expect(selectRoute('not json', events, exists)).toEqual({ kind: 'none' });
    expect(selectRoute('{"action":"unknown"}', events, (f) => f === 'default')).toEqual({ kind: 'default' });
  });

  it('never lets a client name the connect, disconnect or default routes', () => {
    expect(selectRoute('{"action":"connect"}', events, () => true)).toEqual({ kind: 'default' });
  });

  it('makes ids shaped like API Gateway connection ids', () => {
    expect(newConnectionId()).toMatch(/^[A-Za-z0-9]{15}=$/);
  });
});

describe('WebSocket gateway', () => {
  let gateway: WsGateway;
  let port: number;

  beforeAll(async () => {
    gateway = createWsGateway({
      events: EVENTS,
      ready: Promise.resolve(),
      logger: createLogger('silent'),
      logRequests: false,
      handlersDir: fileURLToPath(new URL('../test-fixtures/ws', import.meta.url)),
    });
    port = await listen(gateway.server, 0, 'test ws gateway');
  });
  afterAll(async () => {
    gateway.closeAll();
    await new Promise<void>((r) => gateway.server.close(() => r()));
  });

  /** Opens a socket; resolves once open, or with the HTTP status of a refused upgrade. */
  const open = (query: string): Promise<{ socket: WebSocket } | { status: number }> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/local${query}`);
      socket.once('open', () => resolve({ socket }));
      socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
      socket.once('error', reject);
    });
  const nextMessage = (socket: WebSocket): Promise<unknown> =>
    new Promise((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')))));
  const management = () =>
    new ApiGatewayManagementApiClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}/local`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });

  it('refuses the upgrade with the $connect handler status', async () => {
    expect(await open('?token=bad')).toEqual({ status: 401 });
    expect(await open('')).toEqual({ status: 401 });
  });

  it('routes an action to its handler, which answers through the management API', async () => {
    // Prepare
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    const reply = nextMessage(opened.socket);
    // Act
    opened.socket.send(JSON.stringify({ action: 'ping', data: { n: 1 } }));
    // Assess
    expect(await reply).toEqual({ event: 'pong', routeKey: 'ping', received: { action: 'ping', data: { n: 1 } } });
    opened.socket.close();
  });

  it("answers an event without a handler with its error reply, and API Gateway's Forbidden for anything else", async () => {
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    const reply = nextMessage(opened.socket);
    opened.socket.send(JSON.stringify({ action: 'later', data: {} }));
    expect(await reply).toEqual({ event: 'laterError', success: false, payload: null, error: 'Not implemented yet' });
    opened.socket.close();
  });

  it("answers API Gateway's Forbidden message for an action without a route", async () => {
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    const reply = nextMessage(opened.socket);
    opened.socket.send(JSON.stringify({ action: 'nothingHere' }));
    expect(await reply).toMatchObject({ message: 'Forbidden' });
    opened.socket.close();
  });

  it('serves the management API to the SDK: GET, POST, and GoneException for unknown ids', async () => {
    // Prepare
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    // The newest connection is this test's (earlier sockets may still be closing).
    const id = gateway.connectionIds().at(-1);
    if (!id) throw new Error('no connection id');
    const client = management();
    const received = nextMessage(opened.socket);
    // Act
    const described = await client.send(new GetConnectionCommand({ ConnectionId: id }));
    await client.send(new PostToConnectionCommand({ ConnectionId: id, Data: Buffer.from('{"event":"hello"}') }));
    const gone = client.send(new PostToConnectionCommand({ ConnectionId: 'Unknown0000000=', Data: Buffer.from('{}') }));
    // Assess
    expect(described.ConnectedAt).toBeInstanceOf(Date);
    expect(described.Identity?.SourceIp).toBe('127.0.0.1');
    expect(await received).toEqual({ event: 'hello' });
    await expect(gone).rejects.toBeInstanceOf(GoneException);
    opened.socket.close();
    client.destroy();
  });

  it('closes the socket on DELETE and runs $disconnect', async () => {
    // Prepare
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    const id = gateway.connectionIds().at(-1) as string;
    const closed = new Promise<number>((r) => opened.socket.once('close', (code) => r(code)));
    // Act
    const res = await fetch(`http://127.0.0.1:${port}/local/@connections/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    });
    // Assess
    expect(res.status).toBe(204);
    expect(await closed).toBe(1000);
    await vi.waitFor(() =>
      expect(recordedWsEvents()).toContainEqual(
        expect.objectContaining({ routeKey: '$disconnect', eventType: 'DISCONNECT', connectionId: id }),
      ),
    );
    const again = await fetch(`http://127.0.0.1:${port}/local/@connections/${encodeURIComponent(id)}`);
    expect(again.status).toBe(410);
    expect(again.headers.get('x-amzn-errortype')).toBe('GoneException');
  });
});
