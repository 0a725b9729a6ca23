import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import { emptyCounts, sumRows } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { ReportRepository, TRollup } from '../../adapters/repositories/report.repository';
import { countsOfRollup, rangeOf, rollupIsCurrent, sumInRange } from './report-rows';

/** Port: what reading reports needs of the reports table. */
export type ReportReader = Pick<ReportRepository, 'listDailyRows' | 'getDailyRowsOfDay' | 'listRollups'>;

/** One entity of a report: where its daily rows are and what its rollup is called. */
export interface TReportEntity {
  /** The caller's name for it (a campaign id, a line item id as text, a creative id). */
  key: string;
  /** Partition of its daily rows. */
  daysPk: string;
  /** Sort key of its rollups (in `rollupPk`) for the time frame asked for. */
  rollupSk: string;
}

/** Fallback reads at once: enough to overlap round trips, few enough to stay polite to the table. */
const FALLBACK_CONCURRENCY = 8;

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * The counts of each entity over a rolling time frame as of `today`: one query for the rollups the
 * sync keeps in `rollupPk`, and, for an entity whose rollup is missing or from another day (not
 * synced yet today, new), the sum of its daily rows. Either way the same numbers.
 */
export async function countsOverTimeFrame(
  entities: readonly TReportEntity[],
  rollupPk: string,
  timeFrame: TRangeTimeFrame,
  today: string,
  reader: ReportReader,
  /** The rollups of `rollupPk`, when the caller already started reading them (in parallel with its own reads). */
  prefetched?: Promise<Map<string, TRollup>>,
): Promise<Map<string, TMetricCounts>> {
  const result = new Map<string, TMetricCounts>();
  const rollups = await (prefetched ?? reader.listRollups(rollupPk, timeFrame));
  if (entities.length === 0) return result;
  const range = rangeOf(timeFrame, today);
  const stale: TReportEntity[] = [];
  for (const entity of entities) {
    const rollup = rollups.get(entity.rollupSk);
    if (rollupIsCurrent(rollup, today)) result.set(entity.key, countsOfRollup(rollup));
    else stale.push(entity);
  }
  await inBatches(stale, FALLBACK_CONCURRENCY, async (entity) => {
    const rows = await reader.listDailyRows(entity.daysPk, range?.from ?? null, range?.to ?? null);
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
    entities.map((e) => e.daysPk),
    day,
  );
  return new Map(
    entities.map((entity) => {
      const row = rows.get(entity.daysPk);
      return [entity.key, row ? sumRows([row]) : emptyCounts()];
    }),
  );
}
