import type { AnyOperation, InputOf, ResponseOf } from '@bidgrid/shared/api/operation';
import { getApiClient, type CallInput, type PageReply, type PrefetchPart } from './api-client';

export { prefetchPart, type PrefetchPart } from './api-client';

/**
 * Starts a read that a screen about to show will make through its hook (`useOperationQuery`,
 * `useOperationPages`), so it is on its way while the screen's code loads and the session is checked: the
 * hook's request with the same input takes the reply instead of sending its own (see `ApiClient.prefetch`).
 * Routes call these from their loaders (`app/router/route-preloads.ts`) through their feature's `api/`
 * (`prefetch...` beside the hooks, with the same inputs). Resolves with the first page's reply, so a
 * preload can chain (the campaigns, then the shown campaign's panels), or null when there is no session,
 * the client is not configured yet, or the read failed (the screen's own call reports that). `parts`
 * name the reads whose replies come inside this one (see `PrefetchPart`, built with `prefetchPart`).
 */
export async function prefetchOperation<O extends AnyOperation>(
  operation: O,
  input: InputOf<O>,
  parts?: ReadonlyArray<PrefetchPart<ResponseOf<O>>>,
): Promise<PageReply<ResponseOf<O>> | null> {
  try {
    return await getApiClient().prefetch(operation, input as CallInput<O>, parts);
  } catch (error) {
    // A preload only speeds a screen up: its failure must not surface anywhere but the console.
    console.warn(`${operation.name} could not be prefetched.`, error);
    return null;
  }
}

/**
 * Keeps the part of a first-screen reply that answers `operation` with `input` for the screen's call of
 * it (see `ApiClient.seedPrefetched`). Never fails: a part that cannot be kept is simply asked again.
 */
export async function seedPrefetched<O extends AnyOperation>(
  operation: O,
  input: InputOf<O>,
  page: PageReply<ResponseOf<O>>,
): Promise<void> {
  try {
    await getApiClient().seedPrefetched(operation, input as CallInput<O>, page);
  } catch (error) {
    console.warn(`${operation.name} could not be kept from the first screen.`, error);
  }
}
