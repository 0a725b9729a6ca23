import type { THubspotList, THubspotListType } from '@bidgrid/shared/entities/crm.schema';
import { BadRequestError } from '../../lib/errors';
import { CRM_RECONNECT } from '../crm-access-token.use-case';
import { requireAdvertiser } from '../get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import { CRM_OBJECT_TYPE } from '../ports/crm-lists.port';
import type { CrmLists } from '../ports/crm-lists.port';
import { CrmGrantError } from '../vendor-refusals';

/** Ports of reading an advertiser's CRM lists. */
export interface GetHubspotListsDeps {
  advertisers: AdvertiserReader;
  /** A live access token of the advertiser's CRM connection (`crmAccessToken`, refreshed when due). */
  accessToken(agencyId: string, advertiserId: string): Promise<string>;
  lists: CrmLists;
}

/**
 * `getHubSpotLists {bgAdvertiserId, listType}` (001 §7): the company or contact lists of the
 * advertiser's HubSpot portal. The advertiser is looked up under the caller's agency first, so
 * another agency's advertiser answers 404 and its CRM is never asked. A token HubSpot refuses means
 * the user must connect again (400 with that text).
 */
export async function getHubspotLists(
  input: { agencyId: string; advertiserId: string; listType: THubspotListType; signal?: AbortSignal },
  deps: GetHubspotListsDeps,
): Promise<THubspotList[]> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const token = await deps.accessToken(input.agencyId, input.advertiserId);
  try {
    return await deps.lists.searchLists(token, CRM_OBJECT_TYPE[input.listType], input.signal);
  } catch (error) {
    if (error instanceof CrmGrantError)
      throw new BadRequestError(CRM_RECONNECT, undefined, { internalMessage: error.message });
    throw error;
  }
}
