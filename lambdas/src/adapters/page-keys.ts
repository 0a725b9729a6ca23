import * as z from '@bidgrid/shared/zod';
import { invalidCursor } from '../kernel/invalid-cursor';

/**
 * The cursor of a paged DynamoDB read, as the repositories see it (issue 9 §6): where the last page
 * stopped (the key of its last item, or DynamoDB's LastEvaluatedKey) and which list it belongs to. Keys
 * never leave the adapters as keys: the domain passes the text on unread, and the HTTP layer seals it
 * (encrypted and bound to the operation and the caller's agency) before it reaches a client. A cursor
 * is checked again here, against the list being read, so even a cursor the seal let through cannot
 * start a read in another partition or another kind of item.
 */

/** A DynamoDB primary key of the app or reports table. */
export type TStartKey = { pk: string; sk: string };

/** Which list a cursor may continue: its name (with its filters) and the keys it may start after. */
export interface TCursorScope {
  /** The list and its filters, e.g. `billingLogs?createdBy=demo`: a cursor of another list is refused. */
  readonly list: string;
  /** The partitions the list reads (most lists read one). */
  readonly partitions: readonly string[];
  /** What every sort key of the list starts with (`''` when the whole partition is the list). */
  readonly skPrefix: string;
}

const ZCursor = z.object({
  l: z.string(),
  k: z.strictObject({ pk: z.string().check(z.minLength(1)), sk: z.string().check(z.minLength(1)) }),
});

/** The text of a cursor that continues `scope` after `key`. */
export function encodeCursor(scope: TCursorScope, key: TStartKey): string {
  return Buffer.from(JSON.stringify({ l: scope.list, k: { pk: key.pk, sk: key.sk } }), 'utf8').toString('base64url');
}

/**
 * The key to start after, or undefined for the first page; a cursor that is not this list's (unreadable,
 * another list, a key outside the list's partitions or prefix) is a 400.
 */
export function decodeCursor(scope: TCursorScope, cursor: string | null): TStartKey | undefined {
  if (cursor === null) return undefined;
  let parsed: z.infer<typeof ZCursor>;
  try {
    const result = ZCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (!result.success) throw invalidCursor(`Cursor of ${scope.list} has the wrong shape`);
    parsed = result.data;
  } catch (error) {
    throw error instanceof SyntaxError ? invalidCursor(`Cursor of ${scope.list} is not JSON`) : error;
  }
  if (parsed.l !== scope.list) throw invalidCursor(`Cursor of ${parsed.l} used on ${scope.list}`);
  if (!scope.partitions.includes(parsed.k.pk) || !parsed.k.sk.startsWith(scope.skPrefix)) {
    throw invalidCursor(`Cursor key outside ${scope.list}`);
  }
  return parsed.k;
}
