import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { campaign as campaignOps, segment as segmentOps } from '@bidgrid/shared';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { hashedEmail } from '@bidgrid/lambdas/adapters/bidder/bidder-client';
import { accessTokenFor, callAllPages, callOperation, callOperationUnchecked } from '../support/api';
import { bidderSegmentsOf, bidderSession } from '../support/local-data';
import { socketsForSuite } from '../support/realtime';
import { stackInfo } from '../support/stack';
import { clearBidderFaults, creationPayload, injectBidderFault } from './campaigns.fixtures';
import { DEMO_IDS } from './security/samples';

const { createSegment, createEmailSegment, listSegmentsByAdvertiser } = segmentOps;
const { createCampaign, matchCsvCompanies } = campaignOps;

const ACME = DEMO_IDS.advertiserWithCard;
const BLUEPEAK = DEMO_IDS.advertiserWithCrm;
const DOMAINS = ['ironbridgemanufacturing.com', 'sapphiretelecom.com'];
/** The local stack's HEM salt (`cdk/local/gateway/lambda-env.ts`). */
const LOCAL_HEM_SALT = 'bidder-local-hem-salt';

const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');

afterEach(async () => {
  await clearBidderFaults();
});

/** The hashed members the bidder simulator holds for a segment key. */
async function membersOf(key: string): Promise<string[]> {
  const res = await fetch(`${stackInfo().simulators.bidder}/__segments/${encodeURIComponent(key)}`);
  if (res.status !== 200) throw new Error(`segment ${key}: ${res.status}`);
  return ((await res.json()) as { members: string[] }).members;
}

/** Every segment of Acme as the demo user lists them. */
async function acmeSegments(token: string) {
  return (await callAllPages(listSegmentsByAdvertiser, { token, params: { advertiserId: ACME } })).payloads.flat();
}

describe('retargeting segments (REST)', () => {
  it("creates a visitor segment at the bidder with its tag, listed for the advertiser's agency only", async () => {
    // Prepare
    const token = await demo();
    const name = `Visitors ${randomUUID().slice(0, 8)}`;

    // Act
    const made = await callOperation(createSegment, {
      token,
      body: { name, description: 'Made by the segments test', advertiserId: ACME },
    });
    const listed = await acmeSegments(token);
    const theirs = await callOperation(listSegmentsByAdvertiser, {
      token: await rival(),
      params: { advertiserId: ACME },
    });

    // Assess
    expect(made.status).toBe(200);
    const segment = made.body.payload;
    expect(segment).toMatchObject({ segment_name: name, segment_description: 'Made by the segments test' });
    expect(segment?.tag).toMatch(
      new RegExp(
        `^<img src="https://segment\\.prod\\.bidr\\.io/associate-segment\\?segment_key=${segment?.segment_key}&`,
      ),
    );
    expect(await membersOf(segment?.segment_key ?? '')).toEqual([]);
    expect(listed.find((s) => s.segment_key === segment?.segment_key)).toEqual(segment);
    expect(theirs.status).toBe(404);
  });

  it("refuses another agency's advertiser with 404 and bad input with 400 and field errors", async () => {
    // Act
    const spoofed = await callOperation(createSegment, {
      token: await rival(),
      body: { name: 'Not mine', advertiserId: ACME },
    });
    const noName = await callOperationUnchecked(createSegment, { token: await demo(), body: { advertiserId: ACME } });
    const badId = await callOperationUnchecked(createSegment, {
      token: await demo(),
      body: { name: 'x', advertiserId: 'acme' },
    });
    // Longer than the bidder takes (255): a field error, never the bidder's refusal as a 500.
    const longName = await callOperationUnchecked(createSegment, {
      token: await demo(),
      body: { name: 'n'.repeat(300), advertiserId: ACME },
    });
    const noEmails = await callOperationUnchecked(createEmailSegment, {
      token: await demo(),
      body: { name: 'x', advertiserId: ACME, emailsToHash: [] },
    });

    // Assess
    expect(spoofed.status).toBe(404);
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ success: false, fieldErrors: { name: [expect.any(String)] } });
    expect(badId.body).toMatchObject({ fieldErrors: { advertiserId: [expect.any(String)] } });
    expect(longName.status).toBe(400);
    expect(longName.body).toMatchObject({ fieldErrors: { name: [expect.any(String)] } });
    expect(noEmails.body).toMatchObject({ fieldErrors: { emailsToHash: ['Add at least one e-mail address.'] } });
  });

  it("makes a 'Hashed Emails for' segment from e-mails, uploaded hashed with the account's salt", async () => {
    // Prepare
    const token = await demo();
    const name = `Webinar ${randomUUID().slice(0, 8)}`;
    const emails = ['ann@acme.example', 'Bob@acme.example', 'cy@other.example'];

    // Act
    const made = await callOperation(createEmailSegment, {
      token,
      body: { name, advertiserId: ACME, emailsToHash: [{ domain: 'general', emails }] },
    });

    // Assess
    expect(made.status).toBe(200);
    expect(made.body.payload).toMatchObject({
      segment_name: `Hashed Emails for ${name}`,
      segment_description: `Hashed Emails for ${name}`,
    });
    const members = await membersOf(made.body.payload?.segment_key ?? '');
    expect(members.sort()).toEqual(emails.map((e) => hashedEmail(e.toLowerCase(), LOCAL_HEM_SALT)).sort());
    expect(members.join()).not.toContain('@');
  });
});

describe('getContactsFromList (realtime)', () => {
  const sockets = socketsForSuite('demo', 'rival');

  it("answers a contact list's e-mails comma-separated to the advertiser's agency", async () => {
    // Act
    const result = await sockets.demo.call('getContactsFromList', { bgAdvertiserId: BLUEPEAK, hubspotListId: '105' });

    // Assess
    expect(result.reply).toMatchObject({ event: 'retrievedContacts', success: true });
    const emails = (result.payloads as string[]).join(',').split(',');
    expect(emails).toHaveLength(85);
    expect(emails.every((e) => /^[^@,\s]+@[^@,\s]+\.[a-z]+$/.test(e))).toBe(true);
  });

  it('answers 404 for the rival, for a company list and for an unknown list, and 400 for bad input', async () => {
    // Act
    const theirs = await sockets.rival.call('getContactsFromList', { bgAdvertiserId: BLUEPEAK, hubspotListId: '105' });
    const companyList = await sockets.demo.call('getContactsFromList', {
      bgAdvertiserId: BLUEPEAK,
      hubspotListId: '101',
    });
    const unknown = await sockets.demo.call('getContactsFromList', { bgAdvertiserId: BLUEPEAK, hubspotListId: '999' });
    const missing = await sockets.demo.call('getContactsFromList', { bgAdvertiserId: BLUEPEAK });
    const badId = await sockets.demo.call('getContactsFromList', { bgAdvertiserId: 'bluepeak', hubspotListId: '105' });

    // Assess
    expect(theirs.reply).toMatchObject({ event: 'retrievedContacts', success: false, status: 404, payload: null });
    expect(companyList.reply).toMatchObject({ success: false, status: 404, error: 'HubSpot contact list not found.' });
    expect(unknown.reply).toMatchObject({ success: false, status: 404 });
    expect(missing.reply).toMatchObject({
      success: false,
      status: 400,
      fieldErrors: { hubspotListId: [expect.any(String)] },
    });
    expect(badId.reply).toMatchObject({
      success: false,
      status: 400,
      fieldErrors: { bgAdvertiserId: [expect.any(String)] },
    });
  });
});

describe('campaign creation with the retargeting layers', () => {
  /** A creation payload of Acme with two matched companies and the given layers. */
  async function payload(token: string, layers: Pick<TCampaignCreate, 'targetingInfo' | 'foundEmailsInfo'>) {
    const matched = await callOperation(matchCsvCompanies, { token, body: { csvCompanies: DOMAINS } });
    const companies: TCompanyRow[] = matched.body.payload?.uniqueSegments ?? [];
    const name = `Retargeting ${randomUUID().slice(0, 8)}`;
    return creationPayload(token, 'seg', {
      advertiserId: ACME,
      maxBid: 12,
      description: '',
      name,
      foundCompanyInfo: { companies, fromFile: true },
      campaignType: 'custom',
      ...layers,
    });
  }

  /** The segment expressions of a campaign's line items at the bidder. */
  async function expressionsOf(bgCampaignId: string): Promise<string[]> {
    const cookie = await bidderSession();
    const rows = await Promise.all(
      DOMAINS.map(async (domain) => {
        const res = await fetch(
          `${stackInfo().simulators.bidder}/rest/v2/targeting-expressions?alternative_id=${encodeURIComponent(`${bgCampaignId}:${domain}`)}`,
          { headers: { cookie } },
        );
        return ((await res.json()) as { results: Array<{ modules: unknown }> }).results;
      }),
    );
    return rows.flat().map((row) => {
      const modules = row.modules as { user?: { all?: { segment?: { any?: Array<{ value: string }> } } } };
      return modules.user?.all?.segment?.any?.[0]?.value ?? '';
    });
  }

  const emailsInfo = {
    emailsToHash: [{ domain: 'general', emails: ['dana@ironbridgemanufacturing.com', 'sam@sapphiretelecom.com'] }],
    fromFile: true,
  };

  it('targets every line item at (visitor segments) AND the campaign-made CRM e-mail segment', async () => {
    // Prepare
    const token = await demo();
    const visitors = await callOperation(createSegment, {
      token,
      body: { name: 'Layer visitors', advertiserId: ACME },
    });
    const key = visitors.body.payload?.segment_key ?? '';
    const body = await payload(token, {
      targetingInfo: { retargeting_segments: [{ segment_key: key }] },
      foundEmailsInfo: emailsInfo,
    });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(200);
    const crm = (await acmeSegments(token)).find((s) => s.segment_name === `Hashed Emails for ${body.name}`);
    expect(crm?.segment_description).toBe(`Hashed Emails for ${body.name}`);
    expect(await expressionsOf(body.bgCampaignId)).toEqual([
      `${key} AND ${crm?.segment_key}`,
      `${key} AND ${crm?.segment_key}`,
    ]);
    expect((await membersOf(crm?.segment_key ?? '')).sort()).toEqual(
      emailsInfo.emailsToHash.flatMap((group) => group.emails.map((e) => hashedEmail(e, LOCAL_HEM_SALT))).sort(),
    );
  });

  it("refuses a segment key that is not the advertiser's with a field error, making nothing", async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token, {
      targetingInfo: { retargeting_segments: [{ segment_key: 'not-a-segment' }] },
      foundEmailsInfo: emailsInfo,
    });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      fieldErrors: { 'targetingInfo.retargeting_segments': ['Not a segment of this advertiser: not-a-segment.'] },
    });
    expect(await bidderSegmentsOf(`${body.bgCampaignId}:emails`)).toEqual([]);
  });

  it('deletes the CRM e-mail segment at the bidder and in the store when the creation fails later', async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token, { targetingInfo: {}, foundEmailsInfo: emailsInfo });
    await injectBidderFault({ method: 'POST', path: '/rest/v2/line-items', status: 400 });

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(502);
    expect(await bidderSegmentsOf(`${body.bgCampaignId}:emails`)).toEqual([]);
    expect((await acmeSegments(token)).filter((s) => s.segment_name.endsWith(body.name))).toEqual([]);
  });
});
