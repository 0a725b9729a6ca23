import * as z from '@bidgrid/shared/zod';
import { ZRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import { ZMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';

/**
 * What the reports store holds besides the daily rows' counts: rollups the sync keeps so a dashboard
 * reads one list per table instead of one per entity and day, and the sync's own bookkeeping.
 */

/** A stored daily row: the day and its counts (never ratios). */
export interface TStoredDailyRow extends TMetricCounts {
  date: string;
}

/**
 * A rollup: the counts of one entity over one rolling range as of `asOfDay`. `final` rollups belong
 * to campaigns over long enough that no range can change any more (every rolling range is past their
 * last day), so they stay right on any later day.
 */
export const ZRollup = z.extend(ZMetricCounts, {
  timeFrame: ZRangeTimeFrame,
  asOfDay: z.string(),
  final: z._default(z.boolean(), false),
});
export type TRollup = z.infer<typeof ZRollup>;

/** The sync's record of one campaign: the last day it pulled, and when it was pulled. */
export const ZCampaignSyncState = z.object({
  syncedThrough: z.string(),
  syncedAt: z.string(),
  /** The day its rollups were last recomputed. */
  rolledUpOn: z._default(z.nullable(z.string()), null),
  /**
   * A hash of the rows of each day of the last pull: a day pulled again with the same rows (the
   * bidder's numbers move by the hour, mostly today's) is not written again, and when no day changed
   * the rollups are not recomputed. An older state's `pulledWindow` is dropped: its next pull writes.
   */
  pulledDays: z._default(z.record(z.string(), z.string()), {}),
});
export type TCampaignSyncState = z.infer<typeof ZCampaignSyncState>;
