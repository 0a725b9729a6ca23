import { now } from '@bidgrid/shared/clock';
import { getLineItemsDailyReport as operation } from '@bidgrid/shared/reports/report.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getLineItemsDailyReport } from '../domain/reports/line-item-reports.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/report/lineitems/dailyreport?bgCampaignId&date`: the campaign's line items on one day. */
export const { handler, raw } = httpHandler(operation, ({ caller, query, page }) =>
  getLineItemsDailyReport(
    { agencyId: caller.agencyId, campaignId: query.bgCampaignId, date: query.date, page },
    { campaigns: campaignRepository, reports: reportRepository, now },
  ),
);
