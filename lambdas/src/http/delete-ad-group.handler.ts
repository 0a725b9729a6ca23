import { deleteAdGroup as operation } from '@bidgrid/shared/api/operations/adgroup.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { deleteAdGroup } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../lib/http';

/** `DELETE /api/adGroups/delete`: removes an ad group; its creatives stop serving until deleted too. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  deleteAdGroup(
    { agencyId: caller.agencyId, adGroupId: body.adGroupId },
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
