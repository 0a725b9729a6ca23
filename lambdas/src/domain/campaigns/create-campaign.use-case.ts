import { createHash } from 'node:crypto';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { ConflictError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { atBidderThenStore, poolSettled } from '../vendors/bidder-first';
import type { BidderCampaigns, BidderConversions, BidderCreationLookup, TBidderTargeting } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { TCampaignRecord, TLineItemRecord } from './campaign-records.schema';
import { bidderCampaignFields, lineItemBidding } from './update-campaign.use-case';

/**
 * Our id of a company's line item at the bidder (its `alternative_id`): `{campaign id}:{domain}`, or,
 * where a long domain would pass the bidder's `MAX_BIDDER_ALTERNATIVE_ID`, the campaign id and a
 * digest of the domain: one company, one id, always within the bound.
 */
export function lineItemOurId(bgCampaignId: string, key: string): string {
  const id = `${bgCampaignId}:${key}`;
  if (id.length <= MAX_BIDDER_ALTERNATIVE_ID) return id;
  return `${bgCampaignId}:#${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
}

/** Ports of a campaign's creation. */
export interface CreateCampaignDeps {
  campaigns: Pick<CampaignRepository, 'putNewCampaign'>;
  bidder: Pick<
    BidderCampaigns & BidderConversions & BidderCreationLookup,
    | 'createCampaign'
    | 'deleteCampaign'
    | 'createLineItem'
    | 'deleteLineItem'
    | 'linkCreative'
    | 'updateLineItem'
    | 'createConversionEvent'
    | 'deleteConversionEvent'
    | 'listLineItemIds'
  >;
  log: Logger;
}

/** One line item of a new campaign: a target company (its IP ranges) or the whole audience. */
export interface TNewLineItem {
  /** Suffix of the line item's id at the bidder (`<campaign id>:<key>`): the company's domain, or `all`. */
  key: string;
  /** What the stored line item holds (the bidder id, budget share and version come from here). */
  record: Omit<TLineItemRecord, 'beeswaxLineItemId' | 'line_item_budget' | 'version'>;
  targeting: TBidderTargeting;
}

/** A new campaign: its record without what the bidder gives, its line items and targeting selections. */
export interface TNewCampaign {
  campaign: Omit<TCampaignRecord, 'beeswaxCampaignId' | 'pixel_event_id' | 'conversion_tag_url' | 'version'>;
  /** The bidder's advertiser id of `campaign.bgAdvertiserId`. */
  beeswaxAdvertiserId: number;
  lineItems: readonly TNewLineItem[];
  targeting: TTargetingSelections;
  /**
   * Bidder ids of the creatives every line item serves (the campaign's ad group). Each is linked to
   * every line item, and a line item whose stored `active` is true is then switched on at the bidder.
   * Left out, the line items stay without creatives (the caller links them).
   */
  beeswaxCreativeIds?: readonly number[];
}

/** How a creation runs. */
export interface TCreateCampaignOptions {
  /** Line items made at once (each is a few bidder calls in a row). */
  concurrency?: number;
  /** Told how many line items are whole at the bidder (made, linked, switched on) of how many. */
  progress?: (done: number, total: number) => void;
  /**
   * True once the time is up (the Lambda's own end nears): no further line item is started and the
   * creation fails and is undone, rather than being cut off half made with nobody left to undo it.
   */
  outOfTime?: () => boolean;
  /**
   * Told each bidder id of the campaign as soon as the bidder gives it (awaited before going on), so
   * a creation that dies part-way can be found and undone (`create-campaign-recovery`). A failure
   * here fails the creation (and undoes it).
   */
  journal?: (made: { beeswaxCampaignId?: number; conversionEventId?: number }) => Promise<void>;
  /** Told, after a failure, whether the undo at the bidder removed everything (false: some is left). */
  undone?: (complete: boolean) => void;
}

/** Why a creation stopped before its end. */
export class CreationOutOfTimeError extends Error {
  constructor(done: number, total: number) {
    super(`creation stopped for time after ${done} of ${total} line items`);
    this.name = 'CreationOutOfTimeError';
  }
}

/**
 * Line items made at once: below the bidder's concurrent-request cap (the simulator's bench setting is
 * 20), so a campaign of 1,000 companies takes seconds and the transport's 429 back-off is the
 * exception. Each line item is at most one request in flight at a time.
 */
export const LINE_ITEM_CONCURRENCY = 16;

/**
 * Makes a campaign (the wizard's last step; the seeds use it too): at the bidder its campaign, its
 * conversion event (whose tag 'Copy Conversion Pixel' copies as the bidder gave it) and one line item
 * per target company with its targeting, `concurrency` line items at a time, each linked to the
 * campaign's creatives; then the records. Line items are made inactive at the bidder, which serves
 * none without creatives: their stored `active` is the user's choice, applied at the bidder once
 * creatives are linked. If any step fails, whatever the bidder made is deleted again
 * (`atBidderThenStore`; the store leaves nothing of a refused write), so no half-made campaign serves
 * or shows.
 */
export async function createCampaign(
  input: TNewCampaign,
  deps: CreateCampaignDeps,
  options: TCreateCampaignOptions = {},
): Promise<{ campaign: TCampaignRecord; lineItems: TLineItemRecord[] }> {
  const { campaign } = input;
  const concurrency = options.concurrency ?? LINE_ITEM_CONCURRENCY;
  const creatives = input.beeswaxCreativeIds ?? [];
  const made: { campaignId?: number; eventId?: number; lineItemIds: number[] } = { lineItemIds: [] };
  let result: { campaign: TCampaignRecord; lineItems: TLineItemRecord[] } | undefined;
  const share = lineItemBidding(campaign, input.lineItems.length);
  const total = input.lineItems.length;

  return atBidderThenStore(
    {
      what: `campaign ${campaign.bgCampaignId}`,
      async atBidder() {
        options.progress?.(0, total);
        const campaignId = await deps.bidder.createCampaign({
          advertiserId: input.beeswaxAdvertiserId,
          ourId: campaign.bgCampaignId,
          ...bidderCampaignFields(campaign),
        });
        made.campaignId = campaignId;
        await options.journal?.({ beeswaxCampaignId: campaignId });
        const event = await deps.bidder.createConversionEvent({
          advertiserId: input.beeswaxAdvertiserId,
          name: `Conversions of ${campaign.name}`.slice(0, MAX_BIDDER_NAME),
          ourId: campaign.bgCampaignId,
        });
        made.eventId = event.id;
        await options.journal?.({ conversionEventId: event.id });
        const lineItems: TLineItemRecord[] = new Array<TLineItemRecord>(total);
        let done = 0;
        await poolSettled(input.lineItems, concurrency, async (lineItem, index) => {
          if (options.outOfTime?.()) throw new CreationOutOfTimeError(done, total);
          const id = await deps.bidder.createLineItem({
            campaignId,
            name: lineItem.record.line_item_name,
            ourId: lineItemOurId(campaign.bgCampaignId, lineItem.key),
            media: campaign.isVideoCampaign ? 'video' : 'display',
            dailyBudget: share.dailyBudget,
            totalBudget: share.totalBudget,
            cpmBid: share.cpmBid,
            targeting: lineItem.targeting,
          });
          made.lineItemIds.push(id);
          for (const creative of creatives) await deps.bidder.linkCreative(creative, id);
          // A line item waits inactive at the bidder until it has a creative: now it may serve.
          if (creatives.length > 0 && lineItem.record.active) await deps.bidder.updateLineItem(id, { active: true });
          lineItems[index] = {
            ...lineItem.record,
            // Kept so a targeting change after launch can send the line item its whole targeting.
            ipRanges: lineItem.targeting.ipRanges ?? [],
            beeswaxLineItemId: id,
            line_item_budget: share.totalBudget,
            version: 0,
          };
          options.progress?.(++done, total);
        });
        result = {
          campaign: {
            ...campaign,
            beeswaxCampaignId: campaignId,
            pixel_event_id: String(event.id),
            conversion_tag_url: event.tagUrl,
            version: 0,
          },
          lineItems,
        };
      },
      async store() {
        if (!result) throw new Error('bidder step gave no campaign');
        const stored = await deps.campaigns.putNewCampaign(result.campaign, result.lineItems, input.targeting);
        if (!stored) throw new ConflictError('A campaign with this id exists already.');
        return result;
      },
      async undoAtBidder() {
        // Line items first (their links and targeting go with them): the bidder keeps a campaign
        // with line items. Every one is tried, whatever failed before it.
        const failures: unknown[] = [];
        const attempt = (work: () => Promise<void>): Promise<void> =>
          work().catch((error: unknown) => void failures.push(error));
        await poolSettled(made.lineItemIds, concurrency, (id) => attempt(() => deps.bidder.deleteLineItem(id)));
        const { eventId, campaignId } = made;
        if (campaignId !== undefined) {
          // A line item made whose reply was lost (a timeout after the bidder did it) is only known
          // to the bidder: it lists it under the campaign.
          const listed = await deps.bidder.listLineItemIds(campaignId).catch((error: unknown) => {
            failures.push(error);
            return [];
          });
          const unheard = listed.filter((id) => !made.lineItemIds.includes(id));
          await poolSettled(unheard, concurrency, (id) => attempt(() => deps.bidder.deleteLineItem(id)));
        }
        if (eventId !== undefined) await attempt(() => deps.bidder.deleteConversionEvent(eventId));
        // A line item left keeps its campaign: the recovery finds what is left under it.
        if (campaignId !== undefined && failures.length === 0) {
          await attempt(() => deps.bidder.deleteCampaign(campaignId));
        }
        options.undone?.(failures.length === 0);
        if (failures.length > 0) throw failures[0];
      },
    },
    deps.log,
  );
}
