import * as z from '@bidgrid/shared/zod';
import { PICKER_TICKET_TTL_SECONDS } from '@bidgrid/shared/crm/crm.schema';
import { hmac, safeEqual } from '../../kernel/crypto';

/**
 * A picker ticket: what the server hands a signed card call so the picker page (in the browser,
 * which cannot sign like HubSpot) may list the portal's campaigns and add that one company. It binds
 * the portal, the company's domain and name and an expiry (epoch seconds), in the OAuth state's form
 * (`oauth-state.ts`): `{base64url(JSON)}.{HMAC-SHA256}`, readable by anyone, forgeable by no one
 * without the key (derived from the TOKEN_ENCRYPTION_KEY secret for this purpose only).
 */
export const ZPickerTicketClaims = z.object({
  p: z.number().check(z.int(), z.positive()),
  d: z.string().check(z.minLength(1)),
  c: z.string().check(z.minLength(1)),
  exp: z.number().check(z.int()),
});
export type TPickerTicketClaims = z.infer<typeof ZPickerTicketClaims>;

/** A prefix so a ticket can never be mistaken for (or replayed as) another signed value of ours. */
const PURPOSE = 'pt1';

/** Issues a ticket for one company of one portal, valid for 15 minutes from `now`. */
export function issuePickerTicket(
  input: { portalId: number; domain: string; companyName: string },
  key: Buffer,
  now: Date,
): { ticket: string; expiresAt: Date } {
  const exp = Math.floor(now.getTime() / 1000) + PICKER_TICKET_TTL_SECONDS;
  const claims: TPickerTicketClaims = { p: input.portalId, d: input.domain, c: input.companyName, exp };
  const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return { ticket: `${PURPOSE}.${body}.${hmac(`${PURPOSE}.${body}`, key)}`, expiresAt: new Date(exp * 1000) };
}

/** Why a ticket was refused (logged, never sent: the reply is a plain 401). */
export type TPickerTicketProblem = 'malformed' | 'forged' | 'expired' | 'other-portal' | 'other-company';

/**
 * Checks a ticket against the request it came with: ours, unexpired, for the query's portal and,
 * when the query names a domain or a company name (adding a company), for that company. Null when good.
 */
export function pickerTicketProblem(
  ticket: string,
  request: { portalId: string | undefined; domain: string | undefined; companyName: string | undefined },
  key: Buffer,
  now: Date,
): TPickerTicketProblem | null {
  const [purpose, body, signature, extra] = ticket.split('.');
  if (purpose !== PURPOSE || !body || !signature || extra !== undefined) return 'malformed';
  if (!safeEqual(signature, hmac(`${purpose}.${body}`, key))) return 'forged';
  let claims: TPickerTicketClaims;
  try {
    const parsed = ZPickerTicketClaims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    if (!parsed.success) return 'malformed';
    claims = parsed.data;
  } catch {
    return 'malformed';
  }
  if (claims.exp * 1000 <= now.getTime()) return 'expired';
  if (request.portalId?.trim() !== String(claims.p)) return 'other-portal';
  if (request.domain !== undefined && request.domain.trim() !== claims.d) return 'other-company';
  if (request.companyName !== undefined && request.companyName.trim() !== claims.c) return 'other-company';
  return null;
}
