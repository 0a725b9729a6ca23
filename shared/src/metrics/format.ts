import type { SORT_KINDS } from '../constants';
import type { TDerivedMetricKey, TDerivedMetrics } from './derive';

/** What a missing value shows as (000 §2 "Missing data shows 'N/A'"). */
export const NOT_AVAILABLE = 'N/A';

/** How a metric is formatted and sorted (000 §9 sort kinds: flat, currency, percentage). */
export type TMetricKind = (typeof SORT_KINDS)[number];

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/** Money: '$' with 2 decimals and thousands separators ('$1,234.50', '-$3.00'); missing is 'N/A'. */
export function formatUsd(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : usd.format(value);
}

/** Percentage with 2 decimals ('12.34%'); missing is 'N/A'. */
export function formatPercent(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : `${twoDecimals.format(value)}%`;
}

/** A plain number: thousands separators, at most 2 decimals ('1,234', '2.35'); missing is 'N/A'. */
export function formatCount(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : upToTwoDecimals.format(value);
}

/** The kind of each derived metric: money is 'currency', every ratio in percent is 'percentage'. */
export const METRIC_KINDS: Record<TDerivedMetricKey, TMetricKind> = {
  impressions: 'flat',
  clicks: 'flat',
  spend: 'currency',
  conversions: 'flat',
  viewthrough_conversions: 'flat',
  click_through_conversions: 'flat',
  postback_conversions: 'flat',
  conversion_orders: 'flat',
  conversions_value: 'currency',
  video_plays: 'flat',
  video_q1: 'flat',
  video_midpoints: 'flat',
  video_q3: 'flat',
  video_completes: 'flat',
  video_skips: 'flat',
  video_companion_views: 'flat',
  video_companion_clicks: 'flat',
  viewable_impressions: 'flat',
  measurable_impressions: 'flat',
  measurable_invalid_impressions: 'flat',
  invalid_impressions: 'flat',
  viewable_seconds: 'flat',
  reach: 'flat',
  ctr: 'percentage',
  cpm_usd: 'currency',
  cpc_usd: 'currency',
  spend_per_conversion: 'currency',
  vcpm: 'currency',
  video_complete_percent: 'percentage',
  viewability_percent: 'percentage',
  measurable_impression_percent: 'percentage',
  invalid_impression_percent: 'percentage',
  viewability_measurability_percent: 'percentage',
  video_companion_ctr: 'percentage',
  average_viewable_seconds: 'flat',
};

/** Formats a value by kind. */
export function formatByKind(kind: TMetricKind, value: number | null | undefined): string {
  if (kind === 'currency') return formatUsd(value);
  if (kind === 'percentage') return formatPercent(value);
  return formatCount(value);
}

/** Formats one derived metric for a table cell. */
export function formatMetric<K extends TDerivedMetricKey>(key: K, value: TDerivedMetrics[K] | undefined): string {
  return formatByKind(METRIC_KINDS[key], value);
}
