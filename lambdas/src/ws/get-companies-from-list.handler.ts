import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { hubspotCompaniesDeps } from '../adapters/crm/hubspot-companies-deps';
import { matchingRunKey } from '../domain/targeting/match-companies.use-case';
import { companiesFromLists } from '../domain/crm/hubspot-companies.use-case';
import { wsHandler } from '../entry/ws';

/** `getCompaniesFromList {bgAdvertiserId, hubspotListId}` -> `retrievedCompaniesFromList`: the list's companies, matched. */
export const handler = wsHandler(
  realtimeEventsByName.getCompaniesFromList,
  ({ input, caller, reqID, progress, signal }) =>
    companiesFromLists(
      {
        agencyId: caller.agencyId,
        advertiserId: input.bgAdvertiserId,
        listIds: [input.hubspotListId],
        runKey: matchingRunKey(['ws-hubspot-list', caller.agencyId, caller.username, reqID]),
        progress,
        signal,
      },
      hubspotCompaniesDeps(),
    ),
);
