import { describe, expect, it } from 'vitest';
import { deriveMetrics } from './derive';
import { emptyCounts } from './counts.schema';
import { METRIC_KINDS, NOT_AVAILABLE, formatCount, formatMetric, formatPercent, formatUsd } from './format';

describe('formatting', () => {
  it("shows money as '$' with 2 decimals", () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.005)).toBe('$0.01');
    expect(formatUsd(-3)).toBe('-$3.00');
  });

  it('shows percentages with 2 decimals', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(100)).toBe('100.00%');
  });

  it('shows plain numbers with separators and at most 2 decimals', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(2.345)).toBe('2.35');
  });

  it("shows missing values as 'N/A'", () => {
    expect(NOT_AVAILABLE).toBe('N/A');
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatUsd(value)).toBe('N/A');
      expect(formatPercent(value)).toBe('N/A');
      expect(formatCount(value)).toBe('N/A');
    }
  });

  it('formats each derived metric by its kind', () => {
    const m = deriveMetrics({ ...emptyCounts(), impressions: 2000, clicks: 10, spend_micros: 7_500_000 });
    expect(formatMetric('ctr', m.ctr)).toBe('0.50%');
    expect(formatMetric('cpm_usd', m.cpm_usd)).toBe('$3.75');
    expect(formatMetric('spend', m.spend)).toBe('$7.50');
    expect(formatMetric('impressions', m.impressions)).toBe('2,000');
    expect(formatMetric('spend_per_conversion', m.spend_per_conversion)).toBe('N/A');
    expect(Object.keys(METRIC_KINDS).sort()).toEqual(Object.keys(m).sort());
  });
});
