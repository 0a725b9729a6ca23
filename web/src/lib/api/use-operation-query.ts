import type { TypedDocumentNode } from '@apollo/client';
import { skipToken, useQuery, type SkipToken } from '@apollo/client/react';
import { useCallback } from 'react';
import { isPaged, type AnyOperation, type InputOf, type ResponseOf } from '@bidgrid/shared/api/operation';
import type { CallHeaders } from './api-client';
import { operationDocument } from './operation-document';
import { nextCursorOf, payloadOf, type PageEntry } from './page-entry';

export { skipToken };
export type { SkipToken };

/** How a query uses the cache. */
export interface OperationQueryOptions {
  /**
   * `cache-first` (default): a cached answer for the same input is shown without a request.
   * `network-only`: always asks the server (answers that may change behind the user's back, such as who
   * may do what); the answer is still cached for refreshes.
   */
  readonly fetchPolicy?: 'cache-first' | 'network-only';
  /**
   * Extra request headers (a credential that is not the user's token, e.g. the picker's ticket); they
   * are not part of the cache key.
   */
  readonly headers?: CallHeaders;
}

/** A query's state, typed by the operation's response schema. */
export interface OperationQuery<O extends AnyOperation> {
  /** The validated payload of the current input; undefined while it loads or after an error. */
  readonly data: ResponseOf<O> | undefined;
  /** The payload of the previous input, so a screen can keep it on show while the new one loads. */
  readonly previousData: ResponseOf<O> | undefined;
  /** True while the answer of the current input is on its way. */
  readonly loading: boolean;
  /** The failure of the last request (an `ApiError` from the client, already shown as a toast). */
  readonly error: Error | undefined;
  /**
   * A paged operation's cursor of the next page of what is shown (null once the list has ended, or for an
   * operation that is not paged; undefined until an answer is in). `useOperationPages` follows it.
   */
  readonly nextCursor: string | null | undefined;
  /** Asks the server again for the current input; resolves with the fresh payload. */
  refetch(): Promise<ResponseOf<O> | undefined>;
  /**
   * Fetches another page of a paged list: `input` is the next page's (with the shown answer's `nextCursor`
   * as its `cursor`) and `merge` joins it to what is shown; the joined list is kept under the first page's
   * input, with the new page's cursor. A page that arrives after the list was reloaded (the shown answer no
   * longer ends at that cursor) is dropped, so a page is never joined twice.
   */
  fetchMore(input: InputOf<O>, merge: (shown: ResponseOf<O>, next: ResponseOf<O>) => ResponseOf<O>): Promise<void>;
}

type LooseData = Record<string, unknown>;

/**
 * Reads an operation of the shared table through the cache: one answer per (operation, input), kept for
 * every screen that asks the same; `skipToken` instead of the input reads nothing (yet). Request and reply
 * types are the operation's schemas, so a wrong input or a field the reply lacks does not compile.
 *
 *   const campaigns = useOperationQuery(listCampaignsByAdvertiser, {
 *     params: { advertiserId },
 *     query: { timeFrame },
 *   });
 */
export function useOperationQuery<O extends AnyOperation>(
  operation: O,
  input: InputOf<O> | SkipToken,
  options: OperationQueryOptions = {},
): OperationQuery<O> {
  const document = operationDocument(operation, 'query') as unknown as TypedDocumentNode<LooseData, { input: unknown }>;
  const result = useQuery(
    document,
    input === skipToken
      ? skipToken
      : {
          variables: { input },
          fetchPolicy: options.fetchPolicy ?? 'cache-first',
          ...(options.headers ? { context: { headers: options.headers } } : {}),
        },
  );
  const name = operation.name;
  const pick = (data: LooseData | undefined): ResponseOf<O> | undefined => payloadOf(operation, data?.[name]);

  const { refetch: apolloRefetch, fetchMore: apolloFetchMore } = result;
  const refetch = useCallback(
    async () => payloadOf<ResponseOf<O>>(operation, (await apolloRefetch()).data?.[name]),
    [apolloRefetch, name, operation],
  );
  const fetchMore = useCallback(
    async (next: InputOf<O>, merge: (shown: ResponseOf<O>, page: ResponseOf<O>) => ResponseOf<O>) => {
      const cursor = (next as { query?: { cursor?: unknown } }).query?.cursor;
      await apolloFetchMore({
        variables: { input: next },
        updateQuery: (shown, { fetchMoreResult }) => {
          if (!isPaged(operation)) {
            return {
              ...shown,
              [name]: merge(shown[name] as ResponseOf<O>, fetchMoreResult[name] as ResponseOf<O>),
            };
          }
          const entry = shown[name] as PageEntry<ResponseOf<O>> | undefined;
          const page = fetchMoreResult[name] as PageEntry<ResponseOf<O>>;
          if (!entry || entry.nextCursor !== cursor) return shown;
          return { ...shown, [name]: { payload: merge(entry.payload, page.payload), nextCursor: page.nextCursor } };
        },
      });
    },
    [apolloFetchMore, name, operation],
  );

  const data = result.data as LooseData | undefined;
  return {
    data: pick(data),
    previousData: pick(result.previousData as LooseData | undefined),
    loading: result.loading,
    error: result.error,
    nextCursor: data?.[name] === undefined ? undefined : nextCursorOf(operation, data[name]),
    refetch,
    fetchMore,
  };
}
