import * as z from 'zod';
import { buzzRoute, ZBuzzId, zV2List, ZNoBody, ZNoContent } from './common.wire';

/** A v2 advertiser as we create it (IAB category, default domain, our id as `alternative_id`). */
export const ZAdvertiserRequest = z.object({
  name: z.string().min(1).max(255),
  alternative_id: z.string().max(191).optional(),
  default_advertiser_domain: z.string().min(1).optional(),
  advertiser_category: z
    .string()
    .regex(/^IAB\d+(-\d+)?$/, 'Expected an IAB category like IAB3')
    .optional(),
  active: z.boolean().default(true),
});

export const ZAdvertiser = ZAdvertiserRequest.extend({
  id: ZBuzzId,
  active: z.boolean(),
  create_date: z.string(),
  update_date: z.string(),
}).loose();

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
