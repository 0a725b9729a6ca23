import { now } from '@bidgrid/shared/clock';
import { createAdvertiser as operation } from '@bidgrid/shared/advertisers/advertiser-create.operations';
import { newId } from '@bidgrid/shared/ids';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { createAdvertiser } from '../domain/advertisers/create-advertiser.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/advertiser/create`: a new advertiser of the caller's agency, created at the bidder too. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  createAdvertiser(
    { caller: { username: caller.username, agencyId: caller.agencyId }, body },
    {
      advertisers: advertiserRepository,
      bidder: bidderClient(),
      now,
      newAdvertiserId: () => newId('advertiser'),
      log,
    },
  ),
);
