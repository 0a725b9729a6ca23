import { listSegmentsLogs } from '@bidgrid/shared/segments/segments-log.operations';
import { ApiError } from '@/lib/api/api-client';
import { useOperationPages, type OperationPages } from '@/lib/api/use-operation-pages';

/** The segments logs as a screen shows them; `staffOnly` when the server refused the caller as not internal staff. */
export type SegmentsLogsPages = OperationPages<typeof listSegmentsLogs> & { readonly staffOnly: boolean };

/**
 * 000 §7 POST /segmentsLogs/all {username}: company-matching logs (internal staff; the token decides), every
 * page of them (issue 9 §6), the first shown at once.
 *
 * The server answers 403 to anyone outside the internal staff. That is not a failure to try again (a
 * retry could never succeed): the list reads as empty, as the spec keeps it, with `staffOnly` set so the
 * screen can say why. Any other failure (a 500, the network) stays an error, with its retry.
 */
export function useSegmentsLogs(userName: string | null): SegmentsLogsPages {
  const pages = useOperationPages(listSegmentsLogs, { body: { username: userName ?? '' } });
  if (!(pages.error instanceof ApiError && pages.error.status === 403)) return { ...pages, staffOnly: false };
  return { ...pages, data: [], loading: false, error: undefined, progress: { loaded: 0, done: true }, staffOnly: true };
}
