import { listSegmentsLogs } from '@bidgrid/shared/api/operations/segments-log.operations';
import { useOperationPages } from '@/lib/api/use-operation-pages';

/**
 * 000 §7 POST /segmentsLogs/all {username}: company-matching logs (internal staff; the token decides), every
 * page of them (issue 9 §6), the first shown at once.
 */
export const useSegmentsLogs = (userName: string | null) =>
  useOperationPages(listSegmentsLogs, { body: { username: userName ?? '' } });
