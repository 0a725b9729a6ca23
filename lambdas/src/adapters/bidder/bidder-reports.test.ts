import '../../test-env';
import { describe, expect, it } from 'vitest';
import { VendorError } from '../../kernel/errors';
import { createBuzzTransport } from './buzz-transport';
import { CREATIVES_PER_DAY_GUESS, createBidderReports, planQueries, TruncatedReportError } from './bidder-reports';
import { MAX_QUERY_ROWS, ZRunQueryRequest, type TQueryStatus, type TRunQueryRequest } from './wire/reporting.wire';

type Row = Record<string, number | string>;

const secrets = async (name: string) => (name === 'BIDDER_EMAIL' ? 'api@bidgrid.local' : 'pw');
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * A bidder whose reporting API reads a fixed table of rows, speaking the wire of
 * `wire/reporting.wire.ts`, behind the real transport (sign-in, retries, request and reply checks):
 * every run is checked against the request schema; `statuses` is what successive status reads
 * answer; a result is cut at the query's limit, as the bidder cuts it. `reply` may answer a request
 * instead (a status and a body), to play a bidder that fails or drifts.
 */
function fakeReporting(
  table: Row[],
  options: {
    statuses?: TQueryStatus[];
    reports?: unknown;
    reply?: (method: string, path: string) => { status: number; body: unknown } | undefined;
  } = {},
) {
  const runs: TRunQueryRequest[] = [];
  const calls: string[] = [];
  const reads = new Map<string, number>();
  const matches = (row: Row, filters: Record<string, string>): boolean =>
    Object.entries(filters).every(([field, expression]) => {
      if (field === 'bid_day') {
        const [from, end] = expression.split(' to ') as [string, string];
        return String(row['bid_day']) >= from && String(row['bid_day']) < end;
      }
      const value = Number(row[field]);
      return expression.split(' AND ').every((term) => {
        const m = /^(>=|<=)?(\d+)$/.exec(term);
        if (!m) throw new Error(`unexpected filter ${term}`);
        return m[1] === '>=' ? value >= Number(m[2]) : m[1] === '<=' ? value <= Number(m[2]) : value === Number(m[2]);
      });
    });
  const answer = (method: string, path: string, body: unknown): unknown => {
    if (method === 'GET' && path === '/reporting/reports') {
      return (
        options.reports ?? {
          count: 1,
          next: null,
          previous: null,
          results: [{ id: 1, name: 'Performance Report', view: 'performance_agg' }],
        }
      );
    }
    if (method === 'POST' && path === '/reporting/run-query') {
      runs.push(ZRunQueryRequest.parse(body));
      return { query_id: `q${runs.length}`, status: 'pending' };
    }
    const status = /^\/reporting\/run-query\/q(\d+)$/.exec(path);
    if (method === 'GET' && status) {
      const id = `q${status[1]}`;
      const seen = (reads.get(id) ?? 0) + 1;
      reads.set(id, seen);
      const statuses = options.statuses ?? ['complete'];
      return { query_id: id, status: statuses[Math.min(seen, statuses.length) - 1] };
    }
    const results = /^\/reporting\/run-query\/q(\d+)\/results$/.exec(path);
    if (method === 'GET' && results) {
      const run = runs[Number(results[1]) - 1] as TRunQueryRequest;
      return table.filter((row) => matches(row, run.filters)).slice(0, run.limit);
    }
    throw new Error(`unexpected ${method} ${path}`);
  };
  const fetchFake: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    if (url.pathname === '/rest/v2/authenticate') {
      return json(200, { message: 'ok' }, { 'set-cookie': 'acct_buzz_cookie=s1; Path=/' });
    }
    calls.push(`${method} ${url.pathname}`);
    const early = options.reply?.(method, url.pathname);
    if (early) return json(early.status, early.body);
    return json(200, answer(method, url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined));
  };
  const transport = createBuzzTransport({
    baseUrl: 'http://bidder.test',
    buzzKey: 'acct',
    secrets,
    fetch: fetchFake,
    sleep: async () => undefined,
  });
  return { transport, runs, calls };
}

const row = (day: string, lineItem: number, impression = 1000): Row => ({
  bid_day: day,
  campaign_id: 12,
  line_item_id: lineItem,
  impression,
  clicks: 2,
  spend: '4.123456',
  conversion_value: 12.5,
  video_start: 0,
});

const noSleep = async () => undefined;
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('planQueries', () => {
  it('asks a small campaign in one query and sizes windows by its line items', () => {
    // Act
    const small = planQueries(
      { campaignId: 1, dimension: 'lineItem', from: '2026-01-01', to: '2026-03-31', lineItemIds: ids(1, 200) },
      MAX_QUERY_ROWS,
    );
    const big = planQueries(
      { campaignId: 1, dimension: 'lineItem', from: '2026-01-01', to: '2026-01-03', lineItemIds: ids(1, 25_000) },
      MAX_QUERY_ROWS,
    );
    // Assess: 200 line items x 90 days fit one query; 25,000 a day fit one day per query.
    expect(small).toEqual([{ from: '2026-01-01', to: '2026-03-31', lineItems: null }]);
    expect(big.map((s) => s.from)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(big.every((s) => s.from === s.to && s.lineItems === null)).toBe(true);
  });

  it('splits a campaign with more line items than a query holds into id ranges covering every id', () => {
    // Prepare: 70,000 line items with gaps between their ids.
    const lineItemIds = ids(1, 70_000).map((i) => i * 3);
    // Act
    const slices = planQueries(
      { campaignId: 1, dimension: 'lineItem', from: '2026-01-01', to: '2026-01-01', lineItemIds },
      MAX_QUERY_ROWS,
    );
    // Assess: three ranges, open at both ends, each starting one above the last one's end.
    const ranges = slices.map((s) => s.lineItems);
    expect(ranges).toHaveLength(3);
    expect(ranges[0]?.min).toBeNull();
    expect(ranges[2]?.max).toBeNull();
    expect(ranges[1]?.min).toBe((ranges[0]?.max as number) + 1);
    expect(ranges[2]?.min).toBe((ranges[1]?.max as number) + 1);
    for (const range of ranges) {
      const inside = lineItemIds.filter(
        (id) => (range?.min == null || id >= range.min) && (range?.max == null || id <= range.max),
      );
      expect(inside.length).toBeLessThan(MAX_QUERY_ROWS);
    }
  });

  it('sizes creative queries by a guess and campaign queries by one row a day', () => {
    const creative = planQueries(
      { campaignId: 1, dimension: 'creative', from: '2026-01-01', to: '2026-12-31', lineItemIds: [] },
      MAX_QUERY_ROWS,
    );
    const campaign = planQueries(
      { campaignId: 1, dimension: 'campaign', from: '2025-01-01', to: '2026-12-31', lineItemIds: [] },
      MAX_QUERY_ROWS,
    );
    expect(creative).toHaveLength(Math.ceil(365 / Math.floor((MAX_QUERY_ROWS - 1) / CREATIVES_PER_DAY_GUESS)));
    expect(campaign.map((s) => [s.from, s.to])).toEqual([
      ['2025-01-01', '2026-01-01'],
      ['2026-01-02', '2026-12-31'],
    ]);
  });
});

describe('dailyReport', () => {
  it('runs the query on the performance view, polls until complete and maps fields to counts (money to micros)', async () => {
    // Prepare
    const api = fakeReporting([row('2026-03-01', 40), row('2026-03-01', 41, 900), row('2026-03-02', 40, 800)], {
      statuses: ['running', 'running', 'complete'],
    });
    const waits: number[] = [];
    const reports = createBidderReports(api.transport, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    // Act
    const rows = await reports.dailyReport({
      campaignId: 12,
      dimension: 'lineItem',
      from: '2026-03-01',
      to: '2026-03-02',
      lineItemIds: [40, 41],
    });
    // Assess: the first status read at once, then back-off.
    expect(waits).toEqual([100, 200]);
    expect(api.runs).toEqual([
      expect.objectContaining({
        view: 'performance_agg',
        fields: expect.arrayContaining(['bid_day', 'line_item_id', 'impression', 'spend']),
        filters: { campaign_id: '12', bid_day: '2026-03-01 to 2026-03-03' },
        limit: MAX_QUERY_ROWS,
        result_format: 'json',
        query_timezone: 'UTC',
      }),
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ day: '2026-03-01', id: 40 });
    expect(rows[0]?.counts).toMatchObject({
      impressions: 1000,
      clicks: 2,
      spend_micros: 4_123_456,
      conversions_value_micros: 12_500_000,
      video_plays: 0,
    });
  });

  it('splits a result that reaches the limit and asks again, so a big report arrives complete', async () => {
    // Prepare: 10 line items x 3 days = 30 rows, a limit of 8 rows per query.
    const table = ['2026-03-01', '2026-03-02', '2026-03-03'].flatMap((day) => ids(1, 10).map((li) => row(day, li)));
    const api = fakeReporting(table);
    const reports = createBidderReports(api.transport, { sleep: noSleep, rowLimit: 8 });
    // Act: the caller knows only 4 of the 10 line items (the others were made at the bidder).
    const rows = await reports.dailyReport({
      campaignId: 12,
      dimension: 'lineItem',
      from: '2026-03-01',
      to: '2026-03-03',
      lineItemIds: [2, 5, 7, 9],
    });
    // Assess: every row once, though queries were cut and split.
    expect(rows.map((r) => `${r.day}|${r.id}`)).toEqual(
      table.map((r) => `${String(r['bid_day'])}|${r['line_item_id']}`),
    );
    expect(api.runs.length).toBeGreaterThan(3);
  });

  it('never returns a result that reached the limit when it cannot split it further', async () => {
    // Prepare: one day, 9 line items none of which the caller names, a limit of 8.
    const api = fakeReporting(ids(1, 9).map((li) => row('2026-03-01', li)));
    const reports = createBidderReports(api.transport, { sleep: noSleep, rowLimit: 8 });
    // Act
    const pull = reports.dailyReport({
      campaignId: 12,
      dimension: 'lineItem',
      from: '2026-03-01',
      to: '2026-03-01',
      lineItemIds: [],
    });
    // Assess
    await expect(pull).rejects.toBeInstanceOf(TruncatedReportError);
    await expect(pull).rejects.toMatchObject({ status: 502 });
  });

  it('adds up a creative whose delivery comes in parts over line item ranges', async () => {
    // Prepare: creatives 900 and 901 serve line items 1..4 on one day (the fake does not group, so
    // each line item gives its own part); a limit of 3 rows forces ranges of line items.
    const table = ids(1, 4).flatMap((li) => [
      { ...row('2026-03-01', li, 100 * li), creative_id: 900 },
      { ...row('2026-03-01', li, 10 * li), creative_id: 901 },
    ]);
    const api = fakeReporting(table);
    const reports = createBidderReports(api.transport, { sleep: noSleep, rowLimit: 3 });
    // Act
    const rows = await reports.dailyReport({
      campaignId: 12,
      dimension: 'creative',
      from: '2026-03-01',
      to: '2026-03-01',
      lineItemIds: [1, 2, 3, 4],
    });
    // Assess
    expect(rows.map((r) => [r.id, r.counts.impressions])).toEqual([
      [900, 1000],
      [901, 100],
    ]);
    expect(api.runs.some((r) => r.filters['line_item_id'] !== undefined)).toBe(true);
  });

  it('asks for a query again when the bidder failed on it (running a query twice costs no wrong row)', async () => {
    // Prepare: the first run-query answers 503; a POST is retried on 5xx only when marked idempotent.
    let failures = 1;
    const api = fakeReporting([row('2026-03-01', 40)], {
      reply: (method) => (method === 'POST' && failures-- > 0 ? { status: 503, body: { detail: 'busy' } } : undefined),
    });
    const reports = createBidderReports(api.transport, { sleep: noSleep });
    // Act
    const rows = await reports.dailyReport({
      campaignId: 12,
      dimension: 'lineItem',
      from: '2026-03-01',
      to: '2026-03-01',
      lineItemIds: [40],
    });
    // Assess
    expect(rows.map((r) => r.id)).toEqual([40]);
    expect(api.calls.filter((c) => c === 'POST /reporting/run-query')).toHaveLength(2);
    expect(api.runs).toHaveLength(1);
  });

  it('fails when a query ends in error, or never completes within its polls', async () => {
    const request = {
      campaignId: 12,
      dimension: 'lineItem' as const,
      from: '2026-03-01',
      to: '2026-03-01',
      lineItemIds: [1],
    };
    const failing = createBidderReports(fakeReporting([], { statuses: ['running', 'error'] }).transport, {
      sleep: noSleep,
    });
    const stuck = fakeReporting([], { statuses: ['running'] });
    const waits: number[] = [];
    const never = createBidderReports(stuck.transport, {
      maxPolls: 6,
      sleep: async (ms) => {
        waits.push(ms);
      },
      maxPollDelayMs: 1_000,
    });
    await expect(failing.dailyReport(request)).rejects.toThrow(/ended as error/);
    await expect(never.dailyReport(request)).rejects.toThrow(/not complete after 6 polls/);
    expect(waits).toEqual([100, 200, 400, 800, 1_000]);
    expect(stuck.calls.filter((c) => c.includes('/results'))).toEqual([]);
  });

  it('refuses replies it cannot read and rows outside the query', async () => {
    const request = {
      campaignId: 12,
      dimension: 'lineItem' as const,
      from: '2026-03-01',
      to: '2026-03-01',
      lineItemIds: [4],
    };
    /** The fake API, except that its results are `rows` whatever the filters say. */
    const answering = (rows: unknown) =>
      fakeReporting([], { reply: (_, path) => (path.endsWith('/results') ? { status: 200, body: rows } : undefined) })
        .transport;
    /** The fake API, except that its status reads answer `body`. */
    const statusing = (body: unknown) =>
      fakeReporting([], { reply: (method, path) => (/\/q\d+$/.test(path) ? { status: 200, body } : undefined) })
        .transport;
    const noReport = fakeReporting([], { reports: { count: 0, next: null, previous: null, results: [] } });
    const pull = (transport: ReturnType<typeof answering>) =>
      createBidderReports(transport, { sleep: noSleep }).dailyReport(request);
    await expect(pull(answering([{ bid_day: 'yesterday', line_item_id: 4, impression: 1 }]))).rejects.toBeInstanceOf(
      VendorError,
    );
    await expect(pull(answering([{ ...row('2026-03-01', 4), impression: -3 }]))).rejects.toThrow(/not a count/);
    await expect(pull(answering({ rows: [] }))).rejects.toThrow(/are not rows/);
    await expect(pull(statusing({ status: 'complete' }))).rejects.toThrow(/answered no query status/);
    await expect(pull(statusing({ query_id: 'q1', status: 'done' }))).rejects.toThrow(/answered no query status/);
    // The day after the query's last: the date filter was read differently than we think.
    await expect(pull(answering([row('2026-03-02', 4)]))).rejects.toThrow(/outside the query/);
    await expect(pull(noReport.transport)).rejects.toThrow(/Reporting Profile/);
    expect(noReport.runs).toEqual([]);
  });
});
