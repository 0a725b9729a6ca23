import * as z from 'zod';
import { buzzRoute, ZBuzzDateTime, ZBuzzDecimal, ZBuzzId, zV2List, ZNoBody, ZNoContent } from './common.wire';

/** A spend budget in dollars (v2: both fields are mandatory when the object is sent). */
export const ZSpendBudget = z.object({ lifetime: ZBuzzDecimal, daily: ZBuzzDecimal });

/** A v2 campaign: spend budgets, flight dates. */
export const ZCampaignRequest = z.object({
  advertiser_id: ZBuzzId,
  name: z.string().min(1).max(255),
  alternative_id: z.string().max(191).optional(),
  budget_type: z.enum(['spend', 'impressions', 'spend with vendor fees']).default('spend'),
  spend_budget: ZSpendBudget,
  start_date: ZBuzzDateTime,
  end_date: ZBuzzDateTime,
  active: z.boolean().default(false),
});

/** A change: any field but the advertiser; spend_budget whole. */
export const ZCampaignPatch = ZCampaignRequest.omit({ advertiser_id: true }).partial();

export const ZCampaign = ZCampaignRequest.extend({
  id: ZBuzzId,
  active: z.boolean(),
  budget_type: z.string(),
  create_date: z.string(),
  update_date: z.string(),
}).loose();

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
