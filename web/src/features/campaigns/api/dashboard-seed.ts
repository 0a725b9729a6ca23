import {
  getCampaignTargetingSelections,
  listCampaignActivity,
  listCampaignsByAdvertiser,
} from '@bidgrid/shared/api/operations/campaign.operations';
import { listAdGroupsByCampaign } from '@bidgrid/shared/api/operations/adgroup.operations';
import { getCreativesReport, getLineItemsReport } from '@bidgrid/shared/api/operations/report.operations';
import type { TAdvertiserPageFirstScreen } from '@bidgrid/shared/entities/advertiser-page.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import { isId } from '@bidgrid/shared/ids';
import { seedPrefetched } from '@/lib/api/prefetch';
import { CAMPAIGN_ID_PARAM } from '../shown-campaign';
import { initialFrame, reportRequest } from '../time-frame';
import {
  adGroupsInput,
  campaignIdInput,
  campaignsReportInput,
  creativesReportInput,
  lineItemsReportInput,
} from './dashboard-inputs';

/**
 * The query of the advertiser page's first-screen read for the campaigns dashboard about to open: the
 * frame it opens with and the campaign its address names (a well-formed id only: anything else is the
 * dashboard's to drop). Null when the dashboard opens on a day rather than a rolling frame.
 */
export function dashboardFirstScreenQuery(
  search: URLSearchParams,
): { timeFrame: TRangeTimeFrame; campaignId?: string } | null {
  const request = reportRequest(initialFrame());
  if (request.kind !== 'range') return null;
  const campaignId = search.get(CAMPAIGN_ID_PARAM);
  return { timeFrame: request.timeFrame, ...(campaignId && isId('campaign', campaignId) ? { campaignId } : {}) };
}

/**
 * Keeps the campaigns dashboard's parts of a first-screen reply for the dashboard's hooks (the same
 * inputs they ask with): the campaigns, and the shown campaign's line items, targeting, activity, ad
 * groups and first ad group's creatives.
 */
export async function seedCampaignsDashboard(
  advertiserId: string,
  timeFrame: TRangeTimeFrame,
  screen: TAdvertiserPageFirstScreen,
): Promise<void> {
  const seeds: Array<Promise<void>> = [
    seedPrefetched(listCampaignsByAdvertiser, campaignsReportInput(advertiserId, timeFrame), screen.campaigns),
  ];
  const { shown } = screen;
  if (shown) {
    const id = shown.bgCampaignId;
    seeds.push(
      seedPrefetched(getLineItemsReport, lineItemsReportInput(id, timeFrame), shown.lineItems),
      seedPrefetched(getCampaignTargetingSelections, campaignIdInput(id), {
        payload: shown.targetingSelections,
        nextCursor: null,
      }),
      seedPrefetched(listCampaignActivity, campaignIdInput(id), shown.activity),
      seedPrefetched(listAdGroupsByCampaign, adGroupsInput(id), shown.adGroups),
    );
    if (shown.creatives) {
      seeds.push(
        seedPrefetched(
          getCreativesReport,
          creativesReportInput(shown.creatives.adGroupId, timeFrame),
          shown.creatives.page,
        ),
      );
    }
  }
  await Promise.all(seeds);
}
