import * as z from 'zod';

/**
 * A stored HubSpot connection. Tokens are sealed (AES-256-GCM, `lib/crypto.ts`) and never leave the
 * server; `version` grows with each token refresh so two refreshes cannot overwrite each other.
 */
export const ZCrmConnection = z.object({
  portalId: z.number().int().positive(),
  sealedAccessToken: z.string().min(1),
  sealedRefreshToken: z.string().min(1),
  /** Epoch milliseconds when the access token expires. */
  accessTokenExpiresAt: z.number().int(),
  connectedBy: z.string().min(1),
  connectedAt: z.string().min(1),
  version: z.number().int().min(1),
});
export type TCrmConnection = z.infer<typeof ZCrmConnection>;

/** What a state nonce binds (the signed state carries the same, this proves it is unused). */
export const ZOAuthStateRecord = z.object({
  agencyId: z.string().min(1),
  username: z.string().min(1),
  advertiserId: z.string().min(1),
  /** Epoch seconds (also the TTL attribute). */
  expiresAt: z.number().int(),
});
export type TOAuthStateRecord = z.infer<typeof ZOAuthStateRecord>;
