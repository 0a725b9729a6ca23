import type { Context } from 'aws-lambda';
import { connectionRepository } from '../adapters/repositories/connection.repository';
import { logger } from '../kernel/logger';
import { wsRequestFields } from '../entry/request-ids';
import type { WsEvent, WsResult } from '../entry/ws';

/** `$disconnect`: forgets the connection. API Gateway ignores the result; a failure is only logged. */
export async function raw(event: WsEvent, context?: Context): Promise<WsResult> {
  const connectionId = event.requestContext.connectionId;
  const log = logger().child(wsRequestFields('$disconnect', event, context));
  try {
    await connectionRepository.deleteConnection(connectionId);
    log.info('disconnected', { status: 200 });
    return { statusCode: 200 };
  } catch (error) {
    log.error('disconnect failed', { status: 500, error });
    return { statusCode: 500 };
  }
}

export const handler = raw;
