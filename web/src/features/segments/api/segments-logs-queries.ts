import { listSegmentsLogs } from '@bidgrid/shared/api/operations/segments-log.operations';
import { useOperationQuery } from '@/lib/api/use-operation-query';

/** 000 §7 POST /segmentsLogs/all {username}: company-matching logs (internal staff; the token decides). */
export const useSegmentsLogs = (userName: string | null) =>
  useOperationQuery(listSegmentsLogs, { body: { username: userName ?? '' } });
