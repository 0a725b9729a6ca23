import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createBidderSimulator } from './bidder';
import { serve } from './test-server';

const dir = mkdtempSync(join(tmpdir(), 'bidder-sim-'));
const stateFile = join(dir, 'bidder.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Signs in as the handlers would and returns a fetch bound to the session cookie. */
async function session(url: string) {
  const auth = await fetch(`${url}/rest/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SIMULATOR_SECRETS.BIDDER_EMAIL, password: SIMULATOR_SECRETS.BIDDER_PASSWORD }),
  });
  expect(auth.status).toBe(200);
  const cookie = (auth.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; payload: unknown; message?: string } };
  };
}

describe('bidder simulator', () => {
  it('answers /health and refuses calls without a session', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok', vendor: 'bidder' });
      const denied = await fetch(`${sim.url}/rest/advertiser`);
      expect(denied.status).toBe(401);
      expect(await denied.json()).toMatchObject({ success: false });
      const badLogin = await fetch(`${sim.url}/rest/authenticate`, {
        method: 'POST',
        body: JSON.stringify({ email: 'x@y.z', password: 'nope' }),
      });
      expect(badLogin.status).toBe(401);
    } finally {
      await sim.close();
    }
  });

  it('creates, reads, updates and deletes with Beeswax envelopes, and keeps data across restarts', async () => {
    // Prepare
    const first = await serve(createBidderSimulator({ stateFile, logger: createLogger('silent') }).server);
    const call = await session(first.url);
    // Act
    const advertiser = await call('POST', '/rest/advertiser', { advertiser_name: 'Acme', active: true });
    const advertiserId = (advertiser.body.payload as { id: number }).id;
    const campaign = await call('POST', '/rest/campaign', { advertiser_id: advertiserId, campaign_name: 'Q1' });
    const campaignId = (campaign.body.payload as { id: number }).id;
    const orphan = await call('POST', '/rest/campaign', { advertiser_id: 999, campaign_name: 'Lost' });
    const missing = await call('POST', '/rest/line_item', { campaign_id: campaignId });
    const updated = await call('PUT', `/rest/campaign/${campaignId}`, { campaign_name: 'Q1 renamed', active: true });
    const byFilter = await call('GET', `/rest/campaign?advertiser_id=${advertiserId}`);
    await first.close();
    // Assess: a new simulator on the same file sees the data.
    const second = await serve(createBidderSimulator({ stateFile, logger: createLogger('silent') }).server);
    const again = await session(second.url);
    const read = await again('GET', `/rest/campaign/${campaignId}`);
    const removed = await again('DELETE', '/rest/campaign', { campaign_id: campaignId });
    const afterDelete = await again('GET', `/rest/campaign/${campaignId}`);
    await second.close();

    expect(advertiser).toMatchObject({ status: 200, body: { success: true, message: 'Advertiser created' } });
    expect(orphan.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      errors: expect.arrayContaining(['ERROR: advertiser_id is required']),
    });
    expect(updated.body).toMatchObject({ success: true, payload: [{ id: campaignId }] });
    expect(byFilter.body.payload).toHaveLength(1);
    expect(read.body.payload).toEqual([
      expect.objectContaining({
        campaign_id: campaignId,
        campaign_name: 'Q1 renamed',
        active: true,
        advertiser_id: advertiserId,
      }),
    ]);
    expect(removed.body).toMatchObject({ success: true, message: 'Campaign deleted' });
    expect(afterDelete.body.payload).toEqual([]);
  });

  it('gives segments a Beeswax-style segment key', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const created = await call('POST', '/rest/segment', { segment_name: 'Visitors', segment_description: 'site' });
      const id = (created.body.payload as { id: number }).id;
      const read = await call('GET', `/rest/segment/${id}`);
      expect(read.body.payload).toEqual([expect.objectContaining({ segment_key: `bidgridlocal-${id}` })]);
    } finally {
      await sim.close();
    }
  });
});

describe('bidder simulator performance report (reporting API)', () => {
  /** An advertiser with an active campaign, two line items and a creative linked to both. */
  async function world(call: Awaited<ReturnType<typeof session>>) {
    const id = async (path: string, body: unknown) =>
      ((await call('POST', path, body)).body.payload as { id: number }).id;
    const advertiser = await id('/rest/advertiser', { advertiser_name: 'Acme', active: true });
    const campaign = await id('/rest/campaign', {
      advertiser_id: advertiser,
      campaign_name: 'Q3',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      daily_budget: 200,
      active: true,
    });
    const lineItems = [];
    for (const name of ['Initech', 'Globex']) {
      lineItems.push(
        await id('/rest/line_item', {
          advertiser_id: advertiser,
          campaign_id: campaign,
          line_item_name: name,
          line_item_type_id: 0,
          daily_budget: 80,
          bidding: { bidding_strategy: 'CPM', values: { cpm_bid: 10 } },
          active: true,
        }),
      );
    }
    const creative = await id('/rest/creative', { advertiser_id: advertiser, creative_name: 'Banner', active: true });
    for (const lineItem of lineItems) {
      await call('POST', '/rest/creative_line_item', { creative_id: creative, line_item_id: lineItem, active: true });
    }
    return { campaign, lineItems, creative };
  }

  /** Runs a reporting query to its end and returns the rows. */
  async function query(call: Awaited<ReturnType<typeof session>>, campaign: number, fields: string[]) {
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

  it('reports the delivery of the stored entities; creatives add up to their line items', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      // Prepare
      const call = await session(sim.url);
      const { campaign, lineItems, creative } = await world(call);
      // Act
      const byLineItem = await query(call, campaign, ['bid_day', 'line_item_id', 'impression', 'spend']);
      const byCreative = await query(call, campaign, ['bid_day', 'creative_id', 'impression']);
      const byCampaign = await query(call, campaign, ['campaign_id', 'impression']);
      // Assess: ten days of two line items, within their budgets.
      expect(byLineItem).toHaveLength(20);
      expect(new Set(byLineItem.map((r) => r['line_item_id']))).toEqual(new Set(lineItems));
      for (const row of byLineItem) expect(Number(row['spend'])).toBeLessThanOrEqual(80);
      expect(byCreative.every((r) => r['creative_id'] === creative)).toBe(true);
      const total = byCreative.reduce((sum, r) => sum + (r['impression'] ?? 0), 0);
      expect(byCampaign).toEqual([{ campaign_id: campaign, impression: total }]);
      expect(byLineItem.reduce((sum, r) => sum + (r['impression'] ?? 0), 0)).toBe(total);
    } finally {
      await sim.close();
    }
  });

  it('reports a new line item at once, and keeps past delivery when a campaign is switched off today', async () => {
    const sim = await serve(createBidderSimulator({ logger: createLogger('silent') }).server);
    try {
      const call = await session(sim.url);
      const { campaign, creative } = await world(call);
      const before = await query(call, campaign, ['campaign_id', 'spend']);
      const [stored] = (await call('GET', `/rest/campaign/${campaign}`)).body.payload as Array<Record<string, number>>;
      const added = await call('POST', '/rest/line_item', {
        advertiser_id: stored?.['advertiser_id'],
        campaign_id: campaign,
        line_item_name: 'Umbrella',
        line_item_type_id: 0,
        daily_budget: 50,
        bidding: { bidding_strategy: 'CPM', values: { cpm_bid: 10 } },
        active: true,
      });
      const lineItem = (added.body.payload as { id: number }).id;
      await call('POST', '/rest/creative_line_item', { creative_id: creative, line_item_id: lineItem, active: true });
      const withNewLineItem = await query(call, campaign, ['bid_day', 'line_item_id', 'impression']);
      const beforeSwitchOff = await query(call, campaign, ['campaign_id', 'spend']);
      await call('PUT', `/rest/campaign/${campaign}`, { active: false });
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
