import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { decryptText, encryptText } from '../../kernel/crypto';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { toPublicAdvertiser } from '../advertisers/advertiser-record.schema';
import { ADVERTISER_NOT_FOUND, requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CrmConnectionRepository } from '../ports/crm-connection.port';
import type { CrmOAuth, TCrmTokens } from '../ports/crm-oauth.port';
import type { TokenKeys } from '../ports/secrets.port';
import { verifyState } from './oauth-state';
import { CrmGrantError } from '../vendors/vendor-refusals';

export const CRM_STATE_REFUSED = 'This HubSpot connection request is invalid or has expired. Please connect again.';
export const CRM_CODE_REFUSED = 'HubSpot did not accept this authorization. Please connect again.';

/** What finishing a CRM connection uses. */
export interface SaveHubspotTokensDeps {
  advertisers: AdvertiserReader;
  crm: Pick<CrmConnectionRepository, 'consumeState' | 'getConnection' | 'connect'>;
  oauth: Pick<CrmOAuth, 'exchangeCode' | 'portalIdOf' | 'revoke'>;
  keys: () => Promise<TokenKeys>;
  redirectUri: string;
  now: () => Date;
  log: Logger;
}

/** What a sealed token is bound to: a copy on another advertiser's item cannot be opened. */
export const crmTokenContext = (agencyId: string, advertiserId: string): string => `crm:${agencyId}:${advertiserId}`;

const refuseState = (reason: string): never => {
  throw new BadRequestError(CRM_STATE_REFUSED, { state: [CRM_STATE_REFUSED] }, { internalMessage: reason });
};

/**
 * `POST /hubspot/oauthtokens` (000 §4): the return from HubSpot, for one of the caller's advertisers
 * (404 otherwise). The `state` must carry our signature,
 * name this caller and advertiser, be unexpired, and its nonce must still be unused (consumed here,
 * once); otherwise 400. Then the code is exchanged, the portal read from the access token, the tokens
 * stored encrypted (AES-256-GCM, bound to the advertiser) and the advertiser marked connected with
 * the portal id. Reconnecting replaces the tokens and revokes the previous refresh token.
 */
export async function saveHubspotTokens(
  input: { agencyId: string; username: string; body: { code: string; bgAdvertiserId: string; state: string } },
  deps: SaveHubspotTokensDeps,
): Promise<TAdvertiser> {
  const { agencyId, username, body } = input;
  // Ownership first, as everywhere: another agency's advertiser is simply not found (404).
  await requireAdvertiser(agencyId, body.bgAdvertiserId, deps.advertisers);
  const keys = await deps.keys();
  const state = verifyState(body.state, keys.oauthState);
  if (!state) return refuseState('state signature or shape refused');
  // Binding first: a state stolen from another user is refused without spending its nonce.
  if (state.a !== agencyId || state.u !== username || state.adv !== body.bgAdvertiserId) {
    return refuseState('state issued to another caller or advertiser');
  }
  if (state.exp * 1000 <= deps.now().getTime()) return refuseState('state expired');
  const stored = await deps.crm.consumeState(state.n);
  if (!stored) return refuseState('state nonce unknown or already used');

  let tokens: TCrmTokens;
  try {
    tokens = await deps.oauth.exchangeCode(body.code, deps.redirectUri);
  } catch (error) {
    if (error instanceof CrmGrantError) {
      throw new BadRequestError(CRM_CODE_REFUSED, { code: [CRM_CODE_REFUSED] }, { internalMessage: error.message });
    }
    throw error;
  }
  const portalId = await deps.oauth.portalIdOf(tokens.accessToken);
  const previous = await deps.crm.getConnection(agencyId, body.bgAdvertiserId);
  const context = crmTokenContext(agencyId, body.bgAdvertiserId);
  const now = deps.now();
  const connected = await deps.crm.connect(
    agencyId,
    body.bgAdvertiserId,
    {
      portalId,
      sealedAccessToken: encryptText(tokens.accessToken, keys.crmTokens, context),
      sealedRefreshToken: encryptText(tokens.refreshToken, keys.crmTokens, context),
      accessTokenExpiresAt: now.getTime() + tokens.expiresInSeconds * 1000,
      connectedBy: username,
      connectedAt: now.toISOString(),
      version: (previous?.version ?? 0) + 1,
    },
    previous?.portalId ?? null,
  );
  if (!connected)
    throw new NotFoundError(ADVERTISER_NOT_FOUND, { internalMessage: 'Advertiser deleted while connecting' });

  if (previous) {
    try {
      const oldRefresh = decryptText(previous.sealedRefreshToken, keys.crmTokens, context);
      if (oldRefresh !== tokens.refreshToken) await deps.oauth.revoke(oldRefresh);
    } catch (error) {
      // The new connection stands; the old grant only lingers at HubSpot until the user removes it.
      deps.log.warn('could not revoke the previous HubSpot refresh token', { error });
    }
  }
  return toPublicAdvertiser(await requireAdvertiser(agencyId, body.bgAdvertiserId, deps.advertisers));
}
