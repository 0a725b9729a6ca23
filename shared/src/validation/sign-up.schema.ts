import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { emailField, requiredName, requiredSecret, requiredText, whenFieldsValid } from './fields';
import { VALIDATION_MESSAGES as M } from './messages';

/** 000 §5 "no validation on blur": the sign-up form validates on submit only (react-hook-form `mode`). */
export const SIGN_UP_VALIDATION_MODE = 'onSubmit';

/**
 * Create account form (000 §5). The user name comes out lower-cased: it becomes the agency's
 * `createdBy` and `users` entry (000 §3).
 */
export const ZSignUpForm = z
  .object({
    userName: requiredText().toLowerCase(),
    email: emailField(),
    companyName: requiredName(),
    password: requiredSecret().min(MIN_PASSWORD_LENGTH, M.passwordTooShort),
    passwordConfirm: requiredSecret(),
  })
  .refine((values) => values.passwordConfirm === values.password, {
    // A too-short password still gets the mismatch message: both are worth fixing at once.
    path: ['passwordConfirm'],
    message: M.passwordsMustMatch,
    when: whenFieldsValid('passwordConfirm'),
  });
export type TSignUpFormInput = z.input<typeof ZSignUpForm>;
export type TSignUpForm = z.output<typeof ZSignUpForm>;
