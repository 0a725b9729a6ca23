import { ForbiddenError } from '../../kernel/errors';

/** The refusal of every agency-creation step to a user outside the allow-list. */
export const NOT_ALLOWED_TO_CREATE_AGENCIES = 'You are not allowed to create agencies.';

/** Whether a user name (any case) is on the allow-list of internal users (spec 000 §2, §6: five names). */
export function isInternalUser(username: string, internalUsers: readonly string[]): boolean {
  return internalUsers.includes(username.trim().toLowerCase());
}

/** Throws 403 unless the caller is an allow-listed internal user; `doing` goes to the log only. */
export function assertInternalUser(username: string, internalUsers: readonly string[], doing: string): void {
  if (!isInternalUser(username, internalUsers)) {
    throw new ForbiddenError(NOT_ALLOWED_TO_CREATE_AGENCIES, {
      internalMessage: `${username} is not an internal user (${doing})`,
    });
  }
}
