import { ForbiddenError } from '../../kernel/errors';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import type { SegmentsLogRepository } from '../ports/segments-log.port';

/** How far back the log is listed: this month and the 12 before it. */
export const SEGMENTS_LOG_MONTHS = 13;

export const SEGMENTS_LOGS_FORBIDDEN = 'Only internal staff can view segment logs.';

/** `YYYY-MM` of `now` and the `count - 1` months before it, newest first (UTC). */
export function recentMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * `POST /segmentsLogs/all` (000 §1: internal staff view segment logs): one page of the company-matching
 * log of the last 13 months, newest first, as the JSON string the spec's client parses. Anyone who is not
 * an internal (allow-listed) user gets 403. A cursor from before a new month began names a month still in
 * the window, so the list goes on where it stopped.
 */
export async function listSegmentsLogs(
  input: { username: string; page: TPageRequest },
  deps: { segmentsLog: Pick<SegmentsLogRepository, 'listByMonths'>; internalUsers: readonly string[]; now: () => Date },
): Promise<TPagedPayload<string>> {
  if (!deps.internalUsers.includes(input.username.toLowerCase())) {
    throw new ForbiddenError(SEGMENTS_LOGS_FORBIDDEN, { internalMessage: `${input.username} is not an internal user` });
  }
  const page = await deps.segmentsLog.listByMonths(recentMonths(deps.now(), SEGMENTS_LOG_MONTHS), input.page);
  return { payload: JSON.stringify(page.items), nextCursor: page.nextCursor };
}
