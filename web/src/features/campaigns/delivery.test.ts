import { describe, expect, it } from 'vitest';
import { deliveryTotals, seriesBars } from './delivery';

const days = [
  { date: '2026-11-23', impressions: 1000, clicks: 4, spend: 0.1 },
  { date: '2026-11-24', impressions: 0, clicks: 0, spend: 0.2 },
  { date: '2026-11-25', impressions: 500, clicks: 2, spend: 12.34 },
];

describe('delivery chart data', () => {
  it('adds the days, spend exact in micros', () => {
    // Act
    const totals = deliveryTotals(days);
    const subCent = deliveryTotals([
      { date: '2026-11-24', impressions: 0, clicks: 0, spend: 0.004 },
      { date: '2026-11-25', impressions: 0, clicks: 0, spend: 0.004 },
    ]);

    // Assess
    expect(totals).toEqual({ impressions: 1500, clicks: 6, spend: 12.64 });
    expect(subCent.spend).toBe(0.008);
  });

  it('scales bars to the largest day and shares the width', () => {
    // Act
    const bars = seriesBars(days, 'impressions');

    // Assess
    expect(bars.map((bar) => bar.height)).toEqual([1, 0, 0.5]);
    expect(bars[1]?.x).toBeCloseTo(1 / 3 + 1 / 30, 10);
    expect(bars.every((bar) => bar.width > 0 && bar.x + bar.width <= 1)).toBe(true);
  });

  it('keeps a series of zeros flat', () => {
    // Act
    const bars = seriesBars([{ date: '2026-11-25', impressions: 0, clicks: 0, spend: 0 }], 'clicks');

    // Assess
    expect(bars).toEqual([{ date: '2026-11-25', value: 0, x: 0.1, width: 0.8, height: 0 }]);
  });
});
