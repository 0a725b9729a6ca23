import { BadRequestError } from '../../kernel/errors';
import { CRM_RECONNECT } from './crm-access-token.use-case';
import { CrmGrantError } from '../vendors/vendor-refusals';

/** How a CRM read gets the advertiser's access token; `refused` asks for a new one in place of it. */
export type TCrmTokenSource = (agencyId: string, advertiserId: string, refused?: string) => Promise<string>;

/** A series of CRM calls under one advertiser's connection. */
export interface CrmSession {
  /**
   * Runs one CRM call with the current token. When HubSpot refuses the token (401: it expired or was
   * cut short in the middle of a long fetch), the token is refreshed once for the whole session and
   * the same call runs again, so a paged fetch goes on from the page it was at. A second refusal
   * means the connection itself is gone: 400 asking the user to connect again.
   */
  call<T>(run: (accessToken: string) => Promise<T>): Promise<T>;
}

/** A CRM session of one advertiser: the token is read on the first call and refreshed at most once. */
export function crmSession(accessToken: TCrmTokenSource, agencyId: string, advertiserId: string): CrmSession {
  let token: string | null = null;
  let refreshed = false;
  return {
    async call(run) {
      token ??= await accessToken(agencyId, advertiserId);
      try {
        return await run(token);
      } catch (error) {
        if (!(error instanceof CrmGrantError)) throw error;
        if (refreshed) throw new BadRequestError(CRM_RECONNECT, undefined, { internalMessage: error.message });
        refreshed = true;
        token = await accessToken(agencyId, advertiserId, token);
        try {
          return await run(token);
        } catch (again) {
          if (again instanceof CrmGrantError)
            throw new BadRequestError(CRM_RECONNECT, undefined, { internalMessage: again.message });
          throw again;
        }
      }
    },
  };
}
