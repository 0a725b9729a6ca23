import type { TLineItem } from '@bidgrid/shared/entities/line-item.schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { BidderCampaigns } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import { reportToday } from '../reports/report-rows';
import { assertWritable, CAMPAIGN_MESSAGES, requireLineItem } from './campaign-access';
import { toPublicLineItem } from './campaign-records.schema';

/** Ports of the line-item status change. */
export interface LineItemStatusDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'getLineItemByBidderId' | 'replaceLineItem'>;
  bidder: Pick<BidderCampaigns, 'updateLineItem'>;
  now: () => Date;
  log: Logger;
}

/**
 * Switches a line item on or off, here and at the bidder (the bidder first, so nothing is stored
 * that the bidder refused; then the stored line item only if nobody changed it meanwhile, else the
 * bidder is put back and the caller gets a 409). Asking for the state it is in changes nothing. A
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

  await deps.bidder.updateLineItem(lineItem.beeswaxLineItemId, { active: input.active });
  const saved = await deps.campaigns.replaceLineItem(input.agencyId, {
    ...lineItem,
    active: input.active,
    version: lineItem.version + 1,
  });
  if (!saved) {
    try {
      const stored = await deps.campaigns.getLineItemByBidderId(input.agencyId, input.beeswaxLineItemId);
      if (stored) await deps.bidder.updateLineItem(stored.beeswaxLineItemId, { active: stored.active });
    } catch (error) {
      deps.log.error('could not put the bidder line item back after a lost race', {
        beeswaxLineItemId: input.beeswaxLineItemId,
        error,
      });
    }
    throw new ConflictError(CAMPAIGN_MESSAGES.lineItemChangedMeanwhile);
  }
  return toPublicLineItem(saved, []);
}
