/** Texts of the password-reset and sign-up pages (spec 000 §4, §8; those marked "ours" fill its gaps). */

/** Spec 000 §8: the password reset forms show this under the form, and clear it on edit. */
export const resetErrorText = (message: string): string => `There was an error: ${message}`;

/** Spec 000 §8: "sign-up failure same prefix" as the login failure. */
export const signUpErrorText = (message: string): string => `There was an error logging in: ${message}`;

/** Ours: the confirmation-code step's failures use the reset forms' wording (the step is "not shown"). */
export const confirmCodeErrorText = resetErrorText;

/** Spec 000 §4: the toast after a successful sign-up (ours: also after "Resend Code"). */
export const CODE_SENT_TOAST = 'Confirmation code was successfully sent to your email!';

/** Ours: the notice on the login page after a password reset. */
export const PASSWORD_RESET_NOTICE = 'Your password has been reset. Log in with your new password.';

/** Ours: the notice on the login page after a confirmed sign-up. */
export const accountConfirmedNotice = (userName: string): string =>
  `The account ${userName} is confirmed. Log in with its password.`;
