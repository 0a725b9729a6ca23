import type { AnyOperation, PagedOperation } from '@bidgrid/shared/api/operation';
import { tokenKeys } from '../adapters/token-keys';
import type { TPagedPayload, TPageRequest } from '../domain/ports/page.port';
import { decryptText, encryptText } from '../kernel/crypto';
import { InternalError } from '../kernel/errors';
import { invalidCursor } from '../kernel/invalid-cursor';

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

/** Who asks, as far as the request made it known: the user of a user operation, their agency on one that resolves it. */
export interface PageCaller {
  readonly username: string | null;
  readonly agencyId: string | null;
}

/**
 * The binding of an operation's cursors for a caller: its agency on an operation that resolves one, the user
 * name on a user operation without one, nobody ('') on a signed or public one. Only the field the operation
 * binds to is read (the request's `Caller` throws for the others).
 */
export function pageBindingOf(
  operation: Pick<AnyOperation, 'name' | 'auth' | 'tenant'>,
  caller: PageCaller,
): PageBinding {
  if (operation.auth !== 'user') return { operation: operation.name, tenant: '' };
  const tenant = operation.tenant === 'agency' ? caller.agencyId : caller.username;
  if (tenant === null) {
    const whom = operation.tenant === 'agency' ? "the caller's agency" : 'the user';
    throw new InternalError(`${operation.name} binds its cursors to ${whom}, which this request does not know`);
  }
  return { operation: operation.name, tenant };
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

/**
 * One part of a reply that gathers several lists (`getAdvertiserPageFirstScreen`): the first page of a list
 * whose own operation is `part`, its cursor sealed for that operation and this caller exactly as the part's
 * own reply would seal it, so the client asks the part's next page from the part's operation.
 */
export async function sealedPartPage<T>(
  part: PagedOperation,
  page: TPagedPayload<T>,
  caller: PageCaller,
): Promise<{ payload: T; nextCursor: string | null }> {
  return { payload: page.payload, nextCursor: await nextCursorOf(page.nextCursor, pageBindingOf(part, caller)) };
}
