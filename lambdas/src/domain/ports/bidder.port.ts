import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';

/**
 * The bidding platform as the use cases see it, in our terms: budgets in USD, calendar days, our
 * ids beside the bidder's numeric ones. How these map to the vendor's fields and paths (Buzz v2,
 * and 0.5 where the vendor has no v2 route yet) is the adapter's business alone (`adapters/bidder/`).
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
 * Who a line item reaches, in our terms. Every key is optional; a key left out does not restrict.
 * Countries are ISO 3166 alpha-3 ("USA"), regions `{country, region}` ("USA", "NJ"), ZIPs
 * `{country, zip}`; a company is reached by its IP ranges (IPv4 CIDR); sites by bidder domain list
 * ids (any of them). Audiences are groups of bidder segment keys: a person must be in at least one
 * segment of every group (roles AND retargeting, each any-of), so layers narrow as 001 §1 says.
 */
export interface TBidderTargeting {
  countries?: string[];
  regions?: Array<{ country: string; region: string }>;
  zips?: Array<{ country: string; zip: string }>;
  ipRanges?: string[];
  audiences?: string[][];
  domainListIds?: number[];
}

/**
 * A line item: one per target company, bidding `cpmBid` USD per thousand impressions within its
 * targeting, for its campaign's dates. It is made inactive (it has no creatives yet): switch it on
 * with `updateLineItem(id, {active: true})` once creatives are linked.
 */
export interface TBidderLineItem {
  campaignId: number;
  name: string;
  ourId: string;
  media: TBidderMedia;
  dailyBudget: number;
  totalBudget: number;
  cpmBid: number;
  targeting: TBidderTargeting;
}

/** What may change on a line item (full values: safe to repeat). */
export type TBidderLineItemChange = Partial<
  Pick<TBidderLineItem, 'name' | 'dailyBudget' | 'totalBudget' | 'cpmBid' | 'targeting'> & { active: boolean }
>;

/** A creative's file: an image (display) or a video the bidder transcodes. */
export interface TBidderCreativeFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A creative: its file (uploaded to the bidder), its click URL. */
export interface TBidderCreative {
  advertiserId: number;
  name: string;
  ourId: string;
  media: TBidderMedia;
  width: number;
  height: number;
  clickUrl: string;
  file: TBidderCreativeFile;
  active: boolean;
}

/** What may change on a creative (its file does not: a new file is a new creative). */
export type TBidderCreativeChange = Partial<Pick<TBidderCreative, 'name' | 'width' | 'height' | 'clickUrl' | 'active'>>;

/** A list of sites or ZIPs that targeting can name. */
export interface TBidderListInput {
  /** The advertiser whose list it is; none for the account's own lists (BidGrid's public lists). */
  advertiserId?: number;
  name: string;
  ourId: string;
  kind: 'domain' | 'zip';
}

/** One list entry: the domain or ZIP, an optional bid multiplier (0-10, default 1) and label. */
export interface TBidderListItem {
  value: string;
  bidMultiplier?: number;
  label?: string;
}

/** An audience of people by e-mail. */
export interface TBidderSegmentInput {
  advertiserId: number;
  name: string;
  ourId: string;
  description?: string;
  /** How long a member stays without being sent again (days, default 30). */
  ttlDays?: number;
}

/** A conversion event of a campaign: the tag the advertiser puts on their conversion page. */
export interface TBidderConversionEventInput {
  advertiserId: number;
  name: string;
  ourId: string;
  /** Default value of one conversion in USD when the tag sends none. */
  valueUsd?: number;
}

/** A made conversion event: its id and the bidder's own tag URL (macros in brackets). */
export interface TBidderConversionEvent {
  id: number;
  tagUrl: string;
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
  updateCampaign(campaignId: number, change: Partial<Omit<TBidderCampaign, 'advertiserId'>>): Promise<void>;
  /** Deletes a campaign (undoing a creation); one already gone is fine. */
  deleteCampaign(campaignId: number): Promise<void>;
  /** Makes the line item (inactive) with its targeting; returns the bidder's id. */
  createLineItem(lineItem: TBidderLineItem): Promise<number>;
  updateLineItem(lineItemId: number, change: TBidderLineItemChange): Promise<void>;
  /** Deletes a line item and its targeting (undoing a creation); one already gone is fine. */
  deleteLineItem(lineItemId: number): Promise<void>;
  /** Uploads the file (waiting for a video to be transcoded) and makes the creative. */
  createCreative(creative: TBidderCreative): Promise<number>;
  updateCreative(creativeId: number, change: TBidderCreativeChange): Promise<void>;
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

/** Lists and audiences that targeting names. */
export interface BidderAudiences {
  createList(list: TBidderListInput): Promise<number>;
  /** Adds items; answers how many were new and how many the list had already (domains ignore case). */
  addListItems(listId: number, items: readonly TBidderListItem[]): Promise<{ added: number; duplicates: number }>;
  /** Removes items by value (domains ignore case); items the list lacks are ignored. Answers how many went. */
  removeListItems(listId: number, values: readonly string[]): Promise<{ removed: number }>;
  deleteList(listId: number): Promise<void>;
  /** Makes the segment; answers its id and the key targeting names it by (and its tag pixel uses). */
  createSegment(segment: TBidderSegmentInput): Promise<{ id: number; key: string }>;
  /**
   * Adds people by e-mail (sent hashed, never in clear), or replaces the members when `replace`;
   * resolves once the bidder has processed the file, with how many lines it took and refused.
   */
  addSegmentEmails(
    segmentId: number,
    emails: readonly string[],
    options?: { replace?: boolean },
  ): Promise<{ accepted: number; rejected: number }>;
  deleteSegment(segmentId: number): Promise<void>;
}

/** Conversion events and their tags. */
export interface BidderConversions {
  createConversionEvent(event: TBidderConversionEventInput): Promise<TBidderConversionEvent>;
  /** Deletes a conversion event (undoing a creation); one already gone is fine. */
  deleteConversionEvent(eventId: number): Promise<void>;
}

/**
 * Finding what an interrupted creation made, by the ids we gave it (`alternative_id`): a creation's
 * recovery deletes what it finds, so it needs nothing of the crashed request's memory.
 */
export interface BidderCreationLookup {
  /** Ids of the advertiser's campaigns whose `alternative_id` is `ourId` (normally none or one). */
  findCampaignIds(advertiserId: number, ourId: string): Promise<number[]>;
  /** Ids of every line item of a campaign, all pages. */
  listLineItemIds(campaignId: number): Promise<number[]>;
}

/** Everything the handlers and jobs ask of the bidder. */
export type Bidder = BidderAdvertisers & BidderCampaigns & BidderAudiences & BidderConversions & BidderCreationLookup;
