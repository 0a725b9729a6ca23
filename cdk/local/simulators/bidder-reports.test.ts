import { afterAll, describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { createBidderClient } from '@bidgrid/lambdas/adapters/bidder/bidder-client';
import { createBidderReports, TruncatedReportError } from '@bidgrid/lambdas/adapters/bidder/bidder-reports';
import { createBuzzTransport } from '@bidgrid/lambdas/adapters/bidder/buzz-transport';
import { authenticateRoute } from '@bidgrid/lambdas/adapters/bidder/wire/auth.wire';
import type { BuzzRoute } from '@bidgrid/lambdas/adapters/bidder/wire/common.wire';
import { MAX_QUERY_ROWS, reportingRoutes, ZReportingError } from '@bidgrid/lambdas/adapters/bidder/wire/reporting.wire';
import { routeOf } from '@bidgrid/lambdas/adapters/bidder/wire/routes.wire';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import type { HistoryEntry } from './bidder-delivery';
import { createBidderSimulator } from './bidder';
import { createReportingRoutes, DEFAULT_LIMIT, type ReportingOptions, type ReportSource } from './bidder-reports';
import { createSimulatorServer } from './simulator-server';
import { serve } from './test-server';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = '2026-06-01';
const CAMPAIGN = 1;

/** A campaign of `count` active line items (ids from 1001), each serving one of three creatives. */
function bigCampaign(count: number): ReportSource & { lineItemIds: number[] } {
  const lineItemIds = Array.from({ length: count }, (_, i) => 1001 + i);
  const campaign: HistoryEntry[] = [
    { at: null, values: { active: true, start_date: '2026-01-01', end_date: '2026-12-31', daily_budget: 1e9 } },
  ];
  const lineItem: HistoryEntry[] = [
    { at: null, values: { active: true, daily_budget: 10, bidding: { values: { cpm_bid: 5 } } } },
  ];
  return {
    lineItemIds,
    campaigns: () => [{ campaignId: CAMPAIGN, advertiserId: 9 }],
    lineItemsOf: (id) => (id === CAMPAIGN ? lineItemIds : []),
    creativesOf: (id) => [5000 + (id % 3)],
    historyOf: (entity) => (entity === 'campaign' ? campaign : lineItem),
  };
}

/** Every reply the simulators of this file gave, by route, for the last test to hold against the wire. */
const replies: Array<{ route: BuzzRoute | undefined; name: string; status: number; body: unknown }> = [];

/** A fetch that records the reporting replies it sees, by the wire route they answer. */
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(String(input));
  if (url.pathname.startsWith('/reporting/')) {
    const method = init?.method ?? 'GET';
    const route = routeOf(method, url.pathname);
    const text = await response.clone().text();
    replies.push({
      route,
      name: route ? `${route.method} ${route.path}` : `${method} ${url.pathname}`,
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
  }
  return response;
};

const opened: Array<{ close: () => Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(opened.map((sim) => sim.close()));
});

/**
 * The reporting routes alone over `source` (no session needed), a plain caller and the client's
 * transport to them (its sign-in answered here, as these routes come without the bidder's).
 */
async function reportingSimulator(source: ReportSource, options: Partial<ReportingOptions> = {}) {
  const { routes } = createReportingRoutes({
    source: () => source,
    authorize: () => undefined,
    now: () => NOW,
    ...options,
  });
  const sim = await serve(createSimulatorServer('bidder', routes, createLogger('silent')));
  opened.push(sim);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await recordingFetch(`${sim.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
  };
  const transport = createBuzzTransport({
    baseUrl: sim.url,
    buzzKey: 'bidgridlocal',
    secrets: async (name) => SIMULATOR_SECRETS[name as keyof typeof SIMULATOR_SECRETS],
    fetch: async (input, init) =>
      new URL(String(input)).pathname === authenticateRoute.path
        ? new Response('{}', { status: 200, headers: { 'set-cookie': 'bidgridlocal_buzz_cookie=s1; Path=/' } })
        : recordingFetch(input, init),
    sleep: async () => undefined,
  });
  return { sim, call, transport };
}

const query = (filters: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  view: 'performance_agg',
  fields: ['bid_day', 'line_item_id', 'impression', 'spend'],
  filters: { campaign_id: String(CAMPAIGN), bid_day: DAY, ...filters },
  result_format: 'json',
  query_timezone: 'UTC',
  ...extra,
});

/** Runs a query to its end on the raw routes and returns its rows. */
async function rowsOf(call: Awaited<ReturnType<typeof reportingSimulator>>['call'], body: unknown) {
  const run = await call('POST', '/reporting/run-query', body);
  expect(run.status).toBe(202);
  const id = (run.body as { query_id: string }).query_id;
  expect((await call('GET', `/reporting/run-query/${id}`)).body).toMatchObject({ status: 'complete' });
  return (await call('GET', `/reporting/run-query/${id}/results`)).body as Array<Record<string, number | string>>;
}

const noSleep = async () => undefined;

describe('bidder simulator reporting API', () => {
  const big = bigCampaign(35_000);
  let shared: Awaited<ReturnType<typeof reportingSimulator>> | undefined;
  const bigSimulator = async () => (shared ??= await reportingSimulator(big));

  it('lists the performance report and its fields', async () => {
    const { call } = await reportingSimulator(bigCampaign(1));
    const reports = await call('GET', '/reporting/reports');
    const fields = await call('GET', '/reporting/reports/performance_agg');
    const unknown = await call('GET', '/reporting/reports/nonsense_agg');
    expect(reports.body).toMatchObject({ results: [{ view: 'performance_agg' }] });
    expect(reportingRoutes.reportFields.reply.parse(fields.body).results.map((f) => f.name)).toEqual(
      expect.arrayContaining(['bid_day', 'line_item_id', 'impression', 'spend']),
    );
    expect(unknown).toEqual({ status: 404, body: { detail: 'Not found.' } });
  });

  it('refuses bad queries with a message per field, unknown queries with 404, early results with 409', async () => {
    // Prepare
    const { call } = await reportingSimulator(bigCampaign(1), { statusReadsUntilComplete: 2 });
    // Act
    const shapeless = await call('POST', '/reporting/run-query', { fields: 'impression', limit: 30_001 });
    const unread = await call(
      'POST',
      '/reporting/run-query',
      query(
        { bid_day: 'last fortnight', line_item_id: 'about 5', account_name: 'x' },
        { view: 'other_agg', fields: ['bid_day', 'nonsense'], pivots: ['bid_day'], sorts: ['spend DESC'] },
      ),
    );
    const noDays = await call('POST', '/reporting/run-query', {
      view: 'performance_agg',
      fields: ['bid_day'],
      filters: {},
    });
    const missing = await call('GET', '/reporting/run-query/q999999');
    const run = await call('POST', '/reporting/run-query', query({}));
    const id = (run.body as { query_id: string }).query_id;
    const first = await call('GET', `/reporting/run-query/${id}`);
    const early = await call('GET', `/reporting/run-query/${id}/results`);
    const second = await call('GET', `/reporting/run-query/${id}`);
    // Assess
    expect(shapeless.status).toBe(400);
    expect(Object.keys(shapeless.body as object)).toEqual(
      expect.arrayContaining(['view', 'fields', 'limit', 'filters']),
    );
    expect(unread.status).toBe(400);
    expect(unread.body).toMatchObject({
      view: ["Unknown report view 'other_agg'."],
      fields: ["Unknown field 'nonsense'."],
      pivots: [expect.any(String)],
      sorts: ["Sort by a requested field, not 'spend'."],
      'filters.bid_day': [expect.stringContaining('YYYY-MM-DD')],
      'filters.line_item_id': ["Cannot read the filter 'about 5'."],
      'filters.account_name': [expect.any(String)],
    });
    expect(noDays).toMatchObject({ status: 400, body: { 'filters.bid_day': ['This filter is required.'] } });
    expect(missing).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect(run).toMatchObject({ status: 202, body: { status: 'pending' } });
    expect(first.body).toMatchObject({ status: 'running' });
    expect(early.status).toBe(409);
    expect(second.body).toMatchObject({ status: 'complete' });
  });

  it('filters days and line item ranges, and cuts a result at its limit (30,000 at most) with no paging', async () => {
    // Prepare
    const { call } = await bigSimulator();
    // Act
    const full = await rowsOf(call, query({}, { limit: MAX_QUERY_ROWS }));
    const unlimited = await rowsOf(call, query({}));
    const range = await rowsOf(call, query({ line_item_id: '>=1001 AND <=1010', bid_day: `${DAY} to 2026-06-04` }));
    // Assess: 35,000 line items delivered; the answer stops at the limit and says nothing of it.
    expect(full).toHaveLength(MAX_QUERY_ROWS);
    expect(unlimited).toHaveLength(DEFAULT_LIMIT);
    expect(full.slice(0, DEFAULT_LIMIT)).toEqual(unlimited);
    expect(range).toHaveLength(30);
    expect(new Set(range.map((r) => r['bid_day']))).toEqual(new Set(['2026-06-01', '2026-06-02', '2026-06-03']));
  });

  it('through the client, a report bigger than 30,000 rows arrives complete', async () => {
    // Prepare
    const { transport } = await bigSimulator();
    const reports = createBidderReports(transport, { sleep: noSleep });
    // Act
    const started = performance.now();
    const rows = await reports.dailyReport({
      campaignId: CAMPAIGN,
      dimension: 'lineItem',
      from: DAY,
      to: DAY,
      lineItemIds: big.lineItemIds,
    });
    const seconds = (performance.now() - started) / 1000;
    // Assess: every line item once, each with its delivery.
    expect(rows).toHaveLength(35_000);
    expect(rows.map((r) => r.id)).toEqual(big.lineItemIds);
    expect(rows.every((r) => r.day === DAY && r.counts.impressions > 0)).toBe(true);
    expect(seconds).toBeLessThan(20);
  });

  it('through the client, never returns a result the limit may have cut', async () => {
    // Prepare: the caller names no line items, so the one day cannot be split.
    const { transport } = await bigSimulator();
    const reports = createBidderReports(transport, { sleep: noSleep });
    // Act
    const pull = reports.dailyReport({
      campaignId: CAMPAIGN,
      dimension: 'lineItem',
      from: DAY,
      to: DAY,
      lineItemIds: [],
    });
    // Assess
    await expect(pull).rejects.toBeInstanceOf(TruncatedReportError);
  });

  it('answers a campaign of 25,000 line items, one day, in a few seconds', async () => {
    // Prepare
    const campaign = bigCampaign(25_000);
    const { transport } = await reportingSimulator(campaign);
    {
      const reports = createBidderReports(transport, { sleep: noSleep });
      // Act
      const started = performance.now();
      const [byLineItem, byCreative] = await Promise.all([
        reports.dailyReport({
          campaignId: CAMPAIGN,
          dimension: 'lineItem',
          from: DAY,
          to: DAY,
          lineItemIds: campaign.lineItemIds,
        }),
        reports.dailyReport({
          campaignId: CAMPAIGN,
          dimension: 'creative',
          from: DAY,
          to: DAY,
          lineItemIds: campaign.lineItemIds,
        }),
      ]);
      const seconds = (performance.now() - started) / 1000;
      // Assess: the creatives add up to the line items.
      expect(byLineItem).toHaveLength(25_000);
      expect(byCreative.map((r) => r.id)).toEqual([5000, 5001, 5002]);
      const sum = (rows: typeof byLineItem) => rows.reduce((s, r) => s + r.counts.impressions, 0);
      expect(sum(byCreative)).toBe(sum(byLineItem));
      expect(seconds).toBeLessThan(15);
    }
  });

  it('completes asynchronously: the client polls with back-off; failed and endless queries are errors', async () => {
    const request = { campaignId: CAMPAIGN, dimension: 'lineItem' as const, from: DAY, to: DAY, lineItemIds: [1001] };
    const slow = await reportingSimulator(bigCampaign(1), { statusReadsUntilComplete: 3 });
    const failing = await reportingSimulator(bigCampaign(1), { outcomeOf: () => 'error' });
    const endless = await reportingSimulator(bigCampaign(1), { outcomeOf: () => 'never' });
    {
      const waits: number[] = [];
      const sleep = async (ms: number) => {
        waits.push(ms);
      };
      const rows = await createBidderReports(slow.transport, { sleep }).dailyReport(request);
      expect(rows).toHaveLength(1);
      expect(waits).toEqual([100, 200]);
      await expect(createBidderReports(failing.transport, { sleep }).dailyReport(request)).rejects.toThrow(
        /ended as error: The query failed to run/,
      );
      await expect(createBidderReports(endless.transport, { sleep, maxPolls: 4 }).dailyReport(request)).rejects.toThrow(
        /not complete after 4 polls/,
      );
    }
  });

  it('in the bidder simulator, behind sign-in: the client retries 429 and 5xx and gets the same report', async () => {
    // Prepare: an advertiser, a running campaign, three line items and a creative, through the client.
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const client = createBidderClient({
        baseUrl: sim.url,
        secrets: async (name) => SIMULATOR_SECRETS[name as keyof typeof SIMULATOR_SECRETS],
        buzzKey: 'bidgridlocal',
        fetch: recordingFetch,
        sleep: noSleep,
      });
      const advertiserId = await client.createAdvertiser({
        name: 'Acme',
        ourId: 'bgAdvertiser-acme',
        category: 'IAB3',
        domain: 'acme.example',
        active: true,
      });
      const campaignId = await client.createCampaign({
        advertiserId,
        name: 'Q2',
        ourId: 'bg-campaign-q2',
        totalBudget: 10_000,
        dailyBudget: 300,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        active: true,
      });
      const creativeId = await client.createCreative({
        advertiserId,
        name: 'Banner',
        ourId: 'bgCreative-1',
        media: 'display',
        width: 300,
        height: 250,
        clickUrl: 'https://acme.example',
        file: { fileName: 'banner.png', contentType: 'image/png', bytes: new Uint8Array(64) },
        active: true,
      });
      const lineItemIds: number[] = [];
      for (const name of ['Initech', 'Globex', 'Umbrella']) {
        const id = await client.createLineItem({
          campaignId,
          name,
          ourId: `bgLineItem-${name}`,
          media: 'display',
          dailyBudget: 80,
          totalBudget: 2_000,
          cpmBid: 10,
          targeting: { ipRanges: ['203.0.113.0/24'] },
        });
        // v2 line items are created inactive and switch on once a creative is linked.
        await client.linkCreative(creativeId, id);
        await client.updateLineItem(id, { active: true });
        lineItemIds.push(id);
      }
      const request = { campaignId, dimension: 'lineItem' as const, from: '2026-03-01', to: '2026-03-10', lineItemIds };
      const clean = await client.dailyReport(request);
      const fault = (body: object) =>
        fetch(`${sim.url}/__faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await fault({ method: 'POST', path: '/reporting/run-query', status: 429, times: 2 });
      await fault({ method: 'GET', path: '/reporting/run-query/:id', status: 503, times: 1 });
      await fault({ method: 'GET', path: '/reporting/run-query/:id/results', status: 502, times: 1 });
      // Act
      const retried = await client.dailyReport(request);
      // Assess
      expect(clean).toHaveLength(30);
      expect(retried).toEqual(clean);
    } finally {
      await sim.close();
    }
  });

  it('gave only replies that parse with the wire description', () => {
    // The faults injected above are the test's, not the simulator's replies.
    const own = replies.filter((r) => !(r.body as { message?: string } | undefined)?.message?.startsWith('Injected'));
    const described = Object.values(reportingRoutes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(own.map((r) => r.name))).toEqual(new Set(described));
    expect(own.some((r) => r.status >= 400)).toBe(true);
    for (const reply of own) {
      const schema: z.ZodMiniType = reply.status >= 400 ? ZReportingError : (reply.route?.reply ?? z.never());
      const parsed = schema.safeParse(reply.body);
      expect(parsed.success, `${reply.name} ${reply.status}: ${JSON.stringify(reply.body).slice(0, 200)}`).toBe(true);
    }
  });
});
