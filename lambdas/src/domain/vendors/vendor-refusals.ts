/**
 * Refusals of vendors that a use case answers itself (with a 400 and a text for the user), thrown by
 * the adapters. Other vendor failures are `VendorError`s (502).
 */

/** The CRM refused a grant: a wrong, used or expired code or refresh token. The user must connect again. */
export class CrmGrantError extends Error {
  override readonly name = 'CrmGrantError';
}
