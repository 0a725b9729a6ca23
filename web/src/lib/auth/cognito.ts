import { confirmSignIn, fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { clearAccessTokenCookie, setAccessTokenCookie } from './access-token-cookie';

/**
 * The app's only doorway to Amplify Auth. Components and the API client call these, so tests mock
 * this module (or `aws-amplify/auth`) at one boundary.
 */

/** What a sign-in attempt led to. */
export type SignInOutcome = 'signed-in' | 'new-password-required';

/** The provider's message of a failed call (Amplify errors are `Error`s with a readable message). */
export const providerMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : String(error);

/**
 * Signs in with USER_PASSWORD_AUTH (the local pool has no SRP; the cloud app client allows the same flow).
 * Any next step other than the new-password challenge is not part of this product and is reported as an error.
 */
export async function signInWithPassword(userName: string, password: string): Promise<SignInOutcome> {
  const result = await signIn({ username: userName, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  return settle(result.nextStep.signInStep, result.isSignedIn);
}

/** Answers the NEW_PASSWORD_REQUIRED challenge of the current sign-in. */
export async function completeNewPassword(newPassword: string): Promise<void> {
  const result = await confirmSignIn({ challengeResponse: newPassword });
  const outcome = await settle(result.nextStep.signInStep, result.isSignedIn);
  if (outcome !== 'signed-in') throw new Error('The identity provider asked for another step.');
}

async function settle(step: string, isSignedIn: boolean): Promise<SignInOutcome> {
  if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return 'new-password-required';
  if (step !== 'DONE' || !isSignedIn) throw new Error(`Unsupported sign-in step: ${step}`);
  await currentAccessToken();
  return 'signed-in';
}

/** The signed-in user's name, or null when there is no current user ('No current user' = signed out). */
export async function currentUserName(): Promise<string | null> {
  try {
    const user = await getCurrentUser();
    return user.username;
  } catch {
    return null;
  }
}

/** The current access token (Amplify refreshes it when it is about to expire); mirrors it in the cookie. */
export async function currentAccessToken(): Promise<string | null> {
  const session = await fetchAuthSession();
  return mirror(session.tokens?.accessToken?.toString() ?? null);
}

/** Forces a refresh with the refresh token; null when the session cannot be refreshed. */
export async function refreshAccessToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession({ forceRefresh: true });
    return mirror(session.tokens?.accessToken?.toString() ?? null);
  } catch {
    return mirror(null);
  }
}

/** Signs out locally (tokens removed) and drops the cookie; never throws, the user is leaving anyway. */
export async function signOutUser(): Promise<void> {
  try {
    await signOut();
  } catch (error) {
    console.warn('Sign-out failed; local tokens are cleared anyway.', error);
  } finally {
    clearAccessTokenCookie();
    mirrored = null;
  }
}

/** The token the cookie holds as this page last set it: each API call reads the token, and a cookie write is a
 * synchronous trip to the browser process (measured: about 1 ms a call on the advertiser page's load). */
let mirrored: string | null | undefined;

function mirror(token: string | null): string | null {
  if (token === mirrored) return token;
  if (token) setAccessTokenCookie(token);
  else clearAccessTokenCookie();
  mirrored = token;
  return token;
}

/**
 * Listens to Amplify's token refreshes (however they happen: the API client's forced refresh, Amplify's
 * own before expiry); returns the unsubscribe function. The realtime connection re-authenticates on it.
 */
export function onTokenRefresh(listener: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'tokenRefresh') listener();
  });
}
