import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { advertiser as advertiserOps, campaign as campaignOps, crm, domainList } from '@bidgrid/shared';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { bidderRows } from '../support/local-data';
import { socketsForSuite } from '../support/realtime';
import { creationPayload, makeCampaign, TEXAS } from './campaigns.fixtures';
import { DEMO_IDS } from './security/samples';

/**
 * Issue 26 §3: the crafted requests that answered 5xx on the local stack with a valid token, each
 * sent exactly as the issue lists it. Every one must now answer a 400 with field errors (or, for IP
 * ranges the server takes from its own match, a campaign targeting the match's ranges), and the
 * bound itself must still pass: the API, the forms and the bidder share one limit per field.
 */

const { createCampaign, updateCampaignDetails, getCampaign, matchCsvCompanies } = campaignOps;
const ACME = DEMO_IDS.advertiserWithCard;
const demo = () => accessTokenFor('demo');

/** A name of `length` characters. */
const nameOf = (length: number): string => `Crafted ${'n'.repeat(length - 'Crafted '.length)}`;

/** The Target Companies step's rows of a CSV match of `domains`. */
async function matched(token: string, domains: readonly string[]): Promise<TCompanyRow[]> {
  const reply = await callOperation(matchCsvCompanies, { token, body: { csvCompanies: [...domains] } });
  return reply.body.payload?.uniqueSegments ?? [];
}

/** The wizard's creation payload of a new campaign of Acme's, in Texas, with `fields` set. */
async function payload(token: string, fields: { name?: string; companies?: TCompanyRow[] } = {}) {
  const name = fields.name ?? 'Crafted request campaign';
  const body = await creationPayload(token, 'crafted', {
    advertiserId: ACME,
    maxBid: 12,
    description: 'Made by the crafted-request tests',
    name,
    targetingInfo: { geo_state: [TEXAS] },
    ...(fields.companies ? { foundCompanyInfo: { companies: fields.companies, fromFile: true } } : {}),
    campaignType: 'managed',
  });
  return body;
}

/** The IP ranges a line item targets at the bidder (its targeting expression's `ip_range` values). */
async function bidderRangesOf(alternativeId: string): Promise<string[]> {
  const [expression] = await bidderRows('targeting_expression', { alternative_id: alternativeId });
  const modules = (expression?.['modules'] ?? {}) as {
    user?: { all?: { ip_range?: { any: Array<{ value: string }> } } };
  };
  return (modules.user?.all?.ip_range?.any ?? []).map((term) => term.value);
}

describe('names of 256 to 512 characters answer 400, at the one bound the bidder takes (255)', () => {
  const sockets = socketsForSuite('demo');

  it('POST /api/campaign/create with a 256-character name: 400 on the name; 255 characters make the campaign', async () => {
    // Prepare
    const token = await demo();
    const tooLong = await payload(token, { name: nameOf(256) });
    const longest = await payload(token, { name: nameOf(255) });

    // Act
    const refused = await callOperation(createCampaign, { token, body: tooLong });
    const made = await callOperation(createCampaign, { token, body: longest });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.['name']).toEqual(['Use at most 255 characters']);
    expect(made.status).toBe(200);
    const [atBidder] = await bidderRows('campaign', { alternative_id: longest.bgCampaignId });
    expect(atBidder?.['name']).toBe(nameOf(255));
  });

  it('the createCampaign event with a 256-character name: a 400 refusal on the name', async () => {
    // Prepare
    const body = await payload(await demo(), { name: nameOf(256) });

    // Act
    const call = await sockets.demo.call('createCampaign', body);

    // Assess
    expect(call.reply).toMatchObject({ event: 'campaignCreationError', success: false, status: 400 });
    expect(call.reply.fieldErrors?.['name']).toEqual(['Use at most 255 characters']);
  });

  it('PUT /api/campaign/new/details with updateBody.name of 256 characters: 400; 255 characters rename it', async () => {
    // Prepare
    const token = await demo();
    const fixture = await makeCampaign({ startDay: 5, endDay: 35 });
    const before = await callOperation(getCampaign, { token, params: { id: fixture.id } });
    const beeswaxCampaignId = before.body.payload?.beeswaxCampaignId ?? 0;

    // Act
    const refused = await callOperation(updateCampaignDetails, {
      token,
      body: { bgCampaignId: fixture.id, beeswaxCampaignId, updateBody: { name: nameOf(256) } },
    });
    const renamed = await callOperation(updateCampaignDetails, {
      token,
      body: { bgCampaignId: fixture.id, beeswaxCampaignId, updateBody: { name: nameOf(255) } },
    });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.['updateBody.name']).toEqual(['Use at most 255 characters']);
    expect(renamed.status).toBe(200);
    expect(renamed.body.payload?.name).toBe(nameOf(255));
  });

  it('POST /api/domainlist/create with a 256-character listName: 400; 255 characters make the list', async () => {
    // Prepare
    const token = await demo();
    const list = (listName: string) => ({ bgAdvertiserId: ACME, listName, domains: ['crafted-news.example.com'] });

    // Act
    const refused = await callOperation(domainList.createDomainList, { token, body: list(nameOf(256)) });
    const made = await callOperation(domainList.createDomainList, { token, body: list(nameOf(255)) });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.['listName']).toEqual(['Use at most 255 characters']);
    expect(made.status).toBe(200);
    expect(made.body.payload?.name).toBe(nameOf(255));
  });

  it('POST /api/advertiser/create with a 300-character name: 400; 255 characters make the advertiser', async () => {
    // Prepare
    const token = await demo();
    const advertiser = (name: string) => ({
      name,
      phone: '+1 512 555 0142',
      address_1: '1 Crafted Way',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      domain: `crafted-${randomUUID().slice(0, 8)}.example.com`,
    });

    // Act
    const refused = await callOperation(advertiserOps.createAdvertiser, { token, body: advertiser(nameOf(300)) });
    const made = await callOperation(advertiserOps.createAdvertiser, { token, body: advertiser(nameOf(255)) });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.['name']).toEqual(['Use at most 255 characters']);
    expect(made.status).toBe(200);
    expect(made.body.payload?.name).toBe(nameOf(255));
  });
});

describe('targeting values are checked before any bidder call', () => {
  it('a geo_state entry whose key is not a geo option ("../../etc") answers 400 on that key', async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token);
    body.targetingInfo = { geo_state: [{ country_code_3: 'USA', region_name: 'Texas', key: '../../etc' }] };

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors?.['targetingInfo.geo_state.0.key']).toEqual(['Not a region of the geo options']);
    expect(await bidderRows('campaign', { alternative_id: body.bgCampaignId })).toEqual([]);
  });

  it('IP segment "999.1.1.1/33" answers 400 on that segment; nothing is made at the bidder', async () => {
    // Prepare
    const token = await demo();
    const [row] = await matched(token, ['ironbridgemanufacturing.com']);
    if (!row?.domainInfo) throw new Error('ironbridgemanufacturing.com did not match');
    const crafted = { ...row, domainInfo: { ...row.domainInfo, ipSegments: ['999.1.1.1/33'] } };
    const body = await payload(token, { companies: [crafted] });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors?.['foundCompanyInfo.companies.0.domainInfo.ipSegments.0']).toEqual([
      'Expected an IPv4 CIDR range like 23.24.240.0/29',
    ]);
    expect(await bidderRows('campaign', { alternative_id: body.bgCampaignId })).toEqual([]);
  });

  it('IP segment "0.0.0.0/0" sent for a matched company: the line item targets the ranges the server matched', async () => {
    // Prepare
    const token = await demo();
    const [row] = await matched(token, ['ironbridgemanufacturing.com']);
    if (!row?.domainInfo) throw new Error('ironbridgemanufacturing.com did not match');
    const matchedRanges = row.domainInfo.ipSegments;
    const crafted = { ...row, domainInfo: { ...row.domainInfo, ipSegments: ['0.0.0.0/0'] } };
    const body = await payload(token, { companies: [crafted] });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(200);
    const ranges = await bidderRangesOf(`${body.bgCampaignId}:ironbridgemanufacturing.com`);
    expect(ranges).toEqual(matchedRanges);
    expect(ranges).not.toContain('0.0.0.0/0');
  });

  it('a company the server never matched, sent as matched with its own ranges, answers 400 on that row', async () => {
    // Prepare
    const token = await demo();
    const crafted: TCompanyRow = {
      domain: 'never-matched.example.com',
      include: true,
      domainInfo: { domain: 'never-matched.example.com', companyName: 'Never Matched', ipSegments: ['10.0.0.0/8'] },
    };
    const body = await payload(token, { companies: [crafted] });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors?.['foundCompanyInfo.companies.0.domainInfo']).toEqual([
      'never-matched.example.com did not match any company: match the companies again.',
    ]);
    expect(await bidderRows('campaign', { alternative_id: body.bgCampaignId })).toEqual([]);
  });
});

describe('a negative HubSpot after ("-1") answers 400 with field errors, not 502', () => {
  const sockets = socketsForSuite('demo');
  const search = {
    bgAdvertiserId: DEMO_IDS.advertiserWithCrm,
    filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1'] }],
    after: '-1',
    numberResults: 100,
  } as const;

  it('POST /api/hubspot/companies/search', async () => {
    // Act
    const reply = await callOperationUnchecked(crm.searchHubspotCompanies, { token: await demo(), body: search });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors?.['after']).toEqual(['Must be a whole number of 0 or more, as a string']);
  });

  it('the getTargetedCompanies event', async () => {
    // Act
    const call = await sockets.demo.call('getTargetedCompanies', search);

    // Assess
    expect(call.reply).toMatchObject({ success: false, status: 400 });
    expect(call.reply.fieldErrors?.['after']).toEqual(['Must be a whole number of 0 or more, as a string']);
  });
});
