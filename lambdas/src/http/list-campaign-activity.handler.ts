import { listCampaignActivity as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { listCampaignActivity } from '../domain/campaigns/change-campaign-targeting.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/campaign/activity/{id}`: the campaign's activity log, newest first, a page at a time. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listCampaignActivity({ agencyId: caller.agencyId, campaignId: params.id, page }, { campaigns: campaignRepository }),
);
