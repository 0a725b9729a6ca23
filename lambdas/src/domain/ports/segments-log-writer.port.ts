import type { TSegmentsLogEntry } from '@bidgrid/shared/entities/billing.schema';

/** A segments log entry as written: with its id (000 §3 subdomain, originalDomains, ipSegment, date). */
export type TNewSegmentsLogEntry = TSegmentsLogEntry & { id: string };

/** Port: writes company matches to the segments log, idempotently per matching run. */
export interface SegmentsLogWriter {
  /**
   * The date of the matching run `runKey`: the first call stores `now`, every later call (a retried
   * chunk, the next chunk of the same upload) gets the stored date, so entries keep their keys.
   */
  runDate(runKey: string, now: Date): Promise<string>;
  /** Writes entries; an entry written again with the same id and date replaces itself (no duplicate). */
  putEntries(entries: readonly TNewSegmentsLogEntry[]): Promise<void>;
}
