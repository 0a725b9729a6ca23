import type { TAgency, TAgencyCreate } from '@bidgrid/shared/agency/agency.schema';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { BadRequestError, ConflictError } from '../../kernel/errors';
import { assertInternalUser } from './internal-users';
import type { AgencyRepository } from '../ports/agency.port';
import type { SignUpTicketStore } from '../ports/sign-up-tickets.port';
import type { UserDirectory } from '../ports/user-directory.port';
import { hashSignUpTicket } from './sign-up-tickets.use-case';

export { NOT_ALLOWED_TO_CREATE_AGENCIES } from './internal-users';

export const AGENCY_ALREADY_EXISTS = 'This agency already exists.';
/** The text for a user name that already belongs to an agency. */
export const userAlreadyAssigned = (username: string): string =>
  `The user "${username}" is already assigned to an agency.`;
export const SIGN_UP_TICKET_UNKNOWN = 'This sign-up ticket is unknown or expired. Create the account again.';
export const AGENCY_NAMES_ITS_OWN_USER = 'An agency names only the user its own sign-up registered.';
export const SIGN_UP_NOT_REGISTERED_YET = 'Register the user first, then create its agency.';
export const SIGN_UP_ALREADY_HAS_AGENCY = 'The user of this sign-up already has an agency.';
/** The text for a ticket whose user is missing from the pool or is not the one its sign-up made. */
export const notCreatedBySignUp = (username: string): string =>
  `The user "${username}" was not registered by this sign-up.`;

/** How long after its issue a used ticket may still create its agency (the form does it at once). */
export const AGENCY_AFTER_TICKET_MS = 24 * 60 * 60 * 1000;
/** Clock difference tolerated between the API and the user pool when comparing creation times. */
const CLOCK_SKEW_MS = 60_000;
/** The states of a user just registered by a sign-up (confirmed already, or waiting for the code). */
const SIGNED_UP_STATUSES = new Set(['UNCONFIRMED', 'CONFIRMED']);

/**
 * Creates the agency of the user a sign-up just registered (spec 000 §3/§7). Only the allow-listed
 * internal users may (the sign-up page is shown to them alone, and the server enforces it), and only
 * with the ticket of that sign-up, issued to them: the agency's creator, users and e-mail must be the
 * ticket's, the sign-up must have used the ticket, the user must exist in the pool as that sign-up made
 * it (the e-mail given, created after the ticket), and the ticket makes one agency. So an agency can
 * never name a user who exists already, nor one who may register later. Nothing is overwritten.
 */
export async function createAgency(
  input: { caller: { username: string }; agency: TAgencyCreate },
  deps: {
    agencies: Pick<AgencyRepository, 'createAgencyWithUsers'>;
    tickets: Pick<SignUpTicketStore, 'find'>;
    users: UserDirectory;
    internalUsers: readonly string[];
    now: () => Date;
  },
): Promise<TAgency> {
  const caller = input.caller.username.trim().toLowerCase();
  assertInternalUser(caller, deps.internalUsers, 'agency creation');
  const now = deps.now();

  const ticketHash = hashSignUpTicket(input.agency.signUpTicket);
  const ticket = await deps.tickets.find(ticketHash);
  if (!ticket || ticket.issuedBy !== caller || now.getTime() - Date.parse(ticket.issuedAt) > AGENCY_AFTER_TICKET_MS) {
    throw new BadRequestError(SIGN_UP_TICKET_UNKNOWN, { signUpTicket: [SIGN_UP_TICKET_UNKNOWN] });
  }

  const username = ticket.username;
  const users = [...new Set(input.agency.users.map((u) => u.trim().toLowerCase()))];
  const fieldErrors: TFieldErrors = {};
  if (input.agency.createdBy.trim().toLowerCase() !== username) fieldErrors['createdBy'] = [AGENCY_NAMES_ITS_OWN_USER];
  if (users.length !== 1 || users[0] !== username) fieldErrors['users'] = [AGENCY_NAMES_ITS_OWN_USER];
  if (input.agency.email.trim().toLowerCase() !== ticket.email) fieldErrors['email'] = [AGENCY_NAMES_ITS_OWN_USER];
  if (Object.keys(fieldErrors).length > 0) throw new BadRequestError(AGENCY_NAMES_ITS_OWN_USER, fieldErrors);

  if (ticket.status === 'issued') throw new ConflictError(SIGN_UP_NOT_REGISTERED_YET);
  if (ticket.status === 'agency-created') throw new ConflictError(SIGN_UP_ALREADY_HAS_AGENCY);

  const user = await deps.users.getUser(username);
  const madeBySignUp =
    user !== null &&
    SIGNED_UP_STATUSES.has(user.status) &&
    user.email === ticket.email &&
    user.createdAt.getTime() >= Date.parse(ticket.issuedAt) - CLOCK_SKEW_MS;
  if (!madeBySignUp) {
    throw new ConflictError(notCreatedBySignUp(username), {
      internalMessage: user
        ? `User ${username} is ${user.status}, created ${user.createdAt.toISOString()}, ticket issued ${ticket.issuedAt}`
        : `User ${username} is not in the pool`,
    });
  }

  const agency = {
    agencyId: input.agency.agencyId,
    name: input.agency.name,
    email: ticket.email,
    createdBy: username,
    users: [username],
    createdAt: now.toISOString(),
  };
  const result = await deps.agencies.createAgencyWithUsers(agency, { signUpTicketHash: ticketHash });
  if (!result.created) {
    if (result.conflict === 'agency') throw new ConflictError(AGENCY_ALREADY_EXISTS);
    if (result.conflict === 'user') throw new ConflictError(userAlreadyAssigned(result.username));
    throw new ConflictError(SIGN_UP_ALREADY_HAS_AGENCY);
  }
  return agency;
}
