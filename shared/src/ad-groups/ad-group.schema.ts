import * as z from '../zod';
import { AD_GROUP_KINDS, AD_GROUP_TYPES } from '../constants';
import { zId } from '../ids';
import { ZIsoDateTime, ZRequestDescription, ZRequestText, ZUsername } from '../common/common.schema';

/** Ad group type (001 §3): image or video. */
export const ZAdGroupType = z.enum(AD_GROUP_TYPES);
export type TAdGroupType = z.infer<typeof ZAdGroupType>;
/** Ad group kinds enum (001 §3): single or split. */
export const ZAdGroupKind = z.enum(AD_GROUP_KINDS);
export type TAdGroupKind = z.infer<typeof ZAdGroupKind>;

/**
 * Ad group (000 §3, 001 §3): the creatives every line item of its campaign serves. Creatives and their
 * daily reports are fetched by the ad group's id.
 */
export const ZAdGroup = z.object({
  adGroupId: zId('adGroup'),
  bgAdvertiserId: zId('advertiser'),
  bgCampaignId: zId('campaign'),
  createdBy: ZUsername,
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  adGroupType: ZAdGroupType,
  createdAt: ZIsoDateTime,
  updatedAt: z.optional(ZIsoDateTime),
});
export type TAdGroup = z.infer<typeof ZAdGroup>;

/**
 * Body of `POST /adgroups/create`. The wizard creates the ad group before the campaign, under the
 * campaign id it generated. `adGroupId` may be client-generated (kept when well-formed and new);
 * `createdBy` is accepted but the server uses the caller.
 */
export const ZAdGroupCreate = z.object({
  adGroupId: z.optional(zId('adGroup')),
  bgAdvertiserId: zId('advertiser'),
  bgCampaignId: zId('campaign'),
  name: ZRequestText,
  description: ZRequestDescription,
  adGroupType: ZAdGroupType,
  createdBy: z.optional(ZUsername),
});
export type TAdGroupCreate = z.input<typeof ZAdGroupCreate>;

/** Ad group template (001 §3): a reusable named set of creative templates of an advertiser. */
export const ZAdGroupTemplate = z.object({
  id: zId('adGroupTemplate'),
  bgAdvertiserId: zId('advertiser'),
  createdBy: ZUsername,
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  adGroupType: ZAdGroupType,
  createdAt: ZIsoDateTime,
});
export type TAdGroupTemplate = z.infer<typeof ZAdGroupTemplate>;

/** Body of `POST /adgroups/templates/create`; `id` may be client-generated, `createdBy` is the caller. */
export const ZAdGroupTemplateCreate = z.object({
  id: z.optional(zId('adGroupTemplate')),
  bgAdvertiserId: zId('advertiser'),
  name: ZRequestText,
  description: ZRequestDescription,
  adGroupType: ZAdGroupType,
  createdBy: z.optional(ZUsername),
});
export type TAdGroupTemplateCreate = z.input<typeof ZAdGroupTemplateCreate>;
