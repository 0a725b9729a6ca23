import type { TCampaignReport } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import type { TCreativeReport } from '@bidgrid/shared/ad-groups/creative.schema';
import { LINE_ITEM_METRICS, LINE_ITEM_VIDEO_METRICS } from '@bidgrid/shared/campaigns/line-item.schema';
import type { TLineItemMetrics, TLineItemReport } from '@bidgrid/shared/campaigns/line-item.schema';
import { emptyCounts, sumRows } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { deriveMetrics } from '@bidgrid/shared/metrics/derive';
import { timeFrameRange } from '@bidgrid/shared/metrics/time-frame';
import type { TDayRange } from '@bidgrid/shared/metrics/time-frame';
import { todayIso } from '@bidgrid/shared/common/iso-date';
import type { TRollup, TStoredDailyRow } from './report-records.schema';

/**
 * From stored counts to the report rows of the API: every time frame is a sum of daily rows and every
 * ratio comes from the sums (shared/metrics), never an average of daily ratios.
 */

/** The reporting day: UTC, the same for the sync job and every handler wherever they run. */
export const reportToday = (now: Date): string => todayIso(now, 'UTC');

/** The days a rolling time frame covers as of `today` (null: ALL_TIME, no bound). */
export const rangeOf = (timeFrame: TRangeTimeFrame, today: string): TDayRange | null =>
  timeFrameRange(timeFrame, { today });

/** What a report row says about when it applies: a rolling time frame or one day. */
export type TReportPeriod = { timeFrame: TRangeTimeFrame } | { timeFrame: 'CUSTOM_DATE'; date: string };

/** The campaign report (000 §3) of summed counts. */
export function campaignReportOf(counts: TMetricCounts, period: TReportPeriod): TCampaignReport {
  const m = deriveMetrics(counts);
  return {
    clicks: m.clicks,
    ctr: m.ctr,
    impressions: m.impressions,
    spend: m.spend,
    cpm_usd: m.cpm_usd,
    cpc_usd: m.cpc_usd,
    conversions: m.conversions,
    click_through_conversions: m.click_through_conversions,
    spend_per_conversion: m.spend_per_conversion,
    viewthrough_conversions: m.viewthrough_conversions,
    ...period,
  };
}

/**
 * A line item's report row. `segment_count_nam` (shown by default, 000 §2) is the number of IP
 * segments the line item's company matched: a property of the line item, not of a day. A display
 * campaign has no video delivery at all, so its video metrics are 'N/A' (null), not 0.
 */
export function lineItemReportOf(
  counts: TMetricCounts,
  lineItem: { beeswaxLineItemId: number; segmentCount: number },
  isVideoCampaign: boolean,
  period: TReportPeriod,
): TLineItemReport {
  const derived = deriveMetrics(counts) as unknown as Record<string, number | null>;
  const metrics = {} as Record<keyof TLineItemMetrics, number | null>;
  for (const metric of LINE_ITEM_METRICS) {
    if (metric === 'segment_count_nam') metrics[metric] = lineItem.segmentCount;
    else if (!isVideoCampaign && LINE_ITEM_VIDEO_METRICS.has(metric)) metrics[metric] = null;
    else metrics[metric] = derived[metric] ?? null;
  }
  return { ...metrics, beeswaxLineItemId: lineItem.beeswaxLineItemId, ...period };
}

/** A creative's report row (000 §3 `creativeReports`); video counts are 'N/A' for an image. */
export function creativeReportOf(counts: TMetricCounts, isVideo: boolean, period: TReportPeriod): TCreativeReport {
  const m = deriveMetrics(counts);
  return {
    ctr: m.ctr,
    impressions: m.impressions,
    clicks: m.clicks,
    video_completes: isVideo ? m.video_completes : null,
    video_midpoints: isVideo ? m.video_midpoints : null,
    video_plays: isVideo ? m.video_plays : null,
    ...period,
  };
}

/** Sums the rows inside a range (null = all). */
export function sumInRange(rows: readonly TStoredDailyRow[], range: TDayRange | null): TMetricCounts {
  if (!range) return sumRows(rows);
  return sumRows(rows.filter((row) => row.date >= range.from && row.date <= range.to));
}

/** Whether a stored rollup answers for `today`: computed today, or final (nothing can change it). */
export const rollupIsCurrent = (rollup: TRollup | undefined, today: string): rollup is TRollup =>
  rollup !== undefined && (rollup.asOfDay === today || rollup.final);

/** The counts of a rollup without its bookkeeping. */
export function countsOfRollup(rollup: TRollup): TMetricCounts {
  const counts = emptyCounts();
  for (const key of Object.keys(counts) as Array<keyof TMetricCounts>) counts[key] = rollup[key];
  return counts;
}
