import * as z from '../zod';
import { zId } from '../ids';
import { MAX_REQUEST_TEXT, ZBidderId, ZCount, ZIsoDateTime, ZUsername } from '../common/common.schema';
import { ZTargetingSelections } from './targeting.schema';

/**
 * Targeting that stays editable after launch (issue 12, beyond the spec): from a campaign's dashboard a
 * user adds companies (domains, matched like the wizard's), removes companies (their line items) and
 * changes the layers; the change is pushed to every line item at the bidder and recorded in the
 * campaign's activity log (who, when, what).
 */

/**
 * Companies added plus removed in one change. One change is stored in one DynamoDB transaction (at
 * most 100 writes: a line item and its pointer each, the targeting, the campaign and the activity
 * entry), so it is all or nothing; bigger edits are made in several changes.
 */
export const MAX_COMPANIES_PER_CHANGE = 45;

/** A company of a campaign: its line item. */
export const ZCampaignCompany = z.object({
  beeswaxLineItemId: ZBidderId,
  name: z.string().check(z.maxLength(MAX_REQUEST_TEXT)),
  domain: z.string().check(z.maxLength(MAX_REQUEST_TEXT)),
});
export type TCampaignCompany = z.infer<typeof ZCampaignCompany>;

/** What the targeting editor starts from. */
export const ZCampaignTargetingEdit = z.object({
  bgCampaignId: zId('campaign'),
  revision: ZCount,
  targeting: ZTargetingSelections,
  /** The campaign's companies (none when it has no company layer: then none can be added). */
  companies: z.array(ZCampaignCompany),
  hasCompanyLayer: z.boolean(),
  /** The most companies the campaign may target (null: no limit). */
  maxCompanies: z.nullable(z.number().check(z.int(), z.positive())),
  /** True 175 or more days after the end date: nothing can change. */
  readOnly: z.boolean(),
});
export type TCampaignTargetingEdit = z.infer<typeof ZCampaignTargetingEdit>;

/** A layer as the activity log and the targeting panel name it. */
export const ACTIVITY_LAYERS = [
  'domain_list',
  'geo_state',
  'geo_zip',
  'role_title_segments',
  'retargeting_segments',
] as const;
export const ZActivityLayer = z.enum(ACTIVITY_LAYERS);
export type TActivityLayer = z.infer<typeof ZActivityLayer>;

/** The panel's column names of the layers (000 §2), used in the activity log too. */
export const ACTIVITY_LAYER_LABELS: Record<TActivityLayer, string> = {
  domain_list: 'Domain lists',
  geo_state: 'Geo states',
  geo_zip: 'Zip codes',
  role_title_segments: 'Role/Title',
  retargeting_segments: 'Retargeting segments',
};

/** One layer's change: the entries it gained and lost, by their shown names. */
export const ZLayerDiff = z.object({
  layer: ZActivityLayer,
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
export type TLayerDiff = z.infer<typeof ZLayerDiff>;

/** An entry of a campaign's activity log: one change, who made it and when. */
export const ZCampaignActivity = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  bgCampaignId: zId('campaign'),
  at: ZIsoDateTime,
  username: ZUsername,
  /** The targeting revision this change made. */
  revision: ZCount,
  addedCompanies: z.array(z.object({ domain: z.string(), name: z.string() })),
  removedCompanies: z.array(z.object({ domain: z.string(), name: z.string() })),
  layers: z.array(ZLayerDiff),
  /** True when the CRM e-mail layer made a new segment. */
  emailSegmentMade: z._default(z.boolean(), false),
  /**
   * Where the change came from when not the targeting editor: `crm-card` when a HubSpot user added a
   * company from the CRM card's picker (`username` is then that HubSpot user's e-mail).
   */
  via: z.optional(z.enum(['crm-card'])),
});
export type TCampaignActivity = z.infer<typeof ZCampaignActivity>;

/** A domain that was not added, and why (no match, or already in the campaign). */
export const ZNotAddedCompany = z.object({ domain: z.string(), reason: z.string() });

/** The answer to a change. */
export const ZCampaignTargetingChangeResult = z.object({
  bgCampaignId: zId('campaign'),
  /** The revision now stored (the same as sent when nothing changed). */
  revision: ZCount,
  changed: z.boolean(),
  targeting: ZTargetingSelections,
  added: z.array(ZCampaignCompany),
  removed: z.array(ZCampaignCompany),
  notAdded: z.array(ZNotAddedCompany),
  /** Line items whose targeting or budget share was changed at the bidder. */
  lineItemsUpdated: ZCount,
});
export type TCampaignTargetingChangeResult = z.infer<typeof ZCampaignTargetingChangeResult>;
