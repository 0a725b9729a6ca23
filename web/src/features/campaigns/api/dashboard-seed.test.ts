import { describe, expect, it } from 'vitest';
import { dashboardFirstScreenQuery } from './dashboard-seed';

describe('dashboardFirstScreenQuery', () => {
  it('asks the frame the dashboard opens with, and the campaign the address names', () => {
    // Act
    const plain = dashboardFirstScreenQuery(new URLSearchParams());
    const named = dashboardFirstScreenQuery(new URLSearchParams({ campaignId: 'bg-campaign-spring' }));

    // Assess
    expect(plain).toEqual({ timeFrame: 'ALL_TIME' });
    expect(named).toEqual({ timeFrame: 'ALL_TIME', campaignId: 'bg-campaign-spring' });
  });

  it('leaves out a campaignId that is no campaign id: the dashboard falls back to its first campaign', () => {
    // Act
    const query = dashboardFirstScreenQuery(new URLSearchParams({ campaignId: '<script>' }));

    // Assess
    expect(query).toEqual({ timeFrame: 'ALL_TIME' });
  });
});
