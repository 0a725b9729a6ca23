import * as z from '@bidgrid/shared/zod';

/**
 * A stored HubSpot connection. Tokens are sealed (AES-256-GCM, `kernel/crypto.ts`) and never leave the
 * server; `version` grows with each token refresh so two refreshes cannot overwrite each other.
 */
export const ZCrmConnection = z.object({
  portalId: z.number().check(z.int(), z.positive()),
  sealedAccessToken: z.string().check(z.minLength(1)),
  sealedRefreshToken: z.string().check(z.minLength(1)),
  /** Epoch milliseconds when the access token expires. */
  accessTokenExpiresAt: z.number().check(z.int()),
  connectedBy: z.string().check(z.minLength(1)),
  connectedAt: z.string().check(z.minLength(1)),
  version: z.number().check(z.int(), z.gte(1)),
});
export type TCrmConnection = z.infer<typeof ZCrmConnection>;

/** What a state nonce binds (the signed state carries the same, this proves it is unused). */
export const ZOAuthStateRecord = z.object({
  agencyId: z.string().check(z.minLength(1)),
  username: z.string().check(z.minLength(1)),
  advertiserId: z.string().check(z.minLength(1)),
  /** Epoch seconds (also the TTL attribute). */
  expiresAt: z.number().check(z.int()),
});
export type TOAuthStateRecord = z.infer<typeof ZOAuthStateRecord>;
