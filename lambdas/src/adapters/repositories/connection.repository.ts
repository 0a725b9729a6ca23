import { nowMs } from '@bidgrid/shared/clock';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TConnection } from '../../domain/connections/connection';
import type { ConnectionRepository } from '../../domain/ports/connection.port';
import { ddb, tables } from '../dynamodb';

function toConnection(item: Record<string, unknown>): TConnection | null {
  const { connectionId, username, agencyId, connectedAt, expiresAt } = item;
  if (
    typeof connectionId !== 'string' ||
    typeof username !== 'string' ||
    typeof agencyId !== 'string' ||
    typeof expiresAt !== 'number'
  ) {
    return null;
  }
  return {
    connectionId,
    username,
    agencyId,
    connectedAt: typeof connectedAt === 'string' ? connectedAt : '',
    expiresAt,
  };
}

async function putConnection(connection: TConnection): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tables().connections, Item: { ...connection } }));
}

async function getConnection(
  connectionId: string,
  nowEpochSeconds = Math.floor(nowMs() / 1000),
): Promise<TConnection | null> {
  const result = await ddb().send(new GetCommand({ TableName: tables().connections, Key: { connectionId } }));
  const connection = result.Item ? toConnection(result.Item) : null;
  return connection && connection.expiresAt > nowEpochSeconds ? connection : null;
}

async function deleteConnection(connectionId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tables().connections, Key: { connectionId } }));
}

/** The connections table (key `connectionId`, TTL on `expiresAt`), used by the WebSocket handlers. */
export const connectionRepository: ConnectionRepository = { putConnection, getConnection, deleteConnection };
