import { config } from '../../config';
import { VendorError } from '../../lib/errors';
import { getSecret } from '../secrets';
import { BUDGET_TYPE } from '@bidgrid/shared/constants';
import type {
  Bidder,
  TBidderAdvertiserInput,
  TBidderCampaign,
  TBidderCreative,
  TBidderLineItem,
  TBidderMedia,
} from '../../domain/ports/bidder.port';
import type { SecretReader } from '../../domain/ports/secrets.port';
import { createBidderReports } from './bidder-reports';
import { BIDDER_VENDOR, createBuzzTransport } from './buzz-transport';
import type { BuzzReply, BuzzTransport } from './buzz-transport';

/** A Buzz `advertiser` as the API takes it. */
interface BuzzAdvertiserFields {
  advertiser_name: string;
  alternative_id: string;
  advertiser_category: string;
  default_advertiser_domain: string;
  active: boolean;
}

/** A Buzz `campaign` (budgets in dollars, budget type 2 = spend, dates `YYYY-MM-DD`). */
interface BuzzCampaignFields {
  advertiser_id: number;
  campaign_name: string;
  alternative_id: string;
  campaign_budget: number;
  daily_budget: number;
  budget_type: number;
  start_date: string;
  end_date: string;
  active: boolean;
}

/**
 * A Buzz `line_item`: `line_item_type_id` 0 is display and 1 video; `bidding.values.cpm_bid` is the
 * bid; without own dates it runs for its campaign's.
 */
interface BuzzLineItemFields {
  advertiser_id: number;
  campaign_id: number;
  line_item_name: string;
  alternative_id: string;
  line_item_type_id: 0 | 1;
  daily_budget: number;
  bidding: { bidding_strategy: 'CPM'; values: { cpm_bid: number } };
  targeting: { ip_ranges: string[] };
  active: boolean;
}

/** A Buzz `creative`: `creative_type` 0 display, 1 video; the asset by URL. */
interface BuzzCreativeFields {
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

/** Buzz's numeric media type of line items and creatives. */
const buzzMedia = (media: TBidderMedia): 0 | 1 => (media === 'video' ? 1 : 0);

/**
 * Copies the fields present in `change` under their Buzz names: an update sends what changed and
 * nothing else (a key left out of `change` is left alone at the bidder).
 */
function renamed<D extends object, B>(
  change: Partial<D>,
  names: { [K in keyof D]: (value: D[K]) => Partial<B> },
): Partial<B> {
  const out: Partial<B> = {};
  for (const key of Object.keys(change) as Array<keyof D>) {
    const value = change[key];
    if (value !== undefined) Object.assign(out, names[key](value as D[typeof key]));
  }
  return out;
}

const ADVERTISER_FIELDS: {
  [K in keyof TBidderAdvertiserInput]: (v: TBidderAdvertiserInput[K]) => Partial<BuzzAdvertiserFields>;
} = {
  name: (v) => ({ advertiser_name: v }),
  ourId: (v) => ({ alternative_id: v }),
  category: (v) => ({ advertiser_category: v }),
  domain: (v) => ({ default_advertiser_domain: v }),
  active: (v) => ({ active: v }),
};

const CAMPAIGN_FIELDS: { [K in keyof TBidderCampaign]: (v: TBidderCampaign[K]) => Partial<BuzzCampaignFields> } = {
  advertiserId: (v) => ({ advertiser_id: v }),
  name: (v) => ({ campaign_name: v }),
  ourId: (v) => ({ alternative_id: v }),
  // Budgets are spend budgets (Buzz budget type 2), so the type travels with either.
  totalBudget: (v) => ({ campaign_budget: v, budget_type: BUDGET_TYPE }),
  dailyBudget: (v) => ({ daily_budget: v, budget_type: BUDGET_TYPE }),
  startDate: (v) => ({ start_date: v }),
  endDate: (v) => ({ end_date: v }),
  active: (v) => ({ active: v }),
};

const LINE_ITEM_FIELDS: { [K in keyof TBidderLineItem]: (v: TBidderLineItem[K]) => Partial<BuzzLineItemFields> } = {
  advertiserId: (v) => ({ advertiser_id: v }),
  campaignId: (v) => ({ campaign_id: v }),
  name: (v) => ({ line_item_name: v }),
  ourId: (v) => ({ alternative_id: v }),
  media: (v) => ({ line_item_type_id: buzzMedia(v) }),
  dailyBudget: (v) => ({ daily_budget: v }),
  cpmBid: (v) => ({ bidding: { bidding_strategy: 'CPM', values: { cpm_bid: v } } }),
  ipRanges: (v) => ({ targeting: { ip_ranges: v } }),
  active: (v) => ({ active: v }),
};

const CREATIVE_FIELDS: { [K in keyof TBidderCreative]: (v: TBidderCreative[K]) => Partial<BuzzCreativeFields> } = {
  advertiserId: (v) => ({ advertiser_id: v }),
  name: (v) => ({ creative_name: v }),
  ourId: (v) => ({ alternative_id: v }),
  media: (v) => ({ creative_type: buzzMedia(v) }),
  width: (v) => ({ width: v }),
  height: (v) => ({ height: v }),
  clickUrl: (v) => ({ click_url: v }),
  assetUrl: (v) => ({ creative_asset_url: v }),
  active: (v) => ({ active: v }),
};

/** A domain change in Buzz field names (exported for the adapter's tests). */
export const toBuzz = {
  advertiser: (input: Partial<TBidderAdvertiserInput>) => renamed(input, ADVERTISER_FIELDS),
  campaign: (change: Partial<TBidderCampaign>) => renamed(change, CAMPAIGN_FIELDS),
  lineItem: (change: Partial<TBidderLineItem>) => renamed(change, LINE_ITEM_FIELDS),
  creative: (change: Partial<TBidderCreative>) => renamed(change, CREATIVE_FIELDS),
};

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
export function createBidderClient(options: BidderClientOptions): Bidder {
  const transport: BuzzTransport = createBuzzTransport(options);
  const reports = createBidderReports(transport, options.sleep ? { sleep: options.sleep } : {});
  const create = async (entity: string, fields: object): Promise<number> =>
    createdId(await transport.call('POST', `/rest/${entity}`, fields), entity);
  return {
    createAdvertiser: (input) => create('advertiser', toBuzz.advertiser(input)),
    async deleteAdvertiser(advertiserId) {
      await transport.call('DELETE', `/rest/advertiser/${advertiserId}`);
    },
    createCampaign: (campaign) => create('campaign', toBuzz.campaign(campaign)),
    async updateCampaign(campaignId, change) {
      await transport.call('PUT', `/rest/campaign/${campaignId}`, toBuzz.campaign(change));
    },
    createLineItem: (lineItem) => create('line_item', toBuzz.lineItem(lineItem)),
    async updateLineItem(lineItemId, change) {
      await transport.call('PUT', `/rest/line_item/${lineItemId}`, toBuzz.lineItem(change));
    },
    createCreative: (creative) => create('creative', toBuzz.creative(creative)),
    async updateCreative(creativeId, change) {
      await transport.call('PUT', `/rest/creative/${creativeId}`, toBuzz.creative(change));
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
    dailyReport: (request) => reports.dailyReport(request),
  };
}

let shared: Bidder | undefined;

/** The bidder client of this warm Lambda, at BIDDER_BASE_URL. */
export function bidderClient(): Bidder {
  shared ??= createBidderClient({ baseUrl: config().BIDDER_BASE_URL, secrets: getSecret });
  return shared;
}

/** Tests and benches only: forget the client so another BIDDER_BASE_URL builds a fresh one. */
export function resetBidderClientForTests(): void {
  shared = undefined;
}
