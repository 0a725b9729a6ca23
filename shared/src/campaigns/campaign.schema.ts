import * as z from '../zod';
import { MAX_BID_USD } from '../constants';
import { zId } from '../ids';
import { cleanDisplayDescription } from '../common/display-text';
import {
  MAX_REQUEST_DESCRIPTION,
  ZBidUsd,
  ZBidderId,
  ZBidderName,
  ZBudgetUsd,
  ZCount,
  ZEstimatedBudgetUsd,
  ZIsoDate,
  ZIsoDateTime,
  ZMetricValue,
  ZTimeFrame,
  ZUsd,
  ZUsername,
} from '../common/common.schema';

/**
 * How a campaign was made: the three wizard flows, named after their routes
 * (`/campaigns/create/managed`, `/custom`, `/from-template`). The spec sends a `campaignType` without
 * listing its values (001 §3), so these are ours.
 */
export const CAMPAIGN_TYPES = ['managed', 'custom', 'from-template'] as const;
export const ZCampaignType = z.enum(CAMPAIGN_TYPES);
export type TCampaignType = z.infer<typeof ZCampaignType>;

/** Max bid in USD as stored and shown: positive, at most 100 (000 §5, §9). Requests use ZBidUsd (cents too). */
export const ZMaxBid = z.number().check(z.positive(), z.lte(MAX_BID_USD));

/** Company cap of a sales-enabled campaign: empty or 0 means no limit (000 §5). */
export const ZMaxCompanies = z.nullable(z.number().check(z.int(), z.gte(0)));

/**
 * Campaign report (000 §3): the campaign's totals over one time frame or one day. Counts and spend
 * are sums of daily rows; ratios are computed from the sums (null when the denominator is 0).
 */
export const ZCampaignReport = z.object({
  clicks: ZMetricValue,
  ctr: ZMetricValue,
  impressions: ZMetricValue,
  spend: ZMetricValue,
  cpm_usd: ZMetricValue,
  cpc_usd: ZMetricValue,
  conversions: ZMetricValue,
  click_through_conversions: ZMetricValue,
  spend_per_conversion: ZMetricValue,
  viewthrough_conversions: ZMetricValue,
  timeFrame: z.optional(ZTimeFrame),
  /** The day of a `CUSTOM_DATE` report. */
  date: z.optional(ZIsoDate),
  /**
   * When the report sync last pulled this campaign's numbers from the bidder: the dashboard's
   * 'as of' time. Null before its first sync.
   */
  syncedAt: z.optional(z.nullable(ZIsoDateTime)),
});
export type TCampaignReport = z.infer<typeof ZCampaignReport>;

/**
 * Campaign (000 §3). Dates are calendar days; budgets and bids USD. `accounts` is 'Matched Accounts'
 * (included, matched companies); `campaignReports[0]` is the report of the requested time frame.
 */
export const ZCampaign = z.object({
  bgCampaignId: zId('campaign'),
  beeswaxCampaignId: ZBidderId,
  bgAdvertiserId: zId('advertiser'),
  agencyId: zId('agency'),
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  active: z.boolean(),
  archived: z.boolean(),
  start_date: ZIsoDate,
  end_date: ZIsoDate,
  daily_budget: ZUsd,
  /** The estimated budget: daily budget times the days between start and end. */
  campaign_budget: ZUsd,
  maxBid: ZMaxBid,
  maxCompanies: z._default(ZMaxCompanies, null),
  showInHubspot: z.boolean(),
  isVideoCampaign: z.boolean(),
  accounts: z._default(ZCount, 0),
  /** The bidder's conversion event id (the pixel); null until the bidder made it. */
  pixel_event_id: z._default(z.nullable(z.string().check(z.minLength(1))), null),
  /**
   * The bidder's own conversion tag URL for 'Copy Conversion Pixel' (its macros in brackets); null for
   * a campaign made before the bidder gave tags, whose pixel cannot be copied.
   */
  conversion_tag_url: z._default(z.nullable(z.string().check(z.regex(/^https:\/\/[^\s"<>]+$/))), null),
  campaignReports: z._default(z.array(ZCampaignReport), []),
  campaignType: z.optional(ZCampaignType),
  createdBy: ZUsername,
  createdAt: z.optional(ZIsoDateTime),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/**
 * The rule "end date at least one day after start" (000 §5) on any object carrying both ISO dates;
 * true when either is absent (a partial update checks the stored one in the use case).
 */
export function isEndAfterStart(value: { start_date?: string | undefined; end_date?: string | undefined }): boolean {
  return value.start_date === undefined || value.end_date === undefined || value.end_date > value.start_date;
}

/**
 * `updateBody` of `PUT /campaign/new/details` (000 §7). Every field is optional so a caller sends what
 * changed, yet at least one must be present; the media type (`isVideoCampaign`) may be sent but the
 * server refuses to change it (000 §5). Form rules and messages are in `validation/`.
 */
export const ZCampaignDetailsUpdate = z
  .object({
    name: z.optional(ZBidderName),
    description: z.optional(
      z.string().check(z.overwrite(cleanDisplayDescription), z.maxLength(MAX_REQUEST_DESCRIPTION)),
    ),
    daily_budget: z.optional(ZBudgetUsd),
    campaign_budget: z.optional(ZEstimatedBudgetUsd),
    max_bid: z.optional(ZBidUsd),
    start_date: z.optional(ZIsoDate),
    end_date: z.optional(ZIsoDate),
    active: z.optional(z.boolean()),
    maxCompanies: z.optional(ZMaxCompanies),
    showInHubspot: z.optional(z.boolean()),
    isVideoCampaign: z.optional(z.boolean()),
  })
  .check(
    z.refine((value) => Object.values(value).some((v) => v !== undefined), { error: 'Nothing to update' }),
    z.refine(isEndAfterStart, { error: 'The end date must be after the start date', path: ['end_date'] }),
  );
export type TCampaignDetailsUpdate = z.infer<typeof ZCampaignDetailsUpdate>;
