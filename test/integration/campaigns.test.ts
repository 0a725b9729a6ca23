import { nowMs } from '@bidgrid/shared/clock';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCAL_HUBSPOT_APP_ID, SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import {
  campaign as campaignOps,
  crmCard as crmCardOps,
  lineItem as lineItemOps,
  report as reportOps,
} from '@bidgrid/shared';
import type { TCampaign, TDeliveryDay, TLineItem, TTimeFrame } from '@bidgrid/shared';
import { MISSING_BODY_ERROR } from '@bidgrid/shared/api/envelope';
import { VALIDATION_MESSAGES as M } from '@bidgrid/shared/common/messages';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { appItem, bidderRows, localDynamoDb } from '../support/local-data';
import { stackInfo } from '../support/stack';
import { bidderRow, dayOffset, makeCampaign, todayUtc } from './campaigns.fixtures';

const {
  getCampaign,
  listCampaignsByAdvertiser,
  getCampaignDailyReport,
  getCampaignTargetingSelections,
  updateCampaignDetails,
  archiveCampaign,
  updateCampaignStatus,
} = campaignOps;
const { getCampaignDelivery } = reportOps;

const ACME = 'bgAdvertiser-demo-acme';
const ENTERPRISE = 'bg-campaign-demo-enterprise';
const EXPIRED = 'bg-campaign-demo-expired';

const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');

async function campaignOf(id: string): Promise<TCampaign> {
  const reply = await callOperation(getCampaign, { token: await demo(), params: { id } });
  expect(reply.status).toBe(200);
  return reply.body.payload as TCampaign;
}

async function deliveryOf(id: string, timeFrame: TTimeFrame = 'ALL_TIME', date?: string): Promise<TDeliveryDay[]> {
  const reply = await callOperation(getCampaignDelivery, {
    token: await demo(),
    query: { bgCampaignId: id, timeFrame, ...(date ? { date } : {}) },
  });
  expect(reply.status).toBe(200);
  return reply.body.payload ?? [];
}

const sum = (days: TDeliveryDay[], key: 'impressions' | 'clicks' | 'spend') =>
  days.reduce((total, day) => total + day[key], 0);

describe('GET /api/campaign/{id}', () => {
  it('answers a campaign with its all-time report, the sum of its daily rows', async () => {
    // Act
    const campaign = await campaignOf(ENTERPRISE);
    const days = await deliveryOf(ENTERPRISE);
    // Assess
    expect(campaign).toMatchObject({ bgCampaignId: ENTERPRISE, bgAdvertiserId: ACME, isVideoCampaign: false });
    const report = campaign.campaignReports[0];
    expect(report?.timeFrame).toBe('ALL_TIME');
    expect(report?.impressions).toBe(sum(days, 'impressions'));
    expect(report?.clicks).toBe(sum(days, 'clicks'));
    expect(report?.spend).toBeCloseTo(sum(days, 'spend'), 6);
    // Ratios come from the sums.
    expect(report?.ctr).toBeCloseTo(((report?.clicks ?? 0) / (report?.impressions ?? 1)) * 100, 9);
    expect(report?.cpm_usd).toBeCloseTo(((report?.spend ?? 0) / (report?.impressions ?? 1)) * 1000, 9);
  });

  it("answers 400 for a malformed id and 404 for another agency's campaign", async () => {
    const bad = await callOperation(getCampaign, { token: await demo(), params: { id: 'campaign-1' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(['id']);
    const foreign = await callOperation(getCampaign, { token: await rival(), params: { id: ENTERPRISE } });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Enterprise');
  });
});

describe('GET /api/campaign/allbyadvertiser/{advertiserId}', () => {
  it('lists every campaign of the advertiser, archived ones too, newest first, with the time frame asked for', async () => {
    // Act
    const reply = await callOperation(listCampaignsByAdvertiser, {
      token: await demo(),
      params: { advertiserId: ACME },
      query: { timeFrame: '7_DAYS' },
    });
    // Assess
    expect(reply.status).toBe(200);
    const campaigns = reply.body.payload ?? [];
    const ids = campaigns.map((c) => c.bgCampaignId);
    expect(ids).toEqual(
      expect.arrayContaining([ENTERPRISE, EXPIRED, 'bg-campaign-demo-archived', 'bg-campaign-demo-video']),
    );
    expect(campaigns.find((c) => c.bgCampaignId === 'bg-campaign-demo-archived')?.archived).toBe(true);
    const created = campaigns.map((c) => c.createdAt ?? '');
    expect(created).toEqual([...created].sort().reverse());
    for (const c of campaigns) expect(c.campaignReports[0]?.timeFrame).toBe('7_DAYS');
    // 7 days of the enterprise campaign are the last 7 rows of its chart.
    const lastWeek = (await deliveryOf(ENTERPRISE)).filter((d) => d.date > dayOffset(-7));
    const enterprise = campaigns.find((c) => c.bgCampaignId === ENTERPRISE);
    expect(enterprise?.campaignReports[0]?.impressions).toBe(sum(lastWeek, 'impressions'));
    // Nothing in the last week for a campaign that ended 200 days ago.
    expect(campaigns.find((c) => c.bgCampaignId === EXPIRED)?.campaignReports[0]?.impressions).toBe(0);
  });

  it('defaults to ALL_TIME, refuses an unknown time frame and hides other agencies', async () => {
    const all = await callOperation(listCampaignsByAdvertiser, {
      token: await demo(),
      params: { advertiserId: ACME },
    });
    expect(all.body.payload?.[0]?.campaignReports[0]?.timeFrame).toBe('ALL_TIME');
    const bad = await callOperationUnchecked(listCampaignsByAdvertiser, {
      token: await demo(),
      params: { advertiserId: ACME },
      query: { timeFrame: 'CUSTOM_DATE' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(['timeFrame']);
    const foreign = await callOperation(listCampaignsByAdvertiser, {
      token: await rival(),
      params: { advertiserId: ACME },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('GET /api/campaign/dailyreport/{advertiserId}', () => {
  it("answers each campaign's report of one day, or one campaign's with camapign_id", async () => {
    // Prepare
    const day = dayOffset(-3);
    const row = (await deliveryOf(ENTERPRISE, 'CUSTOM_DATE', day))[0];
    // Act
    const all = await callOperation(getCampaignDailyReport, {
      token: await demo(),
      params: { id: ACME },
      query: { date: day },
    });
    const one = await callOperation(getCampaignDailyReport, {
      token: await demo(),
      params: { id: ACME },
      query: { date: day, camapign_id: ENTERPRISE },
    });
    // Assess
    expect(all.status).toBe(200);
    expect((all.body.payload ?? []).length).toBeGreaterThan(1);
    expect(one.body.payload).toHaveLength(1);
    expect(one.body.payload?.[0]?.campaignReports[0]).toMatchObject({
      timeFrame: 'CUSTOM_DATE',
      date: day,
      impressions: row?.impressions,
      clicks: row?.clicks,
    });
  });

  it("refuses a bad date, another advertiser's campaign and another agency", async () => {
    const bad = await callOperation(getCampaignDailyReport, {
      token: await demo(),
      params: { id: ACME },
      query: { date: '2026-02-30' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(['date']);
    const elsewhere = await callOperation(getCampaignDailyReport, {
      token: await demo(),
      params: { id: 'bgAdvertiser-demo-northwind' },
      query: { date: todayUtc(), camapign_id: ENTERPRISE },
    });
    expect(elsewhere.status).toBe(404);
    const foreign = await callOperation(getCampaignDailyReport, {
      token: await rival(),
      params: { id: ACME },
      query: { date: todayUtc() },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('GET /api/campaign/targetingSelections/{id}', () => {
  it('answers the layers, the unused ones empty', async () => {
    const reply = await callOperation(getCampaignTargetingSelections, {
      token: await demo(),
      params: { id: ENTERPRISE },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload?.geo_state.map((s) => s.region_name)).toEqual(['Texas', 'California', 'Ontario']);
    expect(reply.body.payload?.geo_zip).toEqual([]);
    expect(
      (await callOperation(getCampaignTargetingSelections, { token: await rival(), params: { id: ENTERPRISE } }))
        .status,
    ).toBe(404);
    expect(
      (await callOperation(getCampaignTargetingSelections, { token: await demo(), params: { id: 'x' } })).status,
    ).toBe(400);
  });
});

describe('GET /api/report/campaign/delivery', () => {
  it('answers every day of the range, oldest first, zeros included', async () => {
    const campaign = await campaignOf(ENTERPRISE);
    const all = await deliveryOf(ENTERPRISE);
    const week = await deliveryOf(ENTERPRISE, '7_DAYS');
    expect(all[0]?.date).toBe(campaign.start_date);
    expect(all.at(-1)?.date).toBe(todayUtc());
    expect(week.map((d) => d.date)).toEqual(all.slice(-7).map((d) => d.date));
    expect(week).toEqual(all.slice(-7));
    const bad = await callOperation(getCampaignDelivery, {
      token: await demo(),
      query: { bgCampaignId: ENTERPRISE, timeFrame: 'CUSTOM_DATE' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(['date']);
    const foreign = await callOperation(getCampaignDelivery, {
      token: await rival(),
      query: { bgCampaignId: ENTERPRISE },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('PUT /api/campaign/new/details', () => {
  const update = async (id: string, beeswaxCampaignId: number, updateBody: Record<string, unknown>, token?: string) =>
    callOperation(updateCampaignDetails, {
      token: token ?? (await demo()),
      body: { bgCampaignId: id, beeswaxCampaignId, updateBody },
    });

  it('changes a campaign that has not started, here and at the bidder, with the estimated budget computed', async () => {
    // Prepare
    const fixture = await makeCampaign({ startDay: 5, endDay: 35 });
    const before = await campaignOf(fixture.id);
    // Act
    const reply = await update(fixture.id, before.beeswaxCampaignId, {
      name: 'Renamed by a test',
      daily_budget: 50,
      start_date: dayOffset(2),
      end_date: dayOffset(12),
      max_bid: 20,
      campaign_budget: 1,
    });
    // Assess
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({ name: 'Renamed by a test', campaign_budget: 500, maxBid: 20 });
    expect(await campaignOf(fixture.id)).toMatchObject({ name: 'Renamed by a test', start_date: dayOffset(2) });
    expect(await bidderRow('campaign', before.beeswaxCampaignId)).toMatchObject({
      name: 'Renamed by a test',
      spend_budget: { daily: '50', lifetime: '500' },
      start_date: `${dayOffset(2)}T00:00:00Z`,
      end_date: `${dayOffset(12)}T23:59:59Z`,
    });
  });

  it('applies every rule of the edit form with its message', async () => {
    const running = await makeCampaign();
    const { beeswaxCampaignId } = await campaignOf(running.id);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ isVideoCampaign: true }, 'updateBody.isVideoCampaign', M.mediaTypeLocked],
      [{ start_date: dayOffset(1) }, 'updateBody.start_date', M.startDateLocked],
      [{ end_date: dayOffset(-20) }, 'updateBody.end_date', M.endDateAfterStart],
      [{ max_bid: 99, daily_budget: 1, end_date: dayOffset(-19) }, 'updateBody.max_bid', M.maxBidAboveBudget],
      [{ name: '   ' }, 'updateBody.name', 'Too small: expected string to have >=1 characters'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await update(running.id, beeswaxCampaignId, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.fieldErrors?.[field], JSON.stringify(body)).toEqual(expect.arrayContaining([message]));
    }
    const future = await makeCampaign({ startDay: 4, endDay: 10 });
    const past = await update(future.id, (await campaignOf(future.id)).beeswaxCampaignId, {
      start_date: dayOffset(-5),
    });
    expect(past.body.fieldErrors?.['updateBody.start_date']).toEqual([M.startDateNotPast]);
    const ceiling = await update(running.id, beeswaxCampaignId, { max_bid: 101 });
    expect(ceiling.status).toBe(400);
    expect(Object.keys(ceiling.body.fieldErrors ?? {})).toEqual(['updateBody.max_bid']);
  });

  it('bounds budgets and bids: 1e308 is refused with 400 and never reaches the bidder', async () => {
    // Prepare
    const fixture = await makeCampaign();
    const { beeswaxCampaignId } = await campaignOf(fixture.id);
    // Act
    const huge = await update(fixture.id, beeswaxCampaignId, { daily_budget: 1e308 });
    const fraction = await update(fixture.id, beeswaxCampaignId, { daily_budget: 10.005, max_bid: 12.345 });
    // Assess
    expect(huge.status).toBe(400);
    expect(huge.body.fieldErrors?.['updateBody.daily_budget']).toEqual([M.dailyBudgetCeiling]);
    expect(fraction.status).toBe(400);
    expect(fraction.body.fieldErrors).toEqual({
      'updateBody.daily_budget': [M.wholeCents],
      'updateBody.max_bid': [M.wholeCents],
    });
    expect(await bidderRow('campaign', beeswaxCampaignId)).toMatchObject({
      spend_budget: expect.objectContaining({ daily: String(fixture.dailyBudget) }),
    });
  });

  it('puts the bidder back when the store refuses the write after the bidder took it', async () => {
    // Prepare: a campaign whose stored item is near DynamoDB's 400 KB item limit (a long pixel
    // event id), so an edit that passes every rule (a 4,000-character description) is refused by
    // the store itself, after the bidder was changed.
    const fixture = await makeCampaign();
    const before = await campaignOf(fixture.id);
    const key = { pk: 'AGENCY#bgAgency-demo', sk: `ADV#${ACME}#CAMP#${fixture.id}` };
    const item = (await appItem(key.pk, key.sk)) as Record<string, unknown>;
    const room = 400 * 1024 - Buffer.byteLength(JSON.stringify({ ...item, pixel_event_id: '' })) - 2_500;
    await localDynamoDb().send(
      new PutCommand({ TableName: stackInfo().tables.app, Item: { ...item, pixel_event_id: 'p'.repeat(room) } }),
    );
    const lineItems = await bidderRows('line_item', { campaign_id: String(before.beeswaxCampaignId) });
    expect(lineItems.length).toBeGreaterThan(1);

    // Act
    const reply = await update(fixture.id, before.beeswaxCampaignId, {
      daily_budget: 300,
      max_bid: 20,
      description: 'd'.repeat(4000),
    });

    // Assess: refused, nothing stored, and the bidder holds the stored values again.
    expect(reply.status).toBe(500);
    expect(await campaignOf(fixture.id)).toMatchObject({ daily_budget: fixture.dailyBudget, maxBid: fixture.maxBid });
    expect(await bidderRow('campaign', before.beeswaxCampaignId)).toMatchObject({
      spend_budget: { daily: String(fixture.dailyBudget), lifetime: String(before.campaign_budget) },
    });
    const after = await bidderRows('line_item', { campaign_id: String(before.beeswaxCampaignId) });
    expect(after.map((li) => [li['id'], li['spend_budget'], li['bidding']])).toEqual(
      lineItems.map((li) => [li['id'], li['spend_budget'], li['bidding']]),
    );
  });

  it('refuses any change 175 days after the end, a wrong bidder id, a missing body and another agency', async () => {
    const expired = await campaignOf(EXPIRED);
    const late = await update(EXPIRED, expired.beeswaxCampaignId, { name: 'Too late' });
    expect(late.status).toBe(409);
    const wrongId = await update(ENTERPRISE, expired.beeswaxCampaignId, { name: 'x' });
    expect(wrongId.status).toBe(400);
    expect(Object.keys(wrongId.body.fieldErrors ?? {})).toEqual(['beeswaxCampaignId']);
    const empty = await callOperationUnchecked(updateCampaignDetails, { token: await demo() });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(MISSING_BODY_ERROR);
    const enterprise = await campaignOf(ENTERPRISE);
    const foreign = await update(ENTERPRISE, enterprise.beeswaxCampaignId, { name: 'Hijacked' }, await rival());
    expect(foreign.status).toBe(404);
    expect((await campaignOf(ENTERPRISE)).name).toBe(enterprise.name);
  });

  it('lets one of racing edits win and tells the others; what is stored is what the bidder holds', async () => {
    // Prepare
    const fixture = await makeCampaign();
    const { beeswaxCampaignId } = await campaignOf(fixture.id);
    const names = Array.from({ length: 6 }, (_, i) => `Racer ${i}`);
    // Act
    const replies = await Promise.all(names.map((name) => update(fixture.id, beeswaxCampaignId, { name })));
    // Assess
    const winners = names.filter((_, i) => replies[i]?.status === 200);
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(winners.length).toBeGreaterThan(0);
    // Each loser is told, in words a person can act on.
    for (const loser of replies.filter((r) => r.status === 409)) {
      expect(loser.body).toMatchObject({
        success: false,
        error: 'This campaign was changed meanwhile. Please reload it and try again.',
      });
    }
    const stored = await campaignOf(fixture.id);
    expect(winners).toContain(stored.name);
    expect((await bidderRow('campaign', beeswaxCampaignId))?.['name']).toBe(stored.name);
  });
});

describe('PUT /api/campaign/new/status and /api/campaign/archive', () => {
  it('archives only after deactivating, and an archived campaign cannot be activated', async () => {
    // Prepare
    const fixture = await makeCampaign();
    const { beeswaxCampaignId } = await campaignOf(fixture.id);
    const token = await demo();
    const archive = (archived: boolean) =>
      callOperation(archiveCampaign, {
        token,
        body: { bgCampaignId: fixture.id, updateBody: { archived } },
      });
    const status = (active: boolean) =>
      callOperation(updateCampaignStatus, {
        token,
        body: { bgCampaignId: fixture.id, beeswaxCampaignId, updateBody: { active } },
      });
    // Act and assess, step by step.
    expect((await archive(true)).status).toBe(409);
    const off = await status(false);
    expect(off.status).toBe(200);
    expect(off.body.payload?.active).toBe(false);
    expect((await bidderRow('campaign', beeswaxCampaignId))?.['active']).toBe(false);
    expect((await archive(true)).body.payload?.archived).toBe(true);
    expect((await status(true)).status).toBe(409);
    expect((await archive(false)).body.payload?.archived).toBe(false);
    const on = await status(true);
    expect(on.body.payload?.active).toBe(true);
    expect((await bidderRow('campaign', beeswaxCampaignId))?.['active']).toBe(true);
  });

  it('never reactivates a campaign 175 days past its end, yet lets it be archived', async () => {
    const expired = await makeCampaign({ startDay: -260, endDay: -180, active: false });
    const { beeswaxCampaignId } = await campaignOf(expired.id);
    const token = await demo();
    const on = await callOperation(updateCampaignStatus, {
      token,
      body: { bgCampaignId: expired.id, beeswaxCampaignId, updateBody: { active: true } },
    });
    expect(on.status).toBe(409);
    const archived = await callOperation(archiveCampaign, {
      token,
      body: { bgCampaignId: expired.id, updateBody: { archived: true } },
    });
    expect(archived.body.payload?.archived).toBe(true);
  });

  it('answers 400 for bad bodies and 404 to another agency', async () => {
    const token = await demo();
    const bad = await callOperationUnchecked(updateCampaignStatus, {
      token,
      body: { bgCampaignId: ENTERPRISE, beeswaxCampaignId: -1, updateBody: { active: 'yes' } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {}).sort()).toEqual(['beeswaxCampaignId', 'updateBody.active']);
    const badArchive = await callOperationUnchecked(archiveCampaign, { token, body: { bgCampaignId: ENTERPRISE } });
    expect(badArchive.status).toBe(400);
    const enterprise = await campaignOf(ENTERPRISE);
    const foreign = await callOperation(updateCampaignStatus, {
      token: await rival(),
      body: {
        bgCampaignId: ENTERPRISE,
        beeswaxCampaignId: enterprise.beeswaxCampaignId,
        updateBody: { active: false },
      },
    });
    expect(foreign.status).toBe(404);
    const foreignArchive = await callOperation(archiveCampaign, {
      token: await rival(),
      body: { bgCampaignId: ENTERPRISE, updateBody: { archived: true } },
    });
    expect(foreignArchive.status).toBe(404);
    expect((await campaignOf(ENTERPRISE)).active).toBe(true);
  });
});

describe('line item status: PUT /api/lineitem/status', () => {
  const { updateLineItemStatus } = lineItemOps;

  it('switches a line item here and at the bidder; asking for the same state changes nothing', async () => {
    // Prepare
    const fixture = await makeCampaign();
    const report = await callOperation(reportOps.getLineItemsReport, {
      token: await demo(),
      query: { bgCampaignId: fixture.id },
    });
    const target = report.body.payload?.lineItems[0] as TLineItem;
    // Act
    const off = await callOperation(updateLineItemStatus, {
      token: await demo(),
      body: { beeswaxLineItemId: target.beeswaxLineItemId, active: false },
    });
    const again = await callOperation(updateLineItemStatus, {
      token: await demo(),
      body: { beeswaxLineItemId: target.beeswaxLineItemId, active: false },
    });
    // Assess
    expect(off.status).toBe(200);
    expect(off.body.payload).toMatchObject({ beeswaxLineItemId: target.beeswaxLineItemId, active: false });
    expect(again.body.payload?.active).toBe(false);
    expect((await bidderRow('line_item', target.beeswaxLineItemId))?.['active']).toBe(false);
  });

  it('refuses bad bodies, unknown and foreign line items, and read-only campaigns', async () => {
    const expired = await makeCampaign({ startDay: -300, endDay: -190, active: false });
    const items = await callOperation(reportOps.getLineItemsReport, {
      token: await demo(),
      query: { bgCampaignId: expired.id },
    });
    const old = items.body.payload?.lineItems[0] as TLineItem;
    const enterprise = await callOperation(reportOps.getLineItemsReport, {
      token: await demo(),
      query: { bgCampaignId: ENTERPRISE },
    });
    const demoItem = enterprise.body.payload?.lineItems[0] as TLineItem;
    // Unchecked: the first body is wrong on purpose.
    const call = async (body: unknown, token?: string) =>
      callOperationUnchecked(updateLineItemStatus, { token: token ?? (await demo()), body });

    const bad = await call({ beeswaxLineItemId: 'one', active: 'no' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {}).sort()).toEqual(['active', 'beeswaxLineItemId']);
    expect((await call({ beeswaxLineItemId: 987_654_321, active: false })).status).toBe(404);
    expect((await call({ beeswaxLineItemId: demoItem.beeswaxLineItemId, active: false }, await rival())).status).toBe(
      404,
    );
    expect((await call({ beeswaxLineItemId: old.beeswaxLineItemId, active: !old.active })).status).toBe(409);
    expect((await bidderRow('line_item', demoItem.beeswaxLineItemId))?.['active']).toBe(demoItem.active);
  });
});

describe('line item status from the CRM card: PUT /public/crmcard/line-item-status', () => {
  const { updateLineItemStatusFromCrm } = crmCardOps;
  const PORTAL = 4410001;

  /** Signs as HubSpot does (v3): base64 HMAC-SHA256 of method, URI, body and timestamp with the app secret. */
  function signed(body: unknown, options: { timestamp?: number; query?: string; signBody?: unknown } = {}) {
    const query =
      options.query ??
      `portalId=${PORTAL}&userId=5001&userEmail=sales%40bluepeaklogistics.com&appId=${LOCAL_HUBSPOT_APP_ID}`;
    const url = `${stackInfo().apiUrl}${updateLineItemStatusFromCrm.path}${query ? `?${query}` : ''}`;
    const timestamp = String(options.timestamp ?? nowMs());
    const text = JSON.stringify(body);
    const signedUri = url.replaceAll('%40', '@');
    const signature = createHmac('sha256', SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET)
      .update(`PUT${signedUri}${JSON.stringify(options.signBody ?? body)}${timestamp}`)
      .digest('base64');
    return fetch(url, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'x-hubspot-signature-v3': signature,
        'x-hubspot-request-timestamp': timestamp,
      },
      body: text,
    });
  }

  async function lineItemsOf(id: string): Promise<TLineItem[]> {
    const reply = await callOperation(reportOps.getLineItemsReport, {
      token: await demo(),
      query: { bgCampaignId: id },
    });
    return reply.body.payload?.lineItems ?? [];
  }

  it("lets a signed CRM workflow switch a line item of the portal's sales-enabled campaign", async () => {
    // Prepare
    const target = (await lineItemsOf('bg-campaign-demo-bluepeak-abm')).find((li) => li.active) as TLineItem;
    try {
      // Act
      const res = await signed({ beeswaxLineItemId: target.beeswaxLineItemId, active: false });
      // Assess
      expect(res.status).toBe(200);
      expect(((await res.json()) as { payload: TLineItem }).payload.active).toBe(false);
      expect((await bidderRow('line_item', target.beeswaxLineItemId))?.['active']).toBe(false);
    } finally {
      // The demo world keeps its state for the suites after this one.
      const back = await signed({ beeswaxLineItemId: target.beeswaxLineItemId, active: true });
      expect(back.status).toBe(200);
    }
  });

  it('refuses unsigned, stale and tampered requests, other campaigns and other portals', async () => {
    const target = (await lineItemsOf('bg-campaign-demo-bluepeak-abm'))[0] as TLineItem;
    const notSalesEnabled = (await lineItemsOf(ENTERPRISE))[0] as TLineItem;
    const body = { beeswaxLineItemId: target.beeswaxLineItemId, active: !target.active };
    const unsigned = await fetch(`${stackInfo().apiUrl}${updateLineItemStatusFromCrm.path}?portalId=${PORTAL}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(unsigned.status).toBe(401);
    expect((await signed(body, { timestamp: nowMs() - 6 * 60_000 })).status).toBe(401);
    expect((await signed(body, { signBody: { ...body, active: target.active } })).status).toBe(401);
    expect((await signed({ beeswaxLineItemId: notSalesEnabled.beeswaxLineItemId, active: false })).status).toBe(404);
    expect((await signed(body, { query: 'portalId=4419999' })).status).toBe(404);
    expect((await signed(body, { query: '' })).status).toBe(400);
    expect((await signed({ beeswaxLineItemId: 'x' })).status).toBe(400);
    expect((await lineItemsOf('bg-campaign-demo-bluepeak-abm'))[0]?.active).toBe(target.active);
  });

  it('checks the signature before the body: a bad signature on a bad body answers 401, not 400', async () => {
    const bad = { beeswaxLineItemId: 'x', active: 'maybe' };
    const unsigned = await fetch(`${stackInfo().apiUrl}${updateLineItemStatusFromCrm.path}?portalId=${PORTAL}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bad),
    });
    const tampered = await signed(bad, { signBody: { beeswaxLineItemId: 1, active: true } });
    const stale = await signed(bad, { timestamp: nowMs() - 6 * 60_000 });
    const noPortal = await signed({ beeswaxLineItemId: 1, active: true }, { query: '', signBody: {} });
    expect([unsigned.status, tampered.status, stale.status, noPortal.status]).toEqual([401, 401, 401, 401]);
    expect(((await tampered.json()) as { fieldErrors?: unknown }).fieldErrors).toBeUndefined();
  });
});
