import { ApolloProvider } from '@apollo/client/react';
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getApolloClient, resetApolloClient } from '@/lib/api/apollo-client';
import { FeatureSlotsContext } from '@/lib/feature-slots';
import { createFakeApi, type FakeApi, type FakeReply } from '@/test/fake-api';
import { makeAdGroup, makeAdvertiser, makeCampaign, makeCreative } from '@/features/campaigns/campaigns.fixtures';
import { demoAgency, fakeSession, renderRoutes } from '@/test/render';
import { featureSlots } from '../feature-slots';
import { layoutModules, pageModules } from './page-modules';
import { preloadFirstRoute } from './preloaded-routes';
import { createRoutes } from './routes';

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const advertiser = makeAdvertiser();
const campaign = makeCampaign({ bgAdvertiserId: advertiser.bgAdvertiserId });
const adGroup = makeAdGroup({ bgCampaignId: campaign.bgCampaignId });

const targetingSelections = { domain_list: [], geo_country: [], geo_state: [], geo_zip: [], role_title_segments: [] };
const lineItems = { lineItems: [], lineItemReports: [] };
const creative = makeCreative();

/** The first screen the server answers for the advertiser page: each part as its own operation answers it. */
const firstScreen = {
  advertiser,
  campaigns: { payload: [campaign], nextCursor: null },
  shown: {
    bgCampaignId: campaign.bgCampaignId,
    lineItems: { payload: lineItems, nextCursor: null },
    targetingSelections,
    activity: { payload: [], nextCursor: null },
    adGroups: { payload: [adGroup], nextCursor: null },
    creatives: { adGroupId: adGroup.adGroupId, page: { payload: [creative], nextCursor: null } },
  },
};

/** The first screen's parts the page reads through it: the dashboard's reads (the advertiser is read alone too). */
const FIRST_SCREEN_PARTS = [
  'listCampaignsByAdvertiser',
  'getLineItemsReport',
  'getCampaignTargetingSelections',
  'listCampaignActivity',
  'listAdGroupsByCampaign',
  'getCreativesReport',
];

/** The advertiser page's server: every read it makes, answered; the first-screen read as given. */
const advertiserPageApi = (firstScreenReply: FakeReply = { payload: firstScreen }): FakeApi =>
  createFakeApi({
    getAdvertiserPageFirstScreen: () => firstScreenReply,
    getAdvertiser: () => ({ payload: advertiser }),
    listAdvertisersByAgency: () => ({ payload: [advertiser], nextCursor: null }),
    listCampaignsByAdvertiser: () => ({ payload: [campaign], nextCursor: null }),
    getLineItemsReport: () => ({ payload: lineItems, nextCursor: null }),
    getCampaignTargetingSelections: () => ({ payload: targetingSelections }),
    listCampaignActivity: () => ({ payload: [], nextCursor: null }),
    listAdGroupsByCampaign: () => ({ payload: [adGroup], nextCursor: null }),
    getCreativesReport: () => ({ payload: [creative], nextCursor: null }),
    getCampaignDelivery: () => ({ payload: [] }),
  });

/**
 * The real route tree and pages, with a data layout over the app's data cache (where the first screen's
 * parts are kept) on the fake API, and no realtime connection (none in jsdom).
 */
const routesOver = () =>
  createRoutes({
    dataLayout: async () => ({
      Component: () => (
        <ApolloProvider client={getApolloClient()}>
          <FeatureSlotsContext.Provider value={featureSlots}>
            <Outlet />
          </FeatureSlotsContext.Provider>
        </ApolloProvider>
      ),
    }),
  });

describe('preloaded routes', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await resetApolloClient();
  });

  it("shows the advertiser page from one first-screen read: the screens' own reads take its parts", async () => {
    // Prepare
    const api = advertiserPageApi();

    // Act
    const { router } = renderRoutes(routesOver(), { path: `/advertisers/${advertiser.bgAdvertiserId}`, session });

    // Assess: the creatives of the first ad group are on screen, and the dashboard put its campaign in the URL
    expect(await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` }, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe(`?campaignId=${campaign.bgCampaignId}`));
    expect(api.callsOf('getAdvertiserPageFirstScreen')).toEqual([
      expect.objectContaining({ params: { id: advertiser.bgAdvertiserId }, query: { timeFrame: 'ALL_TIME' } }),
    ]);
    for (const name of FIRST_SCREEN_PARTS)
      expect({ name, calls: api.callsOf(name).length }).toEqual({ name, calls: 0 });
    expect(screen.getByRole('table', { name: 'Campaign metrics' })).toBeVisible();
    expect(api.onApiError).not.toHaveBeenCalled();
  });

  it('asks the campaign the address names', async () => {
    // Prepare
    const api = advertiserPageApi();

    // Act
    renderRoutes(routesOver(), {
      path: `/advertisers/${advertiser.bgAdvertiserId}?campaignId=${campaign.bgCampaignId}`,
      session,
    });

    // Assess
    await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` }, { timeout: 5000 });
    expect(api.callsOf('getAdvertiserPageFirstScreen')[0]?.query).toEqual({
      timeFrame: 'ALL_TIME',
      campaignId: campaign.bgCampaignId,
    });
  });

  it('reads each part on its own, once and quietly, when the first-screen read fails', async () => {
    // Prepare
    const api = advertiserPageApi({ error: 'Internal error', status: 500 });

    // Act
    renderRoutes(routesOver(), { path: `/advertisers/${advertiser.bgAdvertiserId}`, session });

    // Assess: the page shows all the same; no toast for a read the user never asked for
    expect(await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` }, { timeout: 5000 })).toBeVisible();
    for (const name of FIRST_SCREEN_PARTS)
      expect({ name, calls: api.callsOf(name).length }).toEqual({ name, calls: 1 });
    expect(api.onApiError).not.toHaveBeenCalled();
  });

  it('does not preload again when the page only changes its query string', async () => {
    // Prepare
    const api = advertiserPageApi();
    const { router } = renderRoutes(routesOver(), { path: `/advertisers/${advertiser.bgAdvertiserId}`, session });
    await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` }, { timeout: 5000 });
    await waitFor(() => expect(router.state.location.search).toContain('campaignId'));

    // Act
    await router.navigate(`/advertisers/${advertiser.bgAdvertiserId}?campaignId=${campaign.bgCampaignId}&x=1`);

    // Assess: the cached answers serve the page; nothing is asked again
    expect(await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` })).toBeVisible();
    expect(api.callsOf('getAdvertiserPageFirstScreen')).toHaveLength(1);
    for (const name of FIRST_SCREEN_PARTS)
      expect({ name, calls: api.callsOf(name).length }).toEqual({ name, calls: 0 });
  });

  it("starts the first page's read at start-up, before the first render, and its loader does not start it again", async () => {
    // Prepare
    const api = advertiserPageApi();
    const path = `/advertisers/${advertiser.bgAdvertiserId}?from=start-up`;
    const page = vi.spyOn(pageModules, 'advertiser');
    const layout = vi.spyOn(layoutModules, 'data');

    // Act
    await preloadFirstRoute({ href: `http://localhost${path}`, pathname: `/advertisers/${advertiser.bgAdvertiserId}` });

    // Assess: the reads and the page's code are on their way with nothing rendered
    expect(page).toHaveBeenCalledTimes(1);
    expect(layout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.callsOf('getAdvertiserPageFirstScreen')).toHaveLength(1));
    expect(api.callsOf('getAdvertiser')).toHaveLength(1);
    renderRoutes(routesOver(), { path, session });
    expect(await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` }, { timeout: 5000 })).toBeVisible();
    // The route's loader left them alone: the advertiser's own read (its reply already kept) is not sent again.
    expect(api.callsOf('getAdvertiser')).toHaveLength(1);
    expect(api.callsOf('getAdvertiserPageFirstScreen')).toHaveLength(1);
  });

  it('starts nothing at start-up for a page without a preload', async () => {
    // Prepare
    const api = advertiserPageApi();
    const page = vi.spyOn(pageModules, 'dashboard');

    // Act
    await preloadFirstRoute({ href: 'http://localhost/dashboard', pathname: '/dashboard' });

    // Assess
    expect(api.calls).toEqual([]);
    expect(page).not.toHaveBeenCalled();
  });
});
