import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { hubspotLists } from '../adapters/crm/hubspot-lists';
import { hubspotOAuth } from '../adapters/crm/hubspot-oauth';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { crmConnectionRepository } from '../adapters/repositories/crm-connection.repository';
import { tokenKeys } from '../adapters/token-keys';
import { crmAccessToken } from '../domain/crm-access-token.use-case';
import { getHubspotLists } from '../domain/crm/get-hubspot-lists.use-case';
import { wsHandler } from '../lib/ws';

/** `getHubSpotLists {bgAdvertiserId, listType}` -> `retrievedLists`: the advertiser's HubSpot lists. */
export const handler = wsHandler(realtimeEventsByName.getHubSpotLists, ({ input, caller, signal }) =>
  getHubspotLists(
    { agencyId: caller.agencyId, advertiserId: input.bgAdvertiserId, listType: input.listType, signal },
    {
      advertisers: advertiserRepository,
      accessToken: async (agencyId, advertiserId) =>
        (
          await crmAccessToken(
            { agencyId, advertiserId },
            { crm: crmConnectionRepository, oauth: hubspotOAuth(), keys: tokenKeys, now: () => new Date() },
          )
        ).accessToken,
      lists: hubspotLists(),
    },
  ),
);
