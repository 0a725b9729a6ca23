import { now } from '@bidgrid/shared/clock';
import { getCampaignDailyReport as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getCampaignDailyReport } from '../domain/campaigns/read-campaigns.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/campaign/dailyreport/{advertiserId}?date&camapign_id`: the advertiser's campaigns on one day. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, query, page }) =>
  getCampaignDailyReport(
    { agencyId: caller.agencyId, advertiserId: params.id, date: query.date, campaignId: query.camapign_id, page },
    {
      campaigns: campaignRepository,
      advertisers: advertiserRepository,
      reports: reportRepository,
      now,
    },
  ),
);
