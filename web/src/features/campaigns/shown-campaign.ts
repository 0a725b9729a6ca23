import type { TCampaign } from '@bidgrid/shared/entities/campaign.schema';

/** The query parameter that keeps the selected campaign (000 §2). */
export const CAMPAIGN_ID_PARAM = 'campaignId';

/** 000 §4: archived campaigns vanish from the selector (the all-campaigns dialog can unarchive them). */
export const selectableCampaigns = (campaigns: readonly TCampaign[]): TCampaign[] =>
  campaigns.filter((campaign) => !campaign.archived);

/**
 * 000 §2: the campaign the dashboard shows: the one named by the `campaignId` query parameter when it is
 * selectable (`requested`), else the first selectable one. The dashboard and its prefetch both pick with it.
 */
export function shownCampaign(
  selectable: readonly TCampaign[],
  requestedId: string | null,
): { requested: TCampaign | undefined; shown: TCampaign | null } {
  const requested = selectable.find((campaign) => campaign.bgCampaignId === requestedId);
  return { requested, shown: requested ?? selectable[0] ?? null };
}
