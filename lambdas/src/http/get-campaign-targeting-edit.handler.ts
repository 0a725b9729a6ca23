import { now } from '@bidgrid/shared/clock';
import { getCampaignTargetingEdit as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { getCampaignTargetingEdit } from '../domain/campaigns/change-campaign-targeting.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/campaign/targetingEdit/{id}`: what the dashboard's targeting editor starts from. */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getCampaignTargetingEdit(
    { agencyId: caller.agencyId, campaignId: params.id },
    { campaigns: campaignRepository, now },
  ),
);
