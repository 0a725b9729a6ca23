import * as z from '@bidgrid/shared/zod';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { buzzRoute, ZBuzzId, zV2List, ZNoBody, ZNoContent } from './common.wire';

/** A v2 advertiser as we create it (IAB category, default domain, our id as `alternative_id`). */
export const ZAdvertiserRequest = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
  default_advertiser_domain: z.optional(z.string().check(z.minLength(1))),
  advertiser_category: z.optional(z.string().check(z.regex(/^IAB\d+(-\d+)?$/, 'Expected an IAB category like IAB3'))),
  active: z._default(z.boolean(), true),
});

export const ZAdvertiser = z.looseObject(
  z.extend(ZAdvertiserRequest, {
    id: ZBuzzId,
    active: z.boolean(),
    create_date: z.string(),
    update_date: z.string(),
  }).shape,
);

export const ZAdvertiserList = zV2List(ZAdvertiser);

export const advertiserRoutes = {
  create: buzzRoute({
    method: 'POST',
    path: '/rest/v2/advertisers',
    api: 'v2',
    body: 'json',
    request: ZAdvertiserRequest,
    reply: ZAdvertiser,
  }),
  get: buzzRoute({
    method: 'GET',
    path: '/rest/v2/advertisers/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZAdvertiser,
  }),
  list: buzzRoute({
    method: 'GET',
    path: '/rest/v2/advertisers',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZAdvertiserList,
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/v2/advertisers/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZNoContent,
  }),
};
