import type { TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InputOf, PagedOperation, ResponseOf } from '@bidgrid/shared/api/operation';
import { useLatest } from '../use-latest';
import { operationDocument } from './operation-document';
import type { PageEntry } from './page-entry';
import { skipToken, useOperationQuery, type OperationQueryOptions, type SkipToken } from './use-operation-query';

/**
 * How the pages of a list become one list (issue 9 §6). Arrays are joined end to end by default; a list the
 * server sorts page by page (campaigns newest first, line items by name) joins sorted with the same
 * comparator (`sortedJoin`), and a payload that is not an array says how it joins.
 */
export interface PageJoin<T> {
  /** The list so far with the next page added. */
  join(shown: T, next: T): T;
  /** How many items the list holds (the progress a screen shows). */
  count(data: T): number;
}

/** Arrays end to end. */
const ARRAY_JOIN: PageJoin<readonly unknown[]> = {
  join: (shown, next) => [...shown, ...next],
  count: (data) => data.length,
};

/**
 * Arrays end to end, then sorted with the comparator the server sorts each page with (a module constant,
 * so the join is the same object on every render).
 */
export function sortedJoin<T>(compare: (a: T, b: T) => number): PageJoin<T[]> {
  return { join: (shown, next) => [...shown, ...next].sort(compare), count: (data) => data.length };
}

/** How far a paged list has loaded: the items so far, and whether the last page is in. */
export interface PagesProgress {
  readonly loaded: number;
  readonly done: boolean;
}

/** Options of `useOperationPages`; `join` is required when the payload is not an array. */
export type PagesOptions<T> = OperationQueryOptions & { readonly join?: PageJoin<T> };
type PagesArgs<T> = T extends readonly unknown[]
  ? [options?: PagesOptions<T>]
  : [options: PagesOptions<T> & { readonly join: PageJoin<T> }];

/** A whole paged list, loading. */
export interface OperationPages<O extends PagedOperation> {
  /** The pages loaded so far, joined; undefined until the first is in. */
  readonly data: ResponseOf<O> | undefined;
  /** The joined pages of the previous input, to keep on show while the new one's first page loads. */
  readonly previousData: ResponseOf<O> | undefined;
  /** True while the first page is on its way. */
  readonly loading: boolean;
  /** The failure of the first page, or of a later one (loading then stops until `retry`). */
  readonly error: Error | undefined;
  readonly progress: PagesProgress;
  /** Loads the list again from its first page. */
  refetch(): Promise<void>;
  /** Goes on loading after a later page failed. */
  retry(): void;
}

/** The input of the page after `cursor`. */
const withCursor = <O extends PagedOperation>(input: InputOf<O>, cursor: string): InputOf<O> =>
  ({
    ...input,
    query: { ...((input as { query?: Record<string, unknown> }).query ?? {}), cursor },
  }) as InputOf<O>;

/**
 * Reads the whole of a paged list through the cache: the first page at once (shown as soon as it is in),
 * then the next ones one after the other, each joined to what is shown, until the list ends. The joined
 * list is one cached answer under the first page's input, so another screen asking the same list shows it
 * at once; a change that refreshes the operation reloads it from its first page. `progress` says how far
 * it got, for a "Loading more..." note and for exports, which wait for `done`.
 *
 *   const logs = useOperationPages(listAllBillingLogs, { body: { username } });
 *   const report = useOperationPages(getLineItemsReport, input, { join: LINE_ITEMS_JOIN });
 */
export function useOperationPages<O extends PagedOperation>(
  operation: O,
  input: InputOf<O> | SkipToken,
  ...[options]: PagesArgs<ResponseOf<O>>
): OperationPages<O> {
  const join = (options?.join ?? ARRAY_JOIN) as unknown as PageJoin<ResponseOf<O>>;
  const query = useOperationQuery(operation, input, { fetchPolicy: options?.fetchPolicy });
  const { data, nextCursor, fetchMore } = query;
  const [failure, setFailure] = useState<{ at: unknown; error: Error } | null>(null);
  // The page asked last, by the answer it continues: asked once, even when an effect runs twice.
  const asked = useRef<{ data: unknown; cursor: string } | null>(null);
  // The input the next page continues (the effect runs again for a new answer, not for a new input object).
  const latestInput = useLatest(input);

  useEffect(() => {
    const from = latestInput.current;
    if (from === skipToken || !nextCursor || data === undefined) return;
    if (asked.current?.data === data && asked.current.cursor === nextCursor) return;
    if (failure?.at === data) return;
    asked.current = { data, cursor: nextCursor };
    fetchMore(withCursor(from, nextCursor), join.join).catch((error: unknown) =>
      setFailure({ at: data, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }, [data, nextCursor, failure, fetchMore, join, latestInput]);

  const retry = useCallback(() => {
    asked.current = null;
    setFailure(null);
  }, []);
  const { refetch: refetchFirst } = query;
  const refetch = useCallback(async () => {
    setFailure(null);
    await refetchFirst();
  }, [refetchFirst]);

  return {
    data,
    previousData: query.previousData,
    loading: query.loading && data === undefined,
    error: query.error ?? (failure && failure.at === data ? failure.error : undefined),
    progress: { loaded: data === undefined ? 0 : join.count(data), done: data !== undefined && nextCursor === null },
    refetch,
    retry,
  };
}

type LooseData = Record<string, PageEntry<unknown> | undefined>;

/**
 * Reads every page of a paged list when a flow needs all of it at that moment (the old creatives of an ad
 * group being replaced), outside the cache: the pages one after the other, joined. Screens that show a list
 * use `useOperationPages`.
 */
export function useReadAllPages<O extends PagedOperation>(
  operation: O,
  ...[options]: PagesArgs<ResponseOf<O>>
): (input: InputOf<O>) => Promise<ResponseOf<O>> {
  const client = useApolloClient();
  const join = (options?.join ?? ARRAY_JOIN) as unknown as PageJoin<ResponseOf<O>>;
  return useCallback(
    async (input) => {
      const document = operationDocument(operation, 'query') as unknown as TypedDocumentNode<
        LooseData,
        { input: unknown }
      >;
      let joined: ResponseOf<O> | undefined;
      let cursor: string | null = null;
      do {
        const pageInput: InputOf<O> = cursor === null ? input : withCursor(input, cursor);
        const result = await client.query({
          query: document,
          variables: { input: pageInput },
          fetchPolicy: 'no-cache',
        });
        const page = result.data?.[operation.name] as PageEntry<ResponseOf<O>> | undefined;
        if (!page) throw result.error ?? new Error(`${operation.name} answered nothing.`);
        joined = joined === undefined ? page.payload : join.join(joined, page.payload);
        cursor = page.nextCursor;
      } while (cursor !== null);
      return joined;
    },
    [client, operation, join],
  );
}
