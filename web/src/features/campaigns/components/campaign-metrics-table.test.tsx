import { describe, expect, it } from 'vitest';
import { makeCampaign, makeReport } from '../campaigns.fixtures';
import { syncedAtText } from './campaign-metrics-table';

describe('syncedAtText', () => {
  it("gives the last sync's time in the reader's time zone", () => {
    // Prepare
    const campaign = makeCampaign({ campaignReports: [makeReport({ syncedAt: '2026-11-26T08:05:00.000Z' })] });
    // Act + Assess
    expect(syncedAtText(campaign, 'UTC')).toBe('Numbers as of Nov 26, 2026, 8:05 AM');
    expect(syncedAtText(campaign, 'America/New_York')).toBe('Numbers as of Nov 26, 2026, 3:05 AM');
  });

  it('says a campaign was not synced yet, and says nothing without a report', () => {
    expect(syncedAtText(makeCampaign({ campaignReports: [makeReport({ syncedAt: null })] }))).toBe('Not synced yet');
    expect(syncedAtText(makeCampaign({ campaignReports: [] }))).toBeNull();
  });
});
