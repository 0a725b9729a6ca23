import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import type { AnyOperation, ResponseOf } from '@bidgrid/shared/api/operation';
import { forgetPrefetchedReplies } from './api-client';
import { payloadOf, withPayload } from './page-entry';

/**
 * What a change does to the cached answers, declared once beside a feature's calls (its `api/` file) and
 * applied by `useOperationMutation`, never by a component.
 */
export interface CacheEffects<TResult = unknown> {
  /**
   * Operations whose answers the change makes stale: every cached answer of each (whatever its input) is
   * dropped, and the queries on screen that read one are fetched again before the call resolves. Answers
   * not on screen are fetched fresh when next shown.
   */
  readonly refreshes?: readonly AnyOperation[];
  /** Cached answers the call's reply brings up to date in place, without a request. */
  readonly updates?: ReadonlyArray<CacheUpdate<TResult>>;
}

/** An in-place update of every cached answer of one operation, from a call's reply. */
export interface CacheUpdate<TResult> {
  readonly operation: AnyOperation;
  readonly update: (cached: unknown, result: TResult) => unknown;
}

/**
 * Declares an in-place update: `update` gets each cached answer of `operation` (one per input) and the
 * call's reply, and returns the answer to keep (the same one when the reply does not concern it).
 */
export function updateCached<Q extends AnyOperation, TResult>(
  operation: Q,
  update: (cached: ResponseOf<Q>, result: TResult) => ResponseOf<Q>,
): CacheUpdate<TResult> {
  return { operation, update: (cached, result) => update(cached as ResponseOf<Q>, result) };
}

/**
 * Drops every cached answer of `operations` and refetches the active queries that read one. A failed
 * refetch is logged, not thrown: the change itself went through, and the API client already showed why the
 * reload failed (the screen keeps what it shows, 000 §8).
 */
export async function refreshOperations(client: ApolloClient, operations: readonly AnyOperation[]): Promise<void> {
  if (operations.length === 0) return;
  // A reply prefetched before the change is as stale as the cached answers: the reload must not take it.
  forgetPrefetchedReplies(operations);
  try {
    await client.refetchQueries({
      updateCache(cache) {
        for (const operation of operations) cache.evict({ id: 'ROOT_QUERY', fieldName: operation.name });
      },
    });
  } catch (error) {
    console.error(`Reloading ${operations.map((operation) => operation.name).join(', ')} failed`, error);
  }
}

/** Applies a call's effects: the in-place updates first, then the refreshes. */
export async function applyCacheEffects<TResult>(
  client: ApolloClient,
  effects: CacheEffects<TResult>,
  result: TResult,
): Promise<void> {
  for (const { operation, update } of effects.updates ?? []) {
    client.cache.modify({
      id: 'ROOT_QUERY',
      // A paged list's pages joined so far are updated in place; its cursor stays.
      fields: {
        [operation.name]: (cached: unknown) =>
          withPayload(operation, cached, update(payloadOf(operation, cached), result)) as never,
      },
    });
  }
  await refreshOperations(client, effects.refreshes ?? []);
}

/**
 * The refresh of some effects, on its own: for a feature call that makes several calls in a row and should
 * reload once at the end, not after each (the all-campaigns dialog's Save, the ad-group replacement).
 */
export function useRefreshOperations(operations: readonly AnyOperation[]): () => Promise<void> {
  const client = useApolloClient();
  return useCallback(() => refreshOperations(client, operations), [client, operations]);
}
