/** A live WebSocket connection: who opened it, for which agency, until when (epoch seconds, TTL). */
export interface TConnection {
  connectionId: string;
  username: string;
  agencyId: string;
  /** ISO time of `$connect`. */
  connectedAt: string;
  expiresAt: number;
}
