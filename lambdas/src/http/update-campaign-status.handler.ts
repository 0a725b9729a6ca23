import { now } from '@bidgrid/shared/clock';
import { updateCampaignStatus as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { updateCampaignStatus } from '../domain/campaigns/update-campaign.use-case';
import { httpHandler } from '../entry/http';

/** `PUT /api/campaign/new/status`: activates or deactivates a campaign here and at the bidder. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  updateCampaignStatus(
    {
      agencyId: caller.agencyId,
      bgCampaignId: body.bgCampaignId,
      beeswaxCampaignId: body.beeswaxCampaignId,
      active: body.updateBody.active,
    },
    { campaigns: campaignRepository, bidder: bidderClient(), now, log },
  ),
);
