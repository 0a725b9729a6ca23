import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { hubspotLists } from '../adapters/crm/hubspot-lists';
import { hubspotReadDeps } from '../adapters/wiring';
import { getHubspotLists } from '../domain/crm/get-hubspot-lists.use-case';
import { wsHandler } from '../entry/ws';

/** `getHubSpotLists {bgAdvertiserId, listType}` -> `retrievedLists`: the advertiser's HubSpot lists. */
export const handler = wsHandler(realtimeEventsByName.getHubSpotLists, ({ input, caller, signal }) =>
  getHubspotLists(
    { agencyId: caller.agencyId, advertiserId: input.bgAdvertiserId, listType: input.listType, signal },
    {
      ...hubspotReadDeps(),
      lists: hubspotLists(),
    },
  ),
);
