import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import { parseServerMessage } from '@bidgrid/shared/realtime/wire';
import type { TRealtimeProgress, TRealtimeReply } from '@bidgrid/shared/realtime/wire';
import { accessTokenFor } from './api';
import { stackInfo } from './stack';

/** What one request got back: its reply (parts merged into `payloads`) and the progress before it. */
export interface TCallResult {
  readonly reply: TRealtimeReply;
  /** The payload of each reply part, in order (one for an unsplit reply). */
  readonly payloads: readonly unknown[];
  readonly progress: readonly TRealtimeProgress[];
}

/** A real WebSocket to the running local stack, with the replies it received. */
export interface TestSocket {
  readonly socket: WebSocket;
  /** Every message received, parsed as JSON (text kept when it is not). */
  readonly received: unknown[];
  /** Resolves with the close code and reason once the socket closes. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Sends `{action, reqID, ...fields}` and waits for its reply (all parts) or throws after `timeoutMs`. */
  call(
    action: string,
    fields?: Record<string, unknown>,
    options?: { reqID?: string; timeoutMs?: number },
  ): Promise<TCallResult>;
  /** Sends text as it is (one frame). */
  sendRaw(text: string): void;
  /** Waits for the first message received at index `from` or later that `match` accepts. */
  next(match: (message: unknown) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<unknown>;
  close(): Promise<void>;
}

/** A new correlation id. */
export const newReqId = (): string => `t-${randomUUID()}`;

/**
 * Opens a socket to the stack's WebSocket API with `token` as `$connect` expects it (`?token=`), or
 * resolves with the HTTP status of a refused upgrade.
 */
export function connect(token: string | null): Promise<TestSocket | { refused: number }> {
  const url = `${stackInfo().wsUrl}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    socket.once('error', reject);
    socket.once('open', () => resolve(wrap(socket)));
  });
}

/** `connect`, failing the test when the upgrade is refused. */
export async function open(token: string): Promise<TestSocket> {
  const opened = await connect(token);
  if ('refused' in opened) throw new Error(`WebSocket upgrade refused with ${opened.refused}`);
  return opened;
}

/**
 * One socket per user for the tests of the enclosing `describe`: each opened with the user's token
 * before all of them (in the order given) and closed after all. Read `sockets.<user>` inside a test
 * or a later hook; reading it before the `beforeAll` has opened it throws.
 */
export function socketsForSuite<const U extends string>(...usernames: readonly U[]): Readonly<Record<U, TestSocket>> {
  const opened = new Map<U, TestSocket>();
  beforeAll(async () => {
    for (const username of usernames) opened.set(username, await open(await accessTokenFor(username)));
  });
  afterAll(async () => {
    for (const socket of opened.values()) await socket.close();
  });
  const sockets = {} as Record<U, TestSocket>;
  for (const username of usernames) {
    Object.defineProperty(sockets, username, {
      enumerable: true,
      get: () => {
        const socket = opened.get(username);
        if (!socket) throw new Error(`The socket of ${username} is read before beforeAll opened it`);
        return socket;
      },
    });
  }
  return sockets;
}

function wrap(socket: WebSocket): TestSocket {
  const received: unknown[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    try {
      received.push(JSON.parse(text));
    } catch {
      received.push(text);
    }
    for (const listener of listeners) listener();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );

  /** Waits until `check` returns a value, re-checking on every message. */
  const until = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const done = check();
      if (done !== undefined) return resolve(done);
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`No ${what} within ${timeoutMs} ms; received ${JSON.stringify(received).slice(0, 500)}`));
      }, timeoutMs);
      const listener = (): void => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(value);
      };
      listeners.add(listener);
    });

  return {
    socket,
    received,
    closed,
    sendRaw: (text) => socket.send(text),
    next: (match, options = {}) =>
      until(() => received.slice(options.from ?? 0).find(match), options.timeoutMs ?? 15_000, 'matching message'),
    async call(action, fields = {}, options = {}) {
      const reqID = options.reqID ?? newReqId();
      const start = received.length;
      socket.send(JSON.stringify({ action, reqID, ...fields }));
      return until(
        () => {
          const mine = received.slice(start).flatMap((message) => {
            const parsed = parseServerMessage(JSON.stringify(message));
            return parsed && parsed.kind !== 'notice' ? [parsed] : [];
          });
          const replies = mine.flatMap((m) => (m.kind === 'reply' && m.reply.reqID === reqID ? [m.reply] : []));
          const first = replies[0];
          if (!first) return undefined;
          const count = first.part?.count ?? 1;
          if (replies.length < count) return undefined;
          const sorted = [...replies].sort((a, b) => (a.part?.index ?? 0) - (b.part?.index ?? 0));
          return {
            reply: first,
            payloads: sorted.map((r) => r.payload),
            progress: mine.flatMap((m) => (m.kind === 'progress' && m.progress.reqID === reqID ? [m.progress] : [])),
          };
        },
        options.timeoutMs ?? 20_000,
        `reply to ${action} ${reqID}`,
      );
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}
