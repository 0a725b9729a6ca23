import type { Logger } from '../../kernel/logger';

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

/** Rounds of `restoreStoredAtBidder` before it gives up (each lost round means someone else stored). */
export const RESTORE_ROUNDS = 5;

/**
 * The undo of a versioned record's change when editors may race: puts the bidder back to what the
 * store holds and makes sure no later winner is left behind it. Reading the store and pushing it is
 * not enough: an editor that pushed its value before our push and stores after our read wins the
 * store while our (stale) push lands last at the bidder, and the two disagree for good. So after the
 * push the stored version is claimed (the same record written one version on, conditionally): while
 * the claim holds, what we pushed is what is stored, and any editor that pushed before us and has
 * not stored yet now loses its conditional write and restores in turn. A claim lost to someone who
 * stored meanwhile starts again from the new stored record (up to `RESTORE_ROUNDS`). A claim that
 * fails (the store is down) ends after the push: nobody else can store either.
 */
export async function restoreStoredAtBidder<T>(steps: {
  /** The record as stored now (the caller's fallback when it cannot be read). */
  read: () => Promise<T>;
  /** Makes the bidder hold `stored` (full values: safe to repeat). */
  push: (stored: T) => Promise<void>;
  /** Writes `stored` again one version on if it is still the stored version: false when it is not. */
  claim: (stored: T) => Promise<boolean>;
}): Promise<void> {
  for (let round = 1; round <= RESTORE_ROUNDS; round++) {
    const stored = await steps.read();
    await steps.push(stored);
    let claimed: boolean;
    try {
      claimed = await steps.claim(stored);
    } catch {
      return;
    }
    if (claimed) return;
  }
  throw new Error(`the store kept changing while the bidder was put back (${RESTORE_ROUNDS} rounds)`);
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
