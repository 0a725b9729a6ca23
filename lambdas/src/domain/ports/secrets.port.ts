/**
 * The vendor secrets the server uses (SSM SecureStrings in the cloud, `SECRET_*` variables
 * locally: `adapters/secrets.ts`). Values are never logged.
 */
export type SecretName =
  | 'BIDDER_EMAIL'
  | 'BIDDER_PASSWORD'
  /** The per-account salt FreeWheel issues for hashed e-mails (HEM). */
  | 'BIDDER_HEM_SALT'
  | 'HUBSPOT_CLIENT_ID'
  | 'HUBSPOT_CLIENT_SECRET'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'COMPANY_MATCH_API_KEY'
  | 'TOKEN_ENCRYPTION_KEY';

/** Reads one secret. */
export type SecretReader = (name: SecretName) => Promise<string>;

/** The keys derived from the TOKEN_ENCRYPTION_KEY secret. */
export interface TokenKeys {
  /** AES-256-GCM key of the CRM tokens at rest. */
  readonly crmTokens: Buffer;
  /** HMAC key of the OAuth `state` values. */
  readonly oauthState: Buffer;
  /** AES-256-GCM key that seals page cursors (issue 9 §6), bound to the list and the caller's agency. */
  readonly pageCursor: Buffer;
  /** HMAC key of the CRM card's picker tickets (`domain/crm/picker-ticket.ts`). */
  readonly pickerTicket: Buffer;
}
