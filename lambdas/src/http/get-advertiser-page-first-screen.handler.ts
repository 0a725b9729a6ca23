import { now } from '@bidgrid/shared/clock';
import { listAdGroupsByCampaign } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { getAdvertiserPageFirstScreen as operation } from '@bidgrid/shared/advertisers/advertiser-page.operations';
import { listCampaignActivity, listCampaignsByAdvertiser } from '@bidgrid/shared/campaigns/campaign.operations';
import { getCreativesReport, getLineItemsReport } from '@bidgrid/shared/reports/report.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getAdvertiserPageFirstScreen } from '../domain/advertisers/get-advertiser-page-first-screen.use-case';
import type { TFirstScreenPageSizes } from '../domain/advertisers/get-advertiser-page-first-screen.use-case';
import { httpHandler } from '../entry/http';
import { sealedPartPage } from '../entry/paging';

/**
 * Each list of the screen and its own operation: its first page is that operation's default page, and its
 * cursor is sealed for that operation, so the client asks the next page there.
 */
const PARTS = {
  campaigns: listCampaignsByAdvertiser,
  lineItems: getLineItemsReport,
  activity: listCampaignActivity,
  adGroups: listAdGroupsByCampaign,
  creatives: getCreativesReport,
} as const;

const PAGE_SIZES: TFirstScreenPageSizes = {
  campaigns: PARTS.campaigns.paged.defaultLimit,
  lineItems: PARTS.lineItems.paged.defaultLimit,
  activity: PARTS.activity.paged.defaultLimit,
  adGroups: PARTS.adGroups.paged.defaultLimit,
  creatives: PARTS.creatives.paged.defaultLimit,
};

/** `GET /api/advertiser/firstscreen/{id}?timeFrame&campaignId`: the advertiser page's first screen in one read. */
export const { handler, raw } = httpHandler(operation, async ({ caller, params, query }) => {
  const screen = await getAdvertiserPageFirstScreen(
    {
      agencyId: caller.agencyId,
      advertiserId: params.id,
      timeFrame: query.timeFrame,
      campaignId: query.campaignId,
      pageSizes: PAGE_SIZES,
    },
    {
      advertisers: advertiserRepository,
      campaigns: campaignRepository,
      adGroups: adGroupRepository,
      reports: reportRepository,
      storage: creativeStorage,
      now,
    },
  );
  const { shown } = screen;
  return {
    advertiser: screen.advertiser,
    campaigns: await sealedPartPage(PARTS.campaigns, screen.campaigns, caller),
    shown: shown && {
      bgCampaignId: shown.bgCampaignId,
      lineItems: await sealedPartPage(PARTS.lineItems, shown.lineItems, caller),
      targetingSelections: shown.targetingSelections,
      activity: await sealedPartPage(PARTS.activity, shown.activity, caller),
      adGroups: await sealedPartPage(PARTS.adGroups, shown.adGroups, caller),
      creatives: shown.creatives && {
        adGroupId: shown.creatives.adGroupId,
        page: await sealedPartPage(PARTS.creatives, shown.creatives.page, caller),
      },
    },
  };
});
