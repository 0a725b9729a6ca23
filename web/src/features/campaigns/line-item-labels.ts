import type { TLineItemMetric } from '@bidgrid/shared/campaigns/line-item.schema';

/**
 * The line-item table's column header of each metric, as a person reads it (issue 15): the spec lists the
 * metrics by their report keys ('segment_count_nam', 'video_q1'), which stay the data's and the export's
 * names. `satisfies` makes a metric added to the schema without a label, or a label for a metric that is
 * gone, a compile error. Spend keeps the spec's own header ('Spent USD', 000 §2); the metrics the campaign
 * metrics table also shows carry its headers ('CPC (USD)', 'Spent Per Conversions'), so one page never names
 * the same number twice.
 */
export const LINE_ITEM_LABELS = {
  impressions: 'Impressions',
  clicks: 'Clicks',
  conversions: 'Conversions',
  spend: 'Spent USD',
  segment_count_nam: 'Segment Count',
  cpc_usd: 'CPC (USD)',
  cpm_usd: 'CPM (USD)',
  ctr: 'CTR',
  click_through_conversions: 'Click Through Conversions',
  average_viewable_seconds: 'Average Viewable Seconds',
  conversion_orders: 'Conversion Orders',
  conversions_value: 'Conversions Value (USD)',
  invalid_impression_percent: 'Invalid Impressions %',
  invalid_impressions: 'Invalid Impressions',
  measurable_impression_percent: 'Measurable Impressions %',
  measurable_impressions: 'Measurable Impressions',
  measurable_invalid_impressions: 'Measurable Invalid Impressions',
  postback_conversions: 'Postback Conversions',
  spend_per_conversion: 'Spent Per Conversions',
  video_companion_ctr: 'Video Companion CTR',
  video_companion_clicks: 'Video Companion Clicks',
  video_companion_views: 'Video Companion Views',
  video_complete_percent: 'Video Complete %',
  video_completes: 'Video Completes',
  video_midpoints: 'Video 50% (Midpoints)',
  video_plays: 'Video Plays',
  video_q1: 'Video 25% (Q1)',
  video_q3: 'Video 75% (Q3)',
  video_skips: 'Video Skips',
  viewability_percent: 'Viewability %',
  viewability_measurability_percent: 'Viewability Measurability %',
  viewable_impressions: 'Viewable Impressions',
  viewable_seconds: 'Viewable Seconds',
  viewthrough_conversions: 'View Through Conversions',
  vcpm: 'vCPM (USD)',
  reach: 'Reach',
} as const satisfies Record<TLineItemMetric, string>;

/** The header of a metric's column in the table and in 'Select Metrics'. */
export const lineItemLabel = (metric: TLineItemMetric): string => LINE_ITEM_LABELS[metric];

/**
 * The header of a metric's column in the export: the spec's name (000 §2 "spend (Spent USD)", the report
 * key for the rest), so a spreadsheet or script built on the export keeps reading the same columns.
 */
export const lineItemExportHeader = (metric: TLineItemMetric): string => (metric === 'spend' ? 'Spent USD' : metric);
