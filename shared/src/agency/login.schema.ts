import * as z from '../zod';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { requiredSecret, requiredText } from '../common/fields';
import { VALIDATION_MESSAGES as M } from '../common/messages';
import { afterValid, whenFieldsValid } from '../common/when';

/** Login form (000 §5): userName and password required. The user name is trimmed, its case kept. */
export const ZLoginForm = z.object({
  userName: requiredText(),
  password: requiredSecret(),
});
export type TLoginFormInput = z.input<typeof ZLoginForm>;
export type TLoginForm = z.output<typeof ZLoginForm>;

/**
 * The new-password challenge form of the login page (000 §2, §4): 'New Password' and 'Confirm New
 * Password'; a mismatch gives 'Passwords Must Match' (that capitalisation). The minimum length is the
 * product's password rule (000 §9), checked here so the user hears it before the identity provider.
 */
export const ZNewPasswordForm = z
  .object({
    newPassword: requiredSecret().check(afterValid(z.minLength(MIN_PASSWORD_LENGTH, M.passwordTooShort))),
    confirmNewPassword: requiredSecret(),
  })
  .check(
    z.refine((values) => values.confirmNewPassword === values.newPassword, {
      path: ['confirmNewPassword'],
      message: M.newPasswordsMustMatch,
      when: whenFieldsValid('confirmNewPassword'),
    }),
  );
export type TNewPasswordFormInput = z.input<typeof ZNewPasswordForm>;
export type TNewPasswordForm = z.output<typeof ZNewPasswordForm>;
