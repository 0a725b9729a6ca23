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
import {
  createFrameGuard,
  createWsGateway,
  newConnectionId,
  selectRoute,
  type WsGateway,
  type WsGatewayOptions,
  wsHandlerTimeoutMs,
} from './ws';

/** The fixture events: `ping` has a handler file, `later` does not. */
const EVENTS = [
  { name: 'ping', errorEvent: 'pong' },
  { name: 'later', errorEvent: 'laterError' },
];

/** Starts a gateway over the fixture events and handler files on a free port, with the given time limits. */
async function startFixtureGateway(
  limits: Pick<WsGatewayOptions, 'idleTimeoutMs' | 'lifetimeMs'> = {},
): Promise<{ gateway: WsGateway; port: number }> {
  const gateway = createWsGateway({
    events: EVENTS,
    ready: Promise.resolve(),
    logger: createLogger('silent'),
    logRequests: false,
    handlersDir: fileURLToPath(new URL('../test-fixtures/ws', import.meta.url)),
    ...limits,
  });
  return { gateway, port: await listen(gateway.server, 0, 'test ws gateway') };
}

/** Closes every socket, then the server. */
async function stopGateway(gateway: WsGateway): Promise<void> {
  gateway.closeAll();
  await new Promise<void>((r) => gateway.server.close(() => r()));
}

describe('wsHandlerTimeoutMs', () => {
  it("lets createCampaign run its Lambda's 15 minutes (25,000 companies) and other events 5", () => {
    // Assess
    expect(wsHandlerTimeoutMs('createCampaign')).toBe(900_000);
    expect(wsHandlerTimeoutMs('getCSVKickfireMatches')).toBe(300_000);
  });
});

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

  it('gives an event of the table without a handler no route of its own, as CDK does', () => {
    expect(selectRoute('{"action":"later"}', events, exists)).toEqual({ kind: 'none' });
    expect(selectRoute('{"action":"later"}', events, (f) => f === 'default')).toEqual({ kind: 'default' });
  });

  it('falls back to $default, or to nothing when there is no default handler', () => {
    expect(selectRoute('{"action":"stray"}', events, exists)).toEqual({ kind: 'none' });
    expect(selectRoute('not json', events, exists)).toEqual({ kind: 'none' });
    expect(selectRoute('null', events, exists)).toEqual({ kind: 'none' });
    expect(selectRoute('{"action":"unknown"}', events, (f) => f === 'default')).toEqual({ kind: 'default' });
  });

  it('routes the keep-alive to nobody', () => {
    expect(selectRoute('{"action":"keepAlive"}', events, () => true)).toEqual({ kind: 'keep-alive' });
  });

  it('never lets a client name the connect, disconnect or default routes', () => {
    expect(selectRoute('{"action":"connect"}', events, () => true)).toEqual({ kind: 'default' });
  });

  it('makes ids shaped like API Gateway connection ids', () => {
    expect(newConnectionId()).toMatch(/^[A-Za-z0-9]{15}=$/);
  });
});

describe('createFrameGuard', () => {
  /** A masked client frame header for a payload of `length` bytes (mask key zero). */
  const frameHeader = (length: number): Buffer => {
    if (length < 126) return Buffer.from([0x81, 0x80 | length, 0, 0, 0, 0]);
    if (length < 65_536) {
      const b = Buffer.from([0x81, 0x80 | 126, 0, 0, 0, 0, 0, 0]);
      b.writeUInt16BE(length, 2);
      return b;
    }
    const b = Buffer.alloc(14);
    b[0] = 0x81;
    b[1] = 0x80 | 127;
    b.writeBigUInt64BE(BigInt(length), 2);
    return b;
  };

  it('lets frames up to the limit through, whatever the chunking, and trips on the first larger one', () => {
    // Prepare
    const tripped: number[] = [];
    const guard = createFrameGuard(1_000, (bytes) => tripped.push(bytes));
    const stream = Buffer.concat([
      frameHeader(5),
      Buffer.alloc(5),
      frameHeader(1_000),
      Buffer.alloc(1_000),
      frameHeader(1_001),
      Buffer.alloc(1_001),
      frameHeader(70_000),
    ]);
    // Act: one byte at a time, so every header is split.
    for (let i = 0; i < stream.length; i++) guard(stream.subarray(i, i + 1));
    // Assess
    expect(tripped).toEqual([1_001]);
  });

  it('reads 64-bit lengths', () => {
    const tripped: number[] = [];
    createFrameGuard(32 * 1024, (bytes) => tripped.push(bytes))(frameHeader(70_000));
    expect(tripped).toEqual([70_000]);
  });
});

describe('WebSocket gateway', () => {
  let gateway: WsGateway;
  let port: number;

  beforeAll(async () => {
    ({ gateway, port } = await startFixtureGateway());
  });
  afterAll(() => stopGateway(gateway));

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

  it('sends what has no route (an event without a handler, an unknown action, not JSON) to $default', async () => {
    // Prepare
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    const replies: unknown[] = [];
    opened.socket.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString('utf8'))));
    // Act
    opened.socket.send(JSON.stringify({ action: 'later', reqID: 'a' }));
    opened.socket.send(JSON.stringify({ action: 'nothingHere' }));
    opened.socket.send('{"action":');
    // Assess
    await vi.waitFor(() => expect(replies).toHaveLength(3));
    expect(replies).toEqual(
      expect.arrayContaining([
        { event: 'requestError', routeKey: '$default', received: '{"action":"later","reqID":"a"}' },
        { event: 'requestError', routeKey: '$default', received: '{"action":"nothingHere"}' },
        { event: 'requestError', routeKey: '$default', received: '{"action":' },
      ]),
    );
    expect(opened.socket.readyState).toBe(WebSocket.OPEN);
    opened.socket.close();
  });

  it('closes a connection sending a frame over 32 KB with 1009, routing nothing of it, and goes on serving', async () => {
    // Prepare
    const big = await open('?token=good');
    const other = await open('?token=good');
    if (!('socket' in big) || !('socket' in other)) throw new Error('not connected');
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      big.socket.once('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
    const received: unknown[] = [];
    big.socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString('utf8'))));
    // Act: one frame of 40 KB, as a browser sends any message.
    big.socket.send(JSON.stringify({ action: 'ping', data: 'x'.repeat(40 * 1024) }));
    // Assess
    expect(await closed).toEqual({ code: 1009, reason: 'Message too big' });
    expect(received).toEqual([]);
    const reply = nextMessage(other.socket);
    other.socket.send(JSON.stringify({ action: 'ping', data: 1 }));
    expect(await reply).toMatchObject({ event: 'pong' });
    other.socket.close();
  });

  it('takes a message of 32 KB frames up to 128 KB, and closes with 1009 beyond', async () => {
    // Prepare
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    const sendInFrames = (text: string) => {
      const bytes = Buffer.from(text);
      for (let i = 0; i < bytes.length; i += 30 * 1024) {
        opened.socket.send(bytes.subarray(i, i + 30 * 1024), { binary: false, fin: i + 30 * 1024 >= bytes.length });
      }
    };
    const reply = nextMessage(opened.socket);
    const closed = new Promise<number>((r) => opened.socket.once('close', (code) => r(code)));
    // Act
    sendInFrames(JSON.stringify({ action: 'ping', data: 'y'.repeat(90 * 1024) }));
    const answered = (await reply) as { received: { data: string } };
    sendInFrames(JSON.stringify({ action: 'ping', data: 'z'.repeat(130 * 1024) }));
    // Assess
    expect(answered.received.data).toHaveLength(90 * 1024);
    expect(await closed).toBe(1009);
  });

  it('routes keepAlive to nobody', async () => {
    const opened = await open('?token=good');
    if (!('socket' in opened)) throw new Error('not connected');
    const replies: unknown[] = [];
    opened.socket.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString('utf8'))));
    opened.socket.send(JSON.stringify({ action: 'keepAlive' }));
    opened.socket.send(JSON.stringify({ action: 'ping', n: 2 }));
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({ event: 'pong', received: { n: 2 } });
    opened.socket.close();
  });

  it('drops every socket on the local control, as a lost network would, and runs $disconnect', async () => {
    // Prepare
    const a = await open('?token=good');
    const b = await open('?token=good');
    if (!('socket' in a) || !('socket' in b)) throw new Error('not connected');
    const codes = Promise.all(
      [a.socket, b.socket].map((s) => new Promise<number>((r) => s.once('close', (code) => r(code)))),
    );
    // Act
    const res = await fetch(`http://127.0.0.1:${port}/__local/connections/drop`, { method: 'POST' });
    // Assess
    expect(((await res.json()) as { dropped: number }).dropped).toBeGreaterThanOrEqual(2);
    expect(await codes).toEqual([1006, 1006]);
    expect(gateway.connectionIds()).toEqual([]);
    const refused = await fetch(`http://127.0.0.1:${port}/__local/connections/drop`, {
      method: 'POST',
      body: JSON.stringify({ code: 1006 }),
    });
    expect(refused.status).toBe(400);
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

describe('WebSocket gateway limits of time', () => {
  let gateway: WsGateway;
  let port: number;

  beforeAll(async () => {
    ({ gateway, port } = await startFixtureGateway({ idleTimeoutMs: 400, lifetimeMs: 60_000 }));
  });
  afterAll(() => stopGateway(gateway));

  it('closes an idle connection with 1001, while one that keeps alive stays open', async () => {
    // Prepare
    const connect = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/local?token=good`);
        socket.once('open', () => resolve(socket));
        socket.once('error', reject);
      });
    const quiet = await connect();
    const busy = await connect();
    const keepAlive = setInterval(() => busy.send(JSON.stringify({ action: 'keepAlive' })), 100);
    // Act
    const code = await new Promise<number>((r) => quiet.once('close', (c) => r(c)));
    clearInterval(keepAlive);
    // Assess
    expect(code).toBe(1001);
    expect(busy.readyState).toBe(WebSocket.OPEN);
    busy.close();
  });
});
