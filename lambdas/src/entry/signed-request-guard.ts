import { nowMs } from '@bidgrid/shared/clock';
import { idempotencyRepository } from '../adapters/repositories/idempotency.repository';
import { getSecret } from '../adapters/secrets';
import { tokenKeys } from '../adapters/token-keys';
import { config } from '../kernel/config';
import type { SignedRequestGuard } from './http';
import { oncePerSignedRequest } from './signed-replays';
import { assertSigned } from './signed-requests';

/**
 * What the handlers of signed operations give `httpHandler`: the signature checks (`assertSigned`, with the
 * stage's secrets, the picker tickets' key and our HubSpot app) and the run-once of signed writes
 * (`oncePerSignedRequest`, on the idempotency records). Only those handlers import it, so the other
 * bundles carry none of it (the Lambda bundle budget, issue 16).
 */
export const signedRequests: SignedRequestGuard = {
  verify: async (auth, request) =>
    assertSigned(auth, request, {
      secrets: getSecret,
      ticketKey: async () => (await tokenKeys()).pickerTicket,
      hubspotAppId: config().HUBSPOT_APP_ID ?? null,
      now: nowMs(),
    }),
  once: (key, run, log) => oncePerSignedRequest(key, run, { store: idempotencyRepository, nowMs: nowMs(), log }),
};
