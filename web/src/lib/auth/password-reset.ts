import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';

/**
 * Password reset with the identity provider (spec 000 §2 "Password reset", §7 "forgot password,
 * forgot password submit"). A module of its own, apart from `cognito.ts`, so the reset calls load with
 * the reset page and never with the login route.
 */

/** Asks the provider to e-mail a reset code to the user (Cognito ForgotPassword). */
export async function requestPasswordReset(userName: string): Promise<void> {
  await resetPassword({ username: userName });
}

/** Sets the new password with the e-mailed code (Cognito ConfirmForgotPassword). */
export async function confirmPasswordReset(input: {
  userName: string;
  code: string;
  newPassword: string;
}): Promise<void> {
  await confirmResetPassword({
    username: input.userName,
    confirmationCode: input.code,
    newPassword: input.newPassword,
  });
}
