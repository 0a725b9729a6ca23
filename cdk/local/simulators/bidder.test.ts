import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routeOf } from '@bidgrid/lambdas/adapters/bidder/wire/routes.wire';
import { BIDDER_BUZZ_KEY, SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createBidderSimulator, TRANSCODE_POLLS } from './bidder';
import { serve } from './test-server';

const dir = mkdtempSync(join(tmpdir(), 'bidder-sim-'));
const stateFile = join(dir, 'bidder.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Reply = { status: number; body: unknown };

/**
 * Signs in as the client would (v2) and returns a caller bound to the session cookie. Every reply of
 * a described route is parsed with its wire description: a simulator reply that drifted fails here.
 */
async function session(url: string) {
  const auth = await fetch(`${url}/rest/v2/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: SIMULATOR_SECRETS.BIDDER_EMAIL,
      password: SIMULATOR_SECRETS.BIDDER_PASSWORD,
      keep_logged_in: true,
    }),
  });
  expect(auth.status).toBe(200);
  const setCookie = auth.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(new RegExp(`^${BIDDER_BUZZ_KEY}_buzz_cookie=[0-9a-f]{32}; Path=/; Max-Age=2592000;`));
  const cookie = setCookie.split(';')[0] as string;
  const call = async (method: string, path: string, body?: unknown, form?: FormData): Promise<Reply> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(form ? {} : { 'content-type': 'application/json' }) },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    const reply = { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    const route = routeOf(method, path.split('?')[0] as string);
    if (route && res.ok) expect(route.reply.safeParse(reply.body).error).toBeUndefined();
    return reply;
  };
  const file = (field: string, bytes: number, name = 'x.bin') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes).fill(7)]), name);
    return form;
  };
  return Object.assign(call, { file, cookie });
}
type Call = Awaited<ReturnType<typeof session>>;

const payloadId = (reply: Reply): number => (reply.body as { payload: { id: number } }).payload.id;
const v2Id = (reply: Reply): number => (reply.body as { id: number }).id;

/** An advertiser with an active campaign, two line items (IP-targeted) and a banner linked to both. */
async function world(call: Call) {
  const advertiser = v2Id(await call('POST', '/rest/v2/advertisers', { name: 'Acme', active: true }));
  const campaign = v2Id(
    await call('POST', '/rest/v2/campaigns', {
      advertiser_id: advertiser,
      name: 'Q3',
      spend_budget: { lifetime: '50000', daily: '200' },
      start_date: '2026-01-01T00:00:00Z',
      end_date: '2026-12-31T23:59:59Z',
      active: true,
    }),
  );
  const expression = v2Id(
    await call('POST', '/rest/v2/targeting-expressions', {
      name: 'Initech offices',
      modules: { user: { all: { ip_range: { any: [{ comparator: 'equals', value: '23.24.0.0/16' }] } } } },
    }),
  );
  const lineItems: number[] = [];
  for (const name of ['Initech', 'Globex']) {
    lineItems.push(
      v2Id(
        await call('POST', '/rest/v2/line-items', {
          campaign_id: campaign,
          name,
          type: 'banner',
          spend_budget: { lifetime: '20000', daily: '80' },
          bidding: { strategy: 'CPM', values: { cpm_bid: 10 }, pacing: 'daily' },
          targeting_expression_id: expression,
        }),
      ),
    );
  }
  const asset = payloadId(
    await call('POST', '/rest/creative_asset', {
      advertiser_id: advertiser,
      creative_asset_name: 'b.png',
      size_in_bytes: 10,
    }),
  );
  await call('POST', `/rest/creative_asset/upload/${asset}`, undefined, call.file('creative_content', 10, 'b.png'));
  const creative = payloadId(
    await call('POST', '/rest/creative', {
      advertiser_id: advertiser,
      creative_name: 'Banner',
      creative_type: 0,
      creative_template_id: 1,
      width: 300,
      height: 250,
      click_url: 'https://acme.example',
      active: true,
      creative_assets: [asset],
    }),
  );
  for (const lineItem of lineItems) {
    await call('POST', '/rest/creative_line_item', { creative_id: creative, line_item_id: lineItem, active: true });
    await call('PATCH', `/rest/v2/line-items/${lineItem}`, { active: true });
  }
  return { advertiser, campaign, expression, lineItems, creative };
}

describe('bidder simulator (Buzz v2 and the 0.5 routes without a v2)', () => {
  it('answers /health, refuses calls without a session and signs in on both sign-in paths', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok', vendor: 'bidder' });
      const denied = await fetch(`${sim.url}/rest/v2/advertisers`);
      expect(denied.status).toBe(401);
      expect(await denied.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const wrong = await fetch(`${sim.url}/rest/authenticate`, {
        method: 'POST',
        body: JSON.stringify({ email: SIMULATOR_SECRETS.BIDDER_EMAIL, password: 'nope' }),
      });
      expect(wrong.status).toBe(401);
      await session(sim.url);
    } finally {
      await sim.close();
    }
  });

  it('ends sessions after 15 minutes, or 30 days with keep_logged_in', async () => {
    // Prepare
    let clock = Date.parse('2026-07-01T00:00:00Z');
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent'), now: () => clock }).server);
    try {
      const signIn = async (keep: boolean) => {
        const auth = await fetch(`${sim.url}/rest/v2/authenticate`, {
          method: 'POST',
          body: JSON.stringify({
            email: SIMULATOR_SECRETS.BIDDER_EMAIL,
            password: SIMULATOR_SECRETS.BIDDER_PASSWORD,
            keep_logged_in: keep,
          }),
        });
        return (auth.headers.get('set-cookie') ?? '').split(';')[0] as string;
      };
      const [short, long] = [await signIn(false), await signIn(true)];
      const status = async (cookie: string) =>
        (await fetch(`${sim.url}/rest/v2/advertisers`, { headers: { cookie } })).status;
      // Act + Assess
      clock += 14 * 60_000;
      expect([await status(short), await status(long)]).toEqual([200, 200]);
      clock += 2 * 60_000;
      expect([await status(short), await status(long)]).toEqual([401, 200]);
      clock += 30 * 86_400_000;
      expect(await status(long)).toBe(401);
    } finally {
      await sim.close();
    }
  });

  it('validates bodies against the wire description and answers in the v2 and 0.5 error shapes', async () => {
    const sim = await serve(createBidderSimulator({ stateFile, logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      // Act
      const missing = await call('POST', '/rest/v2/line-items', { name: 'x', type: 'display' });
      const unknownCampaign = await call('POST', '/rest/v2/line-items', {
        campaign_id: 999,
        name: 'x',
        type: 'banner',
        spend_budget: { lifetime: '1', daily: '1' },
        bidding: { strategy: 'CPM', values: { cpm_bid: 2 } },
      });
      const notFound = await call('GET', '/rest/v2/campaigns/4242');
      const badRegion = await call('POST', '/rest/v2/targeting-expressions', {
        name: 'x',
        modules: { geo: { all: { region: { any: [{ comparator: 'equals', value: 'New Jersey' }] } } } },
      });
      const legacyMissing = await call('POST', '/rest/creative', { creative_name: 'x' });
      // Assess
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        campaign_id: ['This field is required.'],
        spend_budget: ['This field is required.'],
        type: [expect.stringContaining('banner')],
      });
      expect(unknownCampaign).toEqual({
        status: 400,
        body: { campaign_id: ['Invalid pk "999" - object does not exist.'] },
      });
      expect(notFound).toEqual({ status: 404, body: { detail: 'Not found.' } });
      expect(badRegion.status).toBe(400);
      expect(badRegion.body).toHaveProperty(['modules.geo.all.region.any.0.value'], ['Expected a region like USA/NJ']);
      expect(legacyMissing.status).toBe(400);
      expect(legacyMissing.body).toMatchObject({
        success: false,
        errors: expect.arrayContaining([expect.stringMatching(/^ERROR: advertiser_id /)]),
      });
    } finally {
      await sim.close();
    }
  });

  it('makes line items inactive and switches them on only with a creative; keeps state across restarts', async () => {
    const first = await serve(createBidderSimulator({ stateFile, logger: createLogger('silent') }).server);
    let made: Awaited<ReturnType<typeof world>>;
    try {
      const call = await session(first.url);
      made = await world(call);
      const lone = v2Id(
        await call('POST', '/rest/v2/line-items', {
          campaign_id: made.campaign,
          name: 'No creative',
          type: 'video',
          spend_budget: { lifetime: '10', daily: '1' },
          bidding: { strategy: 'CPM', values: { cpm_bid: 3 } },
        }),
      );
      expect((await call('GET', `/rest/v2/line-items/${lone}`)).body).toMatchObject({ active: false, type: 'video' });
      expect(await call('PATCH', `/rest/v2/line-items/${lone}`, { active: true })).toEqual({
        status: 400,
        body: { active: ['A line item needs at least one creative to be active.'] },
      });
    } finally {
      await first.close();
    }
    const second = await serve(createBidderSimulator({ stateFile, logger: createLogger('silent') }).server);
    try {
      const call = await session(second.url);
      const read = await call('GET', `/rest/v2/line-items/${made.lineItems[0] ?? 0}`);
      expect(read.body).toMatchObject({ active: true, targeting_expression_id: made.expression });
      const list = await call('GET', `/rest/v2/line-items?campaign_id=${made.campaign}&page_size=2`);
      expect(list.body).toMatchObject({ count: 3, previous: null, next: expect.stringContaining('page=2') });
    } finally {
      await second.close();
    }
  });

  it('looks up links and expression users by key: unlinking, deleting a creative or a line item is seen at once', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      // Prepare: two line items sharing an expression, a banner linked to both.
      const call = await session(sim.url);
      const made = await world(call);
      const [first = 0, second = 0] = made.lineItems;
      const links = (await call('GET', `/rest/creative_line_item?line_item_id=${first}`)).body as {
        payload: Array<{ cli_id: number }>;
      };

      // Act and assess: without its link the first cannot be switched on again; the second can.
      await call('PATCH', `/rest/v2/line-items/${first}`, { active: false });
      await call('DELETE', `/rest/creative_line_item/${links.payload[0]?.cli_id ?? 0}`);
      expect((await call('PATCH', `/rest/v2/line-items/${first}`, { active: true })).status).toBe(400);
      expect((await call('PATCH', `/rest/v2/line-items/${second}`, { active: true })).status).toBe(200);
      // The expression is used until both its line items are gone (or moved to another one).
      expect((await call('DELETE', `/rest/v2/targeting-expressions/${made.expression}`)).status).toBe(400);
      await call('DELETE', `/rest/v2/line-items/${first}`);
      expect((await call('DELETE', `/rest/v2/targeting-expressions/${made.expression}`)).status).toBe(400);
      const other = v2Id(await call('POST', '/rest/v2/targeting-expressions', { name: 'Other', modules: {} }));
      await call('PATCH', `/rest/v2/line-items/${second}`, { targeting_expression_id: other });
      expect((await call('DELETE', `/rest/v2/targeting-expressions/${made.expression}`)).status).toBe(204);
      // A deleted creative takes its links: the second cannot be switched on again either.
      await call('PATCH', `/rest/v2/line-items/${second}`, { active: false });
      await call('DELETE', `/rest/creative/${made.creative}`);
      expect((await call('PATCH', `/rest/v2/line-items/${second}`, { active: true })).status).toBe(400);
      expect((await call('GET', `/rest/creative_line_item?line_item_id=${second}`)).body).toMatchObject({
        payload: [],
      });
    } finally {
      await sim.close();
    }
  });

  it('brings a state file of the 0.5 simulator up to date: seeded campaigns keep reading and delivering', async () => {
    // Prepare: the state the 0.5 simulator left (0.5 field names, no v2 kinds)
    const old = join(dir, 'bidder-0.5.json');
    const history = (values: Record<string, unknown>) => [{ at: null, values }];
    const campaign = {
      campaign_id: 2,
      advertiser_id: 1,
      campaign_name: 'Old',
      campaign_budget: 3000,
      daily_budget: 100,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      active: true,
      create_date: '2026-01-01 00:00:00',
      update_date: '2026-01-01 00:00:00',
    };
    const lineItem = {
      line_item_id: 3,
      campaign_id: 2,
      advertiser_id: 1,
      line_item_name: 'Initech',
      line_item_type_id: 0,
      daily_budget: 80,
      bidding: { bidding_strategy: 'CPM', values: { cpm_bid: 10 } },
      targeting: { ip_ranges: [] },
      active: true,
      create_date: '2026-01-01 00:00:00',
      update_date: '2026-01-01 00:00:00',
    };
    writeFileSync(
      old,
      JSON.stringify({
        nextId: 10,
        rows: {
          advertiser: {
            1: { advertiser_id: 1, advertiser_name: 'Acme', active: true, create_date: 'x', update_date: 'x' },
          },
          campaign: { 2: campaign },
          line_item: { 3: lineItem },
          creative: { 4: { creative_id: 4, advertiser_id: 1, creative_name: 'Banner', active: true } },
          creative_line_item: { 5: { cli_id: 5, creative_id: 4, line_item_id: 3, active: true } },
          custom_list: {},
          segment: {},
        },
        sessions: {},
        history: { 'campaign:2': history(campaign), 'line_item:3': history(lineItem) },
      }),
    );
    const sim = await serve(createBidderSimulator({ stateFile: old, logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      // Act
      const read = await call('GET', '/rest/v2/line-items/3');
      const run = await call('POST', '/reporting/run-query', {
        view: 'performance_agg',
        fields: ['bid_day', 'line_item_id', 'impression'],
        filters: { campaign_id: '2', bid_day: '2026-03-01 to 2026-03-03' },
        limit: 100,
        result_format: 'json',
      });
      const id = (run.body as unknown as { query_id: string }).query_id;
      await call('GET', `/reporting/run-query/${id}`);
      const rows = await call('GET', `/reporting/run-query/${id}/results`);
      const made = await call('POST', '/rest/v2/targeting-expressions', {
        name: 'new',
        modules: { geo: { all: { country: { any: [{ comparator: 'equals', value: 'USA' }] } } } },
      });
      // Assess (the session helper parsed the line item with its v2 description)
      expect(read.body).toMatchObject({ id: 3, name: 'Initech', type: 'banner', spend_budget: { daily: '80' } });
      expect(rows.body).toEqual([
        expect.objectContaining({ bid_day: '2026-03-01', line_item_id: 3 }),
        expect.objectContaining({ bid_day: '2026-03-02', line_item_id: 3 }),
      ]);
      expect(made.status).toBe(201);
    } finally {
      await sim.close();
    }
  });

  it('transcodes a video asynchronously: a creative may use it once the status reads complete', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const advertiser = v2Id(await call('POST', '/rest/v2/advertisers', { name: 'Acme' }));
      const asset = payloadId(
        await call('POST', '/rest/video_asset', {
          advertiser_id: advertiser,
          video_asset_name: 'v.mp4',
          size_in_bytes: 32,
        }),
      );
      const creative = {
        advertiser_id: advertiser,
        creative_name: 'Spot',
        creative_type: 1,
        creative_template_id: 2,
        width: 640,
        height: 360,
        click_url: 'https://acme.example',
        creative_assets: [asset],
      };
      const statuses: string[] = [];
      const status = async () => {
        const rows = (await call('GET', `/rest/video_asset/${asset}`)).body as {
          payload: Array<{ transcoding_status: string }>;
        };
        statuses.push(rows.payload[0]?.transcoding_status ?? 'none');
      };
      // Act
      await status();
      const wrongSize = await call(
        'POST',
        `/rest/video_asset/upload/${asset}`,
        undefined,
        call.file('creative_content', 5),
      );
      await call('POST', `/rest/video_asset/upload/${asset}`, undefined, call.file('creative_content', 32, 'v.mp4'));
      const early = await call('POST', '/rest/creative', creative);
      for (let i = 0; i < TRANSCODE_POLLS; i++) await status();
      const made = await call('POST', '/rest/creative', creative);
      // Assess
      expect(wrongSize.status).toBe(400);
      expect(statuses).toEqual(['pending', 'transcoding', 'complete']);
      expect(early.body).toMatchObject({
        success: false,
        errors: [`ERROR: video asset ${asset} is not transcoded yet`],
      });
      expect(made.status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('adds list items in bulk, ignoring duplicates and the case of domains', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const list = payloadId(await call('POST', '/rest/custom_list', { list_name: 'Sites', list_type: 'domain' }));
      const first = await call('POST', '/rest/list_item_bulk', {
        custom_list_id: list,
        list_items: ['acme.example|1|Acme', 'ACME.example|2', 'globex.example|0.5'],
      });
      const bad = await call('POST', '/rest/list_item_bulk', { custom_list_id: list, list_items: ['x.example|11'] });
      const read = await call('GET', `/rest/custom_list/${list}`);
      expect(first.body).toMatchObject({ payload: { items_added: 2, duplicates_ignored: 1 } });
      expect(bad.status).toBe(400);
      expect(read.body).toMatchObject({ payload: [{ item_count: 2 }] });
    } finally {
      await sim.close();
    }
  });

  it('takes segment files of hashed e-mails and gives conversion tags', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const advertiser = v2Id(await call('POST', '/rest/v2/advertisers', { name: 'Acme' }));
      const segment = payloadId(
        await call('POST', '/rest/segment', { segment_name: 'Visitors', advertiser_id: advertiser }),
      );
      const key = `${BIDDER_BUZZ_KEY}-${segment}`;
      const upload = payloadId(
        await call('POST', '/rest/segment_upload', {
          file_name: 's.txt',
          size_in_bytes: 10,
          file_format: 'DELIMITED',
          user_id_type: 'HEM',
          operation_type: 'ADD_SEGMENTS',
        }),
      );
      const form = new FormData();
      form.append(
        'segment_file',
        new Blob([`${'a'.repeat(64)}|${key}\nnot-a-hash|${key}\n${'b'.repeat(64)}|nokey-1\n`]),
        's.txt',
      );
      await call('POST', `/rest/segment_upload/upload/${upload}`, undefined, form);
      const done = await call('GET', `/rest/segment_upload/${upload}`);
      const event = payloadId(
        await call('POST', '/rest/event', { advertiser_id: advertiser, event_name: 'Sign-up', segment_id: segment }),
      );
      const tag = await call('GET', `/rest/event_tag/${event}`);
      expect(done.body).toMatchObject({
        payload: [{ upload_status: 'complete', lines_accepted: 1, lines_rejected: 2 }],
      });
      expect(tag.body).toMatchObject({
        payload: [
          {
            event_tag_url: `https://cnv.event.prod.bidr.io/log/cnv?tag_id=${event}&buzz_key=${BIDDER_BUZZ_KEY}&value=[VALUE]&segment_key=${key}&order=[ORDER]&ord=[CACHEBUSTER]`,
          },
        ],
      });
    } finally {
      await sim.close();
    }
  });

  it(`throttles beyond its rate limit with 429 and Retry-After, in the route's error shape`, async () => {
    let clock = 0;
    const sim = await serve(
      createBidderSimulator({ logger: createLogger('silent'), rateLimit: { perSecond: 1, burst: 2 }, now: () => clock })
        .server,
    );
    try {
      const call = await session(sim.url);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call('GET', '/rest/v2/advertisers')).status);
      const legacy = await call('GET', '/rest/segment/1');
      clock += 1000;
      const later = await call('GET', '/rest/v2/advertisers');
      expect(statuses).toEqual([200, 200, 429]);
      expect(legacy).toMatchObject({ status: 429, body: { success: false } });
      expect(later.status).toBe(200);
      const raw = await fetch(`${sim.url}/rest/v2/advertisers`);
      expect(raw.status).toBe(401);
    } finally {
      await sim.close();
    }
  });
});

describe('bidder simulator load control (/__load)', () => {
  it('answers each call after its latency and refuses calls beyond the cap with 429 and Retry-After', async () => {
    // Prepare
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const set = await fetch(`${sim.url}/__load`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ latencyMs: 40, maxConcurrent: 2 }),
      });

      // Act
      const startedAt = performance.now();
      const raw = await Promise.all(
        Array.from({ length: 4 }, () =>
          fetch(`${sim.url}/rest/v2/advertisers`, { headers: { cookie: call.cookie } }).then(async (res) => ({
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            body: (await res.json()) as unknown,
          })),
        ),
      );
      const tookMs = performance.now() - startedAt;
      const report = (await (await fetch(`${sim.url}/__load`)).json()) as Record<string, unknown>;
      const reset = await fetch(`${sim.url}/__load`, { method: 'DELETE' });
      const afterReset = await call('GET', '/rest/v2/advertisers');
      const refused = await fetch(`${sim.url}/__load`, { method: 'PUT', body: JSON.stringify({ maxConcurrent: 0 }) });

      // Assess
      expect(set.status).toBe(200);
      expect(raw.map((r) => r.status).sort()).toEqual([200, 200, 429, 429]);
      expect(raw.filter((r) => r.status === 429)).toEqual([
        { status: 429, retryAfter: '1', body: { detail: expect.stringContaining('Too many concurrent requests') } },
        { status: 429, retryAfter: '1', body: { detail: expect.stringContaining('Too many concurrent requests') } },
      ]);
      expect(tookMs).toBeGreaterThanOrEqual(35);
      expect(report).toMatchObject({
        latencyMs: 40,
        maxConcurrent: 2,
        calls: 4,
        throttled: 2,
        maxInFlight: 2,
        byRoute: { 'GET /rest/v2/advertisers': 4 },
      });
      expect(reset.status).toBe(200);
      expect(afterReset.status).toBe(200);
      expect(refused.status).toBe(400);
    } finally {
      await sim.close();
    }
  });
});

describe('bidder simulator performance report (reporting API)', () => {
  /** Runs a reporting query on the campaign's first ten days of March to its end and returns the rows. */
  async function query(call: Call, campaign: number, fields: string[]) {
    const run = await call('POST', '/reporting/run-query', {
      view: 'performance_agg',
      fields,
      filters: { campaign_id: String(campaign), bid_day: '2026-03-01 to 2026-03-11' },
      limit: 100,
      result_format: 'json',
    });
    expect(run.status).toBe(202);
    const id = (run.body as unknown as { query_id: string }).query_id;
    expect((await call('GET', `/reporting/run-query/${id}`)).body).toMatchObject({ status: 'complete' });
    return (await call('GET', `/reporting/run-query/${id}/results`)).body as unknown as Array<Record<string, number>>;
  }

  it('reports the delivery of the stored entities within budgets; creatives add up to their line items', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const { campaign, lineItems, creative } = await world(call);
      // Act
      const byLineItem = await query(call, campaign, ['bid_day', 'line_item_id', 'impression', 'spend']);
      const byCreative = await query(call, campaign, ['bid_day', 'creative_id', 'impression']);
      const byCampaign = await query(call, campaign, ['campaign_id', 'impression']);
      // Assess: ten days of two line items, within their budgets.
      expect(byLineItem).toHaveLength(20);
      expect(new Set(byLineItem.map((r) => r['line_item_id']))).toEqual(new Set(lineItems));
      for (const row of byLineItem) {
        expect(Number(row['spend'])).toBeLessThanOrEqual(80);
        expect(Number(row['spend'])).toBeGreaterThan(0);
      }
      expect(byCreative.every((r) => r['creative_id'] === creative)).toBe(true);
      const total = byCreative.reduce((sum, r) => sum + (r['impression'] ?? 0), 0);
      expect(byCampaign).toEqual([{ campaign_id: campaign, impression: total }]);
      expect(byLineItem.reduce((sum, r) => sum + (r['impression'] ?? 0), 0)).toBe(total);
    } finally {
      await sim.close();
    }
  });

  it('leaves past delivery alone when the targeting of its line items changes today', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const { campaign, expression } = await world(call);
      const total = async () => (await query(call, campaign, ['campaign_id', 'impression']))[0]?.['impression'];
      const wide = await total();
      // One /29 (8 addresses) from now on: past days keep what they delivered.
      await call('PATCH', `/rest/v2/targeting-expressions/${expression}`, {
        modules: { user: { all: { ip_range: { any: [{ comparator: 'equals', value: '23.24.240.0/29' }] } } } },
      });
      expect(await total()).toBe(wide);
      expect(wide).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });

  it('reports a new line item at once, and keeps past delivery when a campaign is switched off today', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const { campaign, expression, creative } = await world(call);
      const before = await query(call, campaign, ['campaign_id', 'spend']);
      const lineItem = v2Id(
        await call('POST', '/rest/v2/line-items', {
          campaign_id: campaign,
          name: 'Umbrella',
          type: 'banner',
          spend_budget: { lifetime: '20000', daily: '50' },
          bidding: { strategy: 'CPM', values: { cpm_bid: 10 }, pacing: 'daily' },
          targeting_expression_id: expression,
        }),
      );
      await call('POST', '/rest/creative_line_item', { creative_id: creative, line_item_id: lineItem, active: true });
      await call('PATCH', `/rest/v2/line-items/${lineItem}`, { active: true });
      const withNewLineItem = await query(call, campaign, ['bid_day', 'line_item_id', 'impression']);
      const beforeSwitchOff = await query(call, campaign, ['campaign_id', 'spend']);
      await call('PATCH', `/rest/v2/campaigns/${campaign}`, { active: false });
      const after = await query(call, campaign, ['campaign_id', 'spend']);
      // Assess: the new line item reports (the report forgot what it computed), past days stay.
      expect(withNewLineItem.filter((r) => r['line_item_id'] === lineItem)).toHaveLength(10);
      expect(Number(beforeSwitchOff[0]?.['spend'])).toBeGreaterThan(Number(before[0]?.['spend']));
      expect(after).toEqual(beforeSwitchOff);
    } finally {
      await sim.close();
    }
  });
});

describe('bidder simulator errors outside its routes', () => {
  it('answers unknown routes and injected faults in the shape of the API the path belongs to', async () => {
    // Prepare
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      await fetch(`${sim.url}/__faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'GET', path: '/rest/segment/:id', status: 503 }),
      });
      // Act
      const unknownV2 = await fetch(`${sim.url}/rest/v2/no-such-things`);
      const unknownReporting = await fetch(`${sim.url}/reporting/nothing-here`, { method: 'POST' });
      const faulted = await fetch(`${sim.url}/rest/segment/1`);
      // Assess
      expect(unknownV2.status).toBe(404);
      expect(await unknownV2.json()).toEqual({ detail: 'Not found.' });
      expect(unknownReporting.status).toBe(404);
      expect(await unknownReporting.json()).toEqual({ detail: 'Not found.' });
      expect(faulted.status).toBe(503);
      expect(await faulted.json()).toEqual({
        success: false,
        message: 'Injected failure',
        errors: ['ERROR: Injected failure'],
      });
    } finally {
      await sim.close();
    }
  });
});
