import { nowMs } from '@bidgrid/shared/clock';
import { vi, type Mock } from 'vitest';
import { RealtimeClient, type RealtimeClientOptions, type WebSocketLike } from '@/lib/realtime/realtime-client';

/** A WebSocket a test drives: it opens, receives and closes when told, and keeps what was sent. */
export class FakeSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: Array<Record<string, unknown>> = [];
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {}

  /** The `?token=` the socket was opened with. */
  get token(): string | null {
    return new URL(this.url).searchParams.get('token');
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.serverClose(code);
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  serverClose(code: number): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }

  /** The calls sent, keep-alives aside. */
  get calls(): Array<Record<string, unknown>> {
    return this.sent.filter((message) => message['action'] !== 'keepAlive');
  }
}

/** A JWT-shaped token (unsigned: the client only reads `exp`). */
export const fakeJwt = (name: string, expSeconds: number): string =>
  `h.${btoa(JSON.stringify({ username: name, exp: expSeconds })).replace(/=+$/, '')}.s`;

/** What `fakeRealtime` gives a test: the client, its sockets and the fakes it was built with. */
export interface FakeRealtime {
  readonly client: RealtimeClient;
  readonly sockets: FakeSocket[];
  readonly auth: {
    readonly getToken: Mock<() => Promise<string>>;
    readonly refreshToken: Mock<() => Promise<string>>;
    readonly setToken: (value: string) => void;
  };
  readonly onError: Mock<NonNullable<RealtimeClientOptions['onError']>>;
  readonly onSessionLost: Mock<NonNullable<RealtimeClientOptions['onSessionLost']>>;
  /** The newest socket, once the client made it. */
  latest(): Promise<FakeSocket>;
  /** The n-th call sent on the newest socket, once it was sent. */
  sentCall(n?: number): Promise<{ socket: FakeSocket; message: Record<string, unknown> }>;
}

/**
 * A real RealtimeClient over fake sockets and fake auth, for the client's tests and the screens'.
 * Sockets open at once unless `manualOpen`.
 */
export function fakeRealtime(overrides: Partial<RealtimeClientOptions> & { manualOpen?: boolean } = {}): FakeRealtime {
  const { manualOpen, ...options } = overrides;
  const sockets: FakeSocket[] = [];
  let token = fakeJwt('demo-1', Math.floor(nowMs() / 1000) + 3600);
  const auth = {
    getToken: vi.fn(async () => token),
    refreshToken: vi.fn(async () => {
      token = fakeJwt(`demo-${sockets.length + 1}`, Math.floor(nowMs() / 1000) + 3600);
      return token;
    }),
    setToken: (value: string) => {
      token = value;
    },
  };
  const onError = vi.fn<NonNullable<RealtimeClientOptions['onError']>>();
  const onSessionLost = vi.fn<NonNullable<RealtimeClientOptions['onSessionLost']>>();
  const client = new RealtimeClient({
    url: 'wss://ws.example.test/prod',
    getToken: auth.getToken,
    refreshToken: auth.refreshToken,
    onError,
    onSessionLost,
    random: () => 1,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      if (!manualOpen) queueMicrotask(() => socket.open());
      return socket;
    },
    ...options,
  });
  /** The newest socket, once the client made it. */
  const latest = async (): Promise<FakeSocket> => {
    await vi.waitFor(() => {
      if (sockets.length === 0) throw new Error('no socket yet');
    });
    return sockets[sockets.length - 1] as FakeSocket;
  };
  /** The n-th call sent on the newest socket, once it was sent. */
  const sentCall = async (n = 1): Promise<{ socket: FakeSocket; message: Record<string, unknown> }> => {
    let found: { socket: FakeSocket; message: Record<string, unknown> } | undefined;
    await vi.waitFor(() => {
      const socket = sockets[sockets.length - 1];
      const message = socket?.calls[n - 1];
      if (!socket || !message) throw new Error(`call ${n} not sent yet`);
      found = { socket, message };
    });
    return found as { socket: FakeSocket; message: Record<string, unknown> };
  };
  return { client, sockets, auth, onError, onSessionLost, latest, sentCall };
}
