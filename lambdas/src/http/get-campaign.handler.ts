import { now } from '@bidgrid/shared/clock';
import { getCampaign as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getCampaign } from '../domain/campaigns/read-campaigns.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/campaign/{id}`: one campaign of the caller's agency with its all-time report (else 404). */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getCampaign(
    { agencyId: caller.agencyId, campaignId: params.id },
    {
      campaigns: campaignRepository,
      advertisers: advertiserRepository,
      reports: reportRepository,
      now,
    },
  ),
);
