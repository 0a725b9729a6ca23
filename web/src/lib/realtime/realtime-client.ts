import { nowMs } from '@bidgrid/shared/clock';
import type * as z from '@bidgrid/shared/zod';
import { GENERIC_REQUEST_ERROR } from '@bidgrid/shared/api/envelope';
import type { RealtimeEventDef, RealtimePayloadOf, RealtimeRequestOf } from '@bidgrid/shared/realtime/event';
import { PieceTooLargeError } from '@bidgrid/shared/realtime/parts';
import {
  CLOSE_MESSAGE_TOO_BIG,
  REALTIME_KEEP_ALIVE_ACTION,
  REALTIME_LIMITS,
  messageBytes,
  parseServerMessage,
} from '@bidgrid/shared/realtime/wire';
import type { TRealtimeProgress, TRealtimeReply, TSlice } from '@bidgrid/shared/realtime/wire';
import { REALTIME_MESSAGES, RealtimeError } from './realtime-errors';

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** `WebSocket.OPEN`, without needing the browser global in tests. */
const OPEN = 1;

/** The connection as a screen may show it. */
export type TRealtimeState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** How far a call is, across all its chunks. */
export interface TRealtimeCallProgress {
  readonly done: number;
  readonly total: number;
}

export interface RealtimeClientOptions {
  /** The WebSocket API (runtime config `wsUrl`); the token goes in `?token=`, as `$connect` expects. */
  readonly url: string;
  /** The current access token (Amplify refreshes it when it is about to expire); null when signed out. */
  readonly getToken: () => Promise<string | null>;
  /** A forced refresh; null when the session cannot be refreshed. */
  readonly refreshToken: () => Promise<string | null>;
  /** Called once the session is gone for good (no token, failed refresh): the app signs out. */
  readonly onSessionLost?: () => void;
  /** Called with every failed call except cancelled ones: the app shows it (000 §7: a 5.5 s toast). */
  readonly onError?: (error: RealtimeError) => void;
  readonly createSocket?: (url: string) => WebSocketLike;
  /** Quiet time after which a keep-alive is sent (under API Gateway's 10-minute idle timeout). */
  readonly keepAliveMs?: number;
  /** A call fails when nothing (progress or reply) came for this long: longer than the 29 s integration timeout. */
  readonly callTimeoutMs?: number;
  /** Back-off of reconnection: first delay, doubled each failure up to the maximum, with jitter. */
  readonly reconnectBaseMs?: number;
  readonly reconnectMaxMs?: number;
  readonly random?: () => number;
}

const DEFAULTS = {
  keepAliveMs: 5 * 60_000,
  callTimeoutMs: 45_000,
  reconnectBaseMs: 500,
  reconnectMaxMs: 30_000,
};

/** A connection is renewed this long before API Gateway's two-hour limit would close it. */
const RENEW_BEFORE_LIFETIME_MS = 10 * 60_000;
/** ... and this long before its token expires (the server stops trusting it then). */
const RENEW_BEFORE_TOKEN_EXPIRY_MS = 60_000;
/** Connection attempts that failed before opening, after which the token is refreshed by force. */
const FAILURES_BEFORE_REFRESH = 2;
/** A draining connection (replaced after a token refresh) is closed at the latest after this long. */
const DRAIN_LIMIT_MS = 5 * 60_000;

/** The expiry (`exp`, epoch seconds) of a JWT, read without checking it (the server checks). */
function tokenExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** One WebSocket and what was sent on it. */
interface Connection {
  readonly id: number;
  readonly socket: WebSocketLike;
  readonly token: string;
  openedAt: number | null;
  lastSentAt: number;
  /** reqIDs of calls whose current chunk was sent on this connection and is not answered yet. */
  readonly inFlight: Set<string>;
  /** Replaced by a newer connection: closes once its calls are answered. */
  draining: boolean;
  timers: Array<ReturnType<typeof setTimeout>>;
}

/** The chunk of a call that is on its way: one per reqID at a time (chunks go one after the other). */
interface Pending {
  readonly reqID: string;
  readonly chunkIndex: number;
  readonly text: string;
  connection: Connection | null;
  retriedAfter401: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  progress(progress: TRealtimeProgress): void;
  reply(reply: TRealtimeReply): void;
  fail(error: RealtimeError): void;
}

const newReqId = (): string => `c-${globalThis.crypto.randomUUID()}`;

/**
 * The web's one realtime connection per signed-in tab (ARCHITECTURE "A realtime call"): opened with
 * the access token as `$connect` expects, kept open (keep-alive under the 10-minute idle limit,
 * renewed before the 2-hour lifetime and before its token expires), renewed make-before-break after
 * a token refresh (calls under way finish on the old connection), reconnected with exponential
 * back-off and jitter when it drops, closed on sign-out. Calls fail clearly when their connection
 * drops, when the server goes silent, or when they cannot fit the channel; long requests go in
 * chunks and long replies in parts, as the event's `parts` say.
 */
export class RealtimeClient {
  readonly #options: RealtimeClientOptions & typeof DEFAULTS;
  readonly #pending = new Map<string, Pending>();
  #queue: Pending[] = [];
  #current: Connection | null = null;
  #opening: Connection | null = null;
  #connecting = false;
  #stopped = true;
  #failures = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #nextId = 1;
  #state: TRealtimeState = 'idle';
  readonly #listeners = new Set<(state: TRealtimeState) => void>();

  constructor(options: RealtimeClientOptions) {
    this.#options = { ...DEFAULTS, ...options };
  }

  /** The connection's state. */
  get state(): TRealtimeState {
    return this.#state;
  }

  /** Listens to state changes; returns the unsubscribe function. */
  subscribe(listener: (state: TRealtimeState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Opens the connection (after sign-in). */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    void this.#connect();
  }

  /** Closes everything (sign-out): calls under way fail, no reconnection. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    clearTimeout(this.#reconnectTimer);
    for (const pending of [...this.#pending.values()]) {
      pending.fail(new RealtimeError(REALTIME_MESSAGES.connectionLost, 'connection-lost'));
    }
    for (const connection of [this.#current, this.#opening]) if (connection) this.#close(connection, 1000);
    this.#current = null;
    this.#opening = null;
    this.#setState('closed');
  }

  /**
   * Re-authenticates: opens a new connection with the current (refreshed) token and moves new calls
   * to it once it is open; calls under way finish on the old one, which then closes. Called after a
   * token refresh; a no-op when the connection already uses this token.
   */
  async renew(): Promise<void> {
    if (this.#stopped) return;
    const current = this.#current;
    if (!current) {
      await this.#connect();
      return;
    }
    let token: string | null;
    try {
      token = await this.#options.getToken();
    } catch (error) {
      console.warn('Realtime: no access token to renew with.', error);
      return;
    }
    if (this.#stopped || this.#opening || token === current.token) return;
    if (!token) return this.#sessionLost();
    this.#open(token);
  }

  /**
   * Sends one call of `event` and resolves with its payload, or rejects with a RealtimeError whose
   * message a screen can show. `onProgress` hears `{done, total}` across all chunks.
   */
  async call<E extends RealtimeEventDef>(
    event: E,
    input: RealtimeRequestOf<E>,
    options: { onProgress?: (progress: TRealtimeCallProgress) => void; signal?: AbortSignal } = {},
  ): Promise<RealtimePayloadOf<E>> {
    try {
      return await this.#call(event, input, options);
    } catch (error) {
      const failure = error instanceof RealtimeError ? error : new RealtimeError(GENERIC_REQUEST_ERROR, 'server', null);
      if (failure.kind !== 'aborted') this.#options.onError?.(failure);
      throw failure;
    }
  }

  async #call<E extends RealtimeEventDef>(
    event: E,
    input: RealtimeRequestOf<E>,
    options: { onProgress?: (progress: TRealtimeCallProgress) => void; signal?: AbortSignal },
  ): Promise<RealtimePayloadOf<E>> {
    const checked = event.request.safeParse(input);
    if (!checked.success) {
      // The screen validates first: this is its bug. Log the details, show the generic text.
      console.error(`${event.name}: invalid request`, checked.error.issues);
      throw new RealtimeError(GENERIC_REQUEST_ERROR, 'invalid-request');
    }
    const reqID = newReqId();
    const marker: TSlice = { index: 9_999, count: 9_999 };
    const fits = (request: unknown): boolean =>
      messageBytes({ action: event.name, reqID, chunk: marker, ...(request as object) }) <=
      REALTIME_LIMITS.clientMessageBudgetBytes;
    let chunks: unknown[];
    try {
      chunks = event.parts?.splitRequest ? event.parts.splitRequest(input, fits) : [input];
    } catch (error) {
      if (error instanceof PieceTooLargeError) throw new RealtimeError(REALTIME_MESSAGES.tooLarge, 'too-large');
      throw error;
    }
    if (chunks.some((chunk) => !fits(chunk))) throw new RealtimeError(REALTIME_MESSAGES.tooLarge, 'too-large');

    const sizes = chunks.map((chunk) => event.parts?.size?.(chunk) ?? null);
    const knownTotal = sizes.every((size) => size !== null) ? sizes.reduce((a, b) => (a ?? 0) + (b ?? 0), 0) : null;
    const payloads: unknown[] = [];
    let doneBefore = 0;
    for (const [index, chunk] of chunks.entries()) {
      if (options.signal?.aborted) throw new RealtimeError(REALTIME_MESSAGES.aborted, 'aborted');
      let lastTotal = sizes[index] ?? 0;
      const message = {
        action: event.name,
        reqID,
        ...(chunks.length > 1 ? { chunk: { index, count: chunks.length } } : {}),
        ...(chunk as object),
      };
      payloads.push(
        await this.#send(event, reqID, index, message, options.signal, (progress) => {
          lastTotal = sizes[index] ?? progress.total;
          options.onProgress?.({
            done: doneBefore + progress.done,
            total: knownTotal ?? doneBefore + progress.total,
          });
        }),
      );
      doneBefore += lastTotal;
      if (chunks.length > 1) options.onProgress?.({ done: doneBefore, total: knownTotal ?? doneBefore });
    }
    const merged = payloads.length > 1 && event.parts ? event.parts.merge(payloads) : payloads[0];
    const payload = (event.payload as z.ZodMiniType).safeParse(merged);
    if (!payload.success) {
      console.error(`${event.name}: the payload does not match the contract`, payload.error.issues);
      throw new RealtimeError(GENERIC_REQUEST_ERROR, 'server');
    }
    return payload.data as RealtimePayloadOf<E>;
  }

  /** Sends one chunk and resolves with its payload (its parts merged). */
  #send(
    event: RealtimeEventDef,
    reqID: string,
    chunkIndex: number,
    message: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onProgress: (progress: TRealtimeProgress) => void,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const parts: TRealtimeReply[] = [];
      const finish = (settle: () => void): void => {
        clearTimeout(pending.timer);
        signal?.removeEventListener('abort', onAbort);
        this.#pending.delete(reqID);
        this.#queue = this.#queue.filter((p) => p !== pending);
        const connection = pending.connection;
        if (connection) {
          connection.inFlight.delete(reqID);
          this.#closeIfDrained(connection);
        }
        settle();
      };
      const pending: Pending = {
        reqID,
        chunkIndex,
        text: JSON.stringify(message),
        connection: null,
        retriedAfter401: false,
        timer: undefined,
        progress: (progress) => {
          this.#arm(pending);
          onProgress(progress);
        },
        reply: (reply) => {
          this.#arm(pending);
          if (!reply.success) {
            if (reply.status === 401 && !pending.retriedAfter401) {
              // The connection outlived its sign-in: re-authenticate and send this chunk once more.
              pending.retriedAfter401 = true;
              this.#reauthenticate(pending);
              return;
            }
            const error = new RealtimeError(
              reply.error?.trim() ? reply.error : GENERIC_REQUEST_ERROR,
              'server',
              reply.status ?? null,
              reply.fieldErrors,
            );
            finish(() => reject(error));
            return;
          }
          parts.push(reply);
          const count = reply.part?.count ?? 1;
          if (parts.length < count) return;
          parts.sort((a, b) => (a.part?.index ?? 0) - (b.part?.index ?? 0));
          const payload =
            count > 1 && event.parts ? event.parts.merge(parts.map((part) => part.payload)) : parts[0]?.payload;
          finish(() => resolve(payload));
        },
        fail: (error) => finish(() => reject(error)),
      };
      const onAbort = (): void => pending.fail(new RealtimeError(REALTIME_MESSAGES.aborted, 'aborted'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(reqID, pending);
      this.#arm(pending);
      this.#dispatch(pending);
    });
  }

  /** (Re)starts a call's silence timer: no connection in time is 'unavailable', no answer is 'timeout'. */
  #arm(pending: Pending): void {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => {
      pending.fail(
        pending.connection
          ? new RealtimeError(REALTIME_MESSAGES.timeout, 'timeout')
          : new RealtimeError(REALTIME_MESSAGES.unavailable, 'unavailable'),
      );
    }, this.#options.callTimeoutMs);
  }

  /** Sends a chunk on the open connection, or queues it until one opens. */
  #dispatch(pending: Pending): void {
    const connection = this.#current;
    if (!connection || connection.socket.readyState !== OPEN) {
      this.#queue.push(pending);
      if (this.#state === 'idle' || this.#state === 'closed') void this.#connect();
      return;
    }
    pending.connection = connection;
    connection.inFlight.add(pending.reqID);
    connection.lastSentAt = nowMs();
    connection.socket.send(pending.text);
  }

  /** After a 401 reply: the connection's sign-in has ended; move to a new one with a refreshed token. */
  #reauthenticate(pending: Pending): void {
    const stale = pending.connection;
    if (stale) {
      stale.inFlight.delete(pending.reqID);
      if (this.#current === stale) {
        this.#current = null;
        stale.draining = true;
        this.#closeIfDrained(stale);
      }
    }
    pending.connection = null;
    this.#queue.push(pending);
    void this.#connect(true);
  }

  async #connect(forceRefresh = false): Promise<void> {
    if (this.#stopped || this.#connecting || this.#opening) return;
    this.#connecting = true;
    clearTimeout(this.#reconnectTimer);
    this.#setState(this.#failures > 0 ? 'reconnecting' : 'connecting');
    const refresh = forceRefresh || this.#failures >= FAILURES_BEFORE_REFRESH;
    let token: string | null = null;
    try {
      token = refresh ? await this.#options.refreshToken() : await this.#options.getToken();
    } catch (error) {
      console.warn('Realtime: no access token for now.', error);
    } finally {
      this.#connecting = false;
    }
    if (this.#stopped) return;
    if (token) return this.#open(token);
    // No tokens at all: signed out. A refresh that fails may be the network: try again later
    // (the REST client signs out when the API itself refuses the session).
    if (!refresh) return this.#sessionLost();
    this.#failures++;
    this.#scheduleReconnect(false);
  }

  #open(token: string): void {
    const socket = (this.#options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as WebSocketLike))(
      `${this.#options.url}?token=${encodeURIComponent(token)}`,
    );
    const connection: Connection = {
      id: this.#nextId++,
      socket,
      token,
      openedAt: null,
      lastSentAt: nowMs(),
      inFlight: new Set(),
      draining: false,
      timers: [],
    };
    this.#opening = connection;
    socket.onopen = () => this.#onOpen(connection);
    socket.onmessage = (event) => this.#onMessage(event.data);
    socket.onclose = (event) => this.#onClose(connection, event.code);
    socket.onerror = () => undefined; // a close follows every error; it is handled there
  }

  #onOpen(connection: Connection): void {
    if (this.#stopped) return this.#close(connection, 1000);
    this.#opening = null;
    connection.openedAt = nowMs();
    const previous = this.#current;
    if (previous && previous !== connection) {
      previous.draining = true;
      this.#closeIfDrained(previous);
      previous.timers.push(setTimeout(() => this.#close(previous, 1000), DRAIN_LIMIT_MS));
    }
    this.#current = connection;
    this.#failures = 0;
    this.#setState('open');
    this.#scheduleKeepAlive(connection);
    this.#scheduleRenewal(connection);
    const queued = this.#queue;
    this.#queue = [];
    for (const pending of queued) this.#dispatch(pending);
  }

  #onMessage(data: unknown): void {
    const message = typeof data === 'string' ? parseServerMessage(data) : null;
    if (!message) {
      console.warn('Realtime: a message that is neither a reply nor progress was ignored.');
      return;
    }
    if (message.kind === 'notice') {
      // API Gateway's own words (no route, integration failure): no reqID to give it to.
      console.warn(`Realtime: the gateway said "${message.notice.message}".`);
      return;
    }
    if (message.kind === 'progress') {
      this.#pending.get(message.progress.reqID)?.progress(message.progress);
      return;
    }
    const { reply } = message;
    if (reply.reqID === null) {
      console.warn(`Realtime: a request was refused without a reqID: ${reply.error ?? ''}`);
      return;
    }
    const pending = this.#pending.get(reply.reqID);
    // A reply to an earlier chunk (sent twice after a reconnection) is not this chunk's.
    if (!pending || (reply.chunk?.index ?? 0) !== pending.chunkIndex) return;
    pending.reply(reply);
  }

  #onClose(connection: Connection, code: number): void {
    for (const timer of connection.timers) clearTimeout(timer);
    const lost =
      code === CLOSE_MESSAGE_TOO_BIG
        ? new RealtimeError(REALTIME_MESSAGES.tooLarge, 'too-large')
        : new RealtimeError(REALTIME_MESSAGES.connectionLost, 'connection-lost');
    for (const reqID of [...connection.inFlight]) this.#pending.get(reqID)?.fail(lost);
    const wasOpen = connection.openedAt !== null;
    if (this.#opening === connection) this.#opening = null;
    if (this.#current === connection) this.#current = null;
    if (this.#stopped || connection.draining) return;
    if (this.#current) return; // a newer connection is open already
    if (!wasOpen) this.#failures++;
    this.#scheduleReconnect(wasOpen);
  }

  #scheduleReconnect(wasOpen: boolean): void {
    const { reconnectBaseMs, reconnectMaxMs } = this.#options;
    const random = this.#options.random ?? Math.random;
    // A connection that was open reconnects at once (jittered a little); failures back off.
    const base = wasOpen ? reconnectBaseMs : Math.min(reconnectMaxMs, reconnectBaseMs * 2 ** this.#failures);
    const delay = Math.round(base * (0.5 + random() / 2));
    this.#setState('reconnecting');
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = setTimeout(() => void this.#connect(), delay);
  }

  #scheduleKeepAlive(connection: Connection): void {
    const { keepAliveMs } = this.#options;
    const tick = (): void => {
      if (connection.socket.readyState !== OPEN) return;
      if (nowMs() - connection.lastSentAt >= keepAliveMs) {
        connection.lastSentAt = nowMs();
        connection.socket.send(JSON.stringify({ action: REALTIME_KEEP_ALIVE_ACTION }));
      }
      connection.timers.push(setTimeout(tick, keepAliveMs - (nowMs() - connection.lastSentAt)));
    };
    connection.timers.push(setTimeout(tick, keepAliveMs));
  }

  #scheduleRenewal(connection: Connection): void {
    const now = nowMs();
    const lifetimeEnd = now + REALTIME_LIMITS.connectionLifetimeMs - RENEW_BEFORE_LIFETIME_MS;
    const exp = tokenExpiry(connection.token);
    const tokenEnd = exp === null ? Number.POSITIVE_INFINITY : exp * 1000 - RENEW_BEFORE_TOKEN_EXPIRY_MS;
    const at = Math.min(lifetimeEnd, tokenEnd);
    connection.timers.push(
      setTimeout(
        () => {
          if (this.#current !== connection || this.#stopped) return;
          // Near the token's expiry a refresh gives a new token; near the lifetime the same one will do.
          const refresh = at === tokenEnd ? this.#options.refreshToken() : this.#options.getToken();
          // Without a token the connection stays until the server refuses it (401 -> re-authenticate).
          void refresh
            .then((token) => {
              if (token && !this.#stopped && this.#current === connection && !this.#opening) this.#open(token);
            })
            .catch((error: unknown) => console.warn('Realtime: the token could not be renewed.', error));
        },
        Math.max(0, at - now),
      ),
    );
  }

  #closeIfDrained(connection: Connection): void {
    if (connection.draining && connection.inFlight.size === 0) this.#close(connection, 1000);
  }

  #close(connection: Connection, code: number): void {
    for (const timer of connection.timers) clearTimeout(timer);
    connection.draining = true;
    if (connection.socket.readyState <= OPEN) connection.socket.close(code);
  }

  #sessionLost(): void {
    this.stop();
    this.#options.onSessionLost?.();
  }

  #setState(state: TRealtimeState): void {
    if (this.#state === state) return;
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
  }
}
