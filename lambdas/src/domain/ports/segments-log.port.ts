import type { TSegmentsLogEntry } from '@bidgrid/shared/entities/billing.schema';
import type { TPage, TPageRequest } from './page.port';

/** A segments log entry with its id (always set when we write one). */
export type TStoredSegmentsLogEntry = TSegmentsLogEntry & { id: string };

/** The company-matching log, by month. */
export interface SegmentsLogRepository {
  /**
   * One page of the entries of the given months (`YYYY-MM`), newest first within each month, months in the
   * given order.
   */
  listByMonths(yearMonths: readonly string[], page: TPageRequest): Promise<TPage<TSegmentsLogEntry>>;
  /** Writes entries (company matching, the local seed). */
  putEntries(entries: readonly TStoredSegmentsLogEntry[]): Promise<void>;
}
