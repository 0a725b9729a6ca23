import { config } from '../../config';
import { VendorError } from '../../lib/errors';
import { getSecret } from '../secrets';
import type { SecretReader } from '../secrets';
import { pullDailyReport } from './bidder-reports';
import type { ReportPullOptions, TBidderReportRow, TReportDimension } from './bidder-reports';
import { BIDDER_VENDOR, createBuzzTransport } from './buzz-transport';
import type { BuzzReply, BuzzTransport } from './buzz-transport';

/** What we send the bidder for a new advertiser (Beeswax Buzz `advertiser` fields). */
export interface BidderAdvertiserInput {
  advertiser_name: string;
  /** Our id, so a bidder row can be traced back to BidGrid. */
  alternative_id: string;
  advertiser_category: string;
  default_advertiser_domain: string;
  active: boolean;
}

/** The bidder operations the advertiser use cases need. */
export interface BidderAdvertisers {
  /** Creates the advertiser; returns the bidder's id. */
  createAdvertiser(input: BidderAdvertiserInput): Promise<number>;
  /** Deletes an advertiser (undoing a creation whose store write failed). */
  deleteAdvertiser(advertiserId: number): Promise<void>;
}

/** A Buzz `campaign` (budgets in dollars, budget type 2 = spend, dates `YYYY-MM-DD`). */
export interface BidderCampaignFields {
  advertiser_id: number;
  campaign_name: string;
  /** Our id. */
  alternative_id: string;
  campaign_budget: number;
  daily_budget: number;
  budget_type: number;
  start_date: string;
  end_date: string;
  active: boolean;
}

/**
 * A Buzz `line_item`: one per target company. `line_item_type_id` 0 is display and 1 video;
 * `bidding.values.cpm_bid` is the campaign's max bid; without own dates it runs for its campaign's.
 */
export interface BidderLineItemFields {
  advertiser_id: number;
  campaign_id: number;
  line_item_name: string;
  alternative_id: string;
  line_item_type_id: 0 | 1;
  daily_budget: number;
  bidding: { bidding_strategy: 'CPM'; values: { cpm_bid: number } };
  /** The company's IP ranges (CIDR). */
  targeting: { ip_ranges: string[] };
  active: boolean;
}

/** A Buzz `creative`: `creative_type` 0 display, 1 video; the asset by URL. */
export interface BidderCreativeFields {
  advertiser_id: number;
  creative_name: string;
  alternative_id: string;
  creative_type: 0 | 1;
  width: number;
  height: number;
  click_url: string;
  creative_asset_url: string;
  active: boolean;
}

/** The campaign-side bidder operations: campaigns, line items, creatives, their links, reports. */
export interface BidderCampaigns {
  createCampaign(fields: BidderCampaignFields): Promise<number>;
  /** Sends the fields that changed (a PUT of the full values: safe to repeat). */
  updateCampaign(campaignId: number, fields: Partial<BidderCampaignFields>): Promise<void>;
  createLineItem(fields: BidderLineItemFields): Promise<number>;
  updateLineItem(lineItemId: number, fields: Partial<BidderLineItemFields>): Promise<void>;
  createCreative(fields: BidderCreativeFields): Promise<number>;
  updateCreative(creativeId: number, fields: Partial<BidderCreativeFields>): Promise<void>;
  /** Deletes a creative (the bidder drops its line-item links with it); a creative already gone is fine. */
  deleteCreative(creativeId: number): Promise<void>;
  /** Lets a line item serve a creative; returns the link's id. */
  linkCreative(creativeId: number, lineItemId: number): Promise<number>;
  /** Daily rows of a campaign grouped by campaign, line item or creative, every page. */
  dailyReport(
    request: { campaignId: number; dimension: TReportDimension; from: string; to: string },
    options?: ReportPullOptions,
  ): Promise<TBidderReportRow[]>;
}

/** Everything the handlers and jobs ask of the bidder. */
export type BidderClient = BidderAdvertisers & BidderCampaigns;

/** Options of a bidder client: where it is, how it signs in, how it fetches and waits (tests pass fakes). */
export interface BidderClientOptions {
  baseUrl: string;
  secrets: SecretReader;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
}

/** The id a Buzz create answers (`payload: {id}`). */
function createdId(reply: BuzzReply, what: string): number {
  const id = (reply.payload as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
    throw new VendorError(BIDDER_VENDOR, `${what} creation answered no id`);
  }
  return id;
}

/**
 * A client of the bidder's Buzz REST API (Beeswax style) over the session transport
 * (`buzz-transport.ts`: sign-in, back-off on 429/5xx). Every failure is a VendorError (502).
 */
export function createBidderClient(options: BidderClientOptions): BidderClient {
  const transport: BuzzTransport = createBuzzTransport(options);
  const create = async (entity: string, fields: object): Promise<number> =>
    createdId(await transport.call('POST', `/rest/${entity}`, fields), entity);
  return {
    createAdvertiser: (input) => create('advertiser', input),
    async deleteAdvertiser(advertiserId) {
      await transport.call('DELETE', `/rest/advertiser/${advertiserId}`);
    },
    createCampaign: (fields) => create('campaign', fields),
    async updateCampaign(campaignId, fields) {
      await transport.call('PUT', `/rest/campaign/${campaignId}`, fields);
    },
    createLineItem: (fields) => create('line_item', fields),
    async updateLineItem(lineItemId, fields) {
      await transport.call('PUT', `/rest/line_item/${lineItemId}`, fields);
    },
    createCreative: (fields) => create('creative', fields),
    async updateCreative(creativeId, fields) {
      await transport.call('PUT', `/rest/creative/${creativeId}`, fields);
    },
    async deleteCreative(creativeId) {
      try {
        await transport.call('DELETE', `/rest/creative/${creativeId}`);
      } catch (error) {
        // A repeated delete (a retry after a lost reply) finds nothing: the goal is met.
        if (error instanceof VendorError && error.message.includes('answered 404')) return;
        throw error;
      }
    },
    linkCreative: (creativeId, lineItemId) =>
      create('creative_line_item', { creative_id: creativeId, line_item_id: lineItemId, active: true }),
    dailyReport: (request, pullOptions) =>
      pullDailyReport(transport, request, { ...(options.sleep ? { sleep: options.sleep } : {}), ...pullOptions }),
  };
}

let shared: BidderClient | undefined;

/** The bidder client of this warm Lambda, at BIDDER_BASE_URL. */
export function bidderClient(): BidderClient {
  shared ??= createBidderClient({ baseUrl: config().BIDDER_BASE_URL, secrets: getSecret });
  return shared;
}

/** Tests and benches only: forget the client so another BIDDER_BASE_URL builds a fresh one. */
export function resetBidderClientForTests(): void {
  shared = undefined;
}
