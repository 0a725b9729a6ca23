import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, type FakeHandlers } from '@/test/fake-api';
import { makeAdGroup, makeCampaign, makeCreative } from '../campaigns.fixtures';
import { prefetchCampaignsDashboard } from './dashboard-prefetch';

const spring = makeCampaign({ bgCampaignId: 'bg-campaign-spring', createdAt: '2026-02-01T00:00:00.000Z' });
const autumn = makeCampaign({
  bgCampaignId: 'bg-campaign-autumn',
  name: 'Autumn',
  createdAt: '2026-03-01T00:00:00.000Z',
});
const archived = makeCampaign({
  bgCampaignId: 'bg-campaign-archived',
  name: 'Old',
  active: false,
  archived: true,
  createdAt: '2026-04-01T00:00:00.000Z',
});
const older = makeAdGroup({ adGroupId: 'bg-ad-group-older', createdAt: '2026-01-01T00:00:00.000Z' });
const newer = makeAdGroup({ adGroupId: 'bg-ad-group-newer', createdAt: '2026-02-01T00:00:00.000Z' });

/** The dashboard's reads, answered; the campaigns page as given. */
function handlers(campaigns: { payload: unknown; nextCursor?: string | null }): FakeHandlers {
  return {
    listCampaignsByAdvertiser: () => campaigns,
    getLineItemsReport: () => ({ payload: { lineItems: [], lineItemReports: [] }, nextCursor: null }),
    getCampaignTargetingSelections: () => ({ error: 'not needed here', status: 500 }),
    listCampaignActivity: () => ({ payload: [], nextCursor: null }),
    listAdGroupsByCampaign: () => ({ payload: [older, newer], nextCursor: null }),
    getCreativesReport: () => ({ payload: [makeCreative()], nextCursor: null }),
  };
}

describe('prefetchCampaignsDashboard', () => {
  it("reads what the dashboard shows first: the newest campaign's panels and its newest ad group's creatives", async () => {
    // Prepare: the archived campaign is the newest, but the selector never shows it
    const api = createFakeApi(handlers({ payload: [spring, archived, autumn], nextCursor: null }));

    // Act
    await prefetchCampaignsDashboard('bgAdvertiser-acme', new URLSearchParams());

    // Assess
    await vi.waitFor(() => expect(api.callsOf('getCreativesReport')).toHaveLength(1));
    expect(api.callsOf('listCampaignsByAdvertiser')[0]).toMatchObject({
      params: { advertiserId: 'bgAdvertiser-acme' },
      query: { timeFrame: 'ALL_TIME' },
    });
    for (const name of ['getLineItemsReport', 'getCampaignTargetingSelections', 'listCampaignActivity']) {
      expect(api.callsOf(name)).toHaveLength(1);
    }
    expect(api.callsOf('getLineItemsReport')[0]?.query).toEqual({
      bgCampaignId: 'bg-campaign-autumn',
      timeFrame: 'ALL_TIME',
    });
    expect(api.callsOf('listAdGroupsByCampaign')[0]?.params).toEqual({ id: 'bg-campaign-autumn' });
    expect(api.callsOf('getCreativesReport')[0]?.query).toEqual({
      adGroupId: 'bg-ad-group-newer',
      timeFrame: 'ALL_TIME',
    });
    // A prefetch shows nothing: a failure is the screen's to report when it asks.
    expect(api.onApiError).not.toHaveBeenCalled();
  });

  it('follows the campaignId of the address', async () => {
    // Prepare
    const api = createFakeApi(handlers({ payload: [spring, autumn], nextCursor: null }));

    // Act
    await prefetchCampaignsDashboard('bgAdvertiser-acme', new URLSearchParams({ campaignId: 'bg-campaign-spring' }));

    // Assess
    expect(api.callsOf('listAdGroupsByCampaign')[0]?.params).toEqual({ id: 'bg-campaign-spring' });
  });

  it('stops at the campaigns when more pages follow and no campaign is named: the first is not known yet', async () => {
    // Prepare
    const api = createFakeApi(handlers({ payload: [spring, autumn], nextCursor: 'next-page' }));

    // Act
    await prefetchCampaignsDashboard('bgAdvertiser-acme', new URLSearchParams());

    // Assess
    expect(api.calls.map((call) => call.operation)).toEqual(['listCampaignsByAdvertiser']);
  });

  it('stops when the campaigns cannot be read', async () => {
    // Prepare
    const api = createFakeApi({ listCampaignsByAdvertiser: () => ({ error: 'No.', status: 500 }) });

    // Act
    await prefetchCampaignsDashboard('bgAdvertiser-acme', new URLSearchParams());

    // Assess
    expect(api.calls.map((call) => call.operation)).toEqual(['listCampaignsByAdvertiser']);
    expect(api.onApiError).not.toHaveBeenCalled();
  });
});
