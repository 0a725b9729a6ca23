import { randomBytes } from 'node:crypto';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CrmConnectionRepository } from '../ports/crm-connection.port';
import type { CrmOAuth } from '../ports/crm-oauth.port';
import { OAUTH_STATE_TTL_SECONDS, signState } from './oauth-state';

/** What starting a CRM connection uses. */
export interface HubspotAuthUrlDeps {
  advertisers: AdvertiserReader;
  states: Pick<CrmConnectionRepository, 'putState'>;
  oauth: Pick<CrmOAuth, 'authorizeUrl'>;
  stateKey: () => Promise<Buffer>;
  redirectUri: string;
  now: () => Date;
  newNonce?: () => string;
}

/**
 * `GET /hubspot/auth/{advertiserId}` (000 §4 "CRM connection"): the HubSpot authorization URL for one
 * of the caller's advertisers. Its `state` is signed by the server and binds the caller, the
 * advertiser and a nonce that is stored (`STATE#{nonce}`, 10 minutes) and accepted once, so a
 * forged or replayed return is refused by `POST /hubspot/oauthtokens`.
 */
export async function getHubspotAuthUrl(
  input: { agencyId: string; username: string; advertiserId: string },
  deps: HubspotAuthUrlDeps,
): Promise<string> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const nonce = deps.newNonce?.() ?? randomBytes(18).toString('base64url');
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + OAUTH_STATE_TTL_SECONDS;
  await deps.states.putState(nonce, {
    agencyId: input.agencyId,
    username: input.username,
    advertiserId: input.advertiserId,
    expiresAt,
  });
  const state = signState(
    { a: input.agencyId, u: input.username, adv: input.advertiserId, n: nonce, exp: expiresAt },
    await deps.stateKey(),
  );
  return deps.oauth.authorizeUrl({ state, redirectUri: deps.redirectUri });
}
