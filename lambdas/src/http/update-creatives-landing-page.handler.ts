import { updateCreativesLandingPage as operation } from '@bidgrid/shared/api/operations/creative.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { updateCreativesLandingPage } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../lib/http';

/** `PUT /api/creatives/updateLandingPage`: the click URL of every creative of an ad group. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  updateCreativesLandingPage(
    { agencyId: caller.agencyId, adGroupId: body.adGroupId, landingPage: body.landingPage },
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
