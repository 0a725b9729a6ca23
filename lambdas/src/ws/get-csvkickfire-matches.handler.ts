import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { companyMatchingDeps } from '../adapters/wiring';
import { matchCompanies, matchingRunKey } from '../domain/targeting/match-companies.use-case';
import { wsHandler } from '../entry/ws';

/**
 * `getCSVKickfireMatches {domains}` -> `retrievedCSVKickfireMatches`: the domains' companies and IP
 * ranges, or why each did not match, with progress. The run is the caller's call (`reqID`): its
 * chunks and their retries log each match once.
 */
export const handler = wsHandler(
  realtimeEventsByName.getCSVKickfireMatches,
  ({ input, caller, reqID, progress, signal }) =>
    matchCompanies(
      {
        entries: input.domains,
        runKey: matchingRunKey(['ws', caller.agencyId, caller.username, reqID]),
        progress,
        signal,
      },
      companyMatchingDeps(),
    ),
);
