import { changeCreative as operation } from '@bidgrid/shared/api/operations/creative.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { changeCreative } from '../domain/ad-groups/change-creative.use-case';
import { httpHandler } from '../lib/http';

/** `POST /api/creatives/change` (form data): replaces a creative's fields, and with a new file its asset. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, files, log }) => {
  const { file: _declared, ...form } = body;
  return changeCreative(
    { agencyId: caller.agencyId, form, file: files.find((f) => f.fieldName === 'file') },
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
