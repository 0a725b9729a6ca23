import type { TLineItem } from '@bidgrid/shared/campaigns/line-item.schema';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { atBidderThenStore, restoreStoredAtBidder } from '../vendors/bidder-first';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { BidderCampaigns } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import { reportToday } from '../reports/report-rows';
import { assertWritable, CAMPAIGN_MESSAGES, requireLineItem } from './campaign-access';
import { toPublicLineItem } from './campaign-records.schema';

/** Ports of the line-item status change. */
export interface LineItemStatusDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'getLineItemByBidderId' | 'replaceLineItem'>;
  /** Whether the campaign has creatives: without one the bidder keeps a line item inactive. */
  adGroups: Pick<AdGroupRepository, 'listCampaignCreatives'>;
  bidder: Pick<BidderCampaigns, 'updateLineItem'>;
  now: () => Date;
  log: Logger;
}

/**
 * Switches a line item on or off, here and at the bidder (the bidder first, so nothing is stored
 * that the bidder refused; then the stored line item only if nobody changed it meanwhile: a 409
 * otherwise). Whatever fails after the bidder call, the bidder is put back to what is stored
 * (`atBidderThenStore`). The bidder serves no line item without a creative and refuses to switch
 * one on: until the campaign has an active creative, switching on is stored (the user's choice) and
 * left to the creative's creation (`createCreative` switches on the line items chosen to be on).
 * Asking for the state it is in changes nothing. A
 * campaign 175 or more days past its end is read-only. `canEdit` lets the CRM card add its own rule
 * (only campaigns that allow CRM edits); a refusal there is a 404 like any line item it may not see.
 */
export async function setLineItemStatus(
  input: { agencyId: string; beeswaxLineItemId: number; active: boolean },
  deps: LineItemStatusDeps,
  canEdit: (campaign: { showInHubspot: boolean; bgAdvertiserId: string }) => boolean = () => true,
): Promise<TLineItem> {
  const { lineItem, campaign } = await requireLineItem(input.agencyId, input.beeswaxLineItemId, deps.campaigns);
  if (!canEdit(campaign)) {
    throw new NotFoundError(CAMPAIGN_MESSAGES.lineItemNotFound, {
      internalMessage: `Line item ${input.beeswaxLineItemId}: campaign ${campaign.bgCampaignId} refuses this caller`,
    });
  }
  if (lineItem.active === input.active) return toPublicLineItem(lineItem, []);
  assertWritable(campaign, reportToday(deps.now()));
  const serves = (await deps.adGroups.listCampaignCreatives(input.agencyId, campaign.bgCampaignId)).some(
    (creative) => creative.active,
  );
  const atBidder = (active: boolean): Promise<void> =>
    active && !serves ? Promise.resolve() : deps.bidder.updateLineItem(lineItem.beeswaxLineItemId, { active });

  const saved = await atBidderThenStore(
    {
      what: `line item ${lineItem.beeswaxLineItemId}`,
      atBidder: () => atBidder(input.active),
      async store() {
        const stored = await deps.campaigns.replaceLineItem(input.agencyId, {
          ...lineItem,
          active: input.active,
          version: lineItem.version + 1,
        });
        if (!stored) throw new ConflictError(CAMPAIGN_MESSAGES.lineItemChangedMeanwhile);
        return stored;
      },
      async undoAtBidder() {
        // The stored state claimed after the push, so an editor racing us cannot leave the bidder
        // and the store apart (`restoreStoredAtBidder`).
        await restoreStoredAtBidder({
          read: async () =>
            (await deps.campaigns.getLineItemByBidderId(input.agencyId, input.beeswaxLineItemId).catch(() => null)) ??
            lineItem,
          push: (stored) => atBidder(stored.active),
          claim: async (stored) =>
            (await deps.campaigns.replaceLineItem(input.agencyId, { ...stored, version: stored.version + 1 })) !== null,
        });
      },
    },
    deps.log,
  );
  return toPublicLineItem(saved, []);
}
