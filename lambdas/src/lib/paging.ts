import type { PagedOperation } from '@bidgrid/shared/api/operation';
import { tokenKeys } from '../adapters/token-keys';
import type { TPageRequest } from '../domain/ports/page.port';
import { decryptText, encryptText } from './crypto';
import { invalidCursor } from './invalid-cursor';

/**
 * Paging at the HTTP edge (issue 9 §6). A paged operation's reply carries `nextCursor` beside its payload;
 * the cursor a repository made (where its store stopped) is sealed before it leaves the server: encrypted
 * and authenticated with AES-256-GCM under a key derived from the server's master secret, with the
 * operation and the caller's agency as authenticated context. So a client can neither read nor change a
 * cursor, and one minted for another agency or another list fails to open: 400, never another tenant's
 * data, never a 500.
 */

/** What the caller is bound to: their agency, or their user name on operations without one. */
export interface PageBinding {
  readonly operation: string;
  readonly tenant: string;
}

const context = (binding: PageBinding): string => `page-cursor\n${binding.operation}\n${binding.tenant}`;

/** The sealed text of a repository's cursor, for the reply's `nextCursor`. */
export function sealCursor(cursor: string, binding: PageBinding, key: Buffer): string {
  return encryptText(cursor, key, context(binding));
}

/** The repository's cursor inside a sealed one; a 400 when it was not sealed by us for this binding. */
export function openCursor(sealed: string, binding: PageBinding, key: Buffer): string {
  try {
    return decryptText(sealed, key, context(binding));
  } catch (error) {
    throw invalidCursor(`Cursor of ${binding.operation} did not open for ${binding.tenant}: ${String(error)}`);
  }
}

/** The page a request asks for: the operation's default size unless it names one, the opened cursor. */
export async function pageRequestOf(
  operation: PagedOperation,
  query: { limit?: number | undefined; cursor?: string | undefined },
  binding: PageBinding,
): Promise<TPageRequest> {
  const limit = query.limit ?? operation.paged.defaultLimit;
  if (query.cursor === undefined) return { limit, cursor: null };
  return { limit, cursor: openCursor(query.cursor, binding, (await tokenKeys()).pageCursor) };
}

/** The reply's `nextCursor`: the repository's cursor sealed, or null once the list has ended. */
export async function nextCursorOf(cursor: string | null, binding: PageBinding): Promise<string | null> {
  return cursor === null ? null : sealCursor(cursor, binding, (await tokenKeys()).pageCursor);
}
