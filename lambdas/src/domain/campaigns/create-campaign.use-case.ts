import type { TTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';
import { ConflictError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { atBidderThenStore } from '../bidder-first';
import type { BidderCampaigns, BidderConversions, TBidderTargeting } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { TCampaignRecord, TLineItemRecord } from './campaign-records.schema';
import { bidderCampaignFields, lineItemBidding } from './update-campaign.use-case';

/** Ports of a campaign's creation. */
export interface CreateCampaignDeps {
  campaigns: Pick<CampaignRepository, 'putNewCampaign'>;
  bidder: Pick<
    BidderCampaigns & BidderConversions,
    | 'createCampaign'
    | 'deleteCampaign'
    | 'createLineItem'
    | 'deleteLineItem'
    | 'createConversionEvent'
    | 'deleteConversionEvent'
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
}

/**
 * Makes a campaign (the wizard's last step; the seeds use it too): at the bidder its campaign, its
 * conversion event (whose tag 'Copy Conversion Pixel' copies as the bidder gave it) and one line item
 * per target company with its targeting; then the records. Line items are made inactive at the
 * bidder, which serves none without creatives: their stored `active` is the user's choice, applied at
 * the bidder once creatives are linked. If any step fails, whatever the bidder made is deleted again
 * (`atBidderThenStore`), so no half-made campaign serves or shows.
 */
export async function createCampaign(
  input: TNewCampaign,
  deps: CreateCampaignDeps,
): Promise<{ campaign: TCampaignRecord; lineItems: TLineItemRecord[] }> {
  const { campaign } = input;
  const made: { campaignId?: number; eventId?: number; lineItemIds: number[] } = { lineItemIds: [] };
  let result: { campaign: TCampaignRecord; lineItems: TLineItemRecord[] } | undefined;
  const share = lineItemBidding(campaign, input.lineItems.length);

  return atBidderThenStore(
    {
      what: `campaign ${campaign.bgCampaignId}`,
      async atBidder() {
        const campaignId = await deps.bidder.createCampaign({
          advertiserId: input.beeswaxAdvertiserId,
          ourId: campaign.bgCampaignId,
          ...bidderCampaignFields(campaign),
        });
        made.campaignId = campaignId;
        const event = await deps.bidder.createConversionEvent({
          advertiserId: input.beeswaxAdvertiserId,
          name: `Conversions of ${campaign.name}`.slice(0, 255),
          ourId: campaign.bgCampaignId,
        });
        made.eventId = event.id;
        const lineItems: TLineItemRecord[] = [];
        for (const lineItem of input.lineItems) {
          const id = await deps.bidder.createLineItem({
            campaignId,
            name: lineItem.record.line_item_name,
            ourId: `${campaign.bgCampaignId}:${lineItem.key}`,
            media: campaign.isVideoCampaign ? 'video' : 'display',
            dailyBudget: share.dailyBudget,
            totalBudget: share.totalBudget,
            cpmBid: share.cpmBid,
            targeting: lineItem.targeting,
          });
          made.lineItemIds.push(id);
          lineItems.push({
            ...lineItem.record,
            beeswaxLineItemId: id,
            line_item_budget: share.totalBudget,
            version: 0,
          });
        }
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
        // Line items first: the bidder keeps a campaign with line items.
        for (const id of made.lineItemIds) await deps.bidder.deleteLineItem(id);
        if (made.eventId !== undefined) await deps.bidder.deleteConversionEvent(made.eventId);
        if (made.campaignId !== undefined) await deps.bidder.deleteCampaign(made.campaignId);
      },
    },
    deps.log,
  );
}
