import { decryptText, encryptText } from '../../kernel/crypto';
import { BadRequestError } from '../../kernel/errors';
import type { CrmConnectionRepository } from '../ports/crm-connection.port';
import type { CrmOAuth, TCrmTokens } from '../ports/crm-oauth.port';
import type { TokenKeys } from '../ports/secrets.port';
import { crmTokenContext } from './save-hubspot-tokens.use-case';
import { CrmGrantError } from '../vendors/vendor-refusals';

/** An access token is refreshed when it has less than this left, so a call never starts with a dying one. */
export const CRM_REFRESH_MARGIN_MS = 5 * 60_000;

export const CRM_NOT_CONNECTED = 'This advertiser is not connected to HubSpot.';
export const CRM_RECONNECT = 'The HubSpot connection of this advertiser has expired. Please connect again.';

/** What reading a CRM access token uses. */
export interface CrmAccessTokenDeps {
  crm: Pick<CrmConnectionRepository, 'getConnection' | 'replaceTokens'>;
  oauth: Pick<CrmOAuth, 'refresh'>;
  keys: () => Promise<Pick<TokenKeys, 'crmTokens'>>;
  now: () => Date;
}

/**
 * A usable HubSpot access token for an advertiser's later CRM calls (lists, companies, pages),
 * refreshed before it expires, or at once when HubSpot refused it (`refused`). Two Lambdas refreshing at once do not overwrite each other: the write
 * is conditional on the version read, and the loser uses the winner's token. Tokens stay inside the
 * server: callers hand this one to the HubSpot client and nowhere else.
 */
export async function crmAccessToken(
  input: {
    agencyId: string;
    advertiserId: string;
    /**
     * The access token HubSpot just refused (401 in the middle of a fetch: expired or revoked early).
     * It is refreshed now whatever its stored expiry says, unless another call already replaced it.
     */
    refused?: string;
  },
  deps: CrmAccessTokenDeps,
): Promise<{ accessToken: string; portalId: number }> {
  const { agencyId, advertiserId } = input;
  const context = crmTokenContext(agencyId, advertiserId);
  const { crmTokens } = await deps.keys();
  for (let attempt = 0; attempt < 2; attempt++) {
    const connection = await deps.crm.getConnection(agencyId, advertiserId);
    if (!connection) throw new BadRequestError(CRM_NOT_CONNECTED);
    const now = deps.now().getTime();
    const stored = decryptText(connection.sealedAccessToken, crmTokens, context);
    if (connection.accessTokenExpiresAt - now > CRM_REFRESH_MARGIN_MS && stored !== input.refused) {
      return { accessToken: stored, portalId: connection.portalId };
    }
    let tokens: TCrmTokens;
    try {
      tokens = await deps.oauth.refresh(decryptText(connection.sealedRefreshToken, crmTokens, context));
    } catch (error) {
      if (error instanceof CrmGrantError)
        throw new BadRequestError(CRM_RECONNECT, undefined, { internalMessage: error.message });
      throw error;
    }
    const replaced = await deps.crm.replaceTokens(agencyId, advertiserId, connection.version, {
      sealedAccessToken: encryptText(tokens.accessToken, crmTokens, context),
      sealedRefreshToken: encryptText(tokens.refreshToken, crmTokens, context),
      accessTokenExpiresAt: now + tokens.expiresInSeconds * 1000,
    });
    if (replaced) return { accessToken: tokens.accessToken, portalId: connection.portalId };
    // Another refresh won the write: read its token on the next pass.
  }
  throw new BadRequestError(CRM_RECONNECT, undefined, { internalMessage: 'token refresh lost twice in a row' });
}
