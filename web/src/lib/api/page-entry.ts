import { isPaged, type AnyOperation } from '@bidgrid/shared/api/operation';
import type { PageReply } from './api-client';

/**
 * How the cache holds the answer of a paged operation (issue 9 §6): the pages loaded so far, joined into
 * one payload of the operation's shape, and the cursor of the next page (null once the list has ended).
 * Other operations' answers are their payload as is. The hooks read and write the payload through these
 * helpers, so no screen or effect ever sees the entry.
 */
export type PageEntry<T> = PageReply<T>;

/** The payload inside a cached answer of `operation`. */
export function payloadOf<T>(operation: AnyOperation, cached: unknown): T | undefined {
  if (cached === undefined || cached === null) return cached as T | undefined;
  return isPaged(operation) ? (cached as PageEntry<T>).payload : (cached as T);
}

/** The next page's cursor of a cached answer: null when there is none (or the operation is not paged). */
export function nextCursorOf(operation: AnyOperation, cached: unknown): string | null {
  return isPaged(operation) && cached ? (cached as PageEntry<unknown>).nextCursor : null;
}

/** A cached answer with its payload replaced (the cursor kept). */
export function withPayload(operation: AnyOperation, cached: unknown, payload: unknown): unknown {
  return isPaged(operation) ? { ...(cached as PageEntry<unknown>), payload } : payload;
}
