import * as z from '@bidgrid/shared/zod';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { buzzRoute, ZBuzzDateTime, ZBuzzDecimal, ZBuzzId, zV2List, ZNoBody, ZNoContent } from './common.wire';

/** A spend budget in dollars (v2: both fields are mandatory when the object is sent). */
export const ZSpendBudget = z.object({ lifetime: ZBuzzDecimal, daily: ZBuzzDecimal });

/** A v2 campaign: spend budgets, flight dates. */
export const ZCampaignRequest = z.object({
  advertiser_id: ZBuzzId,
  name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
  budget_type: z._default(z.enum(['spend', 'impressions', 'spend with vendor fees']), 'spend'),
  spend_budget: ZSpendBudget,
  start_date: ZBuzzDateTime,
  end_date: ZBuzzDateTime,
  active: z._default(z.boolean(), false),
});

/** A change: any field but the advertiser; spend_budget whole. */
export const ZCampaignPatch = z.partial(z.omit(ZCampaignRequest, { advertiser_id: true }));

export const ZCampaign = z.looseObject(
  z.extend(ZCampaignRequest, {
    id: ZBuzzId,
    active: z.boolean(),
    budget_type: z.string(),
    create_date: z.string(),
    update_date: z.string(),
  }).shape,
);

export const campaignRoutes = {
  create: buzzRoute({
    method: 'POST',
    path: '/rest/v2/campaigns',
    api: 'v2',
    body: 'json',
    request: ZCampaignRequest,
    reply: ZCampaign,
  }),
  get: buzzRoute({
    method: 'GET',
    path: '/rest/v2/campaigns/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZCampaign,
  }),
  list: buzzRoute({
    method: 'GET',
    path: '/rest/v2/campaigns',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: zV2List(ZCampaign),
  }),
  update: buzzRoute({
    method: 'PATCH',
    path: '/rest/v2/campaigns/:id',
    api: 'v2',
    body: 'json',
    request: ZCampaignPatch,
    reply: ZCampaign,
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/v2/campaigns/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZNoContent,
  }),
};
