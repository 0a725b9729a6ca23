import * as z from '../zod';
import { MAX_USERNAME_LENGTH } from '../common/common.schema';
import type { PageSpec } from './operation';

/**
 * A payload the spec sends as a JSON string (000 §7: `mailSents` "payload is a JSON string of
 * invoices", `segmentsLogs/all` "payload parsed from JSON string"). Parsing yields the value either
 * way: a JSON string is decoded and checked against `schema`, the value itself is checked as is, so
 * a server may send the spec's string and a client always gets typed data.
 */
export function jsonStringOr<T extends z.ZodMiniType>(schema: T) {
  const fromString = z.pipe(
    z.pipe(
      z.string(),
      z.transform((text, ctx): unknown => {
        try {
          return JSON.parse(text);
        } catch {
          ctx.issues.push({ code: 'custom', message: 'Not a JSON string', input: text });
          return z.NEVER;
        }
      }),
    ),
    schema,
  );
  return z.union([schema, fromString]);
}

/**
 * The `{username}` body of the spec's list calls (000 §7). Accepted so spec clients keep working, but
 * never trusted: the server takes the caller from the token. A missing body is fine too.
 */
export const ZUsernameBody = z._default(
  z.object({ username: z.optional(z.string().check(z.maxLength(MAX_USERNAME_LENGTH))) }),
  {},
);

/**
 * The page of most lists (issue 9 §6): a hundred items, a few to a hundred kilobytes of JSON, one DynamoDB
 * query page or two. The web reads the pages after the first progressively (`useOperationPages`).
 */
export const PAGE_100: PageSpec = { defaultLimit: 100, maxLimit: 100 };

/**
 * The page of the line-item reports: campaigns with thousands of line items are expected, and a line item
 * with its report row is about a kilobyte, so a larger page (250, at most 500: half a megabyte) keeps the
 * number of round trips of the line-item table low.
 */
export const LINE_ITEM_PAGE: PageSpec = { defaultLimit: 250, maxLimit: 500 };
