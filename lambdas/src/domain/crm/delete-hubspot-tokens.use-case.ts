import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { decryptText } from '../../kernel/crypto';
import { NotFoundError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { toPublicAdvertiser } from '../advertisers/advertiser-record.schema';
import { ADVERTISER_NOT_FOUND, requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CrmConnectionRepository } from '../ports/crm-connection.port';
import type { CrmOAuth } from '../ports/crm-oauth.port';
import type { TokenKeys } from '../ports/secrets.port';
import { crmTokenContext } from './save-hubspot-tokens.use-case';

/** What disconnecting uses. */
export interface DeleteHubspotTokensDeps {
  advertisers: AdvertiserReader;
  crm: Pick<CrmConnectionRepository, 'getConnection' | 'disconnect'>;
  oauth: Pick<CrmOAuth, 'revoke'>;
  keys: () => Promise<Pick<TokenKeys, 'crmTokens'>>;
  log: Logger;
}

/**
 * `POST /hubspot/oauthtokens/delete` (000 §2 Disconnect): revokes the refresh token at HubSpot, then
 * deletes the tokens and the portal mapping and clears `hubspot_authed` and `hubspot_portal_id`. If
 * HubSpot cannot be reached the tokens are kept and the call fails (502), so a retry still revokes
 * them; a token HubSpot no longer knows counts as revoked. Disconnecting twice is harmless.
 */
export async function deleteHubspotTokens(
  input: { agencyId: string; advertiserId: string },
  deps: DeleteHubspotTokensDeps,
): Promise<TAdvertiser> {
  const { agencyId, advertiserId } = input;
  const record = await requireAdvertiser(agencyId, advertiserId, deps.advertisers);
  const connection = await deps.crm.getConnection(agencyId, advertiserId);
  if (connection) {
    const { crmTokens } = await deps.keys();
    let refreshToken: string | null = null;
    try {
      refreshToken = decryptText(connection.sealedRefreshToken, crmTokens, crmTokenContext(agencyId, advertiserId));
    } catch (error) {
      // Unreadable (a rotated key): nothing can be revoked with it, so deleting it is all we can do.
      deps.log.error('stored HubSpot refresh token cannot be decrypted', { error });
    }
    if (refreshToken) {
      const outcome = await deps.oauth.revoke(refreshToken);
      deps.log.info('HubSpot refresh token revoked', { outcome });
    }
  }
  const done = await deps.crm.disconnect(agencyId, advertiserId, connection?.portalId ?? record.hubspot_portal_id);
  if (!done)
    throw new NotFoundError(ADVERTISER_NOT_FOUND, { internalMessage: 'Advertiser deleted while disconnecting' });
  return toPublicAdvertiser(await requireAdvertiser(agencyId, advertiserId, deps.advertisers));
}
