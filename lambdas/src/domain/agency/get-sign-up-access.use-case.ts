import { isInternalUser } from './internal-users';

/**
 * Whether a user may create agency accounts (spec 000 §2, §6: only the allow-listed internal user
 * names). The sign-up page asks this to decide whether to show its form; agency creation itself checks
 * the same list, so hiding the form is a courtesy, never the protection.
 */
export function getSignUpAccess(
  input: { caller: { username: string } },
  deps: { internalUsers: readonly string[] },
): { allowed: boolean } {
  return { allowed: isInternalUser(input.caller.username, deps.internalUsers) };
}
