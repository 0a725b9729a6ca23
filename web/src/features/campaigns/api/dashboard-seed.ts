import {
  getCampaignTargetingSelections,
  listCampaignActivity,
  listCampaignsByAdvertiser,
} from '@bidgrid/shared/campaigns/campaign.operations';
import { listAdGroupsByCampaign } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { getCreativesReport, getLineItemsReport } from '@bidgrid/shared/reports/report.operations';
import type { TAdvertiserPageFirstScreen } from '@bidgrid/shared/advertisers/advertiser-page.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import { isId } from '@bidgrid/shared/ids';
import { keptAnswer, prefetchPart, type KeptAnswer, type PrefetchPart } from '@/lib/api/prefetch';
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
 * The campaigns dashboard's read known before the first-screen reply (the campaigns): its hook takes them
 * from that reply, waiting for it when it asks first.
 */
export function campaignsDashboardParts(
  advertiserId: string,
  timeFrame: TRangeTimeFrame,
): Array<PrefetchPart<TAdvertiserPageFirstScreen>> {
  return [
    prefetchPart(
      listCampaignsByAdvertiser,
      campaignsReportInput(advertiserId, timeFrame),
      (screen: TAdvertiserPageFirstScreen) => screen.campaigns,
    ),
  ];
}

/**
 * The dashboard's parts of a first-screen reply, kept for its hooks under the inputs they ask with, so
 * the dashboard shows them on its first render: the campaigns, and the shown campaign's line items,
 * targeting, activity, ad groups and first ad group's creatives.
 */
export function campaignsDashboardAnswers(
  advertiserId: string,
  timeFrame: TRangeTimeFrame,
  screen: TAdvertiserPageFirstScreen,
): KeptAnswer[] {
  const answers = [
    keptAnswer(listCampaignsByAdvertiser, campaignsReportInput(advertiserId, timeFrame), screen.campaigns),
  ];
  const { shown } = screen;
  if (!shown) return answers;
  const id = shown.bgCampaignId;
  answers.push(
    keptAnswer(getLineItemsReport, lineItemsReportInput(id, timeFrame), shown.lineItems),
    keptAnswer(getCampaignTargetingSelections, campaignIdInput(id), {
      payload: shown.targetingSelections,
      nextCursor: null,
    }),
    keptAnswer(listCampaignActivity, campaignIdInput(id), shown.activity),
    keptAnswer(listAdGroupsByCampaign, adGroupsInput(id), shown.adGroups),
  );
  if (shown.creatives) {
    answers.push(
      keptAnswer(getCreativesReport, creativesReportInput(shown.creatives.adGroupId, timeFrame), shown.creatives.page),
    );
  }
  return answers;
}
