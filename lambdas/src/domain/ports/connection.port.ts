import type { TConnection } from '../connections/connection';

/** The live WebSocket connections. */
export interface ConnectionRepository {
  putConnection(connection: TConnection): Promise<void>;
  /** The connection, or null when unknown or past its expiry. */
  getConnection(connectionId: string, nowEpochSeconds?: number): Promise<TConnection | null>;
  deleteConnection(connectionId: string): Promise<void>;
}
