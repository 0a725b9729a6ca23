import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';

/**
 * The bidding platform as the use cases see it, in our terms: budgets in USD, calendar days, our
 * ids beside the bidder's numeric ones. How these map to the vendor's fields and paths (Buzz 0.5
 * today, its v2 API later) is the adapter's business alone (`adapters/bidder/`).
 */

/** What kind of ads a line item or creative serves. */
export type TBidderMedia = 'display' | 'video';

/** A new advertiser at the bidder. */
export interface TBidderAdvertiserInput {
  name: string;
  /** Our id, so a bidder row can be traced back to BidGrid. */
  ourId: string;
  /** The IAB category the spec sends (000 §3). */
  category: string;
  /** The advertiser's web domain. */
  domain: string;
  active: boolean;
}

/** A campaign at the bidder: budgets in USD (spend budgets), dates `YYYY-MM-DD`. */
export interface TBidderCampaign {
  /** The bidder's advertiser id. */
  advertiserId: number;
  name: string;
  /** Our id. */
  ourId: string;
  /** The estimated (lifetime) budget. */
  totalBudget: number;
  dailyBudget: number;
  startDate: string;
  endDate: string;
  active: boolean;
}

/**
 * A line item: one per target company, bidding `cpmBid` USD per thousand impressions on the
 * company's IP ranges (CIDR), for its campaign's dates.
 */
export interface TBidderLineItem {
  advertiserId: number;
  campaignId: number;
  name: string;
  ourId: string;
  media: TBidderMedia;
  dailyBudget: number;
  cpmBid: number;
  ipRanges: string[];
  active: boolean;
}

/** A creative: its asset by URL (the bidder fetches it), its click URL. */
export interface TBidderCreative {
  advertiserId: number;
  name: string;
  ourId: string;
  media: TBidderMedia;
  width: number;
  height: number;
  clickUrl: string;
  assetUrl: string;
  active: boolean;
}

/** What a daily report is grouped by besides the day. */
export type TBidderReportDimension = 'campaign' | 'lineItem' | 'creative';

/**
 * A daily report of one campaign: its delivery per day and per `dimension`, complete. The adapter
 * splits it into as many bidder queries as it takes (by days, and by ranges of line item ids) so no
 * query's result is cut off, and fails rather than return a result that may have been cut.
 */
export interface TBidderReportRequest {
  /** The bidder's campaign id. */
  campaignId: number;
  dimension: TBidderReportDimension;
  /** First and last day, both included, `YYYY-MM-DD` (UTC days). */
  from: string;
  to: string;
  /**
   * The campaign's line items at the bidder (their bidder ids). They bound how many rows a day can
   * have, so the queries are sized from them, and a campaign with more line items than one query
   * holds is asked in ranges of their ids (ranges that together cover every id, so a line item
   * missing here is still counted).
   */
  lineItemIds: readonly number[];
}

/** One row of a daily report: the day, the bidder id of the grouped entity and its counts. */
export interface TBidderReportRow {
  day: string;
  id: number;
  counts: TMetricCounts;
}

/** The bidder's advertisers. */
export interface BidderAdvertisers {
  /** Creates the advertiser; returns the bidder's id. */
  createAdvertiser(input: TBidderAdvertiserInput): Promise<number>;
  /** Deletes an advertiser (undoing a creation whose store write failed). */
  deleteAdvertiser(advertiserId: number): Promise<void>;
}

/** The bidder's campaigns, line items, creatives, their links and delivery reports. */
export interface BidderCampaigns {
  createCampaign(campaign: TBidderCampaign): Promise<number>;
  /** Sets the given fields (full values: safe to repeat). */
  updateCampaign(campaignId: number, change: Partial<TBidderCampaign>): Promise<void>;
  createLineItem(lineItem: TBidderLineItem): Promise<number>;
  updateLineItem(lineItemId: number, change: Partial<TBidderLineItem>): Promise<void>;
  createCreative(creative: TBidderCreative): Promise<number>;
  updateCreative(creativeId: number, change: Partial<TBidderCreative>): Promise<void>;
  /** Deletes a creative (its line-item links go with it); a creative already gone is fine. */
  deleteCreative(creativeId: number): Promise<void>;
  /** Lets a line item serve a creative; returns the link's id. */
  linkCreative(creativeId: number, lineItemId: number): Promise<number>;
  /**
   * Daily rows of a campaign grouped by campaign, line item or creative: one row per day and entity
   * that delivered, none cut off (a result that may have been cut is never returned).
   */
  dailyReport(request: TBidderReportRequest): Promise<TBidderReportRow[]>;
}

/** Everything the handlers and jobs ask of the bidder. */
export type Bidder = BidderAdvertisers & BidderCampaigns;
