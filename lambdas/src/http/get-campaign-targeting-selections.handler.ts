import { getCampaignTargetingSelections as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { getCampaignTargetingSelections } from '../domain/campaigns/read-campaigns.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/campaign/targetingSelections/{id}`: the campaign's targeting layers. */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getCampaignTargetingSelections(
    { agencyId: caller.agencyId, campaignId: params.id },
    { campaigns: campaignRepository },
  ),
);
