import * as z from '@bidgrid/shared/zod';
import { buzzRoute, ZNoBody } from './common.wire';

/**
 * The bidder's reporting API (Beeswax Report Builder 2.0) on the wire: its routes (`reportingRoutes`,
 * in the route table `BUZZ_ROUTES` with the entity routes) with their request and reply bodies,
 * described once. The client (`../bidder-reports.ts`) sends every request through these routes, so
 * the transport checks each body before it leaves and parses each reply, and the simulator
 * (`cdk/local/simulators/bidder-reports.ts`) serves and validates the same routes, so neither can
 * drift alone.
 *
 * Confirmed by the vendor's documentation (api-docs.freewheel.tv/beeswax/v2.0/docs/reporting,
 * docs.beeswax.com/v2.0/docs/exporting-large-results-via-api, .../multi-account-reporting):
 * - `GET /reporting/reports` lists the reports the API user may run, by name, id and `view`;
 *   `GET /reporting/reports/{view}` lists a report's fields (`name` is what queries use).
 * - `POST /reporting/run-query {view, pivots?, fields, limit?, filters, result_format?,
 *   query_timezone?, sorts?}` runs an ad hoc query, asynchronously.
 * - A query returns at most 30,000 rows and there is no pagination: bigger results are cut.
 * - Filters are expressions in strings: a value, a comma-separated list, `NOT x`, comparisons
 *   (`>0`); dates like `after 2019-01-01`.
 *
 * Unconfirmed (the documentation we could read stops before it), built for what the docs suggest
 * (Report Builder's query fields are Looker's: `pivots`, `sorts`, `query_timezone`,
 * `result_format`), kept here so they are easy to change:
 * - how the asynchronous result is collected: the run answers a query id and a status, `GET
 *   /reporting/run-query/{query_id}` answers the status (`pending`, `running`, `complete`, `error`,
 *   `killed`, `expired`), `GET /reporting/run-query/{query_id}/results` the rows once complete;
 * - the shape of `GET /reporting/reports` (the v2 list envelope `{count, next, previous, results}`);
 * - the date range syntax `YYYY-MM-DD to YYYY-MM-DD` with the end day excluded (Looker's), and
 *   number ranges as comparisons joined by `AND` (`>=100 AND <=200`);
 * - JSON rows as objects keyed by field name; numbers may come as numbers or numeric strings;
 * - errors as the v2 API's field map (`{field: ['message']}`) or `{detail}`.
 */

/** The Performance Report's view. */
export const PERFORMANCE_VIEW = 'performance_agg';

/** Most rows one query returns; a bigger result is cut here, silently, and cannot be paged. */
export const MAX_QUERY_ROWS = 30_000;

/** Result formats the API offers; the client asks for `json`. */
export const RESULT_FORMATS = ['json', 'csv', 'txt'] as const;

/** A report the API user may run. */
export const ZReport = z.looseObject({ id: z.number().check(z.int()), name: z.string(), view: z.string() });

/** `GET /reporting/reports`. */
export const ZReportList = z.looseObject({
  count: z.number().check(z.int(), z.nonnegative()),
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  results: z.array(ZReport),
});
export type TReportList = z.infer<typeof ZReportList>;

/** A field of a report: dimensions group rows, measures add up. */
export const ZReportField = z.looseObject({
  name: z.string(),
  label: z.string(),
  type: z.enum(['dimension', 'measure']),
});

/** `GET /reporting/reports/{view}`. */
export const ZReportFieldList = z.looseObject({
  count: z.number().check(z.int(), z.nonnegative()),
  next: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  results: z.array(ZReportField),
});
export type TReportFieldList = z.infer<typeof ZReportFieldList>;

/** A sort: a field name and a direction. */
const SORT = /^[a-z][a-z0-9_]*( (ASC|DESC))?$/i;

/** `POST /reporting/run-query`. */
export const ZRunQueryRequest = z.object({
  view: z.string().check(z.minLength(1)),
  pivots: z.optional(z.array(z.string())),
  fields: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_QUERY_ROWS))),
  filters: z.record(z.string(), z.string()),
  result_format: z.optional(z.enum(RESULT_FORMATS)),
  query_timezone: z.optional(z.string().check(z.minLength(1))),
  sorts: z.optional(z.array(z.string().check(z.regex(SORT, 'a field name, then ASC or DESC')))),
});
export type TRunQueryRequest = z.infer<typeof ZRunQueryRequest>;

/** Where an asynchronous query is. */
export const QUERY_STATUSES = ['pending', 'running', 'complete', 'error', 'killed', 'expired'] as const;
export type TQueryStatus = (typeof QUERY_STATUSES)[number];

/** The run's reply and the status reply: the query id, its status and, when it failed, why. */
export const ZQueryState = z.looseObject({
  query_id: z.string().check(z.minLength(1)),
  status: z.enum(QUERY_STATUSES),
  error: z.optional(z.string()),
});
export type TQueryState = z.infer<typeof ZQueryState>;

/** One result row in `json` format: field name -> value. */
export const ZResultRow = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export type TResultRow = z.infer<typeof ZResultRow>;

/** `GET /reporting/run-query/{query_id}/results` (json): the rows, at most `MAX_QUERY_ROWS`. */
export const ZQueryResults = z.array(ZResultRow).check(z.maxLength(MAX_QUERY_ROWS));

/**
 * The routes of the reporting API. Report Builder 2.0 is documented with the v2.0 API and answers
 * plain JSON with the v2 errors, so its routes are `v2` routes (outside `/rest/v2/`).
 */
export const reportingRoutes = {
  reports: buzzRoute({
    method: 'GET',
    path: '/reporting/reports',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZReportList,
  }),
  /** A report's fields (the client does not read them; the simulator answers them). */
  reportFields: buzzRoute({
    method: 'GET',
    path: '/reporting/reports/:view',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZReportFieldList,
  }),
  /** Runs a query asynchronously: answers its id and status (`pending`). */
  runQuery: buzzRoute({
    method: 'POST',
    path: '/reporting/run-query',
    api: 'v2',
    body: 'json',
    request: ZRunQueryRequest,
    reply: ZQueryState,
  }),
  queryStatus: buzzRoute({
    method: 'GET',
    path: '/reporting/run-query/:query_id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZQueryState,
  }),
  /** The rows once the query is complete (the bidder refuses before). */
  queryResults: buzzRoute({
    method: 'GET',
    path: '/reporting/run-query/:query_id/results',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZQueryResults,
  }),
} as const;

/** An error reply: a message per field, or one `detail`. */
export const ZReportingError = z.union([
  z.looseObject({ detail: z.string() }),
  z.record(z.string(), z.array(z.string()).check(z.minLength(1))),
]);
export type TReportingError = z.infer<typeof ZReportingError>;

/**
 * The `bid_day` filter of the days `from` through `to` (both included): Looker's range excludes its
 * end day, so the day after `to` ends it.
 */
export function bidDayFilter(from: string, to: string): string {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return `${from} to ${end}`;
}

/** A number filter of the ids from `min` through `max` (an open end when absent). */
export function idRangeFilter(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return min === max ? String(min) : `>=${min} AND <=${max}`;
  if (min !== null) return `>=${min}`;
  if (max !== null) return `<=${max}`;
  return null;
}
