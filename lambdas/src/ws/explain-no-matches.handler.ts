import { now } from '@bidgrid/shared/clock';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { companyMatcher } from '../adapters/company-match/company-match-client';
import { companyLookupCacheRepository } from '../adapters/repositories/company-lookup-cache.repository';
import { explainNoMatches } from '../domain/targeting/match-companies.use-case';
import { wsHandler } from '../entry/ws';

/**
 * `explainNoMatches {domains}` -> `noMatchesExplained` (ours, issue 12): why each entry a match left
 * `no-ranges` did not match, in full, with progress in entries. Reads only public vendor answers (the
 * shared look-up cache): nothing of the caller's agency is read or written.
 */
export const handler = wsHandler(realtimeEventsByName.explainNoMatches, ({ input, progress, signal }) =>
  explainNoMatches(
    { entries: input.domains, progress, signal },
    { matcher: companyMatcher(), lookupCache: companyLookupCacheRepository, now },
  ),
);
