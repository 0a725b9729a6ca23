import { createCreative as operation } from '@bidgrid/shared/api/operations/creative.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { createCreative } from '../domain/ad-groups/create-creative.use-case';
import { httpHandler } from '../lib/http';

/** `POST /api/creatives/create` (form data): a new creative from an existing asset (`sourceUrl`). */
export const { handler, raw } = httpHandler(operation, ({ caller, body, files, log }) => {
  const { file: _declared, ...form } = body;
  return createCreative(
    { agencyId: caller.agencyId, form, file: files.find((f) => f.fieldName === 'file'), requireSourceUrl: true },
    {
      adGroups: adGroupRepository,
      campaigns: campaignRepository,
      advertisers: advertiserRepository,
      bidder: bidderClient(),
      storage: creativeStorage,
      now: () => new Date(),
      log,
    },
  );
});
