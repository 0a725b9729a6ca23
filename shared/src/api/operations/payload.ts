import * as z from 'zod';
import { MAX_USERNAME_LENGTH } from '../../entities/common.schema';

/**
 * A payload the spec sends as a JSON string (000 §7: `mailSents` "payload is a JSON string of
 * invoices", `segmentsLogs/all` "payload parsed from JSON string"). Parsing yields the value either
 * way: a JSON string is decoded and checked against `schema`, the value itself is checked as is, so
 * a server may send the spec's string and a client always gets typed data.
 */
export function jsonStringOr<T extends z.ZodType>(schema: T) {
  const fromString = z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Not a JSON string' });
        return z.NEVER;
      }
    })
    .pipe(schema);
  return z.union([schema, fromString]);
}

/**
 * The `{username}` body of the spec's list calls (000 §7). Accepted so spec clients keep working, but
 * never trusted: the server takes the caller from the token. A missing body is fine too.
 */
export const ZUsernameBody = z.object({ username: z.string().max(MAX_USERNAME_LENGTH).optional() }).default({});
