import { nowMs } from '@bidgrid/shared/clock';
import type { Context } from 'aws-lambda';
import type * as z from '@bidgrid/shared/zod';
import { MISSING_BODY_ERROR } from '@bidgrid/shared/api/envelope';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import {
  REALTIME_ERROR_EVENT,
  REALTIME_LIMITS,
  ZRealtimeEnvelope,
  ZReqId,
  messageBytes,
} from '@bidgrid/shared/realtime/wire';
import type { TRealtimeReply, TSlice } from '@bidgrid/shared/realtime/wire';
import { connectionRepository } from '../adapters/repositories/connection.repository';
import type { ConnectionRepository } from '../domain/ports/connection.port';
import { managementEndpoint, postToConnection } from '../adapters/ws-gateway';
import type { PostOutcome } from '../adapters/ws-gateway';
import { config } from '../kernel/config';
import { BadRequestError, InternalError, UnauthorizedError, toAppError } from '../kernel/errors';
import type { AppError } from '../kernel/errors';
import { publishInvocationMetrics } from '../kernel/invocation-metrics';
import { logger } from '../kernel/logger';
import type { Logger } from '../kernel/logger';
import { wsRequestFields } from './request-ids';
import { collectFieldErrors, invalidRequest } from '../kernel/validation';

/**
 * The part of an API Gateway WebSocket event the handlers read (a subset of
 * `APIGatewayProxyWebsocketEventV2`, so the local gateway can build it by hand).
 */
export interface WsEvent {
  requestContext: {
    connectionId: string;
    routeKey?: string;
    domainName?: string;
    stage?: string;
    requestId?: string;
  };
  body?: string | null;
  isBase64Encoded?: boolean;
  queryStringParameters?: Record<string, string | undefined> | null;
  headers?: Record<string, string | undefined> | null;
}

/** What a WebSocket route Lambda returns to API Gateway (logged there; no route response is configured). */
export interface WsResult {
  statusCode: number;
  body?: string;
}

/** The caller of a realtime event: whoever opened the connection (`$connect` verified the token). */
export interface WsCaller {
  username: string;
  agencyId: string;
}

/** What a realtime use-case runner receives. */
export interface WsInput<E extends RealtimeEventDef> {
  /** The event's fields, validated against its request schema. */
  input: z.output<E['request']>;
  /** From the connection item `$connect` wrote, never from the message. */
  caller: WsCaller;
  /** The client's correlation id: the same for every chunk of one call, so it can key idempotent work. */
  reqID: string;
  /** Which chunk of the call this message is, when the client split it. */
  chunk: TSlice | undefined;
  /**
   * Tells the client how far the work is (`{reqID, done, total}`). Cheap to call often: messages go
   * out at most every 200 ms, the last one always, and never after the reply.
   */
  progress(done: number, total: number): void;
  /** Aborted once the connection is gone: nobody is listening, stop working. */
  signal: AbortSignal;
  connectionId: string;
  log: Logger;
}

/** Runs the use case of one realtime event and returns the reply's payload. */
export type WsRun<E extends RealtimeEventDef> = (input: WsInput<E>) => Promise<z.input<E['payload']>>;

/** The I/O a realtime handler needs; tests pass fakes or mock the SDK clients. */
export interface WsDeps {
  connections: Pick<ConnectionRepository, 'getConnection' | 'deleteConnection'>;
  post: (endpoint: string, connectionId: string, message: unknown) => Promise<PostOutcome>;
}

const defaultDeps: WsDeps = { connections: connectionRepository, post: postToConnection };

/** Progress messages go out at most this often (the last one always does). */
export const PROGRESS_INTERVAL_MS = 200;

/** The text of a refused message whose connection is unknown or past its sign-in (the client reconnects). */
export const CONNECTION_EXPIRED = 'Your session has ended. Please sign in again.';

/** The message as sent: JSON object text, base64 when API Gateway says so. */
function readMessage(event: WsEvent): Record<string, unknown> {
  if (!event.body) throw new BadRequestError(MISSING_BODY_ERROR, undefined, { internalMessage: 'Empty message' });
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  let message: unknown;
  try {
    message = JSON.parse(text) as unknown;
  } catch (error) {
    throw new BadRequestError(MISSING_BODY_ERROR, undefined, { internalMessage: 'Invalid JSON message', cause: error });
  }
  if (!message || typeof message !== 'object' || Array.isArray(message)) {
    throw new BadRequestError(MISSING_BODY_ERROR, undefined, { internalMessage: 'Message is not a JSON object' });
  }
  return message as Record<string, unknown>;
}

/** The reqID of a message that may be invalid otherwise, so even a refusal reaches the right call. */
function reqIdOf(message: Record<string, unknown> | null): string | null {
  const parsed = ZReqId.safeParse(message?.['reqID']);
  return parsed.success ? parsed.data : null;
}

/**
 * Everything sent to the one connection of an invocation, in order: progress (throttled), then the
 * reply. Once API Gateway says the connection is gone, nothing more is sent, the connection item is
 * deleted, and `signal` aborts so the use case can stop.
 */
class ConnectionChannel {
  readonly #controller = new AbortController();
  #queue: Promise<void> = Promise.resolve();
  #lastProgressAt = 0;
  #pendingProgress: { done: number; total: number } | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(
    private readonly endpoint: string,
    private readonly connectionId: string,
    private readonly deps: WsDeps,
    private readonly log: Logger,
  ) {}

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get gone(): boolean {
    return this.#controller.signal.aborted;
  }

  /** Queues one message; a failure to post is logged and ends the channel. */
  send(message: unknown): Promise<void> {
    this.#queue = this.#queue.then(async () => {
      if (this.gone) return;
      try {
        const outcome = await this.deps.post(this.endpoint, this.connectionId, message);
        if (outcome === 'gone') await this.#forget();
      } catch (error) {
        this.log.error('message could not be posted', { error });
        this.#controller.abort();
      }
    });
    return this.#queue;
  }

  progress(reqID: string, done: number, total: number): void {
    if (this.#closed || this.gone) return;
    this.#pendingProgress = { done, total };
    const wait = this.#lastProgressAt + PROGRESS_INTERVAL_MS - nowMs();
    if (done >= total || wait <= 0) {
      this.#flushProgress(reqID);
      return;
    }
    this.#timer ??= setTimeout(() => this.#flushProgress(reqID), wait);
  }

  #flushProgress(reqID: string): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const pending = this.#pendingProgress;
    if (!pending || this.#closed) return;
    this.#pendingProgress = null;
    this.#lastProgressAt = nowMs();
    void this.send({ reqID, done: pending.done, total: pending.total });
  }

  /** No progress after this: the reply comes next. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #forget(): Promise<void> {
    this.#controller.abort();
    this.log.info('connection gone, forgetting it');
    try {
      await this.deps.connections.deleteConnection(this.connectionId);
    } catch (error) {
      this.log.warn('gone connection could not be deleted (its TTL will)', { error });
    }
  }
}

/** The reply of a refusal: the event's error event with the public text, and field errors for bad input. */
function errorReply(
  eventName: string,
  reqID: string | null,
  chunk: TSlice | undefined,
  error: AppError,
): TRealtimeReply {
  const reply: TRealtimeReply = {
    event: eventName,
    reqID,
    ...(chunk ? { chunk } : {}),
    success: false,
    payload: null,
    error: error.publicMessage,
    status: error.status,
  };
  if (error instanceof BadRequestError && error.fieldErrors) reply.fieldErrors = error.fieldErrors;
  return reply;
}

/**
 * The success reply as messages that each fit API Gateway's limit: one, or the payload cut into
 * parts by the event's `splitPayload` (`part: {index, count}`), which the typed call merges.
 */
function successReplies(definition: RealtimeEventDef, base: TRealtimeReply, payload: unknown): TRealtimeReply[] {
  const budget = REALTIME_LIMITS.replyBudgetBytes;
  if (messageBytes({ ...base, payload }) <= budget) return [{ ...base, payload }];
  const split = definition.parts?.splitPayload;
  if (!split) throw new InternalError(`Reply of ${definition.name} is larger than ${budget} bytes and has no parts`);
  // Room for the largest part marker, so the check holds whatever index and count become.
  const probe = { ...base, part: { index: 9_999, count: 9_999 } };
  const parts = split(payload, (part) => messageBytes({ ...probe, payload: part }) <= budget);
  return parts.map((part, index) => ({ ...base, part: { index, count: parts.length }, payload: part }));
}

/**
 * Builds the Lambda of one realtime event, the WebSocket twin of `httpHandler`: reads the message
 * `{action, reqID, chunk?, ...fields}`, validates the envelope and the fields against the event's
 * schema (a refusal with field errors, never a dropped connection), takes the caller and agency from
 * the connection item `$connect` wrote (never from the message), runs the use case with a progress
 * callback, and posts the spec's reply event `{event, reqID, success, payload, error}` to that
 * connection only. 5xx texts are generic; logs carry ids and statuses, never the token. A
 * connection API Gateway reports gone is deleted and the use case's `signal` aborts.
 */
export function wsHandler<E extends RealtimeEventDef>(
  definition: E,
  run: WsRun<E>,
  deps: WsDeps = defaultDeps,
): (event: WsEvent, context?: Context) => Promise<WsResult> {
  const handle = async (event: WsEvent, requestLog: Logger): Promise<WsResult> => {
    const startedAt = nowMs();
    let log = requestLog;
    const connectionId = event.requestContext.connectionId;
    let channel: ConnectionChannel;
    try {
      channel = new ConnectionChannel(managementEndpoint(event.requestContext), connectionId, deps, log);
    } catch (error) {
      log.error('no management endpoint to reply to', { error });
      return { statusCode: 500 };
    }

    let message: Record<string, unknown> | null = null;
    let chunk: TSlice | undefined;
    let replies: TRealtimeReply[];
    let status = 200;
    try {
      message = readMessage(event);
      const envelope = ZRealtimeEnvelope.safeParse(message);
      const { action: _action, reqID: _reqID, chunk: _chunk, ...fields } = message;
      const request = definition.request.safeParse({ ...fields, reqID: message['reqID'] });
      if (!envelope.success || !request.success) {
        const fieldErrors: TFieldErrors = {};
        if (!envelope.success) collectFieldErrors(envelope.error.issues, 'message', fieldErrors);
        if (!request.success) collectFieldErrors(request.error.issues, 'message', fieldErrors);
        throw invalidRequest(fieldErrors);
      }
      const { action, reqID } = envelope.data;
      chunk = envelope.data.chunk;
      log = log.child({ reqID, ...(chunk ? { chunk: `${chunk.index + 1}/${chunk.count}` } : {}) });
      if (action !== definition.name) log.warn('action does not match the route', { action });

      const connection = await deps.connections.getConnection(connectionId);
      if (!connection) {
        throw new UnauthorizedError(CONNECTION_EXPIRED, { internalMessage: 'Unknown or expired connection' });
      }
      const caller = { username: connection.username, agencyId: connection.agencyId };
      log = log.child(caller);

      const payload = await run({
        input: request.data as z.output<E['request']>,
        caller,
        reqID,
        chunk,
        progress: (done, total) => channel.progress(reqID, done, total),
        signal: channel.signal,
        connectionId,
        log,
      });
      // Outside prod, a payload that breaks the contract is our bug: log it and answer 500.
      if (config().STAGE !== 'prod') {
        const checked = definition.payload.safeParse(payload);
        if (!checked.success) {
          throw new InternalError(
            `Reply of ${definition.name} breaks its schema: ${JSON.stringify(checked.error.issues)}`,
          );
        }
      }
      const base: TRealtimeReply = {
        event: definition.successEvent,
        reqID,
        ...(chunk ? { chunk } : {}),
        success: true,
        payload: null,
        error: null,
      };
      replies = successReplies(definition, base, payload);
    } catch (thrown) {
      const error = toAppError(thrown);
      status = error.status;
      const fields = { status, code: error.code, error, durationMs: nowMs() - startedAt };
      if (status >= 500) log.error(`event failed: ${error.message}`, fields);
      else log.warn(`event refused: ${error.message}`, fields);
      replies = [errorReply(definition.errorEvent, reqIdOf(message), chunk, error)];
    }

    channel.close();
    for (const reply of replies) await channel.send(reply);
    if (channel.gone) return { statusCode: 410 };
    log.info('event completed', { status, durationMs: nowMs() - startedAt, messages: replies.length });
    return { statusCode: status };
  };
  return async (event, context) => {
    const log = logger().child(wsRequestFields(definition.name, event, context));
    try {
      return await handle(event, log);
    } finally {
      publishInvocationMetrics(log);
    }
  };
}

/**
 * The `$default` route: API Gateway sends it every message it cannot route by `action` (not JSON,
 * no action, an action without a route). It answers on the same connection, so the client's call
 * fails at once with a reason instead of waiting: an event of the table whose handler is still to
 * come gets its error event with 'Not implemented yet' (status 501, as REST answers); anything else
 * gets `requestError` with the field errors. The connection stays open.
 */
export function wsDefaultHandler(
  events: readonly Pick<RealtimeEventDef, 'name' | 'errorEvent'>[],
  deps: Pick<WsDeps, 'post' | 'connections'> = defaultDeps,
): (event: WsEvent, context?: Context) => Promise<WsResult> {
  const byName = new Map(events.map((e) => [e.name, e]));
  return async (event, context) => {
    const connectionId = event.requestContext.connectionId;
    const log = logger().child(wsRequestFields('$default', event, context));
    let message: Record<string, unknown> | null = null;
    let reply: TRealtimeReply;
    try {
      message = readMessage(event);
      const action = message['action'];
      const known = typeof action === 'string' ? byName.get(action) : undefined;
      if (known) {
        reply = {
          event: known.errorEvent,
          reqID: reqIdOf(message),
          success: false,
          payload: null,
          error: 'Not implemented yet',
          status: 501,
        };
      } else {
        const fieldErrors: TFieldErrors = {
          action: [typeof action === 'string' ? 'Unknown action.' : 'Required: the name of a realtime event.'],
        };
        reply = errorReply(REALTIME_ERROR_EVENT, reqIdOf(message), undefined, invalidRequest(fieldErrors));
      }
    } catch (thrown) {
      reply = errorReply(REALTIME_ERROR_EVENT, reqIdOf(message), undefined, toAppError(thrown));
    }
    log.warn('message without a route', { status: reply.status, event: reply.event });
    const channel = new ConnectionChannel(managementEndpoint(event.requestContext), connectionId, deps, log);
    await channel.send(reply);
    return { statusCode: channel.gone ? 410 : (reply.status ?? 400) };
  };
}
