import { describe, expect, it } from 'vitest';
import { selectableCampaigns, shownCampaign } from './shown-campaign';

const campaigns = [
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
    // Act
    const picked = shownCampaign(selectableCampaigns([{ bgCampaignId: 'bg-campaign-x', archived: true }]), null);

    // Assess
    expect(picked.shown).toBeNull();
  });
});
