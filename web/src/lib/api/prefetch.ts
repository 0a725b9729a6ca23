import type { AnyOperation, InputOf, ResponseOf } from '@bidgrid/shared/api/operation';
import {
  forgetPrefetchedReplies,
  getApiClient,
  type CallInput,
  type PageReply,
  type PrefetchOptions,
} from './api-client';

export { prefetchPart, type PrefetchOptions, type PrefetchPart } from './api-client';

/**
 * Starts a read that a screen about to show will make through its hook (`useOperationQuery`,
 * `useOperationPages`), so it is on its way while the screen's code loads and the session is checked: the
 * hook's request with the same input takes the reply instead of sending its own (see `ApiClient.prefetch`).
 * Routes call these from their loaders (`app/router/route-preloads.ts`) through their feature's `api/`
 * (`prefetch...` beside the hooks, with the same inputs). Resolves with the first page's reply, or null
 * when there is no session,
 * the client is not configured yet, or the read failed (the screen's own call reports that). `options`
 * name the reads whose replies come inside this one (`parts`, built with `prefetchPart`) and what to keep
 * from the reply before they get it (`onReply`, with `loadAnswerKeeper`).
 */
export async function prefetchOperation<O extends AnyOperation>(
  operation: O,
  input: InputOf<O>,
  options?: PrefetchOptions<ResponseOf<O>>,
): Promise<PageReply<ResponseOf<O>> | null> {
  try {
    return await getApiClient().prefetch(operation, input as CallInput<O>, options);
  } catch (error) {
    // A preload only speeds a screen up: its failure must not surface anywhere but the console.
    console.warn(`${operation.name} could not be prefetched.`, error);
    return null;
  }
}

/** An answer the server gave inside another read, for the data cache: what `operation` answers for `input`. */
export interface KeptAnswer {
  readonly operation: AnyOperation;
  readonly input: InputOf<AnyOperation>;
  readonly page: PageReply<unknown>;
}

/** A kept answer with its types checked: `page` is what `operation` answers for `input`. */
export function keptAnswer<O extends AnyOperation>(
  operation: O,
  input: InputOf<O>,
  page: PageReply<ResponseOf<O>>,
): KeptAnswer {
  return { operation, input: input as InputOf<AnyOperation>, page };
}

/**
 * Loads the data cache's code and resolves with a function that puts answers into the cache at once, as
 * their own reads would have (`writeCachedAnswer`): the screens that read them then show them on their
 * first render, with no request and no loading state. A first-screen read's `onReply` calls it.
 */
export async function loadAnswerKeeper(): Promise<(answers: readonly KeptAnswer[]) => void> {
  const { writeCachedAnswer } = await import('./apollo-client');
  return (answers) => {
    for (const { operation, input, page } of answers) writeCachedAnswer(operation, input, page);
    // The cache serves them now: a prefetched reply of the same reads (a part not yet taken) would only
    // outlive them, and be stale after the next change.
    forgetPrefetchedReplies(answers.map((answer) => answer.operation));
  };
}
