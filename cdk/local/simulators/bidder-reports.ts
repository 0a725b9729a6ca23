import * as clock from '@bidgrid/shared/clock';
import type * as z from '@bidgrid/shared/zod';
import type { BuzzRoute } from '@bidgrid/lambdas/adapters/bidder/wire/common.wire';
import {
  MAX_QUERY_ROWS,
  PERFORMANCE_VIEW,
  reportingRoutes,
  type TQueryStatus,
  type TReportingError,
  type TRunQueryRequest,
} from '@bidgrid/lambdas/adapters/bidder/wire/reporting.wire';
import {
  addDelivery,
  campaignDelivery,
  DELIVERY_COUNT_KEYS,
  emptyDelivery,
  splitByCreative,
  type DeliveryCounts,
  type HistoryEntry,
  type LineItemDay,
} from './bidder-delivery';
import type { SimReply, SimRequest, SimRoute } from './simulator-server';

/**
 * The bidder simulator's reporting API (Report Builder 2.0), on the wire described in
 * `lambdas/src/adapters/bidder/wire/reporting.wire.ts` (sources and what is unconfirmed there):
 *
 *   GET  /reporting/reports                       -> {count, next, previous, results: [{id, name, view}]}
 *   GET  /reporting/reports/performance_agg       -> the view's fields [{name, label, type}]
 *   POST /reporting/run-query {view, fields, filters: {bid_day, campaign_id?, ...}, limit, ...}
 *                                                 -> 202 {query_id, status: 'pending'}
 *   GET  /reporting/run-query/{query_id}          -> {query_id, status} ('running' until done)
 *   GET  /reporting/run-query/{query_id}/results  -> [rows] once complete (409 before)
 *
 * The routes are served from their declarations (`reportingRoutes`: method, path, request and reply
 * types), like the entity routes of `bidder.ts`. Like the vendor: a request is validated against the
 * route's request description, then against the view (known
 * fields, a `bid_day` filter, filters on dimensions), and refused with the v2 field map of
 * messages; a result holds at most `limit` rows (30,000 at most) and the rest is cut, silently, with
 * no pagination. Completion is asynchronous and deterministic: a query is done at its
 * `statusReadsUntilComplete`-th status read (default the first: the work ran between the calls).
 * Rows without impressions are left out, as a real report leaves out what did not serve; spend and
 * conversion value are dollars with six decimals; `bid_day` is the UTC day.
 *
 * What the simulator does not do: pivots, result formats other than json, date filters other than
 * `YYYY-MM-DD`, `YYYY-MM-DD to YYYY-MM-DD` (end excluded) and `after YYYY-MM-DD`; it refuses them.
 */

/** Dimensions of the performance view (the fields a row is grouped by). */
export const REPORT_DIMENSIONS = ['bid_day', 'advertiser_id', 'campaign_id', 'line_item_id', 'creative_id'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** A delivery count as the performance view names it: money in dollars, without `_micros`. */
type Measure<K extends string> = K extends `${infer M}_micros` ? M : K;

/** Measures of the performance view: the delivery counts, in their order, money named in dollars. */
export const REPORT_METRICS = DELIVERY_COUNT_KEYS.map((key) => key.replace(/_micros$/, '')) as ReadonlyArray<
  Measure<(typeof DELIVERY_COUNT_KEYS)[number]>
>;
export type ReportMetric = (typeof REPORT_METRICS)[number];

const isDimension = (f: string): f is ReportDimension => (REPORT_DIMENSIONS as readonly string[]).includes(f);
const isMetric = (f: string): f is ReportMetric => (REPORT_METRICS as readonly string[]).includes(f);

/** The campaigns, line items and creative links the report reads, as the bidder simulator stores them. */
export interface ReportSource {
  campaigns(): ReadonlyArray<{ campaignId: number; advertiserId: number }>;
  /** The campaign's line items (bidder ids). */
  lineItemsOf(campaignId: number): readonly number[];
  /** Active creatives linked (actively) to the line item. */
  creativesOf(lineItemId: number): readonly number[];
  historyOf(entity: 'campaign' | 'line_item', id: number): readonly HistoryEntry[];
}

type Row = Record<string, number | string>;

/** A run-query request the simulator can answer: the wire body read against the view. */
export interface ReportQuery {
  dimensions: ReportDimension[];
  metrics: ReportMetric[];
  /** Every requested field, in the request's order (the row's keys). */
  fields: string[];
  days: string[];
  /** Predicates of the id filters. */
  filters: Partial<Record<Exclude<ReportDimension, 'bid_day'>, (id: number) => boolean>>;
  limit: number;
  sorts: Array<{ field: string; desc: boolean }>;
}

/** Rows a query returns when it names no limit (unconfirmed: the vendor's default). */
export const DEFAULT_LIMIT = 5_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;
const isoDay = (t: number): string => new Date(t).toISOString().slice(0, 10);
const validDay = (d: string): boolean => DAY.test(d) && isoDay(Date.parse(`${d}T00:00:00Z`)) === d;

/** The days of a `bid_day` filter (UTC), or why it cannot be read. */
export function parseDayFilter(expression: string, now: Date): string[] | string {
  const text = expression.trim();
  let from: string;
  let endExclusive: string;
  const range = /^(\S+) to (\S+)$/i.exec(text);
  const after = /^after (\S+)$/i.exec(text);
  if (range) {
    from = range[1] as string;
    endExclusive = range[2] as string;
  } else if (after) {
    from = after[1] as string;
    endExclusive = isoDay(Math.floor(now.getTime() / MS_PER_DAY) * MS_PER_DAY + MS_PER_DAY);
  } else {
    from = text;
    endExclusive = validDay(text) ? isoDay(Date.parse(`${text}T00:00:00Z`) + MS_PER_DAY) : '';
  }
  if (!validDay(from) || !validDay(endExclusive)) {
    return `Enter a date (YYYY-MM-DD), a range 'YYYY-MM-DD to YYYY-MM-DD' or 'after YYYY-MM-DD'.`;
  }
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t < Date.parse(`${endExclusive}T00:00:00Z`); t += MS_PER_DAY) {
    days.push(isoDay(t));
    if (days.length > 3_660) return 'A date range covers at most ten years.';
  }
  if (days.length === 0) return 'The date range is empty: its end comes before its start.';
  return days;
}

/**
 * A number filter: a value, a comma-separated list, `NOT x`, comparisons (`>0`, `>=10`, `<=20`),
 * joined by `AND` (all must hold). Null when it cannot be read.
 */
export function parseNumberFilter(expression: string): ((n: number) => boolean) | null {
  const terms = expression.split(/\s+AND\s+/i).map((t) => t.trim());
  const tests: Array<(n: number) => boolean> = [];
  for (const term of terms) {
    const compare = /^(>=|<=|>|<)\s*(-?\d+)$/.exec(term);
    const not = /^NOT\s+(-?\d+(?:\s*,\s*-?\d+)*)$/i.exec(term);
    const list = /^-?\d+(?:\s*,\s*-?\d+)*$/.test(term) ? term : null;
    if (compare) {
      const [op, value] = [compare[1], Number(compare[2])];
      tests.push(
        op === '>='
          ? (n) => n >= value
          : op === '<='
            ? (n) => n <= value
            : op === '>'
              ? (n) => n > value
              : (n) => n < value,
      );
    } else if (not) {
      const values = new Set((not[1] as string).split(',').map((v) => Number(v.trim())));
      tests.push((n) => !values.has(n));
    } else if (list !== null) {
      const values = new Set(list.split(',').map((v) => Number(v.trim())));
      tests.push((n) => values.has(n));
    } else return null;
  }
  return tests.length === 0 ? null : (n) => tests.every((test) => test(n));
}

const isQuery = (value: ReportQuery | TReportingError): value is ReportQuery => 'days' in value && 'limit' in value;

/** Reads a run-query body: the query, or the v2 field map of what is wrong. */
export function parseRunQuery(body: unknown, now: Date): ReportQuery | TReportingError {
  const parsed = reportingRoutes.runQuery.request.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
      (errors[key] ??= []).push(issue.message);
    }
    return errors;
  }
  const request: TRunQueryRequest = parsed.data;
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string): void => void (errors[key] ??= []).push(message);
  if (request.view !== PERFORMANCE_VIEW) add('view', `Unknown report view '${request.view}'.`);
  for (const field of request.fields) {
    if (!isDimension(field) && !isMetric(field)) add('fields', `Unknown field '${field}'.`);
  }
  const dimensions = request.fields.filter(isDimension);
  const metrics = request.fields.filter(isMetric);
  if (dimensions.length === 0) add('fields', 'Name at least one dimension.');
  if ((request.pivots ?? []).length > 0) add('pivots', 'The simulator does not pivot: leave pivots empty.');
  if (request.result_format !== undefined && request.result_format !== 'json') {
    add('result_format', 'The simulator answers json only.');
  }
  if (request.query_timezone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: request.query_timezone });
    } catch {
      add('query_timezone', `Unknown time zone '${request.query_timezone}'.`);
    }
  }
  const sorts = (request.sorts ?? []).map((sort) => {
    const [field = '', direction = 'ASC'] = sort.split(' ');
    if (!request.fields.includes(field)) add('sorts', `Sort by a requested field, not '${field}'.`);
    return { field, desc: direction.toUpperCase() === 'DESC' };
  });
  let days: string[] = [];
  const filters: ReportQuery['filters'] = {};
  const bidDay = request.filters['bid_day'];
  if (bidDay === undefined) add('filters.bid_day', 'This filter is required.');
  else {
    const read = parseDayFilter(bidDay, now);
    if (typeof read === 'string') add('filters.bid_day', read);
    else days = read;
  }
  for (const [key, expression] of Object.entries(request.filters)) {
    if (key === 'bid_day') continue;
    if (!isDimension(key)) {
      add(`filters.${key}`, `Filter on a dimension of ${PERFORMANCE_VIEW}, not '${key}'.`);
      continue;
    }
    const test = parseNumberFilter(expression);
    if (!test) add(`filters.${key}`, `Cannot read the filter '${expression}'.`);
    else filters[key as Exclude<ReportDimension, 'bid_day'>] = test;
  }
  if (Object.keys(errors).length > 0) return errors;
  return {
    dimensions,
    metrics,
    fields: request.fields,
    days,
    filters,
    limit: Math.min(request.limit ?? DEFAULT_LIMIT, MAX_QUERY_ROWS),
    sorts: sorts.length > 0 ? sorts : dimensions.map((field) => ({ field, desc: false })),
  };
}

const money = (micros: number): number => Math.round(micros) / 1_000_000;

function metricValue(counts: DeliveryCounts, metric: ReportMetric): number {
  if (metric === 'spend') return money(counts.spend_micros);
  if (metric === 'conversion_value') return money(counts.conversion_value_micros);
  return counts[metric];
}

/** A campaign's delivery on one day: line item -> counts (only those that delivered). */
type DayDelivery = Map<number, DeliveryCounts>;

/**
 * Computes reports over a source, keeping each campaign-day's delivery for reuse (the queries of
 * one report ask for the same days in ranges of line items). `forget` drops it after any change.
 */
export function createReportEngine(source: () => ReportSource) {
  const deliveries = new Map<string, DayDelivery>();
  const MAX_DELIVERIES = 64;

  const deliveryOf = (campaignId: number, day: string, now: Date): DayDelivery => {
    const key = `${campaignId}|${day}|${Math.floor(now.getTime() / 3_600_000)}`;
    const hit = deliveries.get(key);
    if (hit) return hit;
    const src = source();
    const lineItems = src.lineItemsOf(campaignId);
    const campaignHistory = src.historyOf('campaign', campaignId);
    const inputs: LineItemDay[] = lineItems.map((lineItemId) => ({
      lineItemId,
      lineItemHistory: src.historyOf('line_item', lineItemId),
      campaignHistory,
      campaignLineItemCount: lineItems.length,
      creativeIds: src.creativesOf(lineItemId),
      day,
      now,
    }));
    const computed: DayDelivery = new Map();
    for (const [lineItemId, counts] of campaignDelivery(inputs))
      if (counts.impression > 0) computed.set(lineItemId, counts);
    deliveries.set(key, computed);
    if (deliveries.size > MAX_DELIVERIES) deliveries.delete(deliveries.keys().next().value as string);
    return computed;
  };

  /** Every row of a query, sorted, before the limit cuts it. */
  const run = (query: ReportQuery, now: Date): Row[] => {
    const src = source();
    const { filters, dimensions } = query;
    const byCreative = dimensions.includes('creative_id') || filters.creative_id !== undefined;
    const groups = new Map<string, { key: Record<ReportDimension, number | string>; counts: DeliveryCounts }>();
    for (const { campaignId, advertiserId } of src.campaigns()) {
      if (filters.campaign_id && !filters.campaign_id(campaignId)) continue;
      if (filters.advertiser_id && !filters.advertiser_id(advertiserId)) continue;
      for (const day of query.days) {
        for (const [lineItemId, counts] of deliveryOf(campaignId, day, now)) {
          if (filters.line_item_id && !filters.line_item_id(lineItemId)) continue;
          const parts = byCreative ? splitByCreative(counts, src.creativesOf(lineItemId)) : new Map([[0, counts]]);
          for (const [creativeId, part] of parts) {
            if (part.impression === 0) continue;
            if (filters.creative_id && !filters.creative_id(creativeId)) continue;
            const key: Record<ReportDimension, number | string> = {
              bid_day: day,
              advertiser_id: advertiserId,
              campaign_id: campaignId,
              line_item_id: lineItemId,
              creative_id: creativeId,
            };
            const id = dimensions.map((d) => key[d]).join('|');
            const group = groups.get(id);
            if (group) addDelivery(group.counts, part);
            else groups.set(id, { key, counts: addDelivery(emptyDelivery(), part) });
          }
        }
      }
    }
    const rows = [...groups.values()].map(({ key, counts }) => {
      const row: Row = {};
      for (const field of query.fields)
        row[field] = isDimension(field) ? key[field] : metricValue(counts, field as ReportMetric);
      return row;
    });
    rows.sort((a, b) => {
      for (const { field, desc } of query.sorts) {
        const x = a[field] as number | string;
        const y = b[field] as number | string;
        if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
      }
      return 0;
    });
    return rows;
  };

  return { run, forget: () => deliveries.clear() };
}

/** A query as the simulator keeps it between the run and the results. */
interface StoredQuery {
  id: string;
  query: ReportQuery;
  statusReads: number;
  outcome: 'complete' | 'error' | 'never';
  rows?: Row[];
}

/** Options of the reporting routes. */
export interface ReportingOptions {
  source: () => ReportSource;
  /** Refuses calls without a valid session (the bidder's own check). */
  authorize: (req: SimRequest) => SimReply | undefined;
  /** The status read at which a query is done (default 1). */
  statusReadsUntilComplete?: number;
  /** Tests only: how a query ends (default complete). */
  outcomeOf?: (request: TRunQueryRequest) => 'complete' | 'error' | 'never';
  now?: () => Date;
}

const detail = (status: number, message: string): SimReply => ({ status, body: { detail: message } });

/** A success reply of `route`, typed by its reply description so the simulator cannot answer off the wire. */
const answer = <R extends BuzzRoute>(_route: R, status: number, body: z.input<R['reply']>): SimReply => ({
  status,
  body,
});

const PERFORMANCE_REPORT = { id: 1, name: 'Performance Report', view: PERFORMANCE_VIEW };

/** The reporting routes of the bidder simulator, and `forget` to call when its entities change. */
export function createReportingRoutes(options: ReportingOptions): { routes: SimRoute[]; forget: () => void } {
  const engine = createReportEngine(options.source);
  const now = options.now ?? clock.now;
  const until = options.statusReadsUntilComplete ?? 1;
  const queries = new Map<string, StoredQuery>();
  // Queries in flight between their run and their results (a fanned-out sync runs many at once);
  // without rows they are small.
  const MAX_QUERIES = 2_000;
  const MAX_KEPT_RESULTS = 4;
  const withRows: StoredQuery[] = [];
  let next = 1;

  /** Serves a declared route behind the session check. */
  const on = (route: BuzzRoute, handle: (req: SimRequest) => SimReply): SimRoute => ({
    method: route.method,
    pattern: route.path,
    handle: (req) => options.authorize(req) ?? handle(req),
  });

  const stored = (req: SimRequest): StoredQuery | undefined => queries.get(req.params.query_id ?? '');
  const statusOf = (q: StoredQuery): TQueryStatus => {
    if (q.statusReads === 0) return 'pending';
    if (q.outcome === 'never' || q.statusReads < until) return 'running';
    return q.outcome;
  };

  const routes: SimRoute[] = [
    on(reportingRoutes.reports, () =>
      answer(reportingRoutes.reports, 200, { count: 1, next: null, previous: null, results: [PERFORMANCE_REPORT] }),
    ),
    on(reportingRoutes.reportFields, (req) => {
      if (req.params.view !== PERFORMANCE_VIEW) return detail(404, 'Not found.');
      const results = [
        ...REPORT_DIMENSIONS.map((name) => ({ name, label: name.replace(/_/g, ' '), type: 'dimension' as const })),
        ...REPORT_METRICS.map((name) => ({ name, label: name.replace(/_/g, ' '), type: 'measure' as const })),
      ];
      return answer(reportingRoutes.reportFields, 200, { count: results.length, next: null, previous: null, results });
    }),
    on(reportingRoutes.runQuery, (req) => {
      const body: unknown = req.body.length > 0 ? safeJson(req.body) : undefined;
      const query = parseRunQuery(body, now());
      if (!isQuery(query)) return { status: 400, body: query };
      const id = `q${String(next++).padStart(6, '0')}`;
      const outcome = options.outcomeOf?.(body as TRunQueryRequest) ?? 'complete';
      queries.set(id, { id, query, statusReads: 0, outcome });
      if (queries.size > MAX_QUERIES) queries.delete(queries.keys().next().value as string);
      return answer(reportingRoutes.runQuery, 202, { query_id: id, status: 'pending' });
    }),
    on(reportingRoutes.queryStatus, (req) => {
      const q = stored(req);
      if (!q) return detail(404, 'Not found.');
      q.statusReads++;
      const status = statusOf(q);
      return answer(reportingRoutes.queryStatus, 200, {
        query_id: q.id,
        status,
        ...(status === 'error' ? { error: 'The query failed to run.' } : {}),
      });
    }),
    on(reportingRoutes.queryResults, (req) => {
      const q = stored(req);
      if (!q) return detail(404, 'Not found.');
      const status = statusOf(q);
      if (status !== 'complete') return detail(409, `Query ${q.id} is ${status}, not complete.`);
      // No pagination: past the limit the rows are cut, and nothing in the reply says so.
      if (!q.rows) {
        q.rows = engine.run(q.query, now()).slice(0, q.query.limit);
        // Results stay for a repeated read, but only the latest few: a report can be 30,000 rows.
        withRows.push(q);
        const dropped = withRows.length > MAX_KEPT_RESULTS ? withRows.shift() : undefined;
        if (dropped) delete dropped.rows;
      }
      return answer(reportingRoutes.queryResults, 200, q.rows);
    }),
  ];
  return { routes, forget: engine.forget };
}

function safeJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
