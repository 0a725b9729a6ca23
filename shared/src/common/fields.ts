import * as z from '../zod';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { MAX_BIDDER_NAME } from './common.schema';
import { cleanDisplayDescription, cleanDisplayName } from './display-text';
import { isSupportedIsoDate } from './iso-date';
import { afterValid, whenFieldsValid, whenValueValid } from './when';
import { VALIDATION_MESSAGES as M, tooLongMessage } from './messages';

/**
 * Field builders shared by the form schemas. Form inputs arrive as strings (or `NaN` from
 * `valueAsNumber` on an empty number input) and API bodies as JSON, so each builder accepts both and
 * answers with the spec's message instead of zod's defaults.
 */

/**
 * A practical e-mail pattern (zod's `regexes.email`, the one `z.email()` uses), shared by the forms and
 * the imported e-mail lists. Written out rather than read from `z.regexes`: that namespace read keeps
 * every one of zod's patterns (5 KB) in each bundle. `fields.test.ts` holds it equal to zod's.
 */
export const EMAIL_PATTERN: RegExp =
  // eslint-disable-next-line no-useless-escape -- zod's source character for character (the test compares them)
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Required text, trimmed; empty or blank gives 'Required field.' (later checks: `whenValueValid`). */
export const requiredText = (message: string = M.required) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));

/**
 * A required name other people see (advertiser, campaign, ad group, list, segment, company...):
 * cleaned of control and bidi characters (`display-text.ts`) and trimmed, then 'Required field.'
 * when nothing is left.
 */
export const requiredName = (message: string = M.required) =>
  z.string({ error: message }).check(z.overwrite(cleanDisplayName), z.minLength(1, { error: message }));

/**
 * A required name that becomes a name at the bidder (advertiser, campaign, list, segment): `requiredName`
 * within the bidder's `MAX_BIDDER_NAME` characters, the bound and message of the API's `ZBidderName`.
 */
export const bidderName = (message: string = M.required) =>
  requiredName(message).check(afterValid(z.maxLength(MAX_BIDDER_NAME, tooLongMessage(MAX_BIDDER_NAME))));

/** An optional one-line text other people see (second address line), cleaned; missing or null becomes ''. */
export const optionalName = () =>
  z.pipe(
    z.nullish(z.string().check(z.overwrite(cleanDisplayName))),
    z.transform((value) => value ?? ''),
  );

/** An optional description other people see, cleaned but multiline; missing or null becomes ''. */
export const optionalDescription = () =>
  z.pipe(
    z.nullish(z.string().check(z.overwrite(cleanDisplayDescription))),
    z.transform((value) => value ?? ''),
  );

/** Required secret (passwords, codes): never trimmed, since spaces may be part of it. */
export const requiredSecret = (message: string = M.required) =>
  z.string({ error: message }).check(z.minLength(1, { error: message }));

/** Optional text, trimmed; missing or null becomes ''. */
export const optionalText = () =>
  z.pipe(
    z.nullish(z.string().check(z.trim())),
    z.transform((value) => value ?? ''),
  );

/** Required e-mail: 'Required field.' when empty, 'Wrong format, enter valid email' when malformed. */
export const emailField = () => requiredText().check(afterValid(z.regex(EMAIL_PATTERN, M.email)));

/** What a number field accepts: a number, the string of a number input, or nothing. */
export type TNumericInput = number | string | null | undefined;

/**
 * Blank and `NaN` mean "no value"; numeric strings become numbers; anything else is passed on for the
 * number schema to report (typed input is a promise to form code, JSON bodies can hold anything).
 */
export function toNumberInput(value: TNumericInput): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isNaN(parsed) ? value : parsed;
}

/**
 * A number field: no value gives `missingMessage` (default 'Required field.'), text that is not a
 * number gives 'Must be a number'. Add checks to the inner number schema through `refine`:
 * `numberField(msg, (n) => n.check(z.positive(...)))`.
 */
export function numberField(
  missingMessage: string = M.required,
  refine: (schema: z.ZodMiniNumber) => z.ZodMiniNumber = (schema) => schema,
) {
  return z.preprocess(
    toNumberInput,
    refine(z.number({ error: (issue) => (issue.input === undefined ? missingMessage : M.notANumber) })),
  );
}

/** An optional number field: no value gives null; text that is not a number gives 'Must be a number'. */
export function optionalNumberField(refine: (schema: z.ZodMiniNumber) => z.ZodMiniNumber = (schema) => schema) {
  return z.preprocess(
    (value: TNumericInput) => toNumberInput(value) ?? null,
    z.nullable(refine(z.number({ error: M.notANumber }))),
  );
}

/**
 * A required ISO date (`YYYY-MM-DD`, within the one date rule `isSupportedIsoDate`): empty gives
 * 'Required field.', anything else 'Enter a valid date'.
 */
export const isoDateField = () =>
  requiredText().check(z.refine(isSupportedIsoDate, { error: M.invalidDate, when: whenValueValid }));

/** A new password (000 §5): required, of `MIN_PASSWORD_LENGTH` (8) characters or more. */
export const newPasswordField = () =>
  requiredSecret().check(afterValid(z.minLength(MIN_PASSWORD_LENGTH, M.passwordTooShort)));

/**
 * A form with a new password and its confirmation (sign-up, password reset; 000 §5): 'Passwords must
 * match' on `passwordConfirm` when it differs. A too-short password still gets the mismatch message:
 * both are worth fixing at once.
 */
export function withConfirmedPassword<S extends z.ZodMiniType<{ password: string; passwordConfirm: string }>>(
  schema: S,
): S {
  return schema.check(
    z.refine((values) => values.passwordConfirm === values.password, {
      path: ['passwordConfirm'],
      message: M.passwordsMustMatch,
      when: whenFieldsValid('passwordConfirm'),
    }),
  );
}
