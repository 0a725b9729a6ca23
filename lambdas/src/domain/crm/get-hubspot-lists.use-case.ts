import type { THubspotList, THubspotListType } from '@bidgrid/shared/crm/crm.schema';
import { BadRequestError } from '../../kernel/errors';
import { invalidCursor } from '../../kernel/invalid-cursor';
import { CRM_RECONNECT } from './crm-access-token.use-case';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import { CRM_OBJECT_TYPE } from '../ports/crm-lists.port';
import type { CrmLists } from '../ports/crm-lists.port';
import { boundCursor, openBoundCursor } from './crm-cursor';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import { CrmGrantError } from '../vendors/vendor-refusals';

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

/**
 * `GET /api/hubspot/lists/{id}?listType=` (001 §7), paged: the same lists as the event, a page at a
 * time. HubSpot's list search is read whole (a portal keeps at most a few thousand lists) and the
 * cursor is the offset of the next page in it, bound to the advertiser and list type; the HTTP layer seals it.
 */
export async function listHubspotListsPage(
  input: {
    agencyId: string;
    advertiserId: string;
    listType: THubspotListType;
    page: TPageRequest;
    signal?: AbortSignal;
  },
  deps: GetHubspotListsDeps,
): Promise<TPagedPayload<THubspotList[]>> {
  const scope = `hubspotLists?advertiser=${input.advertiserId}&listType=${input.listType}`;
  const offset = openBoundCursor(scope, input.page.cursor);
  const start = offset === null ? 0 : Number(offset);
  if (!Number.isSafeInteger(start) || start < 0) throw invalidCursor('HubSpot lists cursor is not an offset');
  const lists = await getHubspotLists(input, deps);
  const end = start + input.page.limit;
  return { payload: lists.slice(start, end), nextCursor: boundCursor(scope, end < lists.length ? String(end) : null) };
}
