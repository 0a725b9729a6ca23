import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METRIC_COUNT_KEYS, addCounts, emptyCounts, sumRows } from './counts.schema';
import type { TMetricCounts } from './counts.schema';
import { deriveMetrics, microsToUsd, usdToMicros } from './derive';

/** Arbitrary counts within what a day can hold (keeps every sum an exact integer). */
const countsArb: fc.Arbitrary<TMetricCounts> = fc.record(
  Object.fromEntries(METRIC_COUNT_KEYS.map((key) => [key, fc.nat({ max: 1_000_000_000 })])) as Record<
    keyof TMetricCounts,
    fc.Arbitrary<number>
  >,
);

describe('deriveMetrics', () => {
  it('computes each ratio from the sums with its documented formula', () => {
    // Prepare
    const sum = {
      ...emptyCounts(),
      impressions: 20_000,
      clicks: 50,
      spend_micros: 100_000_000, // $100
      conversions: 4,
      conversions_value_micros: 250_500_000,
      video_plays: 400,
      video_completes: 300,
      viewable_impressions: 12_000,
      measurable_impressions: 16_000,
      measurable_invalid_impressions: 18_000,
      invalid_impressions: 360,
      viewable_seconds: 30_000,
      video_companion_views: 200,
      video_companion_clicks: 3,
    };
    // Act
    const m = deriveMetrics(sum);
    // Assess
    expect(m.spend).toBe(100);
    expect(m.conversions_value).toBe(250.5);
    expect(m.ctr).toBeCloseTo(0.25, 12); // 50 / 20000 x 100
    expect(m.cpm_usd).toBeCloseTo(5, 12); // 100 / 20000 x 1000
    expect(m.cpc_usd).toBeCloseTo(2, 12); // 100 / 50
    expect(m.spend_per_conversion).toBeCloseTo(25, 12); // 100 / 4
    expect(m.vcpm).toBeCloseTo(100 / 12, 12); // 100 / 12000 x 1000
    expect(m.video_complete_percent).toBeCloseTo(75, 12); // 300 / 400 x 100
    expect(m.viewability_percent).toBeCloseTo(75, 12); // 12000 / 16000 x 100
    expect(m.measurable_impression_percent).toBeCloseTo(80, 12); // 16000 / 20000 x 100
    expect(m.invalid_impression_percent).toBeCloseTo(2, 12); // 360 / 18000 x 100
    expect(m.viewability_measurability_percent).toBeCloseTo(60, 12); // 12000 / 20000 x 100
    expect(m.video_companion_ctr).toBeCloseTo(1.5, 12); // 3 / 200 x 100
    expect(m.average_viewable_seconds).toBeCloseTo(2.5, 12); // 30000 / 12000
    expect(m.impressions).toBe(20_000);
    expect(m).not.toHaveProperty('spend_micros');
  });

  it('gives null, never NaN or Infinity, when a denominator is 0', () => {
    const m = deriveMetrics({ ...emptyCounts(), clicks: 3, spend_micros: 1_000_000 });
    expect(m.ctr).toBeNull();
    expect(m.cpm_usd).toBeNull();
    expect(m.cpc_usd).toBeCloseTo(1 / 3, 12);
    expect(m.spend_per_conversion).toBeNull();
    expect(m.average_viewable_seconds).toBeNull();
  });

  it('weights days by volume instead of averaging daily ratios', () => {
    // A day of 1 click in 10 impressions and a day of 0 in 990: CTR is 0.1 %, not the 5 % mean.
    const day1 = { ...emptyCounts(), impressions: 10, clicks: 1 };
    const day2 = { ...emptyCounts(), impressions: 990, clicks: 0 };
    expect(deriveMetrics(sumRows([day1, day2])).ctr).toBeCloseTo(0.1, 12);
  });

  it('ratios from the sums of two parts equal ratios on the concatenated rows', () => {
    fc.assert(
      fc.property(fc.array(countsArb, { maxLength: 20 }), fc.array(countsArb, { maxLength: 20 }), (a, b) => {
        expect(deriveMetrics(addCounts(sumRows(a), sumRows(b)))).toEqual(deriveMetrics(sumRows([...a, ...b])));
      }),
    );
  });

  it('ratios equal the quotient of the totals computed by hand', () => {
    fc.assert(
      fc.property(fc.array(countsArb, { minLength: 1, maxLength: 20 }), (rows) => {
        const total = (key: keyof (typeof rows)[number]) => rows.reduce((acc, row) => acc + row[key], 0);
        const m = deriveMetrics(sumRows(rows));
        const impressions = total('impressions');
        expect(m.ctr).toBe(impressions > 0 ? (total('clicks') / impressions) * 100 : null);
        const clicks = total('clicks');
        expect(m.cpc_usd).toBe(clicks > 0 ? (total('spend_micros') / clicks) * (1 / 1_000_000) : null);
      }),
    );
  });

  it('never yields NaN or Infinity', () => {
    fc.assert(
      fc.property(fc.array(countsArb, { maxLength: 20 }), (rows) => {
        for (const value of Object.values(deriveMetrics(sumRows(rows)))) {
          expect(value === null || Number.isFinite(value)).toBe(true);
        }
      }),
    );
  });
});

describe('money units', () => {
  it('converts between micros and dollars', () => {
    expect(microsToUsd(1_234_560_000)).toBe(1234.56);
    expect(usdToMicros(0.1 + 0.2)).toBe(300_000);
  });
});
