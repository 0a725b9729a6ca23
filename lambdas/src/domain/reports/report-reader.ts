import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import { emptyCounts, sumRows } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { reportSubjectKey } from '../ports/report.port';
import type { ReportReader, TReportSubject, TRollupGroup, TStoredRollup } from '../ports/report.port';
import type { TRollup } from './report-records.schema';
import { countsOfRollup, rangeOf, rollupIsCurrent, sumInRange } from './report-rows';

/** One entity of a report: the caller's name for it and whose rows and rollups are its. */
export interface TReportEntity {
  /** The caller's name for it (a campaign id, a line item id as text, a creative id). */
  key: string;
  subject: TReportSubject;
}

/** Fallback reads at once: enough to overlap round trips, few enough to stay polite to the table. */
const FALLBACK_CONCURRENCY = 8;

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * The counts of each entity over a rolling time frame as of `today`: the rollups the sync keeps in
 * `group`, read by key for these entities only (a page of a list reads its own, however long the list),
 * and, for an entity whose rollup is missing or from another day (not synced yet today, new), the sum of
 * its daily rows. Either way the same numbers.
 */
export async function countsOverTimeFrame(
  entities: readonly TReportEntity[],
  group: TRollupGroup,
  timeFrame: TRangeTimeFrame,
  today: string,
  reader: ReportReader,
): Promise<Map<string, TMetricCounts>> {
  const result = new Map<string, TMetricCounts>();
  if (entities.length === 0) return result;
  const stored: TStoredRollup[] = await reader.getRollups(
    group,
    timeFrame,
    entities.map((entity) => entity.subject),
  );
  const rollups = new Map<string, TRollup>(stored.map((r) => [reportSubjectKey(r.subject), r.rollup]));
  const range = rangeOf(timeFrame, today);
  const stale: TReportEntity[] = [];
  for (const entity of entities) {
    const rollup = rollups.get(reportSubjectKey(entity.subject));
    if (rollupIsCurrent(rollup, today)) result.set(entity.key, countsOfRollup(rollup));
    else stale.push(entity);
  }
  await inBatches(stale, FALLBACK_CONCURRENCY, async (entity) => {
    const rows = await reader.listDailyRows(entity.subject, range?.from ?? null, range?.to ?? null);
    result.set(entity.key, sumInRange(rows, range));
  });
  return result;
}

/** The counts of each entity on one day (zero for an entity without a row that day). */
export async function countsOfDay(
  entities: readonly TReportEntity[],
  day: string,
  reader: ReportReader,
): Promise<Map<string, TMetricCounts>> {
  const rows = await reader.getDailyRowsOfDay(
    entities.map((e) => e.subject),
    day,
  );
  return new Map(
    entities.map((entity, i) => {
      const row = rows[i];
      return [entity.key, row ? sumRows([row]) : emptyCounts()];
    }),
  );
}
