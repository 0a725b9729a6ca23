import type { TConnection } from './connection';
import { ForbiddenError } from '../../kernel/errors';
import type { AgencyRepository } from '../ports/agency.port';
import type { ConnectionRepository } from '../ports/connection.port';

/** API Gateway closes a WebSocket connection after two hours at most; its item lives as long. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

/** Ports of opening a connection. */
export interface OpenConnectionDeps {
  /** Verifies the access token and returns its claims; throws a 401 error when it is not valid. */
  verifyAccessToken(token: string): Promise<{ username: string; exp: number }>;
  agencies: Pick<AgencyRepository, 'getUserAgencyId'>;
  connections: Pick<ConnectionRepository, 'putConnection'>;
  now: () => Date;
}

/**
 * `$connect`: browsers cannot set headers on a WebSocket, so the access token comes as `?token=`.
 * The connection is stored with the caller and their agency, so realtime events never trust the
 * message for either. It is trusted no longer than the token it was opened with: past the token's
 * expiry its messages are refused (401) and the web reconnects with its refreshed token, so a
 * connection never outlives a sign-in (API Gateway alone would keep it two hours).
 */
export async function openConnection(
  input: { connectionId: string; token: string },
  deps: OpenConnectionDeps,
): Promise<TConnection> {
  const claims = await deps.verifyAccessToken(input.token);
  const username = claims.username.toLowerCase();
  const agencyId = await deps.agencies.getUserAgencyId(username);
  if (!agencyId) {
    throw new ForbiddenError('Your user is not assigned to an agency.', {
      internalMessage: `No agency for ${username}`,
    });
  }
  const now = deps.now();
  const connection: TConnection = {
    connectionId: input.connectionId,
    username,
    agencyId,
    connectedAt: now.toISOString(),
    expiresAt: Math.min(Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS, claims.exp),
  };
  await deps.connections.putConnection(connection);
  return connection;
}
