import type { TCampaign } from './campaign.schema';

/** 000 §4: archived campaigns vanish from the selector (the all-campaigns dialog can unarchive them). */
export const selectableCampaigns = <C extends Pick<TCampaign, 'archived'>>(campaigns: readonly C[]): C[] =>
  campaigns.filter((campaign) => !campaign.archived);

/**
 * 000 §2: the campaign the campaigns dashboard shows: the one its `campaignId` query parameter names when
 * that one is selectable (`requested`), else the first selectable one (the list comes newest first). The
 * dashboard, its prefetch and the server's first-screen read all pick with it.
 */
export function shownCampaign<C extends Pick<TCampaign, 'bgCampaignId'>>(
  selectable: readonly C[],
  requestedId: string | null,
): { requested: C | undefined; shown: C | null } {
  const requested = selectable.find((campaign) => campaign.bgCampaignId === requestedId);
  return { requested, shown: requested ?? selectable[0] ?? null };
}
