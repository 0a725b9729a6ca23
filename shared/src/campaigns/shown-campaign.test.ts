import { describe, expect, it } from 'vitest';
import type { TCampaign } from './campaign.schema';
import { selectableCampaigns, shownCampaign } from './shown-campaign';

/** What the rule reads of a campaign (ids typed as the schema types them). */
type TListed = Pick<TCampaign, 'bgCampaignId' | 'archived'>;

const campaigns: TListed[] = [
  { bgCampaignId: 'bg-campaign-new', archived: true },
  { bgCampaignId: 'bg-campaign-mid', archived: false },
  { bgCampaignId: 'bg-campaign-old', archived: false },
];

describe('shownCampaign', () => {
  it('shows the asked campaign when it is selectable', () => {
    // Act
    const picked = shownCampaign(selectableCampaigns(campaigns), 'bg-campaign-old');

    // Assess
    expect(picked.requested?.bgCampaignId).toBe('bg-campaign-old');
    expect(picked.shown?.bgCampaignId).toBe('bg-campaign-old');
  });

  it('falls back to the first selectable campaign: archived or unknown ones are never shown', () => {
    // Act
    const archived = shownCampaign(selectableCampaigns(campaigns), 'bg-campaign-new');
    const unknown = shownCampaign(selectableCampaigns(campaigns), 'bg-campaign-gone');
    const none = shownCampaign(selectableCampaigns(campaigns), null);

    // Assess
    expect(archived).toEqual({ requested: undefined, shown: campaigns[1] });
    expect(unknown.shown?.bgCampaignId).toBe('bg-campaign-mid');
    expect(none.shown?.bgCampaignId).toBe('bg-campaign-mid');
  });

  it('shows none when every campaign is archived', () => {
    // Prepare
    const archived: TListed[] = [{ bgCampaignId: 'bg-campaign-x', archived: true }];

    // Act
    const picked = shownCampaign(selectableCampaigns(archived), null);

    // Assess
    expect(picked.shown).toBeNull();
  });
});
