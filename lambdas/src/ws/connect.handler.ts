import { now } from '@bidgrid/shared/clock';
import type { Context } from 'aws-lambda';
import { verifyAccessToken } from '../adapters/jwt';
import { agencyRepository } from '../adapters/repositories/agency.repository';
import { connectionRepository } from '../adapters/repositories/connection.repository';
import { openConnection } from '../domain/connections/open-connection.use-case';
import type { OpenConnectionDeps } from '../domain/connections/open-connection.use-case';
import { toAppError } from '../kernel/errors';
import { logger } from '../kernel/logger';
import { wsRequestFields } from '../entry/request-ids';
import type { WsEvent, WsResult } from '../entry/ws';

const deps: OpenConnectionDeps = {
  verifyAccessToken,
  agencies: agencyRepository,
  connections: connectionRepository,
  now,
};

/**
 * `$connect`: accepts the connection (200) when `?token=` is a valid access token of a user with
 * an agency; 401 for a missing, invalid or expired token, 403 without an agency. API Gateway
 * refuses the WebSocket upgrade for any status other than 2xx.
 */
export async function raw(event: WsEvent, context?: Context): Promise<WsResult> {
  const connectionId = event.requestContext.connectionId;
  const log = logger().child(wsRequestFields('$connect', event, context));
  try {
    const connection = await openConnection(
      { connectionId, token: event.queryStringParameters?.['token'] ?? '' },
      deps,
    );
    log.info('connected', { status: 200, username: connection.username, agencyId: connection.agencyId });
    return { statusCode: 200 };
  } catch (thrown) {
    const error = toAppError(thrown);
    const fields = { status: error.status, code: error.code, error };
    if (error.status >= 500) log.error(`connect failed: ${error.message}`, fields);
    else log.warn(`connect refused: ${error.message}`, fields);
    return { statusCode: error.status, body: JSON.stringify({ message: error.publicMessage }) };
  }
}

export const handler = raw;
