import '../../test-env';
import { describe, expect, it } from 'vitest';
import { atBidderThenStore, eachSettled, RESTORE_ROUNDS, restoreStoredAtBidder } from './bidder-first';
import { memoryLogger } from '../test-fakes';

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

describe('restoreStoredAtBidder', () => {
  /** A store whose version moves when told, and a bidder that records what it was given. */
  function versioned(bumpsOnClaim: number) {
    const store = { value: 'A', version: 3 };
    const pushed: string[] = [];
    let bumps = bumpsOnClaim;
    return {
      store,
      pushed,
      steps: {
        read: async () => ({ ...store }),
        push: async (stored: { value: string }) => void pushed.push(stored.value),
        claim: async (stored: { value: string; version: number }) => {
          // Someone stores just before our claim, `bumpsOnClaim` times.
          if (bumps-- > 0) Object.assign(store, { value: `B${bumps}`, version: store.version + 1 });
          if (store.version !== stored.version) return false;
          store.version += 1;
          return true;
        },
      },
    };
  }

  it('pushes what is stored and claims its version', async () => {
    const v = versioned(0);
    await restoreStoredAtBidder(v.steps);
    expect(v.pushed).toEqual(['A']);
    expect(v.store).toEqual({ value: 'A', version: 4 });
  });

  it('starts again from the new stored record when someone stored before the claim', async () => {
    const v = versioned(2);
    await restoreStoredAtBidder(v.steps);
    expect(v.pushed).toEqual(['A', 'B1', 'B0']);
    expect(v.store.value).toBe('B0');
  });

  it(`gives up after ${RESTORE_ROUNDS} lost claims, and ends after the push when the store cannot be written`, async () => {
    const busy = versioned(RESTORE_ROUNDS);
    await expect(restoreStoredAtBidder(busy.steps)).rejects.toThrow(`${RESTORE_ROUNDS} rounds`);
    expect(busy.pushed).toHaveLength(RESTORE_ROUNDS);

    const down = versioned(0);
    await restoreStoredAtBidder({
      ...down.steps,
      claim: async () => {
        throw new Error('store unavailable');
      },
    });
    expect(down.pushed).toEqual(['A']);
  });
});
