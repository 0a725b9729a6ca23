import '../../test-env';
import { describe, expect, it, vi } from 'vitest';
import type { TCampaignActivity } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { NotFoundError } from '../../kernel/errors';
import { listAdGroupsByCampaign } from '../ad-groups/ad-groups.use-case';
import { listCampaignActivity } from '../campaigns/change-campaign-targeting.use-case';
import { getCampaignTargetingSelections, listCampaignsByAdvertiser } from '../campaigns/read-campaigns.use-case';
import {
  adGroupFixture,
  campaignFixture,
  creativeFixture,
  lineItemFixture,
  memoryAdGroups,
  memoryCampaigns,
  memoryReports,
  memoryStorage,
} from '../campaigns/test-campaign-fakes';
import { ADVERTISER_NOT_FOUND, getAdvertiser } from './get-advertiser.use-case';
import { firstPage } from '../ports/page.port';
import { getCreativesReport } from '../reports/creative-reports.use-case';
import { getLineItemsReport } from '../reports/line-item-reports.use-case';
import { memoryAdvertisers, recordFixture } from '../test-fakes';
import { getAdvertiserPageFirstScreen } from './get-advertiser-page-first-screen.use-case';
import type { FirstScreenDeps, TFirstScreenPageSizes } from './get-advertiser-page-first-screen.use-case';

const NOW = new Date('2026-11-25T15:00:00Z');
const A = 'bgAgency-demo';
const ACME = 'bgAdvertiser-acme';
const NEWEST = 'bg-campaign-newest';

/** Page sizes small enough that the shown campaign's line items, activity and creatives run past a page. */
const SIZES: TFirstScreenPageSizes = { campaigns: 100, lineItems: 2, activity: 1, adGroups: 100, creatives: 1 };

const activityOf = (id: string, at: string): TCampaignActivity => ({
  id,
  bgCampaignId: NEWEST,
  at,
  username: 'demo',
  revision: 1,
  addedCompanies: [{ domain: 'initech.example', name: 'Initech' }],
  removedCompanies: [],
  layers: [],
  emailSegmentMade: false,
});

/**
 * Acme's campaigns in the store's order: an archived one created last, the newest one not archived (with
 * line items, targeting, activity, two ad groups and their creatives), an older one with nothing under it;
 * beside them a campaign of another advertiser of the agency and one of another agency.
 */
function world() {
  const campaigns = memoryCampaigns(
    [
      campaignFixture({ bgCampaignId: 'bg-campaign-archived', archived: true, createdAt: '2026-11-20T10:00:00.000Z' }),
      campaignFixture({ bgCampaignId: NEWEST, createdAt: '2026-11-10T10:00:00.000Z' }),
      campaignFixture({ bgCampaignId: 'bg-campaign-older', createdAt: '2026-10-01T10:00:00.000Z' }),
      campaignFixture({
        bgCampaignId: 'bg-campaign-other-advertiser',
        bgAdvertiserId: 'bgAdvertiser-other',
        createdAt: '2026-11-21T10:00:00.000Z',
      }),
      campaignFixture({ bgCampaignId: 'bg-campaign-rival', agencyId: 'bgAgency-rival' }),
    ],
    [71, 72, 73].map((id) =>
      lineItemFixture({ beeswaxLineItemId: id, bgCampaignId: NEWEST, line_item_name: `Company ${100 - id}` }),
    ),
  );
  campaigns.targeting.set(`${A}|${NEWEST}`, ZTargetingSelections.parse({ geo_zip: ['78701'] }));
  campaigns.activity.push(
    activityOf('act-2', '2026-11-15T10:00:00.000Z'),
    activityOf('act-1', '2026-11-12T10:00:00.000Z'),
  );
  const adGroups = memoryAdGroups(
    [
      adGroupFixture({ adGroupId: 'bg-ad-group-old', bgCampaignId: NEWEST, createdAt: '2026-11-11T10:00:00.000Z' }),
      adGroupFixture({ adGroupId: 'bg-ad-group-new', bgCampaignId: NEWEST, createdAt: '2026-11-12T10:00:00.000Z' }),
    ],
    [
      creativeFixture({ bgCreativeId: 'bgCreative-old', adGroupId: 'bg-ad-group-old', bgCampaignId: NEWEST }),
      creativeFixture({ bgCreativeId: 'bgCreative-1', adGroupId: 'bg-ad-group-new', bgCampaignId: NEWEST }),
      creativeFixture({
        bgCreativeId: 'bgCreative-2',
        adGroupId: 'bg-ad-group-new',
        bgCampaignId: NEWEST,
        createdAt: '2026-11-13T10:00:00.000Z',
      }),
    ],
  );
  const reports = memoryReports();
  for (const date of ['2026-11-20', '2026-11-21', '2026-11-24']) {
    reports.seed({ kind: 'campaign', agencyId: A, campaignId: NEWEST }, date, { impressions: 3000, clicks: 6 });
    reports.seed({ kind: 'lineItem', agencyId: A, beeswaxLineItemId: 71 }, date, { impressions: 1000, clicks: 2 });
    reports.seed({ kind: 'creative', agencyId: A, creativeId: 'bgCreative-2' }, date, { impressions: 500, clicks: 1 });
  }
  const deps: FirstScreenDeps = {
    advertisers: memoryAdvertisers([recordFixture()]).repo,
    campaigns: campaigns.repo,
    adGroups: adGroups.repo,
    reports: reports.repo,
    storage: memoryStorage().storage,
    now: () => NOW,
  };
  return { deps, adGroups };
}

const screenInput = (campaignId?: string, pageSizes: TFirstScreenPageSizes = SIZES) => ({
  agencyId: A,
  advertiserId: ACME,
  timeFrame: '7_DAYS' as const,
  campaignId,
  pageSizes,
});

describe('getAdvertiserPageFirstScreen', () => {
  it('answers each part as its own use case does, for the newest campaign that is not archived', async () => {
    // Prepare
    const { deps } = world();
    const campaign = { agencyId: A, campaignId: NEWEST };

    // Act
    const screen = await getAdvertiserPageFirstScreen(screenInput(), deps);

    // Assess
    expect(screen).toEqual({
      advertiser: await getAdvertiser({ agencyId: A, advertiserId: ACME }, deps),
      campaigns: await listCampaignsByAdvertiser(
        { agencyId: A, advertiserId: ACME, timeFrame: '7_DAYS', page: firstPage(100) },
        deps,
      ),
      shown: {
        bgCampaignId: NEWEST,
        lineItems: await getLineItemsReport({ ...campaign, timeFrame: '7_DAYS', page: firstPage(2) }, deps),
        targetingSelections: await getCampaignTargetingSelections(campaign, deps),
        activity: await listCampaignActivity({ ...campaign, page: firstPage(1) }, deps),
        adGroups: await listAdGroupsByCampaign({ ...campaign, page: firstPage(100) }, deps),
        creatives: {
          adGroupId: 'bg-ad-group-new',
          page: await getCreativesReport(
            { agencyId: A, adGroupId: 'bg-ad-group-new', timeFrame: '7_DAYS', page: firstPage(1) },
            deps,
          ),
        },
      },
    });
    // The parts are real pages: the lists that run past their page carry their store's cursor on.
    expect(screen.campaigns.payload.map((c) => c.bgCampaignId)).toEqual([
      'bg-campaign-archived',
      NEWEST,
      'bg-campaign-older',
    ]);
    expect(screen.shown?.lineItems.nextCursor).toBe(`lineItems/${NEWEST}@2`);
    expect(screen.shown?.activity.payload.map((a) => a.id)).toEqual(['act-2']);
    expect(screen.shown?.activity.nextCursor).toBe(`activity/${NEWEST}@1`);
    expect(screen.shown?.creatives?.page.nextCursor).toBe('creatives/bg-ad-group-new@1');
    expect(screen.shown?.targetingSelections.geo_zip).toEqual(['78701']);
    expect(screen.shown?.lineItems.payload.lineItemReports.find((r) => r.beeswaxLineItemId === 71)).toMatchObject({
      impressions: 3000,
    });
  });

  it('shows the campaign asked for when the advertiser lists it and it is not archived', async () => {
    // Prepare
    const { deps } = world();

    // Act
    const screen = await getAdvertiserPageFirstScreen(screenInput('bg-campaign-older'), deps);

    // Assess
    expect(screen.shown?.bgCampaignId).toBe('bg-campaign-older');
    expect(screen.shown?.lineItems.payload).toEqual({ lineItems: [], lineItemReports: [] });
  });

  it("falls back to the newest campaign for an archived, unknown, other advertiser's or other agency's id", async () => {
    // Prepare
    const { deps } = world();
    const asked = ['bg-campaign-archived', 'bg-campaign-gone', 'bg-campaign-other-advertiser', 'bg-campaign-rival'];

    // Act
    const screens = await Promise.all(asked.map((id) => getAdvertiserPageFirstScreen(screenInput(id), deps)));

    // Assess
    expect(screens.map((screen) => screen.shown?.bgCampaignId)).toEqual(asked.map(() => NEWEST));
  });

  it('shows only a campaign asked for in the first page when the campaigns run past it', async () => {
    // Prepare: two campaigns a page, so the first page holds the archived one and the newest one.
    const { deps } = world();
    const sizes = { ...SIZES, campaigns: 2 };

    // Act
    const none = await getAdvertiserPageFirstScreen(screenInput(undefined, sizes), deps);
    const inPage = await getAdvertiserPageFirstScreen(screenInput(NEWEST, sizes), deps);
    const pastPage = await getAdvertiserPageFirstScreen(screenInput('bg-campaign-older', sizes), deps);
    const archived = await getAdvertiserPageFirstScreen(screenInput('bg-campaign-archived', sizes), deps);

    // Assess
    expect(none.campaigns).toEqual(
      await listCampaignsByAdvertiser(
        { agencyId: A, advertiserId: ACME, timeFrame: '7_DAYS', page: firstPage(2) },
        deps,
      ),
    );
    expect(none.campaigns.nextCursor).toBe(`campaigns/${ACME}@2`);
    expect(none.shown).toBeNull();
    expect(inPage.shown?.bgCampaignId).toBe(NEWEST);
    expect(pastPage.shown).toBeNull();
    expect(archived.shown).toBeNull();
  });

  it('has no creatives for a campaign without ad groups', async () => {
    // Prepare
    const { deps } = world();

    // Act
    const screen = await getAdvertiserPageFirstScreen(screenInput('bg-campaign-older'), deps);

    // Assess
    expect(screen.shown?.adGroups).toEqual({ payload: [], nextCursor: null });
    expect(screen.shown?.creatives).toBeNull();
  });

  it('has no creatives while the ad groups run past their first page (the newest is not known yet)', async () => {
    // Prepare
    const { deps } = world();

    // Act
    const screen = await getAdvertiserPageFirstScreen(screenInput(undefined, { ...SIZES, adGroups: 1 }), deps);

    // Assess
    expect(screen.shown?.adGroups.payload).toHaveLength(1);
    expect(screen.shown?.adGroups.nextCursor).toBe(`adGroups/${NEWEST}@1`);
    expect(screen.shown?.creatives).toBeNull();
  });

  it("answers 404 for another agency's advertiser, as getAdvertiser does", async () => {
    // Prepare
    const { deps } = world();

    // Act
    const screen = getAdvertiserPageFirstScreen({ ...screenInput(), agencyId: 'bgAgency-rival' }, deps);

    // Assess
    await expect(screen).rejects.toThrow(NotFoundError);
    await expect(screen).rejects.toMatchObject({ status: 404, userMessage: ADVERTISER_NOT_FOUND });
  });

  it("starts the shown campaign's reads together, and the creatives without waiting for the line items", async () => {
    // Prepare: the line items are held until every other read of the shown campaign has started.
    const { deps } = world();
    const started: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { campaigns, adGroups } = deps;
    const gated: FirstScreenDeps = {
      ...deps,
      campaigns: {
        ...campaigns,
        listLineItemsPage: async (...args) => {
          started.push('lineItems');
          await held;
          return campaigns.listLineItemsPage(...args);
        },
        getTargeting: (...args) => (started.push('targeting'), campaigns.getTargeting(...args)),
        listActivityPage: (...args) => (started.push('activity'), campaigns.listActivityPage(...args)),
      },
      adGroups: {
        ...adGroups,
        listAdGroups: (...args) => (started.push('adGroups'), adGroups.listAdGroups(...args)),
        listCreativesPage: (...args) => (started.push('creatives'), adGroups.listCreativesPage(...args)),
      },
    };

    // Act
    const screen = getAdvertiserPageFirstScreen(screenInput(), gated);
    await vi.waitFor(() =>
      expect([...started].sort()).toEqual(['activity', 'adGroups', 'creatives', 'lineItems', 'targeting']),
    );
    release();

    // Assess
    expect((await screen).shown?.creatives?.adGroupId).toBe('bg-ad-group-new');
  });
});
