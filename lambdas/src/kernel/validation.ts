import type * as z from '@bidgrid/shared/zod';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { BadRequestError } from './errors';

/**
 * Adds zod issues to `into` as `{dotted.path: [messages]}` (the envelope's `fieldErrors`, which the
 * web forms map onto their fields). An issue about the whole value is filed under `root`.
 */
export function collectFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  root: string,
  into: TFieldErrors,
): TFieldErrors {
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    (into[key] ??= []).push(issue.message);
  }
  return into;
}

/** One line for the reply's `error`: every field and its messages, so a toast alone is still useful. */
export function summariseFieldErrors(fieldErrors: TFieldErrors): string {
  const parts = Object.entries(fieldErrors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  return `Invalid request. ${parts.join('; ')}`;
}

/** The 400 of a request with field errors: the summary as its message, the errors for the form. */
export function invalidRequest(fieldErrors: TFieldErrors): BadRequestError {
  return new BadRequestError(summariseFieldErrors(fieldErrors), fieldErrors);
}
