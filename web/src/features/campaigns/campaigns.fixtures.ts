import { ZCampaign, type TCampaign, type TCampaignReport } from '@bidgrid/shared/campaigns/campaign.schema';
import {
  LINE_ITEM_METRICS,
  ZLineItem,
  type TLineItem,
  type TLineItemReport,
} from '@bidgrid/shared/campaigns/line-item.schema';

export { makeAdGroup, makeAdvertiser, makeCreative } from '@/test/entity-fixtures';

/**
 * Entities as the API sends them, checked against the contract so the tests never drift from it.
 * Overrides are partial; the rest is a plausible active display campaign of the demo advertiser.
 */

export function makeReport(overrides: Partial<TCampaignReport> = {}): TCampaignReport {
  return {
    clicks: 120,
    ctr: 0.4,
    impressions: 30_000,
    spend: 150,
    cpm_usd: 5,
    cpc_usd: 1.25,
    conversions: 6,
    click_through_conversions: 2,
    spend_per_conversion: 25,
    viewthrough_conversions: 4,
    ...overrides,
  };
}

export function makeCampaign(overrides: Partial<TCampaign> = {}): TCampaign {
  return ZCampaign.parse({
    bgCampaignId: 'bg-campaign-spring',
    beeswaxCampaignId: 501,
    bgAdvertiserId: 'bgAdvertiser-acme',
    agencyId: 'bgAgency-demo',
    name: 'Spring Launch',
    description: 'Spring promotion',
    active: true,
    archived: false,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    daily_budget: 50,
    campaign_budget: 18_200,
    maxBid: 25,
    maxCompanies: null,
    showInHubspot: false,
    isVideoCampaign: false,
    accounts: 12,
    pixel_event_id: '7781',
    conversion_tag_url:
      'https://cnv.event.prod.bidr.io/log/cnv?tag_id=7781&buzz_key=bidgridlocal&value=[VALUE]&segment_key=&order=[ORDER]&ord=[CACHEBUSTER]',
    campaignReports: [makeReport()],
    createdBy: 'demo',
    ...overrides,
  });
}

/** A line-item report row with every metric: the given ones, the rest null ('N/A'). */
export function makeLineItemReport(
  beeswaxLineItemId: number,
  metrics: Partial<Record<(typeof LINE_ITEM_METRICS)[number], number | null>> = {},
): TLineItemReport {
  const all = Object.fromEntries(LINE_ITEM_METRICS.map((metric) => [metric, null])) as Record<
    (typeof LINE_ITEM_METRICS)[number],
    number | null
  >;
  return { ...all, ...metrics, beeswaxLineItemId };
}

export function makeLineItem(overrides: Partial<TLineItem> = {}): TLineItem {
  const id = overrides.beeswaxLineItemId ?? 9001;
  return ZLineItem.parse({
    beeswaxLineItemId: id,
    bgCampaignId: 'bg-campaign-spring',
    line_item_name: 'Globex Corporation',
    active: true,
    hubspotCompanyId: '7700',
    fromFile: false,
    domain: 'globex.example',
    lineItemReports: [makeLineItemReport(id, { impressions: 1000, clicks: 7, conversions: 1, spend: 12.5 })],
    ...overrides,
  });
}
