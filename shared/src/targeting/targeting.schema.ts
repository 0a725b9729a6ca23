import * as z from '../zod';
import { ZZipCode } from './zip-codes';
import { MAX_REQUEST_TEXT, ZBidUsd, ZBidderId, ZCountryCode3, ZKeyText } from '../common/common.schema';

/** A selected domain list (custom or one list of a public list), with its CPM bid when split (001 §2). */
export const ZTargetingDomainList = z.object({
  beeswaxListId: ZBidderId,
  name: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
  /**
   * CPM bid in USD for this list's domain; split public lists default to 25 (001 §9). A bid like the
   * max bid (`ZBidUsd`: positive, at most $100, whole cents): it becomes a bid multiplier at the bidder.
   */
  cpmBid: z.optional(ZBidUsd),
});
export type TTargetingDomainList = z.infer<typeof ZTargetingDomainList>;

/**
 * A selected region (country_code_3 and region name, 000 §3). A request's must be one of the geo
 * options (`ZTargetingStateRequest` in `targeting-request.schema.ts`); this is the stored shape, which
 * every reader of a campaign's targeting parses, kept free of the catalog's weight.
 */
export const ZTargetingState = z.object({
  country_code_3: ZCountryCode3,
  region_name: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
  /** The geo option's key, so a selection can be shown checked again. */
  key: z.optional(ZKeyText),
});

/** A selected role, carried as its bidder segment. */
export const ZTargetingRoleSegment = z.object({
  role_name: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
  segment_key: ZKeyText,
  roleTypeId: z.optional(ZKeyText),
  roleId: z.optional(ZKeyText),
});

/** A selected retargeting segment (visitor or CRM). */
export const ZTargetingRetargetingSegment = z.object({
  segment_key: ZKeyText,
  segment_name: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT))),
});

/**
 * Targeting selections of a campaign (000 §3), also the `targetingInfo` of the creation payload
 * (001 §3). Layers the campaign does not use are empty lists (the panel shows 'N/A'). Countries are
 * derived from the selected regions (001 §2).
 */
export const ZTargetingSelections = z.object({
  domain_list: z._default(z.array(ZTargetingDomainList), []),
  geo_country: z._default(z.array(ZCountryCode3), []),
  geo_state: z._default(z.array(ZTargetingState), []),
  geo_zip: z._default(z.array(ZZipCode), []),
  role_title_segments: z._default(z.array(ZTargetingRoleSegment), []),
  retargeting_segments: z._default(z.array(ZTargetingRetargetingSegment), []),
});
export type TTargetingSelections = z.infer<typeof ZTargetingSelections>;
