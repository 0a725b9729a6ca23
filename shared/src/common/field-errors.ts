import type * as z from '../zod';

/**
 * Zod issues as field errors: dotted path -> messages, in order, without repeats (the shape of the
 * envelope's `fieldErrors` on a 400). Issues about the whole value use the key ''.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** Validates and returns the field errors, or null when the value is valid. */
export function fieldErrorsOf(schema: z.ZodMiniType, value: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(value);
  return result.success ? null : toFieldErrors(result.error.issues);
}
