import * as z from '../zod';
import { newPasswordField, requiredSecret, requiredText, withConfirmedPassword } from '../common/fields';

/** Password reset, request step (000 §5): the user name is required. */
export const ZPasswordResetRequestForm = z.object({
  userName: requiredText(),
});
export type TPasswordResetRequestForm = z.output<typeof ZPasswordResetRequestForm>;

/**
 * Password reset, confirm step (000 §5): code and new password required, new password of 8 or more,
 * confirmation equal ('Passwords must match'). The user name comes from the `userName` query parameter.
 */
export const ZPasswordResetConfirmForm = withConfirmedPassword(
  z.object({
    code: requiredText(),
    password: newPasswordField(),
    passwordConfirm: requiredSecret(),
  }),
);
export type TPasswordResetConfirmFormInput = z.input<typeof ZPasswordResetConfirmForm>;
export type TPasswordResetConfirmForm = z.output<typeof ZPasswordResetConfirmForm>;
