/** HubSpot's OAuth endpoints as the use cases need them (`adapters/crm/hubspot-oauth.ts`). */

/** The tokens HubSpot issues; `expiresInSeconds` is the access token's lifetime. */
export interface TCrmTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

export interface CrmOAuth {
  /** The authorization page URL the browser is sent to. */
  authorizeUrl(input: { state: string; redirectUri: string }): Promise<string>;
  /** Exchanges a code; a refused one throws CrmGrantError (`domain/vendors/vendor-refusals.ts`). */
  exchangeCode(code: string, redirectUri: string): Promise<TCrmTokens>;
  /** Refreshes the tokens; a refused refresh token throws CrmGrantError. */
  refresh(refreshToken: string): Promise<TCrmTokens>;
  /** The portal (hub id) an access token belongs to. */
  portalIdOf(accessToken: string): Promise<number>;
  /** Revokes a refresh token; `unknown` when HubSpot no longer knows it (already revoked). */
  revoke(refreshToken: string): Promise<'revoked' | 'unknown'>;
}
