import '../test-env';
import { describe, expect, it } from 'vitest';
import { atBidderThenStore, eachSettled } from './bidder-first';
import { memoryLogger } from './test-fakes';

/** A change whose steps record what ran and fail when told. */
function change(fail: { atBidder?: boolean; store?: boolean; undo?: boolean } = {}) {
  const steps: string[] = [];
  const step = (name: string, failing: boolean | undefined) => async () => {
    steps.push(name);
    if (failing) throw new Error(`${name} failed`);
  };
  return {
    steps,
    change: {
      what: 'campaign bg-campaign-1',
      atBidder: step('atBidder', fail.atBidder),
      store: async () => {
        await step('store', fail.store)();
        return 'stored';
      },
      undoAtBidder: step('undo', fail.undo),
    },
  };
}

describe('atBidderThenStore', () => {
  it('changes the bidder, then the store, and undoes nothing when both work', async () => {
    const c = change();
    await expect(atBidderThenStore(c.change, memoryLogger())).resolves.toBe('stored');
    expect(c.steps).toEqual(['atBidder', 'store']);
  });

  it('puts the bidder back and stores nothing when the bidder fails', async () => {
    const c = change({ atBidder: true });
    await expect(atBidderThenStore(c.change, memoryLogger())).rejects.toThrow('atBidder failed');
    expect(c.steps).toEqual(['atBidder', 'undo']);
  });

  it('puts the bidder back when the store fails, whatever the failure', async () => {
    const c = change({ store: true });
    await expect(atBidderThenStore(c.change, memoryLogger())).rejects.toThrow('store failed');
    expect(c.steps).toEqual(['atBidder', 'store', 'undo']);
  });

  it('answers the original error when the undo fails too, and logs the undo failure', async () => {
    const c = change({ store: true, undo: true });
    const log = memoryLogger();
    await expect(atBidderThenStore(c.change, log)).rejects.toThrow('store failed');
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'could not put the bidder back after a failed store write',
        what: 'campaign bg-campaign-1',
      }),
    ]);
  });
});

describe('eachSettled', () => {
  it('lets a failing batch settle before it fails, and starts no later batch', async () => {
    const finished: number[] = [];
    const run = async (n: number) => {
      if (n === 1) throw new Error('one failed');
      await new Promise((resolve) => setImmediate(resolve));
      finished.push(n);
    };
    await expect(eachSettled([0, 1, 2, 3, 4], 3, run)).rejects.toThrow('one failed');
    expect(finished.sort()).toEqual([0, 2]);
  });
});
