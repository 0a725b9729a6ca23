import { listAdvertisersByAgency as operation } from '@bidgrid/shared/advertisers/advertiser.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { listAdvertisers } from '../domain/advertisers/list-advertisers.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/advertiser/agency/{agencyId}`: the caller's agency's advertisers by name; the path's id is ignored. */
export const { handler, raw } = httpHandler(operation, ({ caller, page }) =>
  listAdvertisers({ agencyId: caller.agencyId, page }, { advertisers: advertiserRepository }),
);
