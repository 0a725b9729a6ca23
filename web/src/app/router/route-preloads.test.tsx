import { ApolloProvider } from '@apollo/client/react';
import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FeatureSlotsContext } from '@/lib/feature-slots';
import { createFakeApi, type FakeApi } from '@/test/fake-api';
import { makeAdGroup, makeAdvertiser, makeCampaign, makeCreative } from '@/features/campaigns/campaigns.fixtures';
import { demoAgency, fakeSession, renderRoutes } from '@/test/render';
import { featureSlots } from '../feature-slots';
import { createRoutes } from './routes';

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const advertiser = makeAdvertiser();
const campaign = makeCampaign({ bgAdvertiserId: advertiser.bgAdvertiserId });
const adGroup = makeAdGroup({ bgCampaignId: campaign.bgCampaignId });

/** The advertiser page's server: every read it makes, answered. */
const advertiserPageApi = (): FakeApi =>
  createFakeApi({
    getAdvertiser: () => ({ payload: advertiser }),
    listAdvertisersByAgency: () => ({ payload: [advertiser], nextCursor: null }),
    listCampaignsByAdvertiser: () => ({ payload: [campaign], nextCursor: null }),
    getLineItemsReport: () => ({ payload: { lineItems: [], lineItemReports: [] }, nextCursor: null }),
    getCampaignTargetingSelections: () => ({
      payload: { domain_list: [], geo_country: [], geo_state: [], geo_zip: [], role_title_segments: [] },
    }),
    listCampaignActivity: () => ({ payload: [], nextCursor: null }),
    listAdGroupsByCampaign: () => ({ payload: [adGroup], nextCursor: null }),
    getCreativesReport: () => ({ payload: [makeCreative()], nextCursor: null }),
    getCampaignDelivery: () => ({ payload: [] }),
  });

/** The real route tree and pages, with a data layout over the fake API (no realtime connection in jsdom). */
const routesOver = (api: FakeApi) =>
  createRoutes({
    dataLayout: async () => ({
      Component: () => (
        <ApolloProvider client={api.apollo}>
          <FeatureSlotsContext.Provider value={featureSlots}>
            <Outlet />
          </FeatureSlotsContext.Provider>
        </ApolloProvider>
      ),
    }),
  });

describe('preloaded routes', () => {
  it('reads each of the advertiser page’s first-screen calls once: the screens take what the loader started', async () => {
    // Prepare
    const api = advertiserPageApi();

    // Act
    const { router } = renderRoutes(routesOver(api), { path: `/advertisers/${advertiser.bgAdvertiserId}`, session });

    // Assess: the creatives of the first ad group are on screen, and the dashboard put its campaign in the URL
    expect(await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` }, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe(`?campaignId=${campaign.bgCampaignId}`));
    for (const name of [
      'getAdvertiser',
      'listCampaignsByAdvertiser',
      'getLineItemsReport',
      'getCampaignTargetingSelections',
      'listCampaignActivity',
      'listAdGroupsByCampaign',
      'getCreativesReport',
    ]) {
      expect({ name, calls: api.callsOf(name).length }).toEqual({ name, calls: 1 });
    }
    expect(api.onApiError).not.toHaveBeenCalled();
  });

  it('does not preload again when the page only changes its query string', async () => {
    // Prepare
    const api = advertiserPageApi();
    const { router } = renderRoutes(routesOver(api), { path: `/advertisers/${advertiser.bgAdvertiserId}`, session });
    await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` }, { timeout: 5000 });
    await waitFor(() => expect(router.state.location.search).toContain('campaignId'));

    // Act
    await router.navigate(`/advertisers/${advertiser.bgAdvertiserId}?campaignId=${campaign.bgCampaignId}&x=1`);

    // Assess: the cached answers serve the page; nothing is asked twice
    expect(await screen.findByRole('table', { name: `Creatives of ${adGroup.name}` })).toBeVisible();
    expect(api.callsOf('listCampaignsByAdvertiser')).toHaveLength(1);
    expect(api.callsOf('getAdvertiser')).toHaveLength(1);
  });
});
