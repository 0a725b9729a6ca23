import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import { MISSING_BODY_ERROR } from '@bidgrid/shared/api/envelope';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import { connectionRepository } from '../adapters/repositories/connection.repository';
import type { ConnectionRepository } from '../domain/ports/connection.port';
import { managementEndpoint, postToConnection } from '../adapters/ws-gateway';
import type { PostOutcome } from '../adapters/ws-gateway';
import { config } from '../config';
import { BadRequestError, InternalError, UnauthorizedError, toAppError } from './errors';
import type { AppError } from './errors';
import { logger } from './logger';
import type { Logger } from './logger';
import { collectFieldErrors, summariseFieldErrors } from './validation';

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

/** What a WebSocket route Lambda returns to API Gateway. */
export interface WsResult {
  statusCode: number;
  body?: string;
}

/** The message sent back to the client (spec 001 §7: replies carry success, payload, error). */
export interface TWsReply {
  event: string;
  success: boolean;
  payload: unknown;
  error: string | null;
}

/** The caller of a realtime event: whoever opened the connection ($connect verified the token). */
export interface WsCaller {
  username: string;
  agencyId: string;
}

/** What a realtime use-case runner receives. */
export interface WsInput<E extends RealtimeEventDef> {
  data: z.output<E['request']>;
  caller: WsCaller;
  connectionId: string;
  log: Logger;
}

/** Runs the use case of one realtime event and returns the reply's payload. */
export type WsRun<E extends RealtimeEventDef> = (input: WsInput<E>) => Promise<z.input<E['payload']>>;

/** The I/O a realtime handler needs; tests pass fakes or mock the SDK clients. */
export interface WsDeps {
  connections: Pick<ConnectionRepository, 'getConnection' | 'deleteConnection'>;
  post: (endpoint: string, connectionId: string, message: TWsReply) => Promise<PostOutcome>;
}

const defaultDeps: WsDeps = { connections: connectionRepository, post: postToConnection };

/** The `{action, data}` message a client sends. */
function parseMessage(event: WsEvent): { action: unknown; data: unknown } {
  if (!event.body) throw new BadRequestError(MISSING_BODY_ERROR);
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  let message: unknown;
  try {
    message = JSON.parse(text) as unknown;
  } catch (error) {
    throw new BadRequestError(MISSING_BODY_ERROR, undefined, { internalMessage: 'Invalid JSON message', cause: error });
  }
  if (!message || typeof message !== 'object') throw new BadRequestError(MISSING_BODY_ERROR);
  const record = message as Record<string, unknown>;
  return { action: record['action'], data: record['data'] };
}

/**
 * Builds the Lambda of one realtime event: reads `{action, data}`, finds the caller from the
 * connection item, validates `data` against the event's request schema, runs the use case and
 * posts `{event, success, payload, error}` to the caller's connection (the success event, or the
 * error event with the error text; 5xx texts are generic). A connection API Gateway reports gone
 * is deleted.
 */
export function wsHandler<E extends RealtimeEventDef>(
  definition: E,
  run: WsRun<E>,
  deps: WsDeps = defaultDeps,
): (event: WsEvent, context?: Context) => Promise<WsResult> {
  return async (event, context) => {
    const startedAt = Date.now();
    const connectionId = event.requestContext.connectionId;
    let log = logger().child({
      operation: definition.name,
      requestId: context?.awsRequestId ?? event.requestContext.requestId ?? 'unknown',
      connectionId,
    });

    let reply: TWsReply;
    let status = 200;
    try {
      const message = parseMessage(event);
      if (message.action !== definition.name) {
        log.warn('action does not match the route', { action: message.action });
      }
      const connection = await deps.connections.getConnection(connectionId);
      if (!connection)
        throw new UnauthorizedError('Unauthorized', { internalMessage: 'Unknown or expired connection' });
      log = log.child({ username: connection.username, agencyId: connection.agencyId });

      const parsed = definition.request.safeParse(message.data);
      if (!parsed.success) {
        const fieldErrors = collectFieldErrors(parsed.error.issues, 'data', {});
        throw new BadRequestError(summariseFieldErrors(fieldErrors), fieldErrors);
      }
      const payload = await run({
        data: parsed.data as z.output<E['request']>,
        caller: { username: connection.username, agencyId: connection.agencyId },
        connectionId,
        log,
      });
      if (config().STAGE !== 'prod') {
        const checked = definition.payload.safeParse(payload);
        if (!checked.success) {
          throw new InternalError(
            `Reply of ${definition.name} breaks its schema: ${JSON.stringify(checked.error.issues)}`,
          );
        }
      }
      reply = { event: definition.successEvent, success: true, payload, error: null };
    } catch (thrown) {
      const error: AppError = toAppError(thrown);
      status = error.status;
      const fields = { status, code: error.code, error, durationMs: Date.now() - startedAt };
      if (status >= 500) log.error(`event failed: ${error.message}`, fields);
      else log.warn(`event refused: ${error.message}`, fields);
      reply = { event: definition.errorEvent, success: false, payload: null, error: error.publicMessage };
    }

    let outcome: PostOutcome;
    try {
      outcome = await deps.post(managementEndpoint(event.requestContext), connectionId, reply);
    } catch (error) {
      log.error('reply could not be posted', { error, durationMs: Date.now() - startedAt });
      return { statusCode: 500 };
    }
    if (outcome === 'gone') {
      log.info('connection gone, forgetting it');
      await deps.connections.deleteConnection(connectionId);
      return { statusCode: 410 };
    }
    log.info('event completed', { status, durationMs: Date.now() - startedAt });
    return { statusCode: status };
  };
}
