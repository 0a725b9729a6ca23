import type { core } from '../zod';

// When a check runs (zod's `when`): after a field's first check, and for rules across fields.

/**
 * For a field's checks after its first: runs them only while the value has passed the checks before, so
 * an empty e-mail reads 'Required field.' alone, not also 'Please, enter valid email.'. (zod's own
 * `abort: true` would do this for the field but, since zod 4.4, also stops every object rule that has a
 * `when`, such as `whenFieldsValid`.)
 */
export const whenValueValid = (payload: core.ParsePayload): boolean => payload.issues.length === 0;

/**
 * `when` condition for an object-level rule: run it, even if other fields failed, as long as the
 * fields it reads passed their own checks. Without it zod skips object rules whenever any field fails,
 * and a form would show cross-field messages only after everything else is fixed.
 */
export const whenFieldsValid =
  (...fields: readonly string[]) =>
  (payload: core.ParsePayload): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

/**
 * `check`, run only while the value has passed the checks before it (`whenValueValid`). zod reads `when`
 * from every check's definition but types it only on `refine`; the length and pattern checks keep their
 * JSON Schema keywords (`maxLength`, `pattern`) this way, which a refinement would lose.
 */
export function afterValid<C extends { _zod: { def: core.$ZodCheckDef } }>(check: C): C {
  check._zod.def.when = whenValueValid;
  return check;
}
