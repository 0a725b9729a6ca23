import { now } from '@bidgrid/shared/clock';
import { getCampaignDelivery as operation } from '@bidgrid/shared/reports/report.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getCampaignDelivery } from '../domain/campaigns/read-campaigns.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/report/campaign/delivery?bgCampaignId&timeFrame&date`: the campaign's daily delivery chart. */
export const { handler, raw } = httpHandler(operation, ({ caller, query }) =>
  getCampaignDelivery(
    { agencyId: caller.agencyId, campaignId: query.bgCampaignId, timeFrame: query.timeFrame, date: query.date },
    { campaigns: campaignRepository, reports: reportRepository, now },
  ),
);
