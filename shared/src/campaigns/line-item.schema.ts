import * as z from '../zod';
import { zId } from '../ids';
import { ZBidderId, ZIsoDate, ZMetricValue, ZTimeFrame, ZUsd } from '../common/common.schema';

/** Metrics of the line-item table shown by default (000 §2 "Line-item table"). */
export const LINE_ITEM_DEFAULT_METRICS = [
  'impressions',
  'clicks',
  'conversions',
  'spend',
  'segment_count_nam',
] as const;

/** Metrics of the line-item table hidden by default, offered by 'Select Metrics' (000 §2), in the spec's order. */
export const LINE_ITEM_HIDDEN_METRICS = [
  'cpc_usd',
  'cpm_usd',
  'ctr',
  'click_through_conversions',
  'average_viewable_seconds',
  'conversion_orders',
  'conversions_value',
  'invalid_impression_percent',
  'invalid_impressions',
  'measurable_impression_percent',
  'measurable_impressions',
  'measurable_invalid_impressions',
  'postback_conversions',
  'spend_per_conversion',
  'video_companion_ctr',
  'video_companion_clicks',
  'video_companion_views',
  'video_complete_percent',
  'video_completes',
  'video_midpoints',
  'video_plays',
  'video_q1',
  'video_q3',
  'video_skips',
  'viewability_percent',
  'viewability_measurability_percent',
  'viewable_impressions',
  'viewable_seconds',
  'viewthrough_conversions',
  'vcpm',
  'reach',
] as const;

/** Every line-item metric, default-shown first: the keys of a line-item report row. */
export const LINE_ITEM_METRICS = [...LINE_ITEM_DEFAULT_METRICS, ...LINE_ITEM_HIDDEN_METRICS] as const;

/** The line-item metrics of video delivery (`video_*`), which a display campaign has none of ('N/A'). */
export const LINE_ITEM_VIDEO_METRICS: ReadonlySet<(typeof LINE_ITEM_METRICS)[number]> = new Set(
  LINE_ITEM_METRICS.filter((metric) => metric.startsWith('video_')),
);
export type TLineItemMetric = (typeof LINE_ITEM_METRICS)[number];

const metricShape = Object.fromEntries(LINE_ITEM_METRICS.map((metric) => [metric, ZMetricValue])) as Record<
  TLineItemMetric,
  typeof ZMetricValue
>;

/** Every line-item metric as a report value (null = 'N/A'). */
export const ZLineItemMetrics = z.object(metricShape);
export type TLineItemMetrics = z.infer<typeof ZLineItemMetrics>;

/**
 * One line-item report row: the metrics of one line item over the requested time frame, or over one
 * day (`date`) for the daily report.
 */
export const ZLineItemReport = z.extend(ZLineItemMetrics, {
  beeswaxLineItemId: ZBidderId,
  timeFrame: z.optional(ZTimeFrame),
  date: z.optional(ZIsoDate),
});
export type TLineItemReport = z.infer<typeof ZLineItemReport>;

/**
 * Line item (000 §3): one per included target company of a campaign (ARCHITECTURE), named for the
 * company; `hubspotCompanyId` is set when the company came from the CRM, `fromFile` when it came from
 * a CSV upload. `lineItemReports` holds the rows of the requested range (first = current).
 */
export const ZLineItem = z.object({
  beeswaxLineItemId: ZBidderId,
  bgCampaignId: zId('campaign'),
  line_item_name: z.string().check(z.minLength(1)),
  active: z.boolean(),
  hubspotCompanyId: z._default(z.nullable(z.string().check(z.minLength(1))), null),
  fromFile: z._default(z.boolean(), false),
  /** The company's domain, when the line item targets a company. */
  domain: z._default(z.nullable(z.string().check(z.minLength(1))), null),
  line_item_budget: z._default(z.nullable(ZUsd), null),
  line_item_spend: z._default(ZUsd, 0),
  lineItemReports: z._default(z.array(ZLineItemReport), []),
});
export type TLineItem = z.infer<typeof ZLineItem>;

/**
 * Payload of the line-item report calls (000 §7: "payload lineItems and lineItemReports"): the line
 * items, and their rows flat for the table and its export, joined by `beeswaxLineItemId`. The report
 * calls leave each line item's own `lineItemReports` empty: a campaign of 200 line items would send
 * every row twice (the server's choice; a client reading `lineItemReports[0]` first still works).
 */
export const ZLineItemsReport = z.object({
  lineItems: z.array(ZLineItem),
  lineItemReports: z.array(ZLineItemReport),
});
export type TLineItemsReport = z.infer<typeof ZLineItemsReport>;

/** Body of the line-item status calls (000 §7: `{beeswaxLineItemId, active}`). */
export const ZLineItemStatusUpdate = z.object({
  beeswaxLineItemId: ZBidderId,
  active: z.boolean(),
});
export type TLineItemStatusUpdate = z.infer<typeof ZLineItemStatusUpdate>;
