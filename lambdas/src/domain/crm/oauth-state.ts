import * as z from '@bidgrid/shared/zod';
import { hmac, safeEqual } from '../../kernel/crypto';

/**
 * What an OAuth `state` binds: the caller (agency and user), the advertiser being connected, a
 * one-time nonce and an expiry (epoch seconds). Short keys keep the URL short.
 */
export const ZOAuthState = z.object({
  a: z.string().check(z.minLength(1)),
  u: z.string().check(z.minLength(1)),
  adv: z.string().check(z.minLength(1)),
  n: z.string().check(z.minLength(16)),
  exp: z.number().check(z.int()),
});
export type TOAuthState = z.infer<typeof ZOAuthState>;

/** How long a started connection may take before its state expires. */
export const OAUTH_STATE_TTL_SECONDS = 600;

/** `{base64url(JSON)}.{HMAC-SHA256}`: readable by anyone, forgeable by no one without the key. */
export function signState(state: TOAuthState, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
  return `${body}.${hmac(body, key)}`;
}

/** The state if its signature is ours and its shape right; null for anything forged or mangled. */
export function verifyState(value: string, key: Buffer): TOAuthState | null {
  const [body, signature, extra] = value.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmac(body, key))) return null;
  try {
    const parsed = ZOAuthState.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
