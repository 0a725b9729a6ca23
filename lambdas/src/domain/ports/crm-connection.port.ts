import type { TCrmConnection, TOAuthStateRecord } from '../crm/crm-connection.schema';

/** An advertiser connected to a CRM portal. */
export interface TPortalAdvertiser {
  agencyId: string;
  advertiserId: string;
}

/** The CRM connections of the store: tokens (sealed), the portal mapping, OAuth state nonces. */
export interface CrmConnectionRepository {
  getConnection(agencyId: string, advertiserId: string): Promise<TCrmConnection | null>;
  /**
   * Stores the connection, marks the advertiser connected with the portal id and maps the portal to
   * it, at once; the mapping of a previous portal is removed. False when the advertiser does not exist.
   */
  connect(
    agencyId: string,
    advertiserId: string,
    connection: TCrmConnection,
    previousPortalId: number | null,
  ): Promise<boolean>;
  /** Deletes the connection and the portal mapping and clears the advertiser's flags, at once. */
  disconnect(agencyId: string, advertiserId: string, portalId: number | null): Promise<boolean>;
  /** Replaces the tokens if the stored version is `expectedVersion`; false when another refresh won. */
  replaceTokens(
    agencyId: string,
    advertiserId: string,
    expectedVersion: number,
    tokens: Pick<TCrmConnection, 'sealedAccessToken' | 'sealedRefreshToken' | 'accessTokenExpiresAt'>,
  ): Promise<boolean>;
  /** Stores a new state nonce. */
  putState(nonce: string, record: TOAuthStateRecord): Promise<void>;
  /** Deletes and returns the nonce's record; null when it was never issued or already used. */
  consumeState(nonce: string): Promise<TOAuthStateRecord | null>;
}

/** Reads of the portal -> advertiser mapping, for the CRM card's signed calls. */
export interface CrmPortalRepository {
  listPortalAdvertisers(portalId: number): Promise<TPortalAdvertiser[]>;
}
