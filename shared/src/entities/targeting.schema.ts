import * as z from 'zod';
import { MAX_REQUEST_TEXT, ZBidderId, ZCountryCode3, ZKeyText } from './common.schema';

/** A selected domain list (custom or one list of a public list), with its CPM bid when split (001 §2). */
export const ZTargetingDomainList = z.object({
  beeswaxListId: ZBidderId,
  name: z.string().min(1).max(MAX_REQUEST_TEXT),
  /** CPM bid in USD for this list's domain; split public lists default to 25 (001 §9). */
  cpmBid: z.number().positive().optional(),
});
export type TTargetingDomainList = z.infer<typeof ZTargetingDomainList>;

/** A selected region (country_code_3 and region name, 000 §3). */
export const ZTargetingState = z.object({
  country_code_3: ZCountryCode3,
  region_name: z.string().min(1).max(MAX_REQUEST_TEXT),
  /** The geo option's key, so a selection can be shown checked again. */
  key: ZKeyText.optional(),
});

/** A selected role, carried as its bidder segment. */
export const ZTargetingRoleSegment = z.object({
  role_name: z.string().min(1).max(MAX_REQUEST_TEXT),
  segment_key: ZKeyText,
  roleTypeId: ZKeyText.optional(),
  roleId: ZKeyText.optional(),
});

/** A selected retargeting segment (visitor or CRM). */
export const ZTargetingRetargetingSegment = z.object({
  segment_key: ZKeyText,
  segment_name: z.string().min(1).max(MAX_REQUEST_TEXT).optional(),
});

/**
 * Targeting selections of a campaign (000 §3), also the `targetingInfo` of the creation payload
 * (001 §3). Layers the campaign does not use are empty lists (the panel shows 'N/A'). Countries are
 * derived from the selected regions (001 §2).
 */
export const ZTargetingSelections = z.object({
  domain_list: z.array(ZTargetingDomainList).default([]),
  geo_country: z.array(ZCountryCode3).default([]),
  geo_state: z.array(ZTargetingState).default([]),
  geo_zip: z.array(z.string().trim().min(1).max(16)).default([]),
  role_title_segments: z.array(ZTargetingRoleSegment).default([]),
  retargeting_segments: z.array(ZTargetingRetargetingSegment).default([]),
});
export type TTargetingSelections = z.infer<typeof ZTargetingSelections>;
