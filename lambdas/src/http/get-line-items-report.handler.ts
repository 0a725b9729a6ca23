import { now } from '@bidgrid/shared/clock';
import { getLineItemsReport as operation } from '@bidgrid/shared/reports/report.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getLineItemsReport } from '../domain/reports/line-item-reports.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/report/lineitems?bgCampaignId&timeFrame`: the campaign's line items with their metrics. */
export const { handler, raw } = httpHandler(operation, ({ caller, query, page }) =>
  getLineItemsReport(
    { agencyId: caller.agencyId, campaignId: query.bgCampaignId, timeFrame: query.timeFrame, page },
    { campaigns: campaignRepository, reports: reportRepository, now },
  ),
);
