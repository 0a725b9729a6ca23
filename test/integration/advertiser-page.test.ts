import { beforeAll, describe, expect, it } from 'vitest';
import {
  adgroup as adGroupOps,
  advertiser as advertiserOps,
  campaign as campaignOps,
  compareCampaignsNewestFirst,
  compareNewestFirst,
  report as reportOps,
  type ResponseOf,
  type TRangeTimeFrame,
} from '@bidgrid/shared';
import { selectableCampaigns, shownCampaign } from '@bidgrid/shared/campaigns/shown-campaign';
import { accessTokenFor, callOperation, callOperationUnchecked, type ApiReply } from '../support/api';
import { createBigAdvertiserPage, type BigAdvertiserPage } from '../support/big-advertiser-page';

/**
 * The advertiser page's first screen in one read (issue 15), against the running stack: each part is what
 * its own operation answers for the same input, and a part that runs past its page continues at its own
 * operation with the cursor the screen gave.
 */
const { getAdvertiserPageFirstScreen, getAdvertiser } = advertiserOps;
const { listCampaignsByAdvertiser, getCampaignTargetingSelections, listCampaignActivity } = campaignOps;
const { listAdGroupsByCampaign } = adGroupOps;
const { getLineItemsReport, getCreativesReport } = reportOps;

type TScreen = ResponseOf<typeof getAdvertiserPageFirstScreen>;

const ACME = 'bgAdvertiser-demo-acme';
const ENTERPRISE = 'bg-campaign-demo-enterprise';
const ARCHIVED = 'bg-campaign-demo-archived';
const OTHER_ADVERTISERS = 'bg-campaign-demo-bluepeak-abm';
const RIVAL_ADVERTISER = 'bgAdvertiser-rival-orbit';
const FRAME: TRangeTimeFrame = '30_DAYS';

const demo = () => accessTokenFor('demo');

/** The payload of a 200, or the test fails with what the server said. */
function payloadOf<T>(reply: ApiReply<T>, what: string): T {
  expect(reply.status, `${what}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.payload as T;
}

/** A first page as the screen holds it, from its own operation's reply. */
const pageOf = <T>(reply: ApiReply<T>, what: string) => ({
  payload: payloadOf(reply, what),
  nextCursor: reply.body.nextCursor ?? null,
});

async function firstScreen(token: string, advertiserId: string, campaignId?: string): Promise<TScreen> {
  const reply = await callOperation(getAdvertiserPageFirstScreen, {
    token,
    params: { id: advertiserId },
    query: { timeFrame: FRAME, ...(campaignId ? { campaignId } : {}) },
  });
  return payloadOf(reply, 'getAdvertiserPageFirstScreen');
}

/**
 * What the page read before, one operation after another: the advertiser, its campaigns, the shown campaign
 * (the dashboard's rule) and its parts, the newest ad group's creatives when the ad groups are one page.
 */
async function partByPart(token: string, advertiserId: string, campaignId?: string): Promise<TScreen> {
  const advertiser = payloadOf(
    await callOperation(getAdvertiser, { token, params: { id: advertiserId } }),
    'advertiser',
  );
  const campaigns = pageOf(
    await callOperation(listCampaignsByAdvertiser, { token, params: { advertiserId }, query: { timeFrame: FRAME } }),
    'campaigns',
  );
  const sorted = [...campaigns.payload].sort(compareCampaignsNewestFirst);
  const { requested, shown } = shownCampaign(selectableCampaigns(sorted), campaignId ?? null);
  const campaign = campaigns.nextCursor === null ? shown : (requested ?? null);
  if (!campaign) return { advertiser, campaigns, shown: null };
  const id = campaign.bgCampaignId;
  const [lineItems, targetingSelections, activity, adGroups] = await Promise.all([
    callOperation(getLineItemsReport, { token, query: { bgCampaignId: id, timeFrame: FRAME } }),
    callOperation(getCampaignTargetingSelections, { token, params: { id } }),
    callOperation(listCampaignActivity, { token, params: { id } }),
    callOperation(listAdGroupsByCampaign, { token, params: { id } }),
  ]);
  const adGroupPage = pageOf(adGroups, 'ad groups');
  const newest = adGroupPage.nextCursor === null ? [...adGroupPage.payload].sort(compareNewestFirst)[0] : undefined;
  const creatives = newest
    ? {
        adGroupId: newest.adGroupId,
        page: pageOf(
          await callOperation(getCreativesReport, { token, query: { adGroupId: newest.adGroupId, timeFrame: FRAME } }),
          'creatives',
        ),
      }
    : null;
  return {
    advertiser,
    campaigns,
    shown: {
      bgCampaignId: id,
      lineItems: pageOf(lineItems, 'line items'),
      targetingSelections: payloadOf(targetingSelections, 'targeting'),
      activity: pageOf(activity, 'activity'),
      adGroups: adGroupPage,
      creatives,
    },
  };
}

/**
 * What two reads of the same data share: a sealed cursor differs every time it is sealed (only whether there
 * is one is compared), and a creative's preview is presigned at read time (only the object it names).
 */
function comparable(screen: TScreen) {
  const cursor = <P>(page: { payload: P; nextCursor: string | null }) => ({
    payload: page.payload,
    more: page.nextCursor !== null,
  });
  const { shown } = screen;
  return {
    advertiser: screen.advertiser,
    campaigns: cursor(screen.campaigns),
    shown: shown && {
      ...shown,
      lineItems: cursor(shown.lineItems),
      activity: cursor(shown.activity),
      adGroups: cursor(shown.adGroups),
      creatives: shown.creatives && {
        adGroupId: shown.creatives.adGroupId,
        page: cursor({
          ...shown.creatives.page,
          payload: shown.creatives.page.payload.map((c) => ({ ...c, creativeSrc: c.creativeSrc.split('?')[0] })),
        }),
      },
    },
  };
}

/**
 * The screen, and the parts read one by one around it: the report sync may store new numbers (and a new
 * 'as of') at any moment, so the reads before and after must agree for the comparison to mean anything;
 * when a sync fell between them, the three reads are made again.
 */
async function screenAndParts(token: string, advertiserId: string, campaignId?: string) {
  for (let attempt = 1; ; attempt++) {
    const before = comparable(await partByPart(token, advertiserId, campaignId));
    const screen = await firstScreen(token, advertiserId, campaignId);
    const after = comparable(await partByPart(token, advertiserId, campaignId));
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 3) return { screen, parts: after };
  }
}

describe('GET /api/advertiser/firstscreen/{id}: the demo Acme page', () => {
  it("answers each part exactly as the part's own operation does", async () => {
    // Act
    const { screen, parts } = await screenAndParts(await demo(), ACME);

    // Assess
    expect(comparable(screen)).toEqual(parts);
    expect(screen.advertiser.bgAdvertiserId).toBe(ACME);
    expect(screen.campaigns.payload.length).toBeGreaterThanOrEqual(5);
    // Acme's campaigns are one page, each with ad groups and creatives: every part is there.
    expect(screen.shown?.lineItems.payload.lineItems.length).toBeGreaterThan(0);
    expect(screen.shown?.adGroups.payload.length).toBeGreaterThan(0);
    expect(screen.shown?.creatives?.page.payload.length).toBeGreaterThan(0);
    expect(screen.shown?.creatives?.adGroupId).toBe(
      [...(screen.shown?.adGroups.payload ?? [])].sort(compareNewestFirst)[0]?.adGroupId,
    );
  });

  it('shows the campaign asked for, with its parts as their operations answer them', async () => {
    // Act
    const { screen, parts } = await screenAndParts(await demo(), ACME, ENTERPRISE);

    // Assess
    expect(screen.shown?.bgCampaignId).toBe(ENTERPRISE);
    expect(comparable(screen)).toEqual(parts);
    expect(screen.shown?.targetingSelections.geo_country).toEqual(['USA', 'CAN']);
  });

  it("falls back to the newest campaign for an archived one, or another advertiser's, never showing that one", async () => {
    // Prepare
    const token = await demo();
    const unasked = await firstScreen(token, ACME);

    // Act
    const archived = await firstScreen(token, ACME, ARCHIVED);
    const otherAdvertisers = await firstScreen(token, ACME, OTHER_ADVERTISERS);

    // Assess
    expect(unasked.shown).not.toBeNull();
    expect(archived.shown?.bgCampaignId).toBe(unasked.shown?.bgCampaignId);
    expect(otherAdvertisers.shown?.bgCampaignId).toBe(unasked.shown?.bgCampaignId);
    expect(JSON.stringify(otherAdvertisers)).not.toContain(OTHER_ADVERTISERS);
  });

  it("answers the rival 404 for Acme, and never shows a demo campaign on the rival's own page", async () => {
    // Prepare
    const rival = await accessTokenFor('rival');

    // Act
    const acme = await callOperationUnchecked(getAdvertiserPageFirstScreen, {
      token: rival,
      params: { id: ACME },
      query: { campaignId: ENTERPRISE },
    });
    const own = await callOperation(getAdvertiserPageFirstScreen, {
      token: rival,
      params: { id: RIVAL_ADVERTISER },
      query: { campaignId: ENTERPRISE },
    });

    // Assess
    expect(acme.status).toBe(404);
    expect(acme.body).toMatchObject({ success: false, payload: null, error: 'Advertiser not found.' });
    expect(own.status).toBe(200);
    expect(own.body.payload?.advertiser.bgAdvertiserId).toBe(RIVAL_ADVERTISER);
    expect(own.body.payload?.shown?.bgCampaignId).not.toBe(ENTERPRISE);
    expect(JSON.stringify(own.body)).not.toContain(ENTERPRISE);
  });

  it('answers 400 with the field errors for ids of the wrong kind and a time frame it does not take', async () => {
    // Prepare
    const token = await demo();

    // Act
    const badAdvertiser = await callOperationUnchecked(getAdvertiserPageFirstScreen, {
      token,
      params: { id: 'bg-campaign-demo-enterprise' },
    });
    const badQuery = await callOperationUnchecked(getAdvertiserPageFirstScreen, {
      token,
      params: { id: ACME },
      query: { campaignId: ACME, timeFrame: 'CUSTOM_DATE' },
    });

    // Assess
    expect(badAdvertiser.status).toBe(400);
    expect(badAdvertiser.body.fieldErrors).toEqual({ id: ['Must be an id starting with bgAdvertiser-'] });
    expect(badQuery.status).toBe(400);
    expect(Object.keys(badQuery.body.fieldErrors ?? {}).sort()).toEqual(['campaignId', 'timeFrame']);
    expect(badQuery.body.fieldErrors?.['campaignId']).toEqual(['Must be an id starting with bg-campaign-']);
  });
});

describe('GET /api/advertiser/firstscreen/{id}: lists longer than their page', () => {
  let big: BigAdvertiserPage;
  let token: string;

  beforeAll(async () => {
    big = await createBigAdvertiserPage();
    token = await accessTokenFor(big.username, big.password);
  }, 120_000);

  /** The second page of a paged operation's list, from a cursor. */
  const secondPage = <T>(reply: ApiReply<T>, what: string) => ({
    payload: payloadOf(reply, what),
    ended: reply.body.nextCursor === null,
  });

  it("shows no campaign while the campaigns run past their page; their cursor continues at the campaigns' own list", async () => {
    // Prepare
    const advertiserId = big.advertiser.bgAdvertiserId;
    const direct = await callOperation(listCampaignsByAdvertiser, {
      token,
      params: { advertiserId },
      query: { timeFrame: FRAME },
    });

    // Act
    const screen = await firstScreen(token, advertiserId);
    const pastFirstPage = await firstScreen(token, advertiserId, big.campaignIds.at(-1));
    const next = await callOperation(listCampaignsByAdvertiser, {
      token,
      params: { advertiserId },
      query: { timeFrame: FRAME, cursor: screen.campaigns.nextCursor ?? '' },
    });
    const directNext = await callOperation(listCampaignsByAdvertiser, {
      token,
      params: { advertiserId },
      query: { timeFrame: FRAME, cursor: direct.body.nextCursor ?? '' },
    });

    // Assess
    expect(screen.shown).toBeNull();
    expect(pastFirstPage.shown).toBeNull();
    expect(screen.campaigns.payload).toEqual(payloadOf(direct, 'campaigns'));
    expect(screen.campaigns.payload).toHaveLength(100);
    expect(screen.campaigns.nextCursor).toEqual(expect.any(String));
    expect(secondPage(next, 'campaigns, page 2')).toEqual(secondPage(directNext, 'campaigns, page 2'));
    expect(next.body.payload?.map((c) => c.bgCampaignId)).toEqual([big.campaignIds.at(-1)]);
  });

  it('shows the campaign asked for on the first page; its long lists continue at their own operations', async () => {
    // Prepare
    const id = big.richCampaignId;

    // Act
    const screen = await firstScreen(token, big.advertiser.bgAdvertiserId, id);
    const lineItemsNext = await callOperation(getLineItemsReport, {
      token,
      query: { bgCampaignId: id, timeFrame: FRAME, cursor: screen.shown?.lineItems.nextCursor ?? '' },
    });
    const adGroupsNext = await callOperation(listAdGroupsByCampaign, {
      token,
      params: { id },
      query: { cursor: screen.shown?.adGroups.nextCursor ?? '' },
    });
    const directLineItems = await callOperation(getLineItemsReport, {
      token,
      query: { bgCampaignId: id, timeFrame: FRAME },
    });
    const directAdGroups = await callOperation(listAdGroupsByCampaign, { token, params: { id } });
    const directLineItemsNext = await callOperation(getLineItemsReport, {
      token,
      query: { bgCampaignId: id, timeFrame: FRAME, cursor: directLineItems.body.nextCursor ?? '' },
    });
    const directAdGroupsNext = await callOperation(listAdGroupsByCampaign, {
      token,
      params: { id },
      query: { cursor: directAdGroups.body.nextCursor ?? '' },
    });

    // Assess
    expect(screen.shown?.bgCampaignId).toBe(id);
    expect(screen.shown?.lineItems.payload).toEqual(payloadOf(directLineItems, 'line items'));
    expect(screen.shown?.lineItems.payload.lineItems).toHaveLength(250);
    expect(screen.shown?.adGroups.payload).toEqual(payloadOf(directAdGroups, 'ad groups'));
    expect(screen.shown?.adGroups.payload).toHaveLength(100);
    // The newest ad group is not known before every page is in: no creatives.
    expect(screen.shown?.creatives).toBeNull();
    expect(secondPage(lineItemsNext, 'line items, page 2')).toEqual(
      secondPage(directLineItemsNext, 'line items, page 2'),
    );
    expect(lineItemsNext.body.payload?.lineItems).toHaveLength(big.lineItemCount - 250);
    expect(secondPage(adGroupsNext, 'ad groups, page 2')).toEqual(secondPage(directAdGroupsNext, 'ad groups, page 2'));
    expect(adGroupsNext.body.payload).toHaveLength(big.adGroupCount - 100);
  });

  it("refuses a part's cursor at another list's operation, and for another agency", async () => {
    // Prepare
    const id = big.richCampaignId;
    const screen = await firstScreen(token, big.advertiser.bgAdvertiserId, id);
    const lineItemsCursor = screen.shown?.lineItems.nextCursor ?? '';
    const campaignsCursor = screen.campaigns.nextCursor ?? '';

    // Act
    const otherList = await callOperationUnchecked(listAdGroupsByCampaign, {
      token,
      params: { id },
      query: { cursor: lineItemsCursor },
    });
    const otherAgency = await callOperationUnchecked(listCampaignsByAdvertiser, {
      token: await demo(),
      params: { advertiserId: ACME },
      query: { cursor: campaignsCursor },
    });

    // Assess
    for (const reply of [otherList, otherAgency]) {
      expect(reply.status).toBe(400);
      expect(reply.body.payload).toBeNull();
      expect(reply.body.fieldErrors?.['cursor']).toBeDefined();
    }
  });
});
