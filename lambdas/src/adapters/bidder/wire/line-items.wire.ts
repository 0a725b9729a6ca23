import * as z from '@bidgrid/shared/zod';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
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
  values: z.object({ cpm_bid: z.number().check(z.positive(), z.lte(1000)) }),
  pacing: z._default(z.enum(['none', 'daily', 'lifetime']), 'daily'),
});

export const ZLineItemRequest = z.object({
  campaign_id: ZBuzzId,
  name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
  type: z.enum(['banner', 'video', 'native']),
  budget_type: z._default(z.enum(['spend', 'impressions', 'spend with vendor fees']), 'spend'),
  spend_budget: ZSpendBudget,
  bidding: ZBidding,
  targeting_expression_id: z.optional(ZBuzzId),
  start_date: z.optional(ZBuzzDateTime),
  end_date: z.optional(ZBuzzDateTime),
  active: z._default(z.literal(false), false),
});

/** A change: the campaign and type stay; `active` may now be true. */
export const ZLineItemPatch = z.partial(
  z.extend(z.omit(ZLineItemRequest, { campaign_id: true, type: true, active: true }), { active: z.boolean() }),
);

export const ZLineItem = z.looseObject(
  z.extend(ZLineItemRequest, {
    id: ZBuzzId,
    active: z.boolean(),
    budget_type: z.string(),
    create_date: z.string(),
    update_date: z.string(),
  }).shape,
);

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
