import { emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { addIsoDays, isoDayRanges, isoDaysBetween } from '@bidgrid/shared/common/iso-date';
import type { TBidderReportDimension, TBidderReportRequest, TBidderReportRow } from '../../domain/ports/bidder.port';
import { VendorError } from '../../kernel/errors';
import { BIDDER_VENDOR, UnexpectedReplyError } from './buzz-transport';
import type { BuzzTransport } from './buzz-transport';
import {
  MAX_QUERY_ROWS,
  PERFORMANCE_VIEW,
  bidDayFilter,
  idRangeFilter,
  reportingRoutes,
  type TQueryState,
  type TResultRow,
  type TRunQueryRequest,
} from './wire/reporting.wire';

/**
 * The bidder's daily performance report through its asynchronous reporting API (Report Builder
 * 2.0: `POST /reporting/run-query` on the `performance_agg` view, then the query's status and
 * results), sent through the transport on the routes of `wire/reporting.wire.ts` like every other
 * bidder call: the transport checks each body before it leaves and parses each reply. A query
 * returns at most 30,000 rows and cannot be paged, so a report is split into queries sized to stay
 * below that: by days, and by ranges of line item ids when one day of a campaign holds more line
 * items than one query.
 * A result that reaches the limit may have been cut: it is never returned, its query is split and
 * asked again, and when it cannot be split the pull fails. Report fields are mapped to our counts in
 * one place: `FIELD_TO_COUNT`.
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

/** The report field that groups rows by each dimension. */
export const DIMENSION_FIELD = {
  campaign: 'campaign_id',
  lineItem: 'line_item_id',
  creative: 'creative_id',
} as const satisfies Record<TBidderReportDimension, string>;

/** The longest `bid_day` range one query asks for, however few rows a day has. */
export const MAX_DAYS_PER_QUERY = 366;
/**
 * Creatives a campaign is assumed to serve per day when sizing creative queries: the bidder's
 * creatives are not all known here (deleted ones still report), so a wrong guess costs one split
 * query, never a row.
 */
export const CREATIVES_PER_DAY_GUESS = 50;

/** Options of a report puller (tests pass a recorder for `sleep` and small limits). */
export interface ReportPullOptions {
  /** Waits between status polls. */
  sleep?: (ms: number) => Promise<void>;
  /** Status reads of one query before it counts as never completing (default 40, about 3 minutes). */
  maxPolls?: number;
  /** First wait between status reads, doubled on each (default 100 ms, at most `maxPollDelayMs`). */
  firstPollDelayMs?: number;
  maxPollDelayMs?: number;
  /** Rows per query (default and most: the bidder's 30,000). */
  rowLimit?: number;
}

/** A result that reached the row limit: the bidder may have cut it, so it is never used. */
export class TruncatedReportError extends VendorError {
  constructor(what: string, limit: number) {
    super(BIDDER_VENDOR, `${what} returned ${limit} rows, the most a query returns: it may have been cut`);
  }
}

/** One query of a report: days `from`..`to` and, when split, the line item ids `min`..`max`. */
interface Slice {
  from: string;
  to: string;
  /** Null bounds are open: the first range starts at the lowest id, the last ends at the highest. */
  lineItems: { min: number | null; max: number | null } | null;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const FAILED: ReadonlySet<TQueryState['status']> = new Set(['error', 'killed', 'expired']);

/**
 * A reply the transport could not read as described, said in the report's words (the transport's
 * issues stay in the cause); every other failure passes as it is.
 */
async function described<T>(reply: Promise<T>, unreadable: string): Promise<T> {
  try {
    return await reply;
  } catch (error) {
    if (error instanceof UnexpectedReplyError) throw new VendorError(BIDDER_VENDOR, unreadable, error);
    throw error;
  }
}

/** A whole number from a report value (numbers may come as numeric strings). */
const numberOf = (value: unknown): number =>
  (typeof value === 'string' && value.trim() !== '' ? Number(value) : value) as number;

function parseRow(row: TResultRow, dimensionField: string, slice: Slice): TBidderReportRow {
  const day = row['bid_day'];
  const id = numberOf(row[dimensionField]);
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isInteger(id) || id <= 0) {
    throw new VendorError(BIDDER_VENDOR, `report row without bid_day or ${dimensionField}: ${JSON.stringify(row)}`);
  }
  // A row outside what was asked means the filters are read differently than we think (the date
  // range syntax is unconfirmed): better to fail than to store a day twice or under another query.
  if (day < slice.from || day > slice.to) {
    throw new VendorError(BIDDER_VENDOR, `report row for ${day} outside the query's ${slice.from}..${slice.to}`);
  }
  const counts = emptyCounts();
  for (const [field, key] of Object.entries(FIELD_TO_COUNT)) {
    const value = numberOf(row[field] ?? 0);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new VendorError(BIDDER_VENDOR, `report field ${field} is not a count: ${String(row[field])}`);
    }
    counts[key] = MONEY_FIELDS.has(field) ? Math.round(value * 1_000_000) : Math.round(value);
  }
  return { day, id, counts };
}

/**
 * The queries of a report, sized so none should reach the limit: rows of one query are at most
 * (entities a day) x (days). A campaign with more line items than one query holds is asked in
 * ranges of their ids that together cover every id (each range starts one above the last one's end).
 */
export function planQueries(request: TBidderReportRequest, rowLimit: number): Slice[] {
  const capacity = rowLimit - 1;
  const ids = [...new Set(request.lineItemIds)].sort((a, b) => a - b);
  let ranges: Array<Slice['lineItems']> = [null];
  let perDay = 1;
  if (request.dimension === 'creative') perDay = CREATIVES_PER_DAY_GUESS;
  if (request.dimension === 'lineItem') {
    perDay = Math.max(1, ids.length);
    if (ids.length > capacity) {
      const count = Math.ceil(ids.length / capacity);
      const size = Math.ceil(ids.length / count);
      ranges = [];
      for (let i = 0; i < count; i++) {
        const last = ids[Math.min(ids.length, (i + 1) * size) - 1] as number;
        const previous = ranges[i - 1]?.max;
        ranges.push({ min: i === 0 ? null : (previous as number) + 1, max: i === count - 1 ? null : last });
      }
      perDay = size;
    }
  }
  const days = Math.max(1, Math.min(MAX_DAYS_PER_QUERY, Math.floor(capacity / perDay)));
  return isoDayRanges(request.from, request.to, days).flatMap((w) => ranges.map((lineItems) => ({ ...w, lineItems })));
}

/** Halves a slice: its days, or on a single day the known line item ids in its range. Null when it cannot. */
function split(slice: Slice, ids: readonly number[], dimension: TBidderReportDimension): Slice[] | null {
  const days = isoDaysBetween(slice.from, slice.to) + 1;
  if (days > 1) {
    const mid = addIsoDays(slice.from, Math.floor(days / 2) - 1);
    return [
      { ...slice, to: mid },
      { ...slice, from: addIsoDays(mid, 1) },
    ];
  }
  if (dimension === 'campaign') return null;
  const min = slice.lineItems?.min ?? null;
  const max = slice.lineItems?.max ?? null;
  const inside = ids.filter((id) => (min === null || id >= min) && (max === null || id <= max));
  if (inside.length < 2) return null;
  const cut = inside[Math.floor(inside.length / 2) - 1] as number;
  return [
    { ...slice, lineItems: { min, max: cut } },
    { ...slice, lineItems: { min: cut + 1, max } },
  ];
}

/** Adds rows of the same day and entity (a creative's delivery comes in parts when line items are split). */
function merged(rows: readonly TBidderReportRow[]): TBidderReportRow[] {
  const byKey = new Map<string, TBidderReportRow>();
  for (const row of rows) {
    const key = `${row.day}|${row.id}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { day: row.day, id: row.id, counts: { ...row.counts } });
      continue;
    }
    for (const count of Object.keys(row.counts) as Array<keyof TMetricCounts>) {
      seen.counts[count] = (seen.counts[count] ?? 0) + (row.counts[count] ?? 0);
    }
  }
  return [...byKey.values()].sort((a, b) => (a.day === b.day ? a.id - b.id : a.day < b.day ? -1 : 1));
}

/** A puller of daily reports over a signed-in transport. */
export interface BidderReports {
  dailyReport(request: TBidderReportRequest): Promise<TBidderReportRow[]>;
}

/** Daily reports through the bidder's asynchronous reporting API. */
export function createBidderReports(transport: BuzzTransport, options: ReportPullOptions = {}): BidderReports {
  const sleep = options.sleep ?? defaultSleep;
  const maxPolls = options.maxPolls ?? 40;
  const firstDelay = options.firstPollDelayMs ?? 100;
  const maxDelay = options.maxPollDelayMs ?? 5_000;
  const rowLimit = Math.min(options.rowLimit ?? MAX_QUERY_ROWS, MAX_QUERY_ROWS);
  let available: Promise<void> | undefined;

  /** The Performance Report must be permissioned to the API user (its Reporting Profile initialised in the UI). */
  const checkAvailable = (): Promise<void> => {
    available ??= (async () => {
      const list = await described(
        transport.send(reportingRoutes.reports),
        'GET /reporting/reports is not a list of reports',
      );
      if (!list.results.some((report) => report.view === PERFORMANCE_VIEW)) {
        throw new VendorError(
          BIDDER_VENDOR,
          `the API user has no ${PERFORMANCE_VIEW} report: open Report Builder once as that user to initialise its Reporting Profile`,
        );
      }
    })();
    available.catch(() => {
      available = undefined;
    });
    return available;
  };

  /** Runs one query to its end; its rows, or a TruncatedReportError when it reached the limit. */
  const runQuery = async (request: TBidderReportRequest, slice: Slice): Promise<TBidderReportRow[]> => {
    const dimensionField = DIMENSION_FIELD[request.dimension];
    const range = slice.lineItems ? idRangeFilter(slice.lineItems.min, slice.lineItems.max) : null;
    const body: TRunQueryRequest = {
      view: PERFORMANCE_VIEW,
      fields: ['bid_day', dimensionField, ...REPORT_FIELDS],
      filters: {
        campaign_id: String(request.campaignId),
        bid_day: bidDayFilter(slice.from, slice.to),
        ...(range === null ? {} : { line_item_id: range }),
      },
      limit: rowLimit,
      result_format: 'json',
      // Our days are UTC days (reportToday).
      query_timezone: 'UTC',
      sorts: ['bid_day ASC', `${dimensionField} ASC`],
    };
    // Asking again costs the bidder a query, never a wrong row.
    let query: TQueryState = await described(
      transport.send(reportingRoutes.runQuery, { body, retry: 'idempotent' }),
      'run-query answered no query status',
    );
    const what = `report query ${query.query_id} (campaign ${request.campaignId}, ${slice.from}..${slice.to})`;
    // The first status read goes at once (a small query is done by then), later ones back off.
    for (let poll = 0; query.status !== 'complete'; poll++) {
      if (FAILED.has(query.status)) {
        throw new VendorError(
          BIDDER_VENDOR,
          `${what} ended as ${query.status}${query.error ? `: ${query.error}` : ''}`,
        );
      }
      if (poll >= maxPolls) throw new VendorError(BIDDER_VENDOR, `${what} not complete after ${maxPolls} polls`);
      if (poll > 0) await sleep(Math.min(maxDelay, firstDelay * 2 ** (poll - 1)));
      query = await described(
        transport.send(reportingRoutes.queryStatus, { params: { query_id: query.query_id } }),
        `${what} answered no query status`,
      );
    }
    const results = await described(
      transport.send(reportingRoutes.queryResults, { params: { query_id: query.query_id } }),
      `${what} results are not rows`,
    );
    // No pagination and no flag: a result at the limit may be cut, and a cut report is never stored.
    if (results.length >= rowLimit) throw new TruncatedReportError(what, rowLimit);
    return results.map((row) => parseRow(row, dimensionField, slice));
  };

  const ids = (request: TBidderReportRequest): number[] => [...new Set(request.lineItemIds)].sort((a, b) => a - b);

  /** One planned query, split further (and asked again) as long as its result reaches the limit. */
  const pullSlice = async (request: TBidderReportRequest, slice: Slice): Promise<TBidderReportRow[]> => {
    try {
      return await runQuery(request, slice);
    } catch (error) {
      if (!(error instanceof TruncatedReportError)) throw error;
      const halves = split(slice, ids(request), request.dimension);
      if (!halves) throw error;
      const rows: TBidderReportRow[] = [];
      for (const half of halves) rows.push(...(await pullSlice(request, half)));
      return rows;
    }
  };

  return {
    async dailyReport(request) {
      if (request.from > request.to) return [];
      await checkAvailable();
      const rows: TBidderReportRow[] = [];
      for (const slice of planQueries(request, rowLimit)) rows.push(...(await pullSlice(request, slice)));
      return merged(rows);
    },
  };
}
