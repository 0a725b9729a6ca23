import type { TAgency, TAgencyCreate } from '@bidgrid/shared/entities/agency.schema';
import { BadRequestError, ConflictError, ForbiddenError } from '../lib/errors';
import type { AgencyRepository } from './ports/agency.port';

export const NOT_ALLOWED_TO_CREATE_AGENCIES = 'You are not allowed to create agencies.';
export const AGENCY_ALREADY_EXISTS = 'This agency already exists.';
/** The text for a user name that already belongs to an agency. */
export const userAlreadyAssigned = (username: string): string =>
  `The user "${username}" is already assigned to an agency.`;

/** DynamoDB transactions hold at most 100 writes: the agency plus 99 user mappings. */
export const MAX_AGENCY_USERS = 99;

/**
 * Creates an agency (spec 000 §3/§7). Only the allow-listed internal users may (the sign-up page is
 * shown to them alone, and the server enforces it). User names are stored lower-cased, as the
 * sign-up form sends them; an existing agency or user mapping is never overwritten.
 */
export async function createAgency(
  input: { caller: { username: string }; agency: TAgencyCreate },
  deps: {
    agencies: Pick<AgencyRepository, 'createAgencyWithUsers'>;
    internalUsers: readonly string[];
    now: () => Date;
  },
): Promise<TAgency> {
  if (!deps.internalUsers.includes(input.caller.username.toLowerCase())) {
    throw new ForbiddenError(NOT_ALLOWED_TO_CREATE_AGENCIES, {
      internalMessage: `${input.caller.username} is not an internal user`,
    });
  }
  const users = [...new Set(input.agency.users.map((u) => u.trim().toLowerCase()))];
  if (users.length > MAX_AGENCY_USERS) {
    const message = `An agency is created with at most ${MAX_AGENCY_USERS} users.`;
    throw new BadRequestError(message, { users: [message] });
  }
  const agency = {
    agencyId: input.agency.agencyId,
    name: input.agency.name,
    email: input.agency.email,
    createdBy: input.agency.createdBy.trim().toLowerCase(),
    users,
    createdAt: deps.now().toISOString(),
  };
  const result = await deps.agencies.createAgencyWithUsers(agency);
  if (!result.created) {
    throw new ConflictError(
      result.conflict === 'agency' ? AGENCY_ALREADY_EXISTS : userAlreadyAssigned(result.username),
    );
  }
  return agency;
}
