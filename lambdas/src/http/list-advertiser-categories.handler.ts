import { listAdvertiserCategories as operation } from '@bidgrid/shared/advertisers/advertiser.operations';
import { listAdvertiserCategories } from '../domain/advertisers/advertiser-categories';
import { httpHandler } from '../entry/http';

/** `GET /api/advertiser/categories`: the bidder's advertiser categories (IAB tier 1). */
export const { handler, raw } = httpHandler(operation, () => Promise.resolve(listAdvertiserCategories()));
