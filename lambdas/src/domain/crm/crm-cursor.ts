import * as z from '@bidgrid/shared/zod';
import { invalidCursor } from '../../kernel/invalid-cursor';

/**
 * The cursors of the CRM's lists (HubSpot lists, HubSpot pages) are HubSpot's positions, not store keys,
 * so nothing in them names the advertiser whose portal was read. The HTTP layer seals a cursor for the
 * operation and the agency; this binds it, inside the agency, to the list it continues (the advertiser and
 * the list's choices), as the store's cursors are bound to their partition: a cursor of one advertiser's
 * list answers 400 on another's.
 */

const ZBoundCursor = z.strictObject({ s: z.string(), c: z.string() });

/** The cursor of the next page of the list `scope`, bound to it (null once the list has ended). */
export function boundCursor(scope: string, cursor: string | null): string | null {
  return cursor === null ? null : JSON.stringify({ s: scope, c: cursor });
}

/** The position inside a cursor of the list `scope` (null for the first page); a 400 for another list's cursor. */
export function openBoundCursor(scope: string, cursor: string | null): string | null {
  if (cursor === null) return null;
  let parsed: z.infer<typeof ZBoundCursor>;
  try {
    parsed = ZBoundCursor.parse(JSON.parse(cursor));
  } catch {
    throw invalidCursor(`CRM cursor of ${scope} is unreadable`);
  }
  if (parsed.s !== scope) throw invalidCursor(`CRM cursor of ${parsed.s} used on ${scope}`);
  return parsed.c;
}
