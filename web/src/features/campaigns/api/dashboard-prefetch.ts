import {
  getCampaignTargetingSelections,
  listCampaignActivity,
  listCampaignsByAdvertiser,
} from '@bidgrid/shared/api/operations/campaign.operations';
import { listAdGroupsByCampaign } from '@bidgrid/shared/api/operations/adgroup.operations';
import { getCreativesReport, getLineItemsReport } from '@bidgrid/shared/api/operations/report.operations';
import { compareCampaignsNewestFirst, compareNewestFirst } from '@bidgrid/shared/entities/list-order';
import { prefetchOperation } from '@/lib/api/prefetch';
import { CAMPAIGN_ID_PARAM, selectableCampaigns, shownCampaign } from '../shown-campaign';
import { initialFrame, reportRequest } from '../time-frame';
import {
  adGroupsInput,
  campaignIdInput,
  campaignsReportInput,
  creativesReportInput,
  lineItemsReportInput,
} from './dashboard-inputs';

/**
 * Starts the campaigns dashboard's reads of an advertiser page being opened (its route's loader), in the
 * order they depend on each other, so none waits for the code or the render of the screen before it:
 * the campaigns; then the shown campaign's line items, targeting, activity and ad groups; then the first
 * ad group's creatives (it starts expanded). Each input is the hook's own (the same builders), in the
 * frame the dashboard opens with. Nothing is started past a campaign list that has more pages and no
 * `campaignId`: the first campaign is only known once every page is in.
 */
export async function prefetchCampaignsDashboard(advertiserId: string, search: URLSearchParams): Promise<void> {
  const request = reportRequest(initialFrame());
  if (request.kind !== 'range') return;
  const campaigns = await prefetchOperation(
    listCampaignsByAdvertiser,
    campaignsReportInput(advertiserId, request.timeFrame),
  );
  if (!campaigns) return;
  const requestedId = search.get(CAMPAIGN_ID_PARAM);
  const sorted = [...campaigns.payload].sort(compareCampaignsNewestFirst);
  const { requested, shown } = shownCampaign(selectableCampaigns(sorted), requestedId);
  const campaign = campaigns.nextCursor === null ? shown : (requested ?? null);
  if (!campaign) return;
  const id = campaign.bgCampaignId;
  void prefetchOperation(getLineItemsReport, lineItemsReportInput(id, request.timeFrame));
  void prefetchOperation(getCampaignTargetingSelections, campaignIdInput(id));
  void prefetchOperation(listCampaignActivity, campaignIdInput(id));
  const adGroups = await prefetchOperation(listAdGroupsByCampaign, adGroupsInput(id));
  if (!adGroups || adGroups.nextCursor !== null) return;
  const first = [...adGroups.payload].sort(compareNewestFirst)[0];
  if (first) void prefetchOperation(getCreativesReport, creativesReportInput(first.adGroupId, request.timeFrame));
}
