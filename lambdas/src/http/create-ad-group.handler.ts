import { now } from '@bidgrid/shared/clock';
import { createAdGroup as operation } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { createAdGroup } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/adgroups/create`: an ad group of one of the caller's advertisers. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  createAdGroup(
    { agencyId: caller.agencyId, username: caller.username, body },
    {
      adGroups: adGroupRepository,
      campaigns: campaignRepository,
      advertisers: advertiserRepository,
      now,
    },
  ),
);
