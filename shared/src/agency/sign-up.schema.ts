import * as z from '../zod';
import {
  emailField,
  newPasswordField,
  requiredName,
  requiredSecret,
  requiredText,
  withConfirmedPassword,
} from '../common/fields';

/** 000 §5 "no validation on blur": the sign-up form validates on submit only (react-hook-form `mode`). */
export const SIGN_UP_VALIDATION_MODE = 'onSubmit';

/**
 * Create account form (000 §5). The user name comes out lower-cased: it becomes the agency's
 * `createdBy` and `users` entry (000 §3).
 */
export const ZSignUpForm = withConfirmedPassword(
  z.object({
    userName: requiredText().check(z.toLowerCase()),
    email: emailField(),
    companyName: requiredName(),
    password: newPasswordField(),
    passwordConfirm: requiredSecret(),
  }),
);
export type TSignUpFormInput = z.input<typeof ZSignUpForm>;
export type TSignUpForm = z.output<typeof ZSignUpForm>;
