/**
 * Paged reads (issue 9 §6): a list never reads or answers everything at once. A use case asks a
 * repository for one page and hands its `nextCursor` on; the cursor is opaque to the domain (the adapter
 * builds it from where its store stopped, and the HTTP layer seals it before it leaves the server).
 */

/** One page asked of a list: at most `limit` items, starting where `cursor` (a previous page's) stopped. */
export interface TPageRequest {
  readonly limit: number;
  /** The `nextCursor` of the previous page, or null for the first page. */
  readonly cursor: string | null;
}

/** One page of a list: its items in the list's order, and where the next page starts (null: the end). */
export interface TPage<T> {
  readonly items: T[];
  readonly nextCursor: string | null;
}

/**
 * What a paged operation's use case answers: its payload in the spec's shape (an array, a JSON string of
 * one, an object of arrays) and the cursor of the next page, which the HTTP layer seals into `nextCursor`.
 */
export interface TPagedPayload<T> {
  readonly payload: T;
  readonly nextCursor: string | null;
}

/** A page's items as the payload, its cursor kept. */
export const pagedPayload = <T>(page: TPage<T>): TPagedPayload<T[]> => ({
  payload: page.items,
  nextCursor: page.nextCursor,
});

/** The first page of a list, `limit` items long. */
export const firstPage = (limit: number): TPageRequest => ({ limit, cursor: null });

/** A page with its items mapped, the cursor kept. */
export function mapPage<T, U>(page: TPage<T>, map: (item: T) => U): TPage<U> {
  return { items: page.items.map(map), nextCursor: page.nextCursor };
}
