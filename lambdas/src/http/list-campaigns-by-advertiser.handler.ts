import { now } from '@bidgrid/shared/clock';
import { listCampaignsByAdvertiser as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { listCampaignsByAdvertiser } from '../domain/campaigns/read-campaigns.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/campaign/allbyadvertiser/{advertiserId}?timeFrame`: the advertiser's campaigns with reports. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, query, page }) =>
  listCampaignsByAdvertiser(
    { agencyId: caller.agencyId, advertiserId: params.advertiserId, timeFrame: query.timeFrame, page },
    {
      campaigns: campaignRepository,
      advertisers: advertiserRepository,
      reports: reportRepository,
      now,
    },
  ),
);
