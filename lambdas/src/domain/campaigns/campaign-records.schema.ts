import * as z from '@bidgrid/shared/zod';
import { ZAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { ZCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TCampaign, TCampaignReport } from '@bidgrid/shared/campaigns/campaign.schema';
import { ZCount } from '@bidgrid/shared/common/common.schema';
import { ZCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import type { TCreative, TCreativeReport } from '@bidgrid/shared/ad-groups/creative.schema';
import { ZLineItem } from '@bidgrid/shared/campaigns/line-item.schema';
import type { TLineItem, TLineItemReport } from '@bidgrid/shared/campaigns/line-item.schema';
import { zId } from '@bidgrid/shared/ids';

/**
 * What the app table stores of the campaigns dashboard's entities: the API shapes without their
 * report rows (reports live in the reports table and are joined at read time) plus what stays on
 * the server. `version` grows by one on every change, so a write can say "only if nobody changed it
 * since I read it" (no lost updates).
 */
const ZVersion = z._default(z.number().check(z.int(), z.gte(0)), 0);

/** Targeting a layer made at the bidder for a campaign (an audience, a domain list of its own). */
const ZMadeTargeting = z.object({
  audiences: z.optional(z.array(z.array(z.string().check(z.minLength(1))))),
  domainListIds: z.optional(z.array(z.number().check(z.int(), z.positive()))),
});

/** A thing a targeting layer made for the campaign and makes again on each targeting change. */
export const ZRemadeLayer = z.object({
  layer: z.enum(['publicationLists', 'roleTitles', 'retargetingSegments', 'crmEmails']),
  ref: z.record(z.string(), z.union([z.string(), z.number()])),
  targeting: ZMadeTargeting,
});
export type TRemadeLayer = z.infer<typeof ZRemadeLayer>;

/** A campaign as stored. */
export const ZCampaignRecord = z.extend(z.omit(ZCampaign, { campaignReports: true }), {
  version: ZVersion,
  /**
   * Targeting that targeting layers made for the campaign itself (the CRM e-mail segment's audience,
   * the list of split-list bids): not a selection the targeting panel edits, so a later targeting
   * change keeps sending it with every line item rather than drop those restrictions.
   */
  madeTargeting: z.optional(ZMadeTargeting),
  /**
   * What layers made for the campaign's current targeting that a targeting change makes again from
   * the stored selections (the list of split-list bids): the targeting each adds to every line item
   * and the trace its undo takes (`TargetingLayerUndos`). A change deletes these once its own are
   * stored; a change that fails sends them again with the stored targeting.
   */
  remadeLayers: z.optional(z.array(ZRemadeLayer)),
});
export type TCampaignRecord = z.infer<typeof ZCampaignRecord>;

/**
 * A line item as stored. `segmentCount` is how many IP segments its company matched: the line-item
 * table's `segment_count_nam` (000 §2), a property of the line item, not of a day's delivery.
 */
export const ZLineItemRecord = z.extend(z.omit(ZLineItem, { lineItemReports: true }), {
  bgAdvertiserId: zId('advertiser'),
  segmentCount: z._default(ZCount, 0),
  /**
   * The company's IP ranges (its part of the line item's bidder targeting), kept so a later layer
   * change can send each line item its whole targeting again. Absent on line items stored before.
   */
  ipRanges: z.optional(z.array(z.string().check(z.minLength(1)))),
  version: ZVersion,
});
export type TLineItemRecord = z.infer<typeof ZLineItemRecord>;

/** An ad group as stored. */
export const ZAdGroupRecord = ZAdGroup;
export type TAdGroupRecord = z.infer<typeof ZAdGroupRecord>;

/**
 * A creative as stored. The asset is an object key of the creative bucket (`assetKey`); the API's
 * `creativeSrc` is a presigned GET made at read time, because the bucket is private (CDK data stack).
 * `active` is false once its ad group was deleted: the bidder stops serving it until it is deleted too.
 */
export const ZCreativeRecord = z.extend(z.omit(ZCreative, { creativeSrc: true, creativeReports: true }), {
  bgCampaignId: zId('campaign'),
  assetKey: z.string().check(z.minLength(1)),
  active: z._default(z.boolean(), true),
  version: ZVersion,
});
export type TCreativeRecord = z.infer<typeof ZCreativeRecord>;

/** The campaign as the API shows it, with its report rows. */
export function toPublicCampaign(record: TCampaignRecord, reports: TCampaignReport[]): TCampaign {
  const { version: _version, madeTargeting: _made, remadeLayers: _remade, ...campaign } = record;
  return { ...campaign, campaignReports: reports };
}

/** The line item as the API shows it, with its report rows. */
export function toPublicLineItem(record: TLineItemRecord, reports: TLineItemReport[]): TLineItem {
  const {
    version: _version,
    bgAdvertiserId: _advertiser,
    segmentCount: _segments,
    ipRanges: _ranges,
    ...lineItem
  } = record;
  return { ...lineItem, lineItemReports: reports };
}

/** The creative as the API shows it: `creativeSrc` is the (presigned) URL of its asset. */
export function toPublicCreative(record: TCreativeRecord, creativeSrc: string, reports: TCreativeReport[]): TCreative {
  const { version: _version, bgCampaignId: _campaign, assetKey: _key, active: _active, ...creative } = record;
  return { ...creative, creativeSrc, creativeReports: reports };
}
