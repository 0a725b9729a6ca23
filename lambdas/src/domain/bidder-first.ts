import type { Logger } from '../lib/logger';

/** A change made at the bidder first, then stored. */
export interface TBidderFirstChange<T> {
  /** What is changed, for the log of a failed undo ("campaign bg-campaign-1", ...). */
  what: string;
  /** Makes the change at the bidder. May fail half way: `undoAtBidder` must cope with a partial change. */
  atBidder: () => Promise<void>;
  /** Stores the change; throws on any refusal (a lost race as a ConflictError) or failure. */
  store: () => Promise<T>;
  /** Puts the bidder back to what the store holds now (re-read it: a concurrent winner may have stored). */
  undoAtBidder: () => Promise<void>;
}

/**
 * Does a change at the bidder, then in the store, and puts the bidder back when either step fails,
 * whatever the failure: a refused bidder call half way, a lost race, a store error. The bidder goes
 * first so nothing is stored that the bidder refused; the undo keeps a failed store write from
 * leaving the bidder serving what nobody sees. The undo is best effort (the bidder may be what
 * failed): its own failure is logged for a person, and the original error is what the caller gets.
 */
export async function atBidderThenStore<T>(change: TBidderFirstChange<T>, log: Logger): Promise<T> {
  const undo = async (stage: string, cause: unknown): Promise<void> => {
    try {
      await change.undoAtBidder();
    } catch (error) {
      log.error(`could not put the bidder back after a failed ${stage}`, { what: change.what, cause, error });
    }
  };
  try {
    await change.atBidder();
  } catch (error) {
    await undo('bidder change', error);
    throw error;
  }
  try {
    return await change.store();
  } catch (error) {
    await undo('store write', error);
    throw error;
  }
}

/**
 * Runs `run` for every item, `batchSize` at a time, and lets each batch settle before it fails with
 * the batch's first error: no bidder call is still in flight when an undo starts (a late call could
 * otherwise land after the undo and win). Later batches are not started after a failure.
 */
export async function eachSettled<T>(
  items: readonly T[],
  batchSize: number,
  run: (item: T) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += batchSize) {
    const results = await Promise.allSettled(items.slice(i, i + batchSize).map(run));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/**
 * Runs `run` for every item with at most `concurrency` calls in flight (a pool: a slow call does not
 * hold up a whole batch). After the first failure no new item starts; the calls in flight settle,
 * then it fails with that first error, so no bidder call is still running when an undo starts.
 */
export async function poolSettled<T>(
  items: readonly T[],
  concurrency: number,
  run: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        await run(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, lane));
  if (failure) throw failure.error;
}
