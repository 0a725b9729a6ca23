import { STORAGE_KEYS } from '@bidgrid/shared/constants';

const cookieName = STORAGE_KEYS.accessTokenCookie;

/**
 * Mirrors the Cognito access token in the `ACCESS_TOKEN` cookie (spec 000 §4). Amplify keeps the real
 * tokens; the cookie is the spec's copy for same-site consumers. SameSite=Strict keeps it off
 * cross-site requests; Secure whenever the page itself is served over https.
 */
export function setAccessTokenCookie(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookieName}=${encodeURIComponent(token)}; path=/; SameSite=Strict${secure}`;
}

/** Removes the cookie (sign-out, failed refresh). */
export function clearAccessTokenCookie(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookieName}=; path=/; SameSite=Strict; Max-Age=0${secure}`;
}

/** The cookie's current value, if any. */
export function readAccessTokenCookie(): string | null {
  const prefix = `${cookieName}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}
