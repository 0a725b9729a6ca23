import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { campaign as campaignOps, crmCard as crmCardOps, report as reportOps } from '@bidgrid/shared';
import type { TLineItem } from '@bidgrid/shared';
import { nowMs } from '@bidgrid/shared/clock';
import { ZPickerTicket } from '@bidgrid/shared/crm/crm.schema';
import { accessTokenFor, callOperation } from '../support/api';
import { callAsCard, CARD_USER, DEMO_PORTAL } from '../support/hubspot-card';
import { bidderSession, localDynamoDb } from '../support/local-data';
import { stackInfo } from '../support/stack';

const {
  createCrmCardPickerTicket,
  listCrmCardCampaigns,
  addCompanyToCampaign,
  updateLineItemStatusFromCrm,
  listSegmentsFromCrm,
  createSegmentFromCrm,
} = crmCardOps;

// Seeded for the card (cdk/local/seed/campaigns.seed.ts): Bluepeak's running ABM campaign (25 at most),
// Keystone's paused one and its full one (2 of 2); the Acme campaign is not sales-enabled.
const BLUEPEAK_ABM = 'bg-campaign-demo-bluepeak-abm';
const KEYSTONE_PAUSED = 'bg-campaign-demo-keystone-paused';
const KEYSTONE_FULL = 'bg-campaign-demo-keystone-full';
const NOT_SALES_ENABLED = 'bg-campaign-demo-enterprise';
const BLUEPEAK = 'bgAdvertiser-demo-bluepeak';
const RIVAL_PORTAL = 4410002;
const RIVAL_ADVERTISER = 'bgAdvertiser-rival-orbit';
const UNCONNECTED_PORTAL = 4419999;

const portal = (portalId = DEMO_PORTAL) => ({ portalId, ...CARD_USER });
const addQuery = (campaignId: string, domain: string, companyName: string, portalId = DEMO_PORTAL) => ({
  ...portal(portalId),
  campaignId,
  domain,
  companyName,
});

/** A company's line item at the bidder simulator (by our id, `{campaign}:{domain}`) and its targeting modules. */
async function atBidder(bgCampaignId: string, domain: string) {
  const headers = { cookie: await bidderSession() };
  const bidder = stackInfo().simulators.bidder;
  const found = await fetch(
    `${bidder}/rest/v2/line-items?alternative_id=${encodeURIComponent(`${bgCampaignId}:${domain}`)}`,
    {
      headers,
    },
  );
  const [lineItem] = ((await found.json()) as { results: Array<Record<string, unknown>> }).results;
  if (!lineItem) return null;
  const res = await fetch(`${bidder}/rest/v2/targeting-expressions/${String(lineItem['targeting_expression_id'])}`, {
    headers,
  });
  const expression = (await res.json()) as { modules: Record<string, unknown> };
  return { id: lineItem['id'], active: lineItem['active'], modules: JSON.stringify(expression.modules) };
}

async function lineItemsOf(bgCampaignId: string): Promise<TLineItem[]> {
  const reply = await callOperation(reportOps.getLineItemsReport, {
    token: await accessTokenFor('demo'),
    query: { bgCampaignId },
  });
  expect(reply.status).toBe(200);
  return reply.body.payload?.lineItems ?? [];
}

// The rival's advertiser connected to the rival's portal, as its OAuth connection would store it.
const rivalPortalItem = {
  pk: `PORTAL#${RIVAL_PORTAL}`,
  sk: `ADV#${RIVAL_ADVERTISER}`,
  agencyId: 'bgAgency-rival',
  advertiserId: RIVAL_ADVERTISER,
};
beforeAll(async () => {
  await localDynamoDb().send(new PutCommand({ TableName: stackInfo().tables.app, Item: rivalPortalItem }));
});
afterAll(async () => {
  await localDynamoDb().send(
    new DeleteCommand({ TableName: stackInfo().tables.app, Key: { pk: rivalPortalItem.pk, sk: rivalPortalItem.sk } }),
  );
});

describe('the CRM card signature (HubSpot v3)', () => {
  it("answers a signed call with the portal's sales-enabled, unarchived campaigns only", async () => {
    // Act
    const reply = await callAsCard(listCrmCardCampaigns, { query: portal() });

    // Assess
    expect(reply.status).toBe(200);
    const campaigns = listCrmCardCampaigns.response.parse(reply.body.payload).campaigns;
    const ids = campaigns.map((c) => c.bgCampaignId);
    expect(ids).toEqual(expect.arrayContaining([BLUEPEAK_ABM, KEYSTONE_PAUSED, KEYSTONE_FULL]));
    expect(ids).not.toContain(NOT_SALES_ENABLED);
    expect(campaigns.find((c) => c.bgCampaignId === KEYSTONE_PAUSED)?.active).toBe(false);
    expect(campaigns.find((c) => c.bgCampaignId === BLUEPEAK_ABM)?.active).toBe(true);
  });

  it('refuses a stale, a tampered and an unsigned call', async () => {
    // Act
    const stale = await callAsCard(listCrmCardCampaigns, { query: portal(), timestamp: nowMs() - 6 * 60_000 });
    const otherUrl = await callAsCard(listCrmCardCampaigns, { query: portal(), signedQuery: portal(RIVAL_PORTAL) });
    const otherBody = await callAsCard(createCrmCardPickerTicket, {
      query: portal(),
      body: { domain: 'highlandrobotics.com', companyName: 'Highland Robotics' },
      signedBody: { domain: 'other.example', companyName: 'Other' },
    });
    const unsigned = await fetch(`${stackInfo().apiUrl}${listCrmCardCampaigns.path}?portalId=${DEMO_PORTAL}`);

    // Assess
    expect([stale.status, otherUrl.status, otherBody.status, unsigned.status]).toEqual([401, 401, 401, 401]);
  });

  it("refuses another app: signed with another secret, or naming another app's id", async () => {
    // Act
    const otherSecret = await callAsCard(listCrmCardCampaigns, { query: portal(), secret: 'another-apps-secret' });
    const otherAppId = await callAsCard(listCrmCardCampaigns, { query: { ...portal(), appId: '999' } });

    // Assess
    expect([otherSecret.status, otherAppId.status]).toEqual([401, 401]);
  });

  it('answers another portal with its own campaigns only, and an unconnected portal with 404 and a message', async () => {
    // Act
    const rival = await callAsCard(listCrmCardCampaigns, { query: portal(RIVAL_PORTAL) });
    const rivalAdds = await callAsCard(addCompanyToCampaign, {
      query: addQuery(BLUEPEAK_ABM, 'highlandrobotics.com', 'Highland Robotics', RIVAL_PORTAL),
    });
    const unconnected = await callAsCard(listCrmCardCampaigns, { query: portal(UNCONNECTED_PORTAL) });

    // Assess
    expect(rival.status).toBe(200);
    const rivalIds = listCrmCardCampaigns.response.parse(rival.body.payload).campaigns.map((c) => c.bgCampaignId);
    expect(rivalIds.filter((id) => id.startsWith('bg-campaign-demo'))).toEqual([]);
    expect(rivalAdds.status).toBe(404);
    expect(unconnected.status).toBe(404);
    expect(unconnected.body.error).toMatch(/not connected to any advertiser/);
  });

  it('keeps the line-item and segment calls to the signature and to advertisers of the portal', async () => {
    // Prepare
    const ticket = await callAsCard(createCrmCardPickerTicket, {
      query: portal(),
      body: { domain: 'meadowbrookfoods.com', companyName: 'Meadowbrook Foods' },
    });
    const { ticket: pickerTicket } = ZPickerTicket.parse(ticket.body.payload);

    // Act
    const statusByTicket = await callAsCard(updateLineItemStatusFromCrm, {
      query: portal(),
      body: { beeswaxLineItemId: 1, active: true },
      ticket: pickerTicket,
    });
    const segments = await callAsCard(listSegmentsFromCrm, {
      query: { ...portal(), advertiserId: 'bgAdvertiser-demo-bluepeak' },
    });
    const othersSegments = await callAsCard(listSegmentsFromCrm, {
      query: { ...portal(), advertiserId: 'bgAdvertiser-demo-acme' },
    });
    const rivalMakes = await callAsCard(createSegmentFromCrm, {
      query: portal(RIVAL_PORTAL),
      body: { name: 'Rival visitors', description: '', advertiserId: 'bgAdvertiser-demo-bluepeak' },
    });

    // Assess
    expect(statusByTicket.status).toBe(401);
    expect(segments.status).toBe(200);
    expect(listSegmentsFromCrm.response.parse(segments.body.payload).segments.payload).toBeInstanceOf(Array);
    expect([othersSegments.status, rivalMakes.status]).toEqual([404, 404]);
  });
});

describe('every CRM card call', () => {
  it('refuses an unsigned call, and a picker ticket on the calls that take the signature only', async () => {
    // Prepare
    const issued = await callAsCard(createCrmCardPickerTicket, {
      query: portal(),
      body: { domain: 'meadowbrookfoods.com', companyName: 'Meadowbrook Foods' },
    });
    const { ticket } = ZPickerTicket.parse(issued.body.payload);
    const query = { portalId: DEMO_PORTAL, domain: 'meadowbrookfoods.com', companyName: 'Meadowbrook Foods' };

    // Act + Assess
    for (const op of Object.values(crmCardOps)) {
      const unsigned = await fetch(`${stackInfo().apiUrl}${op.path}?portalId=${DEMO_PORTAL}`, { method: op.method });
      expect(unsigned.status, op.name).toBe(401);
      const byTicket = await callAsCard(op, { query, ticket, ...(op.method === 'GET' ? {} : { body: {} }) });
      const takesTicket = op.auth === 'hubspot-signed-or-ticket';
      if (takesTicket) expect(byTicket.status, op.name).not.toBe(401);
      else expect(byTicket.status, op.name).toBe(401);
    }
  });
});

describe('the picker ticket', () => {
  it('issues a ticket and the picker URL; the ticket lists the campaigns and adds that company only', async () => {
    // Prepare
    const issued = await callAsCard(createCrmCardPickerTicket, {
      query: portal(),
      body: { domain: 'sapphiretelecom.com', companyName: 'Sapphire Telecom' },
    });
    expect(issued.status).toBe(200);
    const { ticket, pickerUrl } = ZPickerTicket.parse(issued.body.payload);
    const url = new URL(pickerUrl);

    // Act
    const list = await callAsCard(listCrmCardCampaigns, { query: { portalId: DEMO_PORTAL }, ticket });
    const otherPortal = await callAsCard(listCrmCardCampaigns, { query: { portalId: RIVAL_PORTAL }, ticket });
    const otherCompany = await callAsCard(addCompanyToCampaign, {
      query: {
        portalId: DEMO_PORTAL,
        campaignId: BLUEPEAK_ABM,
        domain: 'highlandrobotics.com',
        companyName: 'Sapphire Telecom',
      },
      ticket,
    });
    const forged = await callAsCard(listCrmCardCampaigns, { query: { portalId: DEMO_PORTAL }, ticket: `${ticket}x` });
    const added = await callAsCard(addCompanyToCampaign, {
      query: {
        portalId: DEMO_PORTAL,
        campaignId: BLUEPEAK_ABM,
        domain: 'sapphiretelecom.com',
        companyName: 'Sapphire Telecom',
      },
      ticket,
    });

    // Assess
    expect(url.pathname).toBe('/public-campaigns-picker');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      portalId: String(DEMO_PORTAL),
      domain: 'sapphiretelecom.com',
      companyName: 'Sapphire Telecom',
      ticket,
    });
    expect(list.status).toBe(200);
    expect([otherPortal.status, otherCompany.status, forged.status]).toEqual([401, 401, 401]);
    expect(added.status).toBe(200);
    expect(added.body.payload).toEqual({ message: 'company-added' });
  });
});

describe('adding a company from the card', () => {
  it('creates its line item at the bidder with the campaign targeting, shown in the campaign line items', async () => {
    // Prepare
    const before = await lineItemsOf(BLUEPEAK_ABM);

    // Act
    const reply = await callAsCard(addCompanyToCampaign, {
      query: addQuery(BLUEPEAK_ABM, 'highlandrobotics.com', 'Highland Robotics'),
    });

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toEqual({ message: 'company-added' });
    const after = await lineItemsOf(BLUEPEAK_ABM);
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((li) => li.domain === 'highlandrobotics.com');
    expect(added).toBeDefined();
    const held = await atBidder(BLUEPEAK_ABM, 'highlandrobotics.com');
    expect(held?.id).toBe(added?.beeswaxLineItemId);
    expect(held?.active).toBe(true);
    // The campaign's geography (Massachusetts) and the company's own IP ranges.
    expect(held?.modules).toContain('USA/MA');
    expect(held?.modules).toContain('ip_range');
    // The campaign's activity log names the HubSpot user and the card.
    const activity = await callOperation(campaignOps.listCampaignActivity, {
      token: await accessTokenFor('demo'),
      params: { id: BLUEPEAK_ABM },
    });
    expect(activity.body.payload).toContainEqual(
      expect.objectContaining({
        username: CARD_USER.userEmail,
        via: 'crm-card',
        addedCompanies: [expect.objectContaining({ domain: 'highlandrobotics.com' })],
      }),
    );
  });

  it('answers already-added for a company in the campaign, and adds nothing', async () => {
    // Prepare
    const before = await lineItemsOf(BLUEPEAK_ABM);

    // Act
    const reply = await callAsCard(addCompanyToCampaign, {
      query: addQuery(BLUEPEAK_ABM, 'https://www.meadowbrookfoods.com/', 'Meadowbrook Foods'),
    });

    // Assess
    expect(reply.body.payload).toEqual({ message: 'already-added' });
    expect(await lineItemsOf(BLUEPEAK_ABM)).toHaveLength(before.length);
  });

  it('takes a signature over a form-encoded query (a space as a plus sign)', async () => {
    // Act
    const reply = await callAsCard(addCompanyToCampaign, {
      query: addQuery(BLUEPEAK_ABM, 'meadowbrookfoods.com', 'Meadowbrook Foods'),
      formEncoded: true,
    });

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toEqual({ message: 'already-added' });
  });

  it('answers company-limit-reached at maxCompanies and no-match for an unknown company', async () => {
    // Act
    const full = await callAsCard(addCompanyToCampaign, {
      query: addQuery(KEYSTONE_FULL, 'maplecrestmedia.com', 'Maplecrest Media'),
    });
    const unknown = await callAsCard(addCompanyToCampaign, {
      query: addQuery(BLUEPEAK_ABM, 'nobody-knows-this-company.example', 'Nobody'),
    });

    // Assess
    expect(full.body.payload).toEqual({ message: 'company-limit-reached' });
    expect(unknown.body.payload).toEqual({ message: 'no-match' });
    expect(await lineItemsOf(KEYSTONE_FULL)).toHaveLength(2);
  });

  it('answers 404 for a campaign that is not sales-enabled, and 400 for a bad query', async () => {
    // Act
    const hidden = await callAsCard(addCompanyToCampaign, {
      query: addQuery(NOT_SALES_ENABLED, 'maplecrestmedia.com', 'Maplecrest Media'),
    });
    const bad = await callAsCard(addCompanyToCampaign, { query: { ...portal(), campaignId: 'nope' } });

    // Assess
    expect(hidden.status).toBe(404);
    expect(bad.status).toBe(400);
  });
});

describe('signed card writes replayed within their window', () => {
  it('makes one segment of a replayed POST /public/crmcard/segments, and answers the replay as the first', async () => {
    // Prepare: one signed request, sent as HubSpot sent it, then again as a replay would.
    const name = `Replayed visitors ${Math.random().toString(36).slice(2, 10)}`;
    const call = {
      query: portal(),
      body: { name, description: 'From the card', advertiserId: BLUEPEAK },
      timestamp: nowMs(),
    };

    // Act
    const first = await callAsCard(createSegmentFromCrm, call);
    const replay = await callAsCard(createSegmentFromCrm, call);
    const another = await callAsCard(createSegmentFromCrm, { ...call, timestamp: call.timestamp + 1 });

    // Assess
    expect([first.status, replay.status, another.status]).toEqual([200, 200, 200]);
    expect(replay.body).toEqual(first.body);
    const listed = await callAsCard(listSegmentsFromCrm, { query: { ...portal(), advertiserId: BLUEPEAK } });
    const named = listSegmentsFromCrm.response
      .parse(listed.body.payload)
      .segments.payload.filter((s) => s.segment_name === name);
    // The replay made nothing; a new request (a new signature) is a segment of its own.
    expect(named.map((s) => s.segment_key).sort()).toEqual(
      [
        (first.body.payload as { segment_key: string }).segment_key,
        (another.body.payload as { segment_key: string }).segment_key,
      ].sort(),
    );
  });

  it('switches a line item once for a replayed status call, and answers the replay as the first', async () => {
    // Prepare
    const [lineItem] = await lineItemsOf(BLUEPEAK_ABM);
    if (!lineItem) throw new Error('Bluepeak ABM has no line item');
    const call = {
      query: portal(),
      body: { beeswaxLineItemId: lineItem.beeswaxLineItemId, active: !lineItem.active },
      timestamp: nowMs(),
    };

    // Act
    const first = await callAsCard(updateLineItemStatusFromCrm, call);
    const replay = await callAsCard(updateLineItemStatusFromCrm, call);

    // Assess
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(replay.body).toEqual(first.body);
    expect(first.body.payload).toMatchObject({
      beeswaxLineItemId: lineItem.beeswaxLineItemId,
      active: !lineItem.active,
    });
    // Put back as seeded, with a request of its own.
    const back = await callAsCard(updateLineItemStatusFromCrm, {
      query: portal(),
      body: { ...call.body, active: lineItem.active },
    });
    expect(back.status).toBe(200);
  });

  it('adds a company once for a replayed add call (the card GET that writes): the replay finds it added', async () => {
    // Prepare
    const before = await lineItemsOf(BLUEPEAK_ABM);
    const call = {
      query: addQuery(BLUEPEAK_ABM, 'aspenridgearchitecture.com', 'Aspen Ridge Architecture'),
      timestamp: nowMs(),
    };

    // Act
    const first = await callAsCard(addCompanyToCampaign, call);
    const replay = await callAsCard(addCompanyToCampaign, call);

    // Assess
    expect([first.body.payload, replay.body.payload]).toEqual([
      { message: 'company-added' },
      { message: 'already-added' },
    ]);
    const after = await lineItemsOf(BLUEPEAK_ABM);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((li) => li.domain === 'aspenridgearchitecture.com')).toHaveLength(1);
  });
});
