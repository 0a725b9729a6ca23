import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readAccessTokenCookie, setAccessTokenCookie } from './access-token-cookie';
import { currentAccessToken, currentUserName, refreshAccessToken, signOutUser } from './cognito';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),
  signOut: vi.fn(),
}));

const sessionWith = (token: string | null) =>
  ({ tokens: token ? { accessToken: { toString: () => token } } : undefined }) as Awaited<
    ReturnType<typeof fetchAuthSession>
  >;

describe('the Amplify doorway', () => {
  beforeEach(() => {
    document.cookie = 'ACCESS_TOKEN=; path=/; Max-Age=0';
    vi.mocked(fetchAuthSession).mockReset();
    vi.mocked(getCurrentUser).mockReset();
    vi.mocked(signOut).mockReset();
  });

  it('mirrors the current access token in the ACCESS_TOKEN cookie', async () => {
    // Prepare
    vi.mocked(fetchAuthSession).mockResolvedValue(sessionWith('token-1'));

    // Act
    const token = await currentAccessToken();

    // Assess
    expect(token).toBe('token-1');
    expect(readAccessTokenCookie()).toBe('token-1');
  });

  it('writes the cookie only when the token changes, not on every call that reads it', async () => {
    // Prepare
    vi.mocked(fetchAuthSession).mockResolvedValue(sessionWith('token-3'));
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');

    // Act
    await currentAccessToken();
    await currentAccessToken();
    await currentAccessToken();

    // Assess
    expect(cookieWrites).toHaveBeenCalledTimes(1);
    expect(readAccessTokenCookie()).toBe('token-3');
    cookieWrites.mockRestore();
  });

  it('forces a refresh and updates the cookie with the new token', async () => {
    // Prepare
    setAccessTokenCookie('old-token');
    vi.mocked(fetchAuthSession).mockResolvedValue(sessionWith('token-2'));

    // Act
    const token = await refreshAccessToken();

    // Assess
    expect(token).toBe('token-2');
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(readAccessTokenCookie()).toBe('token-2');
  });

  it('answers null and removes the cookie when the refresh fails', async () => {
    // Prepare
    setAccessTokenCookie('old-token');
    vi.mocked(fetchAuthSession).mockRejectedValue(new Error('Refresh Token has expired'));

    // Act
    const token = await refreshAccessToken();

    // Assess
    expect(token).toBeNull();
    expect(readAccessTokenCookie()).toBeNull();
  });

  it('counts "No current user" as signed out', async () => {
    // Prepare
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('No current user'));

    // Act
    const userName = await currentUserName();

    // Assess
    expect(userName).toBeNull();
  });

  it('removes the cookie on sign-out even when the provider call fails', async () => {
    // Prepare
    setAccessTokenCookie('token-1');
    vi.mocked(signOut).mockRejectedValue(new Error('Network error'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    // Act
    await signOutUser();

    // Assess
    expect(readAccessTokenCookie()).toBeNull();
  });
});
