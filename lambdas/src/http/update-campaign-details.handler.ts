import { now } from '@bidgrid/shared/clock';
import { updateCampaignDetails as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { updateCampaignDetails } from '../domain/campaigns/update-campaign.use-case';
import { httpHandler } from '../entry/http';

/** `PUT /api/campaign/new/details`: edits a campaign here and at the bidder with every rule of the form. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  updateCampaignDetails(
    {
      agencyId: caller.agencyId,
      bgCampaignId: body.bgCampaignId,
      beeswaxCampaignId: body.beeswaxCampaignId,
      updateBody: body.updateBody,
    },
    { campaigns: campaignRepository, bidder: bidderClient(), now, log },
  ),
);
