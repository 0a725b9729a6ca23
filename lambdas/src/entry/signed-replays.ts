import * as z from '@bidgrid/shared/zod';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { IdempotencyRepository } from '../domain/ports/idempotency.port';
import { ConflictError } from '../kernel/errors';
import { HUBSPOT_SIGNATURE_MAX_AGE_MS } from '../kernel/hubspot-signature';
import type { Logger } from '../kernel/logger';

/**
 * Signed CRM card writes happen once (issue 26 §4): the same signed request replayed within its signature's
 * window (another delivery, a replay by whoever saw it) runs nothing again and answers what its first run
 * answered. A request is named by its verified signature (`assertSigned`), which covers its method, URL,
 * body and timestamp, so two clicks are two requests and a copy of one is the same.
 */

/** How long a signed request is remembered: its signature's window on either side of our clock, and a minute. */
export const SIGNED_REQUEST_TTL_SECONDS = (2 * HUBSPOT_SIGNATURE_MAX_AGE_MS) / 1000 + 60;

/** The 409 of a repeat that arrives while its first run is still under way. */
export const SIGNED_REQUEST_UNDER_WAY = 'This request is already being processed.';

/** A reply as its repeats answer it. */
export interface TSignedReply {
  readonly status: number;
  readonly envelope: TEnvelope<unknown>;
}

/** A stored reply: its status and its envelope's JSON, as it was sent. */
const ZStoredReply = z.object({ status: z.number().check(z.int()), body: z.string() });

/** What running a signed request once needs. */
export interface SignedReplayDeps {
  store: Pick<IdempotencyRepository, 'claim' | 'get' | 'put' | 'release'>;
  nowMs: number;
  log: Logger;
}

/**
 * Runs `run` for the signed request `key` once: the first arrival claims the key, runs and stores its reply;
 * a repeat answers the stored reply, or 409 while the first is still running. A run that fails releases its
 * claim (nothing of it stayed: the use cases undo a failed change), so a retry of the request runs again.
 */
export async function oncePerSignedRequest(
  key: string,
  run: () => Promise<TSignedReply>,
  deps: SignedReplayDeps,
): Promise<TSignedReply> {
  const nowSeconds = Math.floor(deps.nowMs / 1000);
  if (!(await deps.store.claim(key, nowSeconds, SIGNED_REQUEST_TTL_SECONDS))) {
    const stored = ZStoredReply.safeParse(await deps.store.get(key));
    if (stored.success) {
      deps.log.info('signed request repeated: answered as the first time', { status: stored.data.status });
      return { status: stored.data.status, envelope: JSON.parse(stored.data.body) as TEnvelope<unknown> };
    }
    throw new ConflictError(SIGNED_REQUEST_UNDER_WAY, { internalMessage: `Signed request ${key} is under way` });
  }
  let reply: TSignedReply;
  try {
    reply = await run();
  } catch (error) {
    await deps.store.release(key).catch((releaseError: unknown) => {
      deps.log.error('could not release the claim of a failed signed request', { error: releaseError });
    });
    throw error;
  }
  // The work is done: a store failure here only makes its repeats answer 409 until the claim expires.
  await deps.store
    .put(key, { status: reply.status, body: JSON.stringify(reply.envelope) }, nowSeconds, SIGNED_REQUEST_TTL_SECONDS)
    .catch((error: unknown) => deps.log.error('could not store the reply of a signed request', { error }));
  return reply;
}
