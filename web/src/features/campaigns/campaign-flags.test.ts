import { describe, expect, it } from 'vitest';
import { makeCampaign } from './campaigns.fixtures';
import { flagsOf, plannedCalls, stageFlag, toggleRules } from './campaign-flags';

describe('staged campaign flags', () => {
  it('stages a change and forgets it when the flag goes back', () => {
    // Prepare
    const campaign = makeCampaign({ active: true });

    // Act
    const off = stageFlag(new Map(), campaign, 'active', false);
    const back = stageFlag(off, campaign, 'active', true);

    // Assess
    expect(flagsOf(campaign, off)).toEqual({ active: false, archived: false });
    expect(back.size).toBe(0);
  });

  it('disables Archived while active and Active while archived', () => {
    // Prepare
    const campaign = makeCampaign({ active: true });
    const now = '2026-11-25';

    // Act
    const whileActive = toggleRules(campaign, { active: true, archived: false }, now);
    const whileArchived = toggleRules(campaign, { active: false, archived: true }, now);
    const neither = toggleRules(campaign, { active: false, archived: false }, now);

    // Assess
    expect(whileActive).toEqual({ activeDisabled: false, archivedDisabled: true });
    expect(whileArchived).toEqual({ activeDisabled: true, archivedDisabled: false });
    expect(neither).toEqual({ activeDisabled: false, archivedDisabled: false });
  });

  it('never lets a campaign 175 days past its end be reactivated', () => {
    // Prepare
    const ended = makeCampaign({ active: false, end_date: '2026-01-01' });

    // Act
    const at174 = toggleRules(ended, { active: false, archived: false }, '2026-06-24');
    const at175 = toggleRules(ended, { active: false, archived: false }, '2026-06-25');

    // Assess
    expect(at174.activeDisabled).toBe(false);
    expect(at175.activeDisabled).toBe(true);
  });

  it('orders the calls so every step is allowed: deactivate, archive; unarchive, activate', () => {
    // Prepare
    const retiring = makeCampaign({ bgCampaignId: 'bg-campaign-a', active: true, archived: false });
    const returning = makeCampaign({ bgCampaignId: 'bg-campaign-b', active: false, archived: true });
    const untouched = makeCampaign({ bgCampaignId: 'bg-campaign-c' });
    let staged = stageFlag(new Map(), retiring, 'active', false);
    staged = stageFlag(staged, retiring, 'archived', true);
    staged = stageFlag(staged, returning, 'archived', false);
    staged = stageFlag(staged, returning, 'active', true);

    // Act
    const calls = plannedCalls([retiring, returning, untouched], staged);

    // Assess
    expect(
      calls.map((call) => [call.campaign.bgCampaignId, call.kind, 'active' in call ? call.active : call.archived]),
    ).toEqual([
      ['bg-campaign-a', 'status', false],
      ['bg-campaign-a', 'archive', true],
      ['bg-campaign-b', 'archive', false],
      ['bg-campaign-b', 'status', true],
    ]);
  });
});
