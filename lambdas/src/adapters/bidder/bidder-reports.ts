import * as z from 'zod';
import { emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TBidderReportRow } from '../../domain/ports/bidder.port';
import { VendorError } from '../../lib/errors';
import { BIDDER_VENDOR, legacyPayload } from './buzz-transport';
import type { BuzzTransport } from './buzz-transport';

/**
 * The bidder's performance report through Buzz's report queue (`POST /rest/report_queue`, poll
 * `GET /rest/report_queue/{id}` until `complete`, `GET /rest/report_queue/download/{id}`), the
 * Buzz reporting API with `rows`/`offset` paging; cdk/local/simulators/bidder-reports.ts documents
 * the wire format. Report field names are mapped to our counts in one place: `FIELD_TO_COUNT`.
 */

/** Report metric -> our count (money fields are dollars and become micros). */
export const FIELD_TO_COUNT = {
  impression: 'impressions',
  clicks: 'clicks',
  spend: 'spend_micros',
  conversions: 'conversions',
  viewthrough_conversions: 'viewthrough_conversions',
  clickthrough_conversions: 'click_through_conversions',
  postback_conversions: 'postback_conversions',
  conversion_orders: 'conversion_orders',
  conversion_value: 'conversions_value_micros',
  video_start: 'video_plays',
  video_first_quartile: 'video_q1',
  video_midpoint: 'video_midpoints',
  video_third_quartile: 'video_q3',
  video_complete: 'video_completes',
  video_skip: 'video_skips',
  companion_impression: 'video_companion_views',
  companion_click: 'video_companion_clicks',
  viewable_impression: 'viewable_impressions',
  measurable_impression: 'measurable_impressions',
  viewable_seconds: 'viewable_seconds',
  ivt_measured_impression: 'measurable_invalid_impressions',
  ivt_impression: 'invalid_impressions',
  reach: 'reach',
} as const satisfies Record<string, keyof TMetricCounts>;

const MONEY_FIELDS: ReadonlySet<string> = new Set(['spend', 'conversion_value']);
const REPORT_FIELDS = Object.keys(FIELD_TO_COUNT);

/** The report field that groups rows besides the day. */
export type TReportDimension = 'campaign_id' | 'line_item_id' | 'creative_id';

/** Options of a report pull. */
export interface ReportPullOptions {
  /** Rows per page (the bidder allows up to 10 000). */
  pageSize?: number;
  /** Waits between status polls; tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** Status polls per page before giving up. */
  maxPolls?: number;
}

const ZQueueStatus = z.array(z.object({ report_status: z.string() }).loose());
const ZCreated = z.object({ id: z.number().int().positive() }).loose();
const ZRow = z.record(z.string(), z.unknown());

function parseRow(row: Record<string, unknown>, dimension: TReportDimension): TBidderReportRow {
  const day = String(row['bid_day'] ?? '');
  const id = Number(row[dimension]);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isInteger(id) || id <= 0) {
    throw new VendorError(BIDDER_VENDOR, `report row without bid_day or ${dimension}: ${JSON.stringify(row)}`);
  }
  const counts = emptyCounts();
  for (const [field, key] of Object.entries(FIELD_TO_COUNT)) {
    const value = Number(row[field] ?? 0);
    if (!Number.isFinite(value) || value < 0) {
      throw new VendorError(BIDDER_VENDOR, `report field ${field} is not a count: ${String(row[field])}`);
    }
    counts[key] = MONEY_FIELDS.has(field) ? Math.round(value * 1_000_000) : Math.round(value);
  }
  return { day, id, counts };
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every daily row of one campaign between two days (inclusive), grouped by `dimension`, page by
 * page until a page comes back short.
 */
export async function pullDailyReport(
  transport: BuzzTransport,
  request: { campaignId: number; dimension: TReportDimension; from: string; to: string },
  options: ReportPullOptions = {},
): Promise<TBidderReportRow[]> {
  const pageSize = options.pageSize ?? 5000;
  const sleep = options.sleep ?? defaultSleep;
  const maxPolls = options.maxPolls ?? 12;
  const rows: TBidderReportRow[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const created = await transport.call(
      'POST',
      '/rest/report_queue',
      {
        report_id: 1,
        request_details: {
          fields: ['bid_day', request.dimension, ...REPORT_FIELDS],
          filters: { campaign_id: request.campaignId, bid_day: `${request.from} to ${request.to}` },
          rows: pageSize,
          offset,
          sort_by: 'bid_day',
        },
      },
      // A second report request costs the bidder a query, never a wrong row.
      'idempotent',
    );
    const queued = ZCreated.safeParse(legacyPayload(created));
    if (!queued.success) throw new VendorError(BIDDER_VENDOR, 'report_queue answered no id');
    const id = queued.data.id;

    for (let poll = 0; ; poll++) {
      const status = ZQueueStatus.safeParse(legacyPayload(await transport.call('GET', `/rest/report_queue/${id}`)));
      const state = status.success ? status.data[0]?.report_status : undefined;
      if (state === 'complete') break;
      if (state === undefined || state === 'error' || state === 'failed') {
        throw new VendorError(BIDDER_VENDOR, `report ${id} ended as ${state ?? 'unknown'}`);
      }
      if (poll + 1 >= maxPolls)
        throw new VendorError(BIDDER_VENDOR, `report ${id} not complete after ${maxPolls} polls`);
      await sleep(Math.min(2000, 50 * 2 ** poll));
    }

    const page = z
      .array(ZRow)
      .safeParse(legacyPayload(await transport.call('GET', `/rest/report_queue/download/${id}`)));
    if (!page.success) throw new VendorError(BIDDER_VENDOR, `report ${id} download is not a list of rows`);
    for (const row of page.data) rows.push(parseRow(row, request.dimension));
    if (page.data.length < pageSize) return rows;
  }
}
