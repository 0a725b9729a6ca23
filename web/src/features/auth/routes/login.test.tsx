import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmSignIn, signIn } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderPage, renderRoutes } from '@/test/render';
import { Component as LoginPage } from './login';

// Amplify mocked at the module boundary: the page and lib/auth/cognito run for real.
vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(async () => ({ tokens: { accessToken: { toString: () => 'access-token' } } })),
  getCurrentUser: vi.fn(async () => ({ username: 'demo', userId: 'sub-1' })),
  signOut: vi.fn(async () => undefined),
}));

const signInMock = vi.mocked(signIn);
const confirmSignInMock = vi.mocked(confirmSignIn);

const doneStep = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as Awaited<ReturnType<typeof signIn>>;
const newPasswordStep = {
  isSignedIn: false,
  nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
} as Awaited<ReturnType<typeof signIn>>;

const renderLogin = (session = fakeSession()) =>
  renderPage(<LoginPage />, { session, extraRoutes: [{ path: '/dashboard', element: <p>dashboard page</p> }] });

/** Signs in with a temporary password: with `newPasswordStep` mocked, the new-password form follows. */
async function signInWithTemporaryPassword(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(screen.getByLabelText('Username'), 'newbie');
  await user.type(screen.getByLabelText('Password'), 'Temp-pass-1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('Login page', () => {
  beforeEach(() => {
    signInMock.mockReset();
    confirmSignInMock.mockReset();
  });

  it('shows the heading, labelled fields and the forgot-password link', () => {
    // Act
    renderLogin();

    // Assess
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/request-password-reset');
  });

  it('requires both fields', async () => {
    // Prepare
    const user = userEvent.setup();
    renderLogin();

    // Act
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    expect(await screen.findAllByText('Required field.')).toHaveLength(2);
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('signs in with USER_PASSWORD_AUTH and goes to /dashboard', async () => {
    // Prepare
    const user = userEvent.setup();
    const session = fakeSession();
    signInMock.mockResolvedValue(doneStep);
    const { router } = renderLogin(session);

    // Act
    await user.type(screen.getByLabelText('Username'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'Demo-pass-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(signInMock).toHaveBeenCalledWith({
      username: 'demo',
      password: 'Demo-pass-1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(session.refresh).toHaveBeenCalledTimes(1);
  });

  it('shows the provider error, resets the form, and clears the error when the user types', async () => {
    // Prepare
    const user = userEvent.setup();
    signInMock.mockRejectedValue(new Error('Incorrect username or password.'));
    renderLogin();

    // Act
    await user.type(screen.getByLabelText('Username'), 'demo');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    const message = 'There was an error logging in: Incorrect username or password.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');

    // Act
    await user.type(screen.getByLabelText('Username'), 'd');

    // Assess
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('switches to the new-password form and rejects different passwords', async () => {
    // Prepare
    const user = userEvent.setup();
    signInMock.mockResolvedValue(newPasswordStep);
    renderLogin();
    await signInWithTemporaryPassword(user);

    // Act
    await user.type(await screen.findByLabelText('New Password'), 'Brand-new-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Brand-new-2');
    await user.click(screen.getByRole('button', { name: 'Confirm and Log In' }));

    // Assess
    expect(await screen.findByText('Passwords Must Match')).toBeInTheDocument();
    expect(confirmSignInMock).not.toHaveBeenCalled();
  });

  it('completes the new password and goes to /dashboard', async () => {
    // Prepare
    const user = userEvent.setup();
    signInMock.mockResolvedValue(newPasswordStep);
    confirmSignInMock.mockResolvedValue(doneStep);
    const { router } = renderLogin();
    await signInWithTemporaryPassword(user);

    // Act
    await user.type(await screen.findByLabelText('New Password'), 'Brand-new-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Confirm and Log In' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(confirmSignInMock).toHaveBeenCalledWith({ challengeResponse: 'Brand-new-1' });
  });

  it('shows the provider error when the new password is refused', async () => {
    // Prepare
    const user = userEvent.setup();
    signInMock.mockResolvedValue(newPasswordStep);
    confirmSignInMock.mockRejectedValue(new Error('Password does not conform to policy'));
    renderLogin();
    await signInWithTemporaryPassword(user);

    // Act
    await user.type(await screen.findByLabelText('New Password'), 'weakpass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Confirm and Log In' }));

    // Assess
    expect(
      await screen.findByText('There was an error updating your password: Password does not conform to policy'),
    ).toBeInTheDocument();
  });

  it('prefills the user name and shows the notice handed over by password reset or sign-up', async () => {
    // Prepare
    const user = userEvent.setup();
    signInMock.mockRejectedValue(new Error('Incorrect username or password.'));
    const { router } = renderRoutes(
      [
        { path: '/', element: <LoginPage /> },
        { path: '/request-password-reset', element: <p>reset page</p> },
      ],
      { path: '/request-password-reset' },
    );

    // Act
    await router.navigate('/', { state: { userName: 'newowner', notice: 'The account newowner is confirmed.' } });

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent('The account newowner is confirmed.');
    expect(screen.getByLabelText('Username')).toHaveValue('newowner');

    // Act: a failed attempt resets the form to empty, as any failure does.
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    expect(await screen.findByText('There was an error logging in: Incorrect username or password.')).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });
});
