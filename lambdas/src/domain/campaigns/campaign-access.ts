import { isCampaignReadOnly } from '@bidgrid/shared/campaigns/campaign-details.schema';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import type { CampaignReader, LineItemReader } from '../ports/campaign.port';
import type { TCampaignRecord, TLineItemRecord } from './campaign-records.schema';

/** User messages of the campaign rules the spec states without a text (ours, in the spec's tone). */
export const CAMPAIGN_MESSAGES = {
  notFound: 'Campaign not found.',
  lineItemNotFound: 'Line item not found.',
  readOnly: 'This campaign ended 175 or more days ago and can no longer be changed.',
  archiveActive: 'An active campaign can not be archived. Please deactivate it first.',
  activateArchived: 'An archived campaign can not be activated. Please unarchive it first.',
  changedMeanwhile: 'This campaign was changed meanwhile. Please reload it and try again.',
  lineItemChangedMeanwhile: 'This line item was changed meanwhile. Please reload it and try again.',
  bidderIdMismatch: 'Does not match the campaign',
} as const;

/**
 * The campaign `campaignId` of the agency, or a 404. Keys are built from the caller's agency, so
 * another agency's campaign is simply not found: the same answer as an id that does not exist.
 */
export async function requireCampaign(
  agencyId: string,
  campaignId: string,
  campaigns: CampaignReader,
): Promise<TCampaignRecord> {
  const campaign = await campaigns.getCampaign(agencyId, campaignId);
  if (!campaign) {
    throw new NotFoundError(CAMPAIGN_MESSAGES.notFound, {
      internalMessage: `Campaign ${campaignId} not in agency ${agencyId}`,
    });
  }
  return campaign;
}

/** The line item with this bidder id in the agency (and its campaign), or a 404. */
export async function requireLineItem(
  agencyId: string,
  beeswaxLineItemId: number,
  campaigns: CampaignReader & LineItemReader,
): Promise<{ lineItem: TLineItemRecord; campaign: TCampaignRecord }> {
  const lineItem = await campaigns.getLineItemByBidderId(agencyId, beeswaxLineItemId);
  // A line item whose campaign is not (yet) visible is as good as missing.
  const campaign = lineItem ? await campaigns.getCampaign(agencyId, lineItem.bgCampaignId) : null;
  if (!lineItem || !campaign) {
    throw new NotFoundError(CAMPAIGN_MESSAGES.lineItemNotFound, {
      internalMessage: `Line item ${beeswaxLineItemId} not in agency ${agencyId}`,
    });
  }
  return { lineItem, campaign };
}

/** Refuses any change to a campaign 175 or more days past its end (000 §4, §6, §9). */
export function assertWritable(campaign: TCampaignRecord, today: string): void {
  if (isCampaignReadOnly(campaign.end_date, today)) {
    throw new ConflictError(CAMPAIGN_MESSAGES.readOnly, {
      internalMessage: `Campaign ${campaign.bgCampaignId} ended ${campaign.end_date}: read-only`,
    });
  }
}
