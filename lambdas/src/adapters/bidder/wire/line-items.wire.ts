import * as z from 'zod';
import { ZSpendBudget } from './campaigns.wire';
import { buzzRoute, ZBuzzDateTime, ZBuzzId, zV2List, ZNoBody, ZNoContent } from './common.wire';

/**
 * A v2 line item (`POST /rest/v2/line-items`, VENDORS.md; api-docs.freewheel.tv line-item-v2-changes):
 * `type` replaces `line_item_type_id`, `bidding.strategy` replaces `bidding_strategy`, budgets are
 * `spend_budget {lifetime, daily}`, targeting is a targeting expression by id. Without own dates it
 * runs for its campaign's. It is created inactive: it has no creatives yet.
 */
export const ZBidding = z.object({
  strategy: z.enum(['CPM', 'CPC', 'CPCV', 'CPM_PACED']),
  values: z.object({ cpm_bid: z.number().positive().max(1000) }),
  pacing: z.enum(['none', 'daily', 'lifetime']).default('daily'),
});

export const ZLineItemRequest = z.object({
  campaign_id: ZBuzzId,
  name: z.string().min(1).max(255),
  alternative_id: z.string().max(191).optional(),
  type: z.enum(['banner', 'video', 'native']),
  budget_type: z.enum(['spend', 'impressions', 'spend with vendor fees']).default('spend'),
  spend_budget: ZSpendBudget,
  bidding: ZBidding,
  targeting_expression_id: ZBuzzId.optional(),
  start_date: ZBuzzDateTime.optional(),
  end_date: ZBuzzDateTime.optional(),
  active: z.literal(false).default(false),
});

/** A change: the campaign and type stay; `active` may now be true. */
export const ZLineItemPatch = ZLineItemRequest.omit({ campaign_id: true, type: true, active: true })
  .extend({ active: z.boolean() })
  .partial();

export const ZLineItem = ZLineItemRequest.extend({
  id: ZBuzzId,
  active: z.boolean(),
  budget_type: z.string(),
  create_date: z.string(),
  update_date: z.string(),
}).loose();

export const lineItemRoutes = {
  create: buzzRoute({
    method: 'POST',
    path: '/rest/v2/line-items',
    api: 'v2',
    body: 'json',
    request: ZLineItemRequest,
    reply: ZLineItem,
  }),
  get: buzzRoute({
    method: 'GET',
    path: '/rest/v2/line-items/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZLineItem,
  }),
  list: buzzRoute({
    method: 'GET',
    path: '/rest/v2/line-items',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: zV2List(ZLineItem),
  }),
  update: buzzRoute({
    method: 'PATCH',
    path: '/rest/v2/line-items/:id',
    api: 'v2',
    body: 'json',
    request: ZLineItemPatch,
    reply: ZLineItem,
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/v2/line-items/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZNoContent,
  }),
};
