import { describe, expect, it } from 'vitest';
import type { IdempotencyRepository } from '../domain/ports/idempotency.port';
import { memoryLogger } from '../domain/test-fakes';
import { ConflictError } from '../kernel/errors';
import { oncePerSignedRequest, SIGNED_REQUEST_TTL_SECONDS, SIGNED_REQUEST_UNDER_WAY } from './signed-replays';
import type { TSignedReply } from './signed-replays';

const NOW = Date.parse('2026-11-26T18:00:00.000Z');

/** An in-memory idempotency store: claims, results and the TTL each was written with. */
function memoryStore() {
  const records = new Map<string, { result?: Record<string, unknown>; ttlSeconds: number }>();
  const store: IdempotencyRepository = {
    get: async (key) => records.get(key)?.result ?? null,
    put: async (key, result, _now, ttlSeconds = 0) => {
      records.set(key, { result, ttlSeconds });
    },
    claim: async (key, _now, ttlSeconds) => {
      if (records.has(key)) return false;
      records.set(key, { ttlSeconds });
      return true;
    },
    release: async (key) => {
      if (!records.get(key)?.result) records.delete(key);
    },
  };
  return { store, records };
}

const made: TSignedReply = { status: 200, envelope: { success: true, payload: { segment_key: 'seg-1' }, error: null } };

describe('oncePerSignedRequest', () => {
  it('runs a signed request once; its replay answers the first reply and runs nothing', async () => {
    // Prepare
    const { store, records } = memoryStore();
    let runs = 0;
    const run = async () => {
      runs++;
      return made;
    };
    const deps = { store, nowMs: NOW, log: memoryLogger() };

    // Act
    const first = await oncePerSignedRequest('k', run, deps);
    const replay = await oncePerSignedRequest('k', run, deps);
    const other = await oncePerSignedRequest('other', run, deps);

    // Assess
    expect(runs).toBe(2);
    expect(first).toEqual(made);
    expect(replay).toEqual(made);
    expect(other).toEqual(made);
    expect(records.get('k')?.ttlSeconds).toBe(SIGNED_REQUEST_TTL_SECONDS);
    expect(SIGNED_REQUEST_TTL_SECONDS).toBeGreaterThan(600);
  });

  it('answers 409 to a replay that arrives while the first run is under way', async () => {
    // Prepare: the first run waits until the replay has been answered.
    const { store } = memoryStore();
    let finish: (reply: TSignedReply) => void = () => undefined;
    const deps = { store, nowMs: NOW, log: memoryLogger() };
    const first = oncePerSignedRequest('k', () => new Promise<TSignedReply>((resolve) => (finish = resolve)), deps);

    // Act
    const replay = await oncePerSignedRequest('k', async () => made, deps).catch((error: unknown) => error);
    finish(made);

    // Assess
    expect(replay).toBeInstanceOf(ConflictError);
    expect(replay).toMatchObject({ status: 409, userMessage: SIGNED_REQUEST_UNDER_WAY });
    await expect(first).resolves.toEqual(made);
  });

  it('lets a retry run again after a failed run, and rethrows the failure', async () => {
    // Prepare
    const { store } = memoryStore();
    const deps = { store, nowMs: NOW, log: memoryLogger() };
    const failure = new Error('bidder down');

    // Act
    const failed = await oncePerSignedRequest('k', async () => Promise.reject(failure), deps).catch((e: unknown) => e);
    const retried = await oncePerSignedRequest('k', async () => made, deps);

    // Assess
    expect(failed).toBe(failure);
    expect(retried).toEqual(made);
  });

  it('answers the work done even when its reply cannot be stored', async () => {
    // Prepare
    const { store } = memoryStore();
    const log = memoryLogger();
    const failingPut = { ...store, put: async () => Promise.reject(new Error('throttled')) };

    // Act
    const reply = await oncePerSignedRequest('k', async () => made, { store: failingPut, nowMs: NOW, log });

    // Assess
    expect(reply).toEqual(made);
    expect(log.lines.map((l) => l['message'])).toContain('could not store the reply of a signed request');
  });
});
