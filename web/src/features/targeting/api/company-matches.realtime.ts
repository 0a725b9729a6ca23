import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';

/**
 * 001 §7 `getCSVKickfireMatches {domains}` -> `retrievedCSVKickfireMatches`: the companies and IP
 * ranges of uploaded domains, or why each did not match, with progress. Long lists go in chunks.
 */
export const useCsvCompanyMatches = () => useRealtimeCall(realtimeEventsByName.getCSVKickfireMatches);

/**
 * Ours (issue 12) `explainNoMatches {domains}` -> `noMatchesExplained`: why the rows a match answered
 * `no-ranges` did not match, in full, with progress. Long lists go in chunks.
 */
export const useNoMatchExplanations = () => useRealtimeCall(realtimeEventsByName.explainNoMatches);
