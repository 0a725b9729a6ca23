import { confirmSignUp, resendSignUpCode, signUp } from 'aws-amplify/auth';
import { SIGN_UP_TICKET_METADATA_KEY } from '@bidgrid/shared/agency/agency.schema';

/**
 * Account creation with the identity provider (spec 000 §7: "sign up with username, password and an
 * email attribute"), then the confirmation-code step. Kept apart from `cognito.ts` so these calls load
 * with the sign-up page only.
 */

/**
 * Registers a user. The user stays unconfirmed until the e-mailed code is entered; nobody is signed
 * in by it (no auto sign-in), so the internal user who creates the account keeps their own session.
 * `signUpTicket` (issued by the API to an allow-listed internal user for this user name and e-mail)
 * travels in the call's client metadata, where the pool's PreSignUp trigger checks it.
 */
export async function registerUser(input: {
  userName: string;
  password: string;
  email: string;
  signUpTicket: string;
}): Promise<void> {
  await signUp({
    username: input.userName,
    password: input.password,
    options: {
      userAttributes: { email: input.email },
      clientMetadata: { [SIGN_UP_TICKET_METADATA_KEY]: input.signUpTicket },
    },
  });
}

/** Confirms a registration with the e-mailed code. */
export async function confirmRegistration(userName: string, code: string): Promise<void> {
  const result = await confirmSignUp({ username: userName, confirmationCode: code });
  if (!result.isSignUpComplete) throw new Error('The identity provider asked for another step.');
}

/** Sends a new confirmation code to the user's e-mail. */
export async function resendConfirmationCode(userName: string): Promise<void> {
  await resendSignUpCode({ username: userName });
}
