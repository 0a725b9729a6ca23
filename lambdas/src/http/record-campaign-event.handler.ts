import { now } from '@bidgrid/shared/clock';
import { recordCampaignEvent as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignCreationRepository } from '../adapters/repositories/campaign-creation.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { recordCampaignEvent } from '../domain/campaigns/record-campaign-event.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/campaign/event`: records, once, that the wizard finished creating the caller's campaign. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  recordCampaignEvent(
    { agencyId: caller.agencyId, username: caller.username, body },
    {
      campaigns: campaignRepository,
      advertisers: advertiserRepository,
      creation: campaignCreationRepository,
      now,
    },
  ),
);
