import {
  addDelivery,
  campaignDelivery,
  emptyDelivery,
  splitByCreative,
  type DeliveryCounts,
  type HistoryEntry,
  type LineItemDay,
} from './bidder-delivery';

/**
 * The bidder simulator's performance report, in the shape of Beeswax Buzz's report queue (the 0.5
 * `report_queue` API, the last Buzz reporting API with `rows`/`offset` paging; Report Builder 2.0's
 * `/reporting/run-query` has none). A request names fields (dimensions and metrics of the
 * `performance_agg` view), filters and a page:
 *
 *   POST /rest/report_queue {report_id: 1, request_details: {fields: ['bid_day', 'line_item_id',
 *     'impression', ...], filters: {campaign_id: 12, bid_day: '2026-07-01 to 2026-07-31'},
 *     rows: 5000, offset: 0}}                       -> {success, payload: {id}}
 *   GET  /rest/report_queue/{id}                     -> {success, payload: [{report_queue_id, report_status}]}
 *   GET  /rest/report_queue/download/{id}            -> {success, payload: [rows]} once `complete`
 *
 * `bid_day` ranges are inclusive at both ends. Rows come sorted by their dimensions; rows without
 * impressions are left out, as a real report leaves out what did not serve. Spend and conversion
 * value are dollars with six decimals.
 */

/** Dimensions a report may group by. */
export const REPORT_DIMENSIONS = ['bid_day', 'advertiser_id', 'campaign_id', 'line_item_id', 'creative_id'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** Metrics of the performance report, as the simulator names them. */
export const REPORT_METRICS = [
  'impression',
  'clicks',
  'spend',
  'conversions',
  'viewthrough_conversions',
  'clickthrough_conversions',
  'postback_conversions',
  'conversion_orders',
  'conversion_value',
  'video_start',
  'video_first_quartile',
  'video_midpoint',
  'video_third_quartile',
  'video_complete',
  'video_skip',
  'companion_impression',
  'companion_click',
  'viewable_impression',
  'measurable_impression',
  'viewable_seconds',
  'ivt_measured_impression',
  'ivt_impression',
  'reach',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** The only report of the simulator: Beeswax's `performance_report` (report_id 1). */
export const PERFORMANCE_REPORT_ID = 1;
/** Largest page a request may ask for. */
export const MAX_REPORT_ROWS = 10_000;
/** Longest `bid_day` range of one request. */
export const MAX_REPORT_DAYS = 400;

/** A validated report request. */
export interface ReportRequest {
  dimensions: ReportDimension[];
  metrics: ReportMetric[];
  filters: { advertiserId?: number; campaignId?: number; from: string; to: string };
  rows: number;
  offset: number;
}

type Row = Record<string, unknown>;

/** Reads `POST /rest/report_queue`; a list of `ERROR: ...` texts when it is not a valid request. */
export function parseReportRequest(body: Row): ReportRequest | string[] {
  const errors: string[] = [];
  if (Number(body['report_id']) !== PERFORMANCE_REPORT_ID)
    errors.push(`ERROR: report_id must be ${PERFORMANCE_REPORT_ID}`);
  const details = (body['request_details'] ?? {}) as Row;
  const fields = Array.isArray(details['fields']) ? details['fields'].map(String) : [];
  const dimensions = fields.filter((f): f is ReportDimension => (REPORT_DIMENSIONS as readonly string[]).includes(f));
  const metrics = fields.filter((f): f is ReportMetric => (REPORT_METRICS as readonly string[]).includes(f));
  for (const f of fields) {
    if (!dimensions.includes(f as ReportDimension) && !metrics.includes(f as ReportMetric)) {
      errors.push(`ERROR: unknown field ${f}`);
    }
  }
  if (dimensions.length === 0) errors.push('ERROR: fields must include a dimension');
  if (metrics.length === 0) errors.push('ERROR: fields must include a metric');
  const filters = (details['filters'] ?? {}) as Row;
  const range = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(String(filters['bid_day'] ?? ''));
  if (!range) errors.push("ERROR: filters.bid_day must be 'YYYY-MM-DD to YYYY-MM-DD'");
  const from = range?.[1] ?? '';
  const to = range?.[2] ?? '';
  if (range && (to < from || (Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_REPORT_DAYS)) {
    errors.push(`ERROR: bid_day range must run forward and cover at most ${MAX_REPORT_DAYS} days`);
  }
  const campaignId = filters['campaign_id'] === undefined ? undefined : Number(filters['campaign_id']);
  const advertiserId = filters['advertiser_id'] === undefined ? undefined : Number(filters['advertiser_id']);
  if (campaignId === undefined && advertiserId === undefined) {
    errors.push('ERROR: filters must name a campaign_id or an advertiser_id');
  }
  const rows = details['rows'] === undefined ? 1000 : Number(details['rows']);
  const offset = details['offset'] === undefined ? 0 : Number(details['offset']);
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_REPORT_ROWS) {
    errors.push(`ERROR: rows must be 1..${MAX_REPORT_ROWS}`);
  }
  if (!Number.isInteger(offset) || offset < 0) errors.push('ERROR: offset must be 0 or more');
  if (errors.length > 0) return errors;
  return {
    dimensions,
    metrics,
    filters: {
      ...(campaignId === undefined ? {} : { campaignId }),
      ...(advertiserId === undefined ? {} : { advertiserId }),
      from,
      to,
    },
    rows,
    offset,
  };
}

/** The entities the report reads, as the simulator stores them. */
export interface ReportSource {
  campaigns: readonly Row[];
  lineItems: readonly Row[];
  creatives: readonly Row[];
  links: readonly Row[];
  historyOf(entity: 'campaign' | 'line_item', id: number): readonly HistoryEntry[];
}

const money = (micros: number): number => Math.round(micros) / 1_000_000;

function metricValue(counts: DeliveryCounts, metric: ReportMetric): number {
  if (metric === 'spend') return money(counts.spend_micros);
  if (metric === 'conversion_value') return money(counts.conversion_value_micros);
  return counts[metric];
}

function* days(from: string, to: string): Generator<string> {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    yield new Date(t).toISOString().slice(0, 10);
  }
}

/**
 * Every row of a request (before paging): delivery of each campaign matching the filters, day by day,
 * line item by line item and creative by creative, summed by the requested dimensions.
 */
export function runReport(request: Omit<ReportRequest, 'rows' | 'offset'>, source: ReportSource, now: Date): Row[] {
  const { filters, dimensions, metrics } = request;
  const campaigns = source.campaigns.filter(
    (c) =>
      (filters.campaignId === undefined || Number(c['campaign_id']) === filters.campaignId) &&
      (filters.advertiserId === undefined || Number(c['advertiser_id']) === filters.advertiserId),
  );
  const activeCreatives = new Set(
    source.creatives.filter((c) => c['active'] !== false).map((c) => Number(c['creative_id'])),
  );
  const groups = new Map<string, { key: Record<ReportDimension, number | string>; counts: DeliveryCounts }>();

  for (const campaign of campaigns) {
    const campaignId = Number(campaign['campaign_id']);
    const lineItems = source.lineItems.filter((li) => Number(li['campaign_id']) === campaignId);
    const creativesOf = new Map<number, number[]>();
    for (const link of source.links) {
      const creativeId = Number(link['creative_id']);
      if (link['active'] === false || !activeCreatives.has(creativeId)) continue;
      const lineItemId = Number(link['line_item_id']);
      creativesOf.set(lineItemId, [...(creativesOf.get(lineItemId) ?? []), creativeId]);
    }
    const campaignHistory = source.historyOf('campaign', campaignId);
    for (const day of days(filters.from, filters.to)) {
      const inputs: LineItemDay[] = lineItems.map((li) => {
        const lineItemId = Number(li['line_item_id']);
        return {
          lineItemId,
          lineItemHistory: source.historyOf('line_item', lineItemId),
          campaignHistory,
          campaignLineItemCount: lineItems.length,
          creativeIds: creativesOf.get(lineItemId) ?? [],
          day,
          now,
        };
      });
      for (const [lineItemId, counts] of campaignDelivery(inputs)) {
        if (counts.impression === 0) continue;
        const parts = dimensions.includes('creative_id')
          ? splitByCreative(counts, creativesOf.get(lineItemId) ?? [])
          : new Map([[0, counts]]);
        for (const [creativeId, part] of parts) {
          if (part.impression === 0) continue;
          const key: Record<ReportDimension, number | string> = {
            bid_day: day,
            advertiser_id: Number(campaign['advertiser_id']),
            campaign_id: campaignId,
            line_item_id: lineItemId,
            creative_id: creativeId,
          };
          const id = dimensions.map((d) => String(key[d])).join('|');
          const group = groups.get(id) ?? { key, counts: emptyDelivery() };
          addDelivery(group.counts, part);
          groups.set(id, group);
        }
      }
    }
  }

  const rows = [...groups.values()].map(({ key, counts }) => {
    const row: Row = {};
    for (const d of dimensions) row[d] = key[d];
    for (const m of metrics) row[m] = metricValue(counts, m);
    return row;
  });
  rows.sort((a, b) => {
    for (const d of dimensions) {
      const x = a[d] as number | string;
      const y = b[d] as number | string;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  return rows;
}
