import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { campaign as campaignOps } from '@bidgrid/shared';
import { MISSING_PAYMENT_METHOD_MESSAGE } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { bidderRows, partitionItems } from '../support/local-data';
import { open } from '../support/realtime';
import { stackInfo } from '../support/stack';
import {
  bidderCall,
  clearBidderFaults,
  creationPayload,
  injectBidderFault,
  type TCreationFields,
} from './campaigns.fixtures';

const { createCampaign, recordCampaignEvent, listCampaignsByAdvertiser, getCampaign, matchCsvCompanies } = campaignOps;

const ACME = 'bgAdvertiser-demo-acme';
const NORTHWIND = 'bgAdvertiser-demo-northwind';
const ORBIT = 'bgAdvertiser-rival-orbit';
const DOMAINS = ['ironbridgemanufacturing.com', 'redwoodclinicallabs.com', 'sapphiretelecom.com'];

const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');

afterEach(async () => {
  await clearBidderFaults();
  await fetch(`${stackInfo().simulators.bidder}/__load`, { method: 'DELETE' });
});

/** The companies as the Target Companies step holds them after a CSV match. */
async function matchedCompanies(token: string): Promise<TCompanyRow[]> {
  const reply = await callOperation(matchCsvCompanies, { token, body: { csvCompanies: DOMAINS } });
  return reply.body.payload?.uniqueSegments ?? [];
}

/** The wizard's creation payload for a new campaign id. */
async function payload(
  token: string,
  overrides: Partial<TCreationFields> = {},
): Promise<TCampaignCreate & { bgCampaignId: `bg-campaign-${string}` }> {
  const { advertiserId = ACME, ...rest } = overrides;
  return creationPayload(token, 'create', {
    advertiserId,
    maxBid: 12,
    description: 'Made by the creation tests',
    name: 'Winter ABM',
    targetingInfo: { geo_state: [{ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' }] },
    foundCompanyInfo: { companies: await matchedCompanies(token), fromFile: true },
    campaignType: 'managed',
    ...rest,
  });
}

/** What the bidder holds of a campaign made under our id: its campaigns, line items and targeting. */
async function atBidder(bgCampaignId: string) {
  const campaigns = await bidderRows('campaign', { alternative_id: bgCampaignId });
  const lineItems = (
    await Promise.all(DOMAINS.map((d) => bidderRows('line_item', { alternative_id: `${bgCampaignId}:${d}` })))
  ).flat();
  const expressions = (
    await Promise.all(
      DOMAINS.map((d) => bidderRows('targeting_expression', { alternative_id: `${bgCampaignId}:${d}` })),
    )
  ).flat();
  return { campaigns, lineItems, expressions };
}

/** The app-table items inside a campaign's partition (line items, targeting). */
async function campaignPartition(bgCampaignId: string): Promise<Array<Record<string, unknown>>> {
  return partitionItems(`AGENCY#bgAgency-demo#CAMP#${bgCampaignId}`, 'LI#');
}

describe('campaign creation (POST /campaign/create)', () => {
  it("makes the campaign inactive with a line item per matched company, shown on the advertiser's dashboard", async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token);

    // Act
    const reply = await callOperation(createCampaign, { token, body });
    const event = await callOperation(recordCampaignEvent, {
      token,
      body: {
        bgCampaignId: body.bgCampaignId,
        beeswaxAdvertiserId: body.beeswaxCampaign.advertiser_id,
        campaignName: body.name,
      },
    });
    const eventAgain = await callOperation(recordCampaignEvent, {
      token,
      body: {
        bgCampaignId: body.bgCampaignId,
        beeswaxAdvertiserId: body.beeswaxCampaign.advertiser_id,
        campaignName: body.name,
      },
    });

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({
      bgCampaignId: body.bgCampaignId,
      active: false,
      accounts: 3,
      campaign_budget: 3000,
      conversion_tag_url: expect.stringMatching(/^https:\/\//),
    });
    const listed = await callOperation(listCampaignsByAdvertiser, {
      token,
      params: { advertiserId: ACME },
      query: { limit: 100 },
    });
    expect(listed.body.payload?.map((c) => c.bgCampaignId)).toContain(body.bgCampaignId);
    const held = await atBidder(body.bgCampaignId);
    expect(held.campaigns).toHaveLength(1);
    expect(held.lineItems.map((li) => li['active'])).toEqual([true, true, true]);
    expect(held.expressions).toHaveLength(3);
    const links = await bidderCall<Array<{ line_item_id: number }>>(
      'GET',
      `/rest/creative_line_item?line_item_id=${String(held.lineItems[0]?.['id'])}`,
    );
    expect(links.payload).toHaveLength(1);
    expect(event.body).toMatchObject({ success: true, payload: { bgCampaignId: body.bgCampaignId, recorded: true } });
    expect(eventAgain.body).toEqual(event.body);
  });

  it('creates nothing twice for repeated and concurrent requests, and answers the campaign each time', async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token);

    // Act
    const [a, b] = await Promise.all([
      callOperation(createCampaign, { token, body }),
      callOperation(createCampaign, { token, body }),
    ]);
    const again = await callOperation(createCampaign, { token, body });

    // Assess
    expect([a.status, b.status, again.status]).toEqual([200, 200, 200]);
    const ids = [a, b, again].map((r) => r.body.payload?.beeswaxCampaignId);
    expect(new Set(ids).size).toBe(1);
    const held = await atBidder(body.bgCampaignId);
    expect(held.campaigns).toHaveLength(1);
    expect(held.lineItems).toHaveLength(3);
  });

  it.each([
    { step: 'the campaign', method: 'POST', path: '/rest/v2/campaigns' },
    { step: 'the conversion event', method: 'POST', path: '/rest/event' },
    { step: 'a targeting expression', method: 'POST', path: '/rest/v2/targeting-expressions' },
    { step: 'a line item', method: 'POST', path: '/rest/v2/line-items' },
    { step: 'a creative link', method: 'POST', path: '/rest/creative_line_item' },
    { step: 'switching a line item on', method: 'PATCH', path: '/rest/v2/line-items/:id' },
  ])('leaves nothing at the bidder or in the tables when $step fails', async ({ method, path }) => {
    // Prepare
    const token = await demo();
    const body = await payload(token);
    await injectBidderFault({ method, path, status: 400 });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(502);
    const found = await callOperation(getCampaign, { token, params: { id: body.bgCampaignId } });
    expect(found.status).toBe(404);
    expect(await atBidder(body.bgCampaignId)).toEqual({ campaigns: [], lineItems: [], expressions: [] });
    expect(await campaignPartition(body.bgCampaignId)).toEqual([]);
    // The id is free again: the same request goes through once the bidder is well.
    await clearBidderFaults();
    const retried = await callOperation(createCampaign, { token, body });
    expect(retried.status).toBe(200);
  });

  it('backs off when the bidder answers 429 for too many calls at once, and still makes every line item', async () => {
    // Prepare: the bidder takes 2 calls at once, the creation sends up to 16.
    const token = await demo();
    const body = await payload(token);
    await fetch(`${stackInfo().simulators.bidder}/__load`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 20, maxConcurrent: 2 }),
    });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    const load = (await (await fetch(`${stackInfo().simulators.bidder}/__load`)).json()) as { throttled: number };
    await fetch(`${stackInfo().simulators.bidder}/__load`, { method: 'DELETE' });
    expect(reply.status).toBe(200);
    expect(load.throttled).toBeGreaterThan(0);
    const held = await atBidder(body.bgCampaignId);
    expect(held.lineItems.map((li) => li['active'])).toEqual([true, true, true]);
  });

  it("refuses another agency's advertiser and ad group with 404", async () => {
    // Prepare
    const demoToken = await demo();
    const rivalToken = await rival();
    const demoBody = await payload(demoToken);
    const rivalBody = await payload(rivalToken, { advertiserId: ORBIT, foundCompanyInfo: undefined });

    // Act
    const demoAdvertiser = await callOperation(createCampaign, { token: rivalToken, body: demoBody });
    const demoCreatives = await callOperation(createCampaign, {
      token: rivalToken,
      body: { ...rivalBody, creativeIds: demoBody.creativeIds },
    });

    // Assess
    expect(demoAdvertiser.status).toBe(404);
    expect(demoCreatives.status).toBe(404);
    expect(await atBidder(demoBody.bgCampaignId)).toEqual({ campaigns: [], lineItems: [], expressions: [] });
  });

  it("refuses an advertiser without a card with the spec's 20 s message as the error", async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token, { advertiserId: NORTHWIND });

    // Act
    const reply = await callOperationUnchecked(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, error: MISSING_PAYMENT_METHOD_MESSAGE });
  });
});

describe('campaign creation over the realtime API (createCampaign)', () => {
  it('answers campaignCreated with progress in line items, and the same campaign to a repeat', async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token);
    const socket = await open(token);

    try {
      // Act
      const made = await socket.call('createCampaign', body, { timeoutMs: 30_000 });
      const again = await socket.call('createCampaign', body, { timeoutMs: 30_000 });

      // Assess
      expect(made.reply).toMatchObject({ event: 'campaignCreated', success: true });
      expect(made.payloads[0]).toMatchObject({ bgCampaignId: body.bgCampaignId, active: false, accounts: 3 });
      expect(made.progress.at(-1)).toEqual({ reqID: made.reply.reqID, done: 3, total: 3 });
      expect((again.payloads[0] as { beeswaxCampaignId: number }).beeswaxCampaignId).toBe(
        (made.payloads[0] as { beeswaxCampaignId: number }).beeswaxCampaignId,
      );
    } finally {
      await socket.close();
    }
  });

  it('makes the campaign from a request sent in chunks, on the last one', async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token);
    const companies = body.foundCompanyInfo?.companies ?? [];
    const socket = await open(token);
    const reqID = `t-${randomUUID()}`;
    const chunk = (index: number, rows: TCompanyRow[]) =>
      socket.call(
        'createCampaign',
        { ...body, chunk: { index, count: 2 }, foundCompanyInfo: { companies: rows, fromFile: true } },
        { reqID, timeoutMs: 30_000 },
      );

    try {
      // Act
      const first = await chunk(0, companies.slice(0, 2));
      const second = await chunk(1, companies.slice(2));

      // Assess
      expect(first.reply).toMatchObject({ event: 'campaignCreated', success: true, payload: null });
      expect(second.payloads[0]).toMatchObject({ bgCampaignId: body.bgCampaignId, accounts: 3 });
    } finally {
      await socket.close();
    }
  });

  it("answers campaignCreationError with the spec's text for an advertiser without a card", async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token, { advertiserId: NORTHWIND });
    const socket = await open(token);

    try {
      // Act
      const refused = await socket.call('createCampaign', body);

      // Assess
      expect(refused.reply).toMatchObject({
        event: 'campaignCreationError',
        success: false,
        status: 400,
        error: MISSING_PAYMENT_METHOD_MESSAGE,
      });
    } finally {
      await socket.close();
    }
  });
});
