import { getAdvertiser as operation } from '@bidgrid/shared/advertisers/advertiser.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { getAdvertiser } from '../domain/advertisers/get-advertiser.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/advertiser/{id}`: one advertiser of the caller's agency (another agency's id answers 404). */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getAdvertiser({ agencyId: caller.agencyId, advertiserId: params.id }, { advertisers: advertiserRepository }),
);
