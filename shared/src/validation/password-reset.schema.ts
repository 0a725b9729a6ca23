import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { requiredSecret, requiredText, whenFieldsValid } from './fields';
import { VALIDATION_MESSAGES as M } from './messages';

/** Password reset, request step (000 §5): the user name is required. */
export const ZPasswordResetRequestForm = z.object({
  userName: requiredText(),
});
export type TPasswordResetRequestForm = z.output<typeof ZPasswordResetRequestForm>;

/**
 * Password reset, confirm step (000 §5): code and new password required, new password of 8 or more,
 * confirmation equal ('Passwords must match'). The user name comes from the `userName` query parameter.
 */
export const ZPasswordResetConfirmForm = z
  .object({
    code: requiredText(),
    password: requiredSecret().min(MIN_PASSWORD_LENGTH, M.passwordTooShort),
    passwordConfirm: requiredSecret(),
  })
  .refine((values) => values.passwordConfirm === values.password, {
    path: ['passwordConfirm'],
    message: M.passwordsMustMatch,
    when: whenFieldsValid('passwordConfirm'),
  });
export type TPasswordResetConfirmFormInput = z.input<typeof ZPasswordResetConfirmForm>;
export type TPasswordResetConfirmForm = z.output<typeof ZPasswordResetConfirmForm>;
