import { archiveCampaign as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { archiveCampaign } from '../domain/campaigns/update-campaign.use-case';
import { httpHandler } from '../entry/http';

/** `PUT /api/campaign/archive`: archives or unarchives a campaign (an active one can not be archived: 409). */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  archiveCampaign(
    { agencyId: caller.agencyId, bgCampaignId: body.bgCampaignId, archived: body.updateBody.archived },
    { campaigns: campaignRepository },
  ),
);
