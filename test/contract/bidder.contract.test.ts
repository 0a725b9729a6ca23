import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBidderClient, hashedEmail } from '@bidgrid/lambdas/adapters/bidder/bidder-client';
import { routeOf } from '@bidgrid/lambdas/adapters/bidder/wire/routes.wire';
import { createCampaign } from '@bidgrid/lambdas/domain/campaigns/create-campaign.use-case';
import type { TCampaignRecord, TLineItemRecord } from '@bidgrid/lambdas/domain/campaigns/campaign-records.schema';
import { createLogger } from '@bidgrid/lambdas/kernel/logger';
import { BIDDER_BUZZ_KEY, SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import { createBidderSimulator } from '@bidgrid/local/simulators/bidder';
import { serve } from '@bidgrid/local/simulators/test-server';
import { createLogger as createSimLogger } from '@bidgrid/local/support/logger';

/**
 * The bidder client against the bidder simulator, in-process: every route the client uses, each
 * reply the simulator gave parsed with the route's wire description (a reply that drifted from the
 * description fails the test that provoked it), and the failures a real bidder has (429 storms,
 * 5xx, timeouts) retried where safe and undone where not.
 */

const secrets = async (name: string): Promise<string> => {
  const value = (SIMULATOR_SECRETS as Record<string, string>)[name];
  if (!value) throw new Error(`no secret ${name}`);
  return value;
};

/** Every reply of a described route, checked against its description. */
const replies: Array<{ route: string; status: number; problem: string | null }> = [];

/** A fetch that records and checks replies; `before` may fail or delay a request. */
function checkingFetch(before?: (method: string, path: string) => Promise<Response | undefined>): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const early = await before?.(method, url.pathname);
    if (early) return early;
    const response = await fetch(input, init);
    const route = routeOf(method, url.pathname);
    if (route && response.ok) {
      const text = await response.clone().text();
      const parsed = route.reply.safeParse(text ? JSON.parse(text) : undefined);
      replies.push({
        route: `${route.method} ${route.path}`,
        status: response.status,
        problem: parsed.success ? null : parsed.error.message,
      });
    }
    return response;
  };
}

let sim: Awaited<ReturnType<typeof serve>>;
let simulator: ReturnType<typeof createBidderSimulator>;
const client = (extra: Partial<Parameters<typeof createBidderClient>[0]> = {}) =>
  createBidderClient({
    baseUrl: sim.url,
    buzzKey: BIDDER_BUZZ_KEY,
    secrets,
    fetch: checkingFetch(),
    sleep: async () => undefined,
    ...extra,
  });

/** Acme at the bidder, through `bidder`, under our id `ourId`. */
const acme = (bidder: ReturnType<typeof client>, ourId = 'a') =>
  bidder.createAdvertiser({ name: 'Acme', ourId, category: 'IAB3', domain: 'acme.example', active: true });

beforeAll(async () => {
  simulator = createBidderSimulator({ logger: createSimLogger('silent') });
  sim = await serve(simulator.server);
});
afterAll(async () => {
  await sim.close();
});

const png = (size: number): Uint8Array => new Uint8Array(size).fill(9);

describe('bidder client against the simulator', () => {
  it('creates and deletes advertisers (v2)', async () => {
    const bidder = client();
    const id = await bidder.createAdvertiser({
      name: 'Globex',
      ourId: 'bgAdvertiser-globex',
      category: 'IAB3',
      domain: 'globex.example',
      active: true,
    });
    expect(simulator.store.data.rows.advertiser[String(id)]).toMatchObject({
      name: 'Globex',
      alternative_id: 'bgAdvertiser-globex',
      advertiser_category: 'IAB3',
      default_advertiser_domain: 'globex.example',
    });
    await bidder.deleteAdvertiser(id);
    await bidder.deleteAdvertiser(id); // already gone: fine
    expect(simulator.store.data.rows.advertiser[String(id)]).toBeUndefined();
  });

  it('makes campaigns and line items v2 (inactive, with targeting expressions) and changes them', async () => {
    const bidder = client();
    const advertiser = await acme(bidder);
    const { id: segment, key: segmentKey } = await bidder.createSegment({
      advertiserId: advertiser,
      name: 'Visitors',
      ourId: 's',
    });
    const sites = await bidder.createList({ advertiserId: advertiser, name: 'Sites', ourId: 'l', kind: 'domain' });
    const campaign = await bidder.createCampaign({
      advertiserId: advertiser,
      name: 'Q3',
      ourId: 'bg-campaign-q3',
      totalBudget: 6000,
      dailyBudget: 100,
      startDate: '2026-07-01',
      endDate: '2026-09-30',
      active: true,
    });
    const zips = Array.from({ length: 150 }, (_, i) => ({ country: 'USA', zip: String(7000 + i).padStart(5, '0') }));
    const lineItem = await bidder.createLineItem({
      campaignId: campaign,
      name: 'Initech',
      ourId: 'bg-campaign-q3:initech.example',
      media: 'video',
      dailyBudget: 33.33,
      totalBudget: 2000,
      cpmBid: 12.5,
      targeting: {
        countries: ['USA', 'CAN'],
        regions: [
          { country: 'USA', region: 'NJ' },
          { country: 'CAN', region: 'ON' },
        ],
        zips,
        ipRanges: ['23.24.240.0/29'],
        audiences: [[segmentKey]],
        domainListIds: [sites],
      },
    });
    const data = simulator.store.data;
    const stored = data.rows.line_item[String(lineItem)] as Record<string, unknown>;
    const expression = data.rows.targeting_expression[String(stored['targeting_expression_id'])] as {
      modules: Record<string, { all: Record<string, { any: Array<{ comparator: string; value: unknown }> }> }>;
    };
    expect(data.rows.campaign[String(campaign)]).toMatchObject({
      spend_budget: { lifetime: '6000', daily: '100' },
      start_date: '2026-07-01T00:00:00Z',
      end_date: '2026-09-30T23:59:59Z',
      budget_type: 'spend',
    });
    expect(stored).toMatchObject({
      active: false,
      type: 'video',
      spend_budget: { lifetime: '2000', daily: '33.33' },
      bidding: { strategy: 'CPM', values: { cpm_bid: 12.5 }, pacing: 'daily' },
    });
    expect(expression.modules['geo']?.all['region']?.any.map((t) => t.value)).toEqual(['USA/NJ', 'CAN/ON']);
    // 150 ZIPs are above the inline limit: they went to a ZIP list of 150 items.
    const zipList = expression.modules['geo']?.all['zip_list']?.any[0]?.value as number;
    expect(expression.modules['geo']?.all['zip']).toBeUndefined();
    expect(data.rows.custom_list[String(zipList)]).toMatchObject({ list_type: 'zip', item_count: 150 });
    expect(expression.modules['user']?.all['ip_range']?.any).toEqual([
      { comparator: 'equals', value: '23.24.240.0/29' },
    ]);
    expect(expression.modules['user']?.all['segment']?.any).toEqual([
      { comparator: 'boolean_expression', value: `${BIDDER_BUZZ_KEY}-${segment}` },
    ]);
    expect(expression.modules['inventory']?.all['domain_list']?.any).toEqual([{ comparator: 'in_list', value: sites }]);

    // Changes: one budget keeps the other; targeting changes the expression in place.
    await bidder.updateCampaign(campaign, { dailyBudget: 120, name: 'Q3 bis' });
    await bidder.updateLineItem(lineItem, { cpmBid: 9, dailyBudget: 20, targeting: { countries: ['USA'] } });
    expect(simulator.store.data.rows.campaign[String(campaign)]).toMatchObject({
      name: 'Q3 bis',
      spend_budget: { lifetime: '6000', daily: '120' },
    });
    expect(simulator.store.data.rows.line_item[String(lineItem)]).toMatchObject({
      spend_budget: { lifetime: '2000', daily: '20' },
      bidding: { values: { cpm_bid: 9 } },
      targeting_expression_id: stored['targeting_expression_id'],
    });
    expect(
      (
        simulator.store.data.rows.targeting_expression[String(stored['targeting_expression_id'])] as {
          modules: unknown;
        }
      ).modules,
    ).toEqual({ geo: { all: { country: { any: [{ comparator: 'equals', value: 'USA' }] } } } });

    // Switching on needs a creative; then it serves.
    await expect(bidder.updateLineItem(lineItem, { active: true })).rejects.toThrow(/needs at least one creative/);
    const creative = await bidder.createCreative({
      advertiserId: advertiser,
      name: 'Spot',
      ourId: 'bgCreative-spot',
      media: 'video',
      width: 640,
      height: 360,
      clickUrl: 'https://acme.example/spot',
      file: { fileName: 'spot.mp4', contentType: 'video/mp4', bytes: png(64) },
      active: true,
    });
    await bidder.linkCreative(creative, lineItem);
    await bidder.updateLineItem(lineItem, { active: true });
    expect(simulator.store.data.rows.line_item[String(lineItem)]).toMatchObject({ active: true });

    // The targeting without ZIPs no longer needs the ZIP list made for it.
    expect(simulator.store.data.rows.custom_list[String(zipList)]).toBeUndefined();

    await bidder.deleteLineItem(lineItem);
    await bidder.deleteLineItem(lineItem);
    expect(simulator.store.data.rows.line_item[String(lineItem)]).toBeUndefined();
    expect(simulator.store.data.rows.targeting_expression[String(stored['targeting_expression_id'])]).toBeUndefined();
    await bidder.deleteCampaign(campaign);
    expect(simulator.store.data.rows.campaign[String(campaign)]).toBeUndefined();
  });

  it('deletes the ZIP list made for a line item with the line item, and leaves nothing when its creation fails', async () => {
    // Prepare
    const bidder = client();
    const advertiser = await bidder.createAdvertiser({
      name: 'Z',
      ourId: 'z',
      category: 'IAB3',
      domain: 'z.example',
      active: true,
    });
    const campaign = await bidder.createCampaign({
      advertiserId: advertiser,
      name: 'Z',
      ourId: 'z',
      totalBudget: 10,
      dailyBudget: 1,
      startDate: '2026-01-01',
      endDate: '2026-01-10',
      active: true,
    });
    const zips = Array.from({ length: 101 }, (_, i) => ({ country: 'USA', zip: String(10000 + i) }));
    const input = {
      name: 'Z',
      ourId: 'z:1',
      media: 'display' as const,
      dailyBudget: 1,
      totalBudget: 10,
      cpmBid: 2,
      targeting: { zips },
    };
    const lists = () => Object.keys(simulator.store.data.rows.custom_list).length;
    const expressions = () => Object.keys(simulator.store.data.rows.targeting_expression).length;
    const [listsBefore, expressionsBefore] = [lists(), expressions()];
    // Act
    const lineItem = await bidder.createLineItem({ ...input, campaignId: campaign });
    const made = lists();
    await bidder.deleteLineItem(lineItem);
    const failed = await bidder.createLineItem({ ...input, campaignId: 999_999 }).catch((error: unknown) => error);
    // Assess
    expect(made).toBe(listsBefore + 1);
    expect(failed).toMatchObject({ message: expect.stringContaining('campaign_id') });
    expect([lists(), expressions()]).toEqual([listsBefore, expressionsBefore]);
  });

  it('uploads images and videos (waiting for transcoding), updates and deletes creatives with their links', async () => {
    const polls: number[] = [];
    const bidder = client({ sleep: async (ms) => void polls.push(ms), pollDelayMs: 10 });
    const advertiser = await acme(bidder);
    const campaign = await bidder.createCampaign({
      advertiserId: advertiser,
      name: 'C',
      ourId: 'c',
      totalBudget: 10,
      dailyBudget: 1,
      startDate: '2026-01-01',
      endDate: '2026-01-10',
      active: true,
    });
    const lineItem = await bidder.createLineItem({
      campaignId: campaign,
      name: 'L',
      ourId: 'l',
      media: 'display',
      dailyBudget: 1,
      totalBudget: 10,
      cpmBid: 2,
      targeting: {},
    });
    const banner = await bidder.createCreative({
      advertiserId: advertiser,
      name: 'Banner',
      ourId: 'bgCreative-1',
      media: 'display',
      width: 300,
      height: 250,
      clickUrl: 'https://acme.example',
      file: { fileName: 'b.png', contentType: 'image/png', bytes: png(100) },
      active: true,
    });
    const video = await bidder.createCreative({
      advertiserId: advertiser,
      name: 'Video',
      ourId: 'bgCreative-2',
      media: 'video',
      width: 640,
      height: 360,
      clickUrl: 'https://acme.example',
      file: { fileName: 'v.mp4', contentType: 'video/mp4', bytes: png(200) },
      active: true,
    });
    const link = await bidder.linkCreative(banner, lineItem);
    await bidder.updateCreative(banner, { clickUrl: 'https://acme.example/new', active: false });
    await bidder.deleteCreative(banner);
    await bidder.deleteCreative(banner);
    const data = simulator.store.data;
    expect(data.rows.creative[String(video)]).toMatchObject({ creative_type: 1, creative_template_id: 2 });
    expect(data.rows.creative[String(banner)]).toBeUndefined();
    expect(data.rows.creative_line_item[String(link)]).toBeUndefined();
    // The video was read until transcoded: one wait between its two status reads.
    expect(polls).toEqual([10]);
  });

  it('adds list items in bulk and segment members as salted hashes of upper-cased e-mails', async () => {
    const bidder = client();
    const advertiser = await acme(bidder);
    const list = await bidder.createList({ advertiserId: advertiser, name: 'Sites', ourId: 'l', kind: 'domain' });
    const first = await bidder.addListItems(list, [
      { value: 'Acme.example', label: 'Acme | Inc' },
      { value: 'acme.EXAMPLE' },
      { value: 'globex.example', bidMultiplier: 2.5 },
    ]);
    const again = await bidder.addListItems(list, [{ value: 'globex.example' }]);
    expect(first).toEqual({ added: 2, duplicates: 1 });
    expect(again).toEqual({ added: 0, duplicates: 1 });
    // Removal ignores case and items the list lacks; a repeat removes nothing more.
    expect(await bidder.removeListItems(list, ['GLOBEX.example', 'missing.example'])).toEqual({ removed: 1 });
    expect(await bidder.removeListItems(list, ['globex.example'])).toEqual({ removed: 0 });
    expect(Object.keys(simulator.store.data.listItems[String(list)] ?? {})).toEqual(['acme.example']);
    expect(simulator.store.data.rows.custom_list[String(list)]).toMatchObject({ item_count: 1 });

    const { id: segment, key: madeKey } = await bidder.createSegment({
      advertiserId: advertiser,
      name: 'Buyers',
      ourId: 's',
      ttlDays: 60,
    });
    const result = await bidder.addSegmentEmails(segment, [
      'ann@acme.example',
      ' ANN@acme.example ',
      'bob@acme.example',
    ]);
    const key = `${BIDDER_BUZZ_KEY}-${segment}`;
    expect(madeKey).toBe(key);
    const expected = createHash('sha256').update(`ANN@ACME.EXAMPLE${SIMULATOR_SECRETS.BIDDER_HEM_SALT}`).digest('hex');
    expect(result).toEqual({ accepted: 2, rejected: 0 });
    expect(hashedEmail('ann@acme.example', SIMULATOR_SECRETS.BIDDER_HEM_SALT)).toBe(expected);
    expect(simulator.store.data.members[key]).toContain(expected);
    expect(JSON.stringify(simulator.store.data)).not.toContain('ann@acme.example');
    await bidder.addSegmentEmails(segment, ['bob@acme.example'], { replace: true });
    expect(simulator.store.data.members[key]).toHaveLength(1);
    await bidder.deleteSegment(segment);
    await bidder.deleteList(list);
    expect(simulator.store.data.rows.segment[String(segment)]).toBeUndefined();
  });

  it("makes conversion events and answers the bidder's tag", async () => {
    const bidder = client();
    const advertiser = await acme(bidder);
    const event = await bidder.createConversionEvent({
      advertiserId: advertiser,
      name: 'Sign-ups',
      ourId: 'bg-campaign-x',
      valueUsd: 5,
    });
    expect(event.tagUrl).toBe(
      `https://cnv.event.prod.bidr.io/log/cnv?tag_id=${event.id}&buzz_key=${BIDDER_BUZZ_KEY}&value=[VALUE]&segment_key=&order=[ORDER]&ord=[CACHEBUSTER]`,
    );
    await bidder.deleteConversionEvent(event.id);
    expect(simulator.store.data.rows.event[String(event.id)]).toBeUndefined();
  });
});

describe('bidder client sessions', () => {
  it('signs in again once when its 30-day session ended', async () => {
    // Prepare: a simulator on a clock of its own
    let clock = Date.parse('2026-07-01T00:00:00Z');
    const own = await serve(createBidderSimulator({ logger: createSimLogger('silent'), now: () => clock }).server);
    const signIns: string[] = [];
    try {
      const bidder = createBidderClient({
        baseUrl: own.url,
        buzzKey: BIDDER_BUZZ_KEY,
        secrets,
        fetch: checkingFetch(async (method, path) => {
          if (path.endsWith('/authenticate')) signIns.push(`${method} ${path}`);
          return undefined;
        }),
      });
      const first = await bidder.createAdvertiser({
        name: 'A',
        ourId: 'a',
        category: 'IAB3',
        domain: 'a.example',
        active: true,
      });
      // Act
      clock += 31 * 86_400_000;
      await bidder.deleteAdvertiser(first);
      // Assess
      expect(signIns).toEqual(['POST /rest/v2/authenticate', 'POST /rest/v2/authenticate']);
    } finally {
      await own.close();
    }
  });
});

describe('bidder client when the bidder throttles, fails or hangs', () => {
  /** A campaign for the use case, under a fresh advertiser. */
  async function newCampaign(id: string) {
    const advertiser = await acme(client(), id);
    const record: Omit<TCampaignRecord, 'beeswaxCampaignId' | 'pixel_event_id' | 'conversion_tag_url' | 'version'> = {
      bgCampaignId: `bg-campaign-${id}`,
      bgAdvertiserId: 'bgAdvertiser-acme',
      agencyId: 'bgAgency-demo',
      name: `Campaign ${id}`,
      description: '',
      active: true,
      archived: false,
      start_date: '2026-07-01',
      end_date: '2026-07-31',
      daily_budget: 100,
      campaign_budget: 3100,
      maxBid: 10,
      maxCompanies: null,
      showInHubspot: false,
      isVideoCampaign: false,
      accounts: 2,
      createdBy: 'demo',
    };
    const lineItem = (
      domain: string,
    ): {
      key: string;
      record: Omit<TLineItemRecord, 'beeswaxLineItemId' | 'line_item_budget' | 'version'>;
      targeting: { ipRanges: string[] };
    } => ({
      key: domain,
      record: {
        bgCampaignId: record.bgCampaignId,
        bgAdvertiserId: record.bgAdvertiserId,
        line_item_name: domain,
        active: true,
        hubspotCompanyId: null,
        fromFile: false,
        domain,
        line_item_spend: 0,
        segmentCount: 1,
      },
      targeting: { ipRanges: ['23.24.240.0/29'] },
    });
    return {
      input: {
        campaign: record,
        beeswaxAdvertiserId: advertiser,
        lineItems: [lineItem('initech.example'), lineItem('globex.example')],
        targeting: { geo_country: [], geo_region: [], geo_zip: [] } as never,
      },
      advertiser,
    };
  }
  const stored: unknown[] = [];
  const campaigns = {
    putNewCampaign: async (campaign: TCampaignRecord) => {
      stored.push(campaign);
      return true;
    },
  };
  const atBidder = (advertiser: number) => {
    const rows = simulator.store.data.rows;
    const campaignIds = Object.values(rows.campaign)
      .filter((c) => c['advertiser_id'] === advertiser)
      .map((c) => c['id']);
    return {
      campaigns: campaignIds.length,
      lineItems: Object.values(rows.line_item).filter((li) => campaignIds.includes(li['campaign_id'])).length,
      events: Object.values(rows.event).filter((e) => e['advertiser_id'] === advertiser).length,
    };
  };

  it('rides out a 429 storm honouring Retry-After, and makes the campaign with its tag', async () => {
    // Prepare: the next 6 requests of any kind answer 429 with Retry-After: 1
    const { input, advertiser } = await newCampaign('storm');
    const waits: number[] = [];
    let storm = 6;
    const bidder = client({
      sleep: async (ms) => void waits.push(ms),
      maxAttempts: 8,
      fetch: checkingFetch(async () =>
        storm-- > 0
          ? new Response(JSON.stringify({ detail: 'Request was throttled.' }), {
              status: 429,
              headers: { 'retry-after': '1' },
            })
          : undefined,
      ),
    });
    // Act
    const made = await createCampaign(input, { campaigns, bidder, log: createLogger({ level: 'silent' }) });
    // Assess
    expect(waits.filter((ms) => ms === 1000).length).toBeGreaterThanOrEqual(5);
    expect(made.campaign.conversion_tag_url).toMatch(/^https:\/\/cnv\.event\.prod\.bidr\.io\/log\/cnv\?tag_id=\d+&/);
    expect(made.campaign.pixel_event_id).toMatch(/^\d+$/);
    expect(atBidder(advertiser)).toEqual({ campaigns: 1, lineItems: 2, events: 1 });
  });

  it('leaves nothing at the bidder when a create answers 5xx or times out half way', async () => {
    for (const failure of ['5xx', 'timeout'] as const) {
      // Prepare: the second line item's creation fails (a create is never repeated: it may have happened)
      const { input, advertiser } = await newCampaign(`fail-${failure}`);
      let lineItems = 0;
      const bidder = client({
        timeoutMs: 50,
        fetch: checkingFetch(async (method, path) => {
          if (method !== 'POST' || path !== '/rest/v2/line-items' || ++lineItems !== 2) return undefined;
          if (failure === '5xx') return new Response(JSON.stringify({ detail: 'Server error.' }), { status: 503 });
          return new Promise<Response>((_, reject) =>
            setTimeout(() => reject(new DOMException('timed out', 'TimeoutError')), 60),
          );
        }),
      });
      // Act
      const attempt = createCampaign(input, { campaigns, bidder, log: createLogger({ level: 'silent' }) });
      // Assess
      await expect(attempt).rejects.toMatchObject({ status: 502 });
      expect(atBidder(advertiser)).toEqual({ campaigns: 0, lineItems: 0, events: 0 });
      expect(lineItems).toBe(2);
    }
  });

  it('retries idempotent reads and updates through 5xx', async () => {
    const { advertiser } = await newCampaign('reads');
    let failures = 2;
    const bidder = client({
      fetch: checkingFetch(async (method) =>
        method === 'PATCH' && failures-- > 0
          ? new Response(JSON.stringify({ detail: 'Bad gateway' }), { status: 502 })
          : undefined,
      ),
    });
    const campaign = await bidder.createCampaign({
      advertiserId: advertiser,
      name: 'R',
      ourId: 'r',
      totalBudget: 10,
      dailyBudget: 1,
      startDate: '2026-01-01',
      endDate: '2026-01-02',
      active: true,
    });
    await bidder.updateCampaign(campaign, { active: false });
    expect(simulator.store.data.rows.campaign[String(campaign)]).toMatchObject({ active: false });
  });
});

describe('every simulator reply in these tests', () => {
  it('parses with its route description', () => {
    expect(replies.length).toBeGreaterThan(50);
    expect(replies.filter((r) => r.problem !== null)).toEqual([]);
    // Each described route the client uses came back at least once.
    const seen = new Set(replies.map((r) => r.route));
    for (const route of [
      'POST /rest/v2/line-items',
      'PATCH /rest/v2/targeting-expressions/:id',
      'GET /rest/event_tag/:id',
      'POST /rest/segment_upload/upload/:id',
      'GET /rest/video_asset/:id',
    ]) {
      expect(seen).toContain(route);
    }
  });
});
