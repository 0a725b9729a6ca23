import * as z from '../zod';
import { isSupportedIsoDate } from '../common/iso-date';

/**
 * The additive counts a report row carries: one row per day and per campaign, line item or creative.
 * Rows hold counts only, never ratios, so any time frame is a plain sum and every ratio is computed
 * from the sums (ARCHITECTURE "Data"). Money is integer micros (1 USD = 1 000 000) so sums are exact.
 */
export const METRIC_COUNT_KEYS = [
  'impressions',
  'clicks',
  'spend_micros',
  'conversions',
  'viewthrough_conversions',
  'click_through_conversions',
  'postback_conversions',
  'conversion_orders',
  'conversions_value_micros',
  'video_plays',
  'video_q1',
  'video_midpoints',
  'video_q3',
  'video_completes',
  'video_skips',
  'video_companion_views',
  'video_companion_clicks',
  'viewable_impressions',
  /** Impressions whose viewability could be measured. */
  'measurable_impressions',
  /** Impressions that could be measured for invalid traffic. */
  'measurable_invalid_impressions',
  /** Impressions found to be invalid traffic. */
  'invalid_impressions',
  /** Whole seconds the viewable impressions were in view, summed. */
  'viewable_seconds',
  /**
   * Reach as the bidder reports it per day. Unique users do not add up across days, so a summed reach
   * is an upper bound (the same person seen on two days counts twice); it is kept additive on purpose.
   */
  'reach',
] as const;

export type TMetricCountKey = (typeof METRIC_COUNT_KEYS)[number];

const count = z.number().check(z.int(), z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER));

/** Counts of one row (or a sum of rows); missing counts are 0. */
export const ZMetricCounts = z.object(
  Object.fromEntries(METRIC_COUNT_KEYS.map((key) => [key, z._default(count, 0)])) as Record<
    TMetricCountKey,
    z.ZodMiniDefault<typeof count>
  >,
);
export type TMetricCounts = z.output<typeof ZMetricCounts>;

/** One day's counts (`date` is the ISO day, `YYYY-MM-DD`, in the bidder's reporting zone). */
export const ZDailyMetricRow = z.extend(ZMetricCounts, {
  date: z.string().check(z.refine(isSupportedIsoDate, { error: 'Expected a date YYYY-MM-DD from 2000 to 2100' })),
});
export type TDailyMetricRow = z.output<typeof ZDailyMetricRow>;

/** All counts at 0: the sum of no rows. */
export function emptyCounts(): TMetricCounts {
  return Object.fromEntries(METRIC_COUNT_KEYS.map((key) => [key, 0])) as TMetricCounts;
}

/** `a + b`, count by count (a missing count is 0). */
export function addCounts(a: Partial<TMetricCounts>, b: Partial<TMetricCounts>): TMetricCounts {
  const sum = emptyCounts();
  for (const key of METRIC_COUNT_KEYS) sum[key] = (a[key] ?? 0) + (b[key] ?? 0);
  return sum;
}

/** Sum of rows, count by count; extra fields of the rows (date, ids) are left out. */
export function sumRows(rows: ReadonlyArray<Partial<TMetricCounts>>): TMetricCounts {
  const sum = emptyCounts();
  for (const row of rows) {
    for (const key of METRIC_COUNT_KEYS) sum[key] += row[key] ?? 0;
  }
  return sum;
}
