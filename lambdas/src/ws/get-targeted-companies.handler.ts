import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { hubspotCompaniesDeps } from '../adapters/crm/hubspot-companies-deps';
import { matchingRunKey } from '../domain/targeting/match-companies.use-case';
import { searchTargetedCompanies } from '../domain/crm/hubspot-companies.use-case';
import { wsHandler } from '../entry/ws';

/**
 * `getTargetedCompanies {bgAdvertiserId, filters, after, numberResults, reqID}` -> `retrievedCompanies`:
 * one page of the portal's companies passing the tier filters, matched, with progress; `reqID` echoed.
 */
export const handler = wsHandler(
  realtimeEventsByName.getTargetedCompanies,
  ({ input, caller, reqID, progress, signal }) =>
    searchTargetedCompanies(
      {
        agencyId: caller.agencyId,
        advertiserId: input.bgAdvertiserId,
        filters: input.filters,
        after: input.after,
        numberResults: input.numberResults,
        reqID,
        runKey: matchingRunKey(['ws-hubspot-search', caller.agencyId, caller.username, reqID, input.after]),
        progress,
        signal,
      },
      hubspotCompaniesDeps(),
    ),
);
