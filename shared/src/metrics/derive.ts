import type { TMetricCounts } from './counts.schema';

const MICROS_PER_USD = 1_000_000;

/** `numerator / denominator x scale`, or null when the denominator is 0 (shown as 'N/A'). */
function ratio(numerator: number, denominator: number, scale = 1): number | null {
  return denominator > 0 ? (numerator / denominator) * scale : null;
}

/** Micros to dollars. */
export const microsToUsd = (micros: number): number => micros / MICROS_PER_USD;

/** Dollars to integer micros (rounded to the nearest micro). */
export const usdToMicros = (usd: number): number => Math.round(usd * MICROS_PER_USD);

/**
 * The report metrics of one sum of rows, under the names of the spec's report tables (000 §2, §3).
 * Counts are passed through (money in USD); ratios are computed from the sums, never averaged from
 * daily ratios, and are null when their denominator is 0.
 */
export interface TDerivedMetrics {
  impressions: number;
  clicks: number;
  /** Spend in USD ("Budget Spent", "Spent USD"). */
  spend: number;
  conversions: number;
  viewthrough_conversions: number;
  click_through_conversions: number;
  postback_conversions: number;
  conversion_orders: number;
  /** Conversion value in USD. */
  conversions_value: number;
  video_plays: number;
  video_q1: number;
  video_midpoints: number;
  video_q3: number;
  video_completes: number;
  video_skips: number;
  video_companion_views: number;
  video_companion_clicks: number;
  viewable_impressions: number;
  measurable_impressions: number;
  measurable_invalid_impressions: number;
  invalid_impressions: number;
  viewable_seconds: number;
  reach: number;
  /** CTR % = clicks / impressions x 100. */
  ctr: number | null;
  /** CPM (USD) = spend / impressions x 1000. */
  cpm_usd: number | null;
  /** CPC (USD) = spend / clicks. */
  cpc_usd: number | null;
  /** Spend per conversion (USD) = spend / conversions. */
  spend_per_conversion: number | null;
  /** vCPM (USD) = spend / viewable impressions x 1000. */
  vcpm: number | null;
  /** Video complete % = video completes / video plays x 100. */
  video_complete_percent: number | null;
  /** Viewability % = viewable impressions / measurable impressions x 100. */
  viewability_percent: number | null;
  /** Measurable impression % = measurable impressions / impressions x 100. */
  measurable_impression_percent: number | null;
  /**
   * Invalid impression % = invalid impressions / impressions measured for invalid traffic x 100: only
   * measured impressions can be found invalid, so they are the base.
   */
  invalid_impression_percent: number | null;
  /**
   * Viewability x measurability % = viewable impressions / impressions x 100, i.e. viewability %
   * times measurable impression % / 100: the share of all impressions known to be viewable.
   */
  viewability_measurability_percent: number | null;
  /** Companion CTR % = companion clicks / companion views x 100. */
  video_companion_ctr: number | null;
  /** Average viewable seconds = viewable seconds / viewable impressions. */
  average_viewable_seconds: number | null;
}

/** Computes every report metric from summed counts (see `TDerivedMetrics` for each formula). */
export function deriveMetrics(sum: TMetricCounts): TDerivedMetrics {
  const { spend_micros, conversions_value_micros, ...counts } = sum;
  return {
    ...counts,
    spend: microsToUsd(spend_micros),
    conversions_value: microsToUsd(conversions_value_micros),
    ctr: ratio(sum.clicks, sum.impressions, 100),
    // From micros directly: one division less, one rounding less.
    cpm_usd: ratio(spend_micros, sum.impressions, 1000 / MICROS_PER_USD),
    cpc_usd: ratio(spend_micros, sum.clicks, 1 / MICROS_PER_USD),
    spend_per_conversion: ratio(spend_micros, sum.conversions, 1 / MICROS_PER_USD),
    vcpm: ratio(spend_micros, sum.viewable_impressions, 1000 / MICROS_PER_USD),
    video_complete_percent: ratio(sum.video_completes, sum.video_plays, 100),
    viewability_percent: ratio(sum.viewable_impressions, sum.measurable_impressions, 100),
    measurable_impression_percent: ratio(sum.measurable_impressions, sum.impressions, 100),
    invalid_impression_percent: ratio(sum.invalid_impressions, sum.measurable_invalid_impressions, 100),
    viewability_measurability_percent: ratio(sum.viewable_impressions, sum.impressions, 100),
    video_companion_ctr: ratio(sum.video_companion_clicks, sum.video_companion_views, 100),
    average_viewable_seconds: ratio(sum.viewable_seconds, sum.viewable_impressions),
  };
}

/** Names of the derived metrics, e.g. for a column chooser. */
export type TDerivedMetricKey = keyof TDerivedMetrics;
