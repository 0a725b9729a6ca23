import { createHash, randomBytes } from 'node:crypto';
import { SIGN_UP_TICKET_TTL_SECONDS, ZSignUpTicket } from '@bidgrid/shared/agency/agency.schema';
import type { TSignUpTicketGrant } from '@bidgrid/shared/agency/agency.schema';
import { PRODUCT_NAME } from '@bidgrid/shared/constants';
import { assertInternalUser } from './internal-users';
import type { SignUpTicketStore } from '../ports/sign-up-tickets.port';

/**
 * Sign-up tickets (audit: the user pool let anyone sign up). Only the allow-listed internal users
 * create accounts (spec 000 §2, §6): the API gives them a ticket for the one user name and e-mail they
 * are about to register; the browser hands it to Cognito's SignUp in `ClientMetadata`; the pool's
 * PreSignUp trigger lets that sign-up through once and refuses every other. A direct SignUp call by
 * anyone else therefore fails, and agency creation later names only the user its ticket registered.
 *
 * The ticket is 32 random bytes: unguessable, so it needs no signature, and only its SHA-256 is
 * stored, so reading the table gives no usable ticket. Single use needs the stored record anyway.
 */

/** The trigger's refusal when a sign-up brings no ticket (Cognito shows it after "PreSignUp failed with error"). */
export const SIGN_UP_NEEDS_TICKET = `Accounts are created by the ${PRODUCT_NAME} team only.`;
/** The trigger's refusal of a ticket that is unknown, used, expired or bound to another user or e-mail. */
export const SIGN_UP_TICKET_REFUSED = 'This sign-up ticket is not valid for this user name and e-mail any more.';

/** The stored form of a ticket: SHA-256, base64url. */
export function hashSignUpTicket(ticket: string): string {
  return createHash('sha256').update(ticket, 'utf8').digest('base64url');
}

/**
 * Issues a ticket for one sign-up to an allow-listed internal user (403 for anyone else). The user
 * name and e-mail are lower-cased, as the sign-up form sends them and as Cognito compares them.
 */
export async function issueSignUpTicket(
  input: { caller: { username: string }; userName: string; email: string },
  deps: { tickets: SignUpTicketStore; internalUsers: readonly string[]; now: () => Date },
): Promise<TSignUpTicketGrant> {
  const issuedBy = input.caller.username.trim().toLowerCase();
  assertInternalUser(issuedBy, deps.internalUsers, 'sign-up ticket');
  const signUpTicket = randomBytes(32).toString('base64url');
  const issuedAt = deps.now();
  const signUpBy = new Date(issuedAt.getTime() + SIGN_UP_TICKET_TTL_SECONDS * 1000).toISOString();
  await deps.tickets.saveIssued({
    ticketHash: hashSignUpTicket(signUpTicket),
    username: input.userName.trim().toLowerCase(),
    email: input.email.trim().toLowerCase(),
    issuedBy,
    issuedAt: issuedAt.toISOString(),
    signUpBy,
    status: 'issued',
  });
  return { signUpTicket, expiresAt: signUpBy };
}

/** Raised by the PreSignUp trigger to refuse a sign-up; Cognito shows the message to the caller. */
export class SignUpRefusedError extends Error {
  override readonly name = 'SignUpRefusedError';
}

/**
 * The PreSignUp decision. `PreSignUp_SignUp` (the public SignUp call) needs a valid, unused ticket for
 * this user name and e-mail, and uses it up; `PreSignUp_AdminCreateUser` passes, because only holders
 * of IAM rights on the pool can call it (docs/DEPLOY.md's way to create the first internal users); every
 * other source (federated sign-in, none configured) is refused.
 */
export async function redeemSignUpTicket(
  input: { source: string; username: string; email: string | undefined; ticket: string | undefined },
  deps: { tickets: Pick<SignUpTicketStore, 'markSignedUp'>; now: () => Date },
): Promise<void> {
  if (input.source === 'PreSignUp_AdminCreateUser') return;
  if (input.source !== 'PreSignUp_SignUp' || input.ticket === undefined || input.ticket === '') {
    throw new SignUpRefusedError(SIGN_UP_NEEDS_TICKET);
  }
  if (!ZSignUpTicket.safeParse(input.ticket).success || !input.email) {
    throw new SignUpRefusedError(SIGN_UP_TICKET_REFUSED);
  }
  const used = await deps.tickets.markSignedUp({
    ticketHash: hashSignUpTicket(input.ticket),
    username: input.username.trim().toLowerCase(),
    email: input.email.trim().toLowerCase(),
    at: deps.now().toISOString(),
  });
  if (!used) throw new SignUpRefusedError(SIGN_UP_TICKET_REFUSED);
}
