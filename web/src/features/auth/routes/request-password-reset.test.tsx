import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { PASSWORD_RESET_NOTICE } from '../auth-messages';
import { Component as ResetPage } from './request-password-reset';

vi.mock('aws-amplify/auth', () => ({
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));

const resetMock = vi.mocked(resetPassword);
const confirmMock = vi.mocked(confirmResetPassword);

const codeSent = {
  isPasswordReset: false,
  nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: {} },
} as Awaited<ReturnType<typeof resetPassword>>;

/** The login route of the test tree: shows the state the reset page handed over. */
function LoginProbe() {
  const state = useLocation().state as { userName?: string; notice?: string } | null;
  return <p>{`login page: ${state?.userName ?? '-'} / ${state?.notice ?? '-'}`}</p>;
}

const renderReset = (path = '/request-password-reset') =>
  renderRoutes(
    [
      { path: '/request-password-reset', element: <ResetPage /> },
      { path: '/', element: <LoginProbe /> },
    ],
    { path },
  );

describe('Password reset page', () => {
  beforeEach(() => {
    resetMock.mockReset();
    confirmMock.mockReset();
  });

  it('asks for the username only, and requires it', async () => {
    // Prepare
    const user = userEvent.setup();
    renderReset();

    // Act
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    // Assess
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirmation Code')).not.toBeInTheDocument();
    expect(await screen.findByText('Required field.')).toBeInTheDocument();
    expect(resetMock).not.toHaveBeenCalled();
  });

  it('requests a code and moves to the code step with userName in the query', async () => {
    // Prepare
    const user = userEvent.setup();
    resetMock.mockResolvedValue(codeSent);
    const { router } = renderReset();

    // Act
    await user.type(screen.getByLabelText('Username'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    // Assess
    expect(await screen.findByLabelText('Confirmation Code')).toBeInTheDocument();
    expect(resetMock).toHaveBeenCalledWith({ username: 'demo' });
    expect(router.state.location.search).toBe('?userName=demo');
  });

  it('shows the provider error under the form and clears it on edit', async () => {
    // Prepare
    const user = userEvent.setup();
    resetMock.mockRejectedValue(new Error('User does not exist.'));
    renderReset();

    // Act
    await user.type(screen.getByLabelText('Username'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    // Assess
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error: User does not exist.');

    // Act
    await user.type(screen.getByLabelText('Username'), 'x');

    // Assess
    expect(screen.queryByText('There was an error: User does not exist.')).not.toBeInTheDocument();
  });

  it('checks the code step: required fields, minimum length, matching passwords', async () => {
    // Prepare
    const user = userEvent.setup();
    renderReset('/request-password-reset?userName=demo');

    // Act
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    // Assess
    expect(await screen.findAllByText('Required field.')).toHaveLength(3);

    // Act
    await user.type(screen.getByLabelText('Confirmation Code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    // Assess
    expect(await screen.findByText('Password is too short - should be 8 chars minimum.')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(confirmMock).not.toHaveBeenCalled();
  });

  it('sets the new password and goes back to sign-in with the user name and a notice', async () => {
    // Prepare
    const user = userEvent.setup();
    confirmMock.mockResolvedValue(undefined);
    const { router } = renderReset('/request-password-reset?userName=demo');

    // Act
    await user.type(screen.getByLabelText('Confirmation Code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'Brand-new-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    // Assess
    expect(await screen.findByText(`login page: demo / ${PASSWORD_RESET_NOTICE}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(confirmMock).toHaveBeenCalledWith({
      username: 'demo',
      confirmationCode: '123456',
      newPassword: 'Brand-new-1',
    });
  });

  it('shows a refused code under the form and clears it on edit', async () => {
    // Prepare
    const user = userEvent.setup();
    confirmMock.mockRejectedValue(new Error('Invalid verification code provided, please try again.'));
    renderReset('/request-password-reset?userName=demo');
    await user.type(screen.getByLabelText('Confirmation Code'), '000000');
    await user.type(screen.getByLabelText('New Password'), 'Brand-new-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Brand-new-1');

    // Act
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    // Assess
    const message = 'There was an error: Invalid verification code provided, please try again.';
    expect(await screen.findByText(message)).toBeInTheDocument();

    // Act
    await user.type(screen.getByLabelText('Confirmation Code'), '1');

    // Assess
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
  });

  it('sends a new code on request', async () => {
    // Prepare
    const user = userEvent.setup();
    resetMock.mockResolvedValue(codeSent);
    renderReset('/request-password-reset?userName=demo');

    // Act
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    // Assess
    expect(await screen.findByRole('status')).toHaveTextContent('A new code was sent to your email.');
    expect(resetMock).toHaveBeenCalledWith({ username: 'demo' });
  });
});
