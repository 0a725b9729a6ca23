import type { TSegmentsLogEntry } from '@bidgrid/shared/billing/billing.schema';
import type { TPage, TPageRequest } from './page.port';

/** A segments log entry with its id (always set when we write one: 000 §3 subdomain, originalDomains, ipSegment, date). */
export type TStoredSegmentsLogEntry = TSegmentsLogEntry & { id: string };

/** The company-matching log, by month. */
export interface SegmentsLogRepository {
  /**
   * One page of the entries of the given months (`YYYY-MM`), newest first within each month, months in the
   * given order.
   */
  listByMonths(yearMonths: readonly string[], page: TPageRequest): Promise<TPage<TSegmentsLogEntry>>;
  /**
   * Writes entries (company matching, the local seed); an entry written again with the same id and date
   * replaces itself (no duplicate).
   */
  putEntries(entries: readonly TStoredSegmentsLogEntry[]): Promise<void>;
  /**
   * The date of the matching run `runKey`: the first call stores `now`, every later call (a retried
   * chunk, the next chunk of the same upload) gets the stored date, so entries keep their keys.
   */
  runDate(runKey: string, now: Date): Promise<string>;
}
