import * as z from '../zod';
import { zId } from '../ids';
import { ZEmail, ZIsoDateTime, ZNewUsername, ZRequestText, ZUsername } from '../common/common.schema';

/**
 * Agency (spec 000 §3). `users` holds lower-cased Cognito user names. The spec's client state also
 * keeps the agency's advertisers and playbooks beside it; those come from their own calls
 * (`listAdvertisersByAgency`, `getPlaybooks`), so the record does not embed them.
 */
export const ZAgency = z.object({
  agencyId: zId('agency'),
  /** The company name of the sign-up form, shown to the agency's users: cleaned like any name. */
  name: ZRequestText,
  email: ZEmail,
  createdBy: ZUsername,
  users: z.array(ZUsername).check(z.minLength(1)),
  createdAt: z.optional(ZIsoDateTime),
});
export type TAgency = z.infer<typeof ZAgency>;

/**
 * The key of the `ClientMetadata` of Cognito's SignUp call that carries the sign-up ticket; the pool's
 * PreSignUp trigger refuses a sign-up without a valid, unused ticket for that user name and e-mail.
 */
export const SIGN_UP_TICKET_METADATA_KEY = 'signUpTicket';
/** How long a sign-up ticket may wait for its sign-up (the form asks for it right before). */
export const SIGN_UP_TICKET_TTL_SECONDS = 600;

/** A sign-up ticket: 32 random bytes, base64url. Only its hash is stored. */
export const ZSignUpTicket = z.string().check(z.length(43), z.regex(/^[A-Za-z0-9_-]{43}$/, 'Must be a sign-up ticket'));

/**
 * Body of `POST /api/agency/signupticket` (ours): the account an allow-listed internal user is about
 * to create. The ticket is bound to this user name and e-mail.
 */
export const ZSignUpTicketRequest = z.object({
  userName: ZNewUsername,
  email: ZEmail,
});
export type TSignUpTicketRequest = z.input<typeof ZSignUpTicketRequest>;

/** The issued ticket and until when the sign-up may use it. */
export const ZSignUpTicketGrant = z.object({
  signUpTicket: ZSignUpTicket,
  expiresAt: ZIsoDateTime,
});
export type TSignUpTicketGrant = z.infer<typeof ZSignUpTicketGrant>;

/**
 * The body of `POST /public/agency/create` as the sign-up form builds it (spec 000 §3: agencyId,
 * createdBy = lower-cased username, email, name = company name, users = [lower-cased username]),
 * plus (ours) the ticket of the sign-up that created that user: the server creates the agency only
 * for the user and e-mail that ticket's sign-up registered, once.
 */
export const ZAgencyCreate = z.extend(z.omit(ZAgency, { createdAt: true }), { signUpTicket: ZSignUpTicket });
export type TAgencyCreate = z.infer<typeof ZAgencyCreate>;
