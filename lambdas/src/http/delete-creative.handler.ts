import { deleteCreative as operation } from '@bidgrid/shared/api/operations/creative.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { deleteCreative } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../lib/http';

/** `DELETE /api/creatives/delete`: a creative here, at the bidder and in storage. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  deleteCreative(
    { agencyId: caller.agencyId, bgCreativeId: body.bgCreativeId, beeswaxCreativeId: body.beeswaxCreativeId },
    {
      adGroups: adGroupRepository,
      campaigns: campaignRepository,
      advertisers: advertiserRepository,
      bidder: bidderClient(),
      storage: creativeStorage,
      now: () => new Date(),
      log,
    },
  ),
);
