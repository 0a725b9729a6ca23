import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METRIC_COUNT_KEYS, ZDailyMetricRow, ZMetricCounts, addCounts, emptyCounts, sumRows } from './counts.schema';
import type { TMetricCounts } from './counts.schema';

/** Arbitrary counts within what a day can hold (keeps every sum an exact integer). */
const countsArb: fc.Arbitrary<TMetricCounts> = fc.record(
  Object.fromEntries(METRIC_COUNT_KEYS.map((key) => [key, fc.nat({ max: 1_000_000_000 })])) as Record<
    keyof TMetricCounts,
    fc.Arbitrary<number>
  >,
);

describe('metric counts', () => {
  it('defaults missing counts to 0 and refuses negatives, fractions and ratios', () => {
    expect(ZMetricCounts.parse({ impressions: 10 })).toEqual({ ...emptyCounts(), impressions: 10 });
    expect(ZMetricCounts.safeParse({ clicks: -1 }).success).toBe(false);
    expect(ZMetricCounts.safeParse({ spend_micros: 1.5 }).success).toBe(false);
    expect(ZDailyMetricRow.safeParse({ date: '2026-02-30' }).success).toBe(false);
    expect(ZDailyMetricRow.parse({ date: '2026-11-25', clicks: 2 }).clicks).toBe(2);
  });

  it('sums rows count by count, ignoring other fields', () => {
    const rows = [
      { date: '2026-11-24', impressions: 1000, clicks: 5, spend_micros: 2_500_000 },
      { date: '2026-11-25', impressions: 500, clicks: 1, spend_micros: 1_000_000, video_plays: 3 },
    ];
    expect(sumRows(rows)).toEqual({
      ...emptyCounts(),
      impressions: 1500,
      clicks: 6,
      spend_micros: 3_500_000,
      video_plays: 3,
    });
    expect(sumRows([])).toEqual(emptyCounts());
  });

  it('sums of any split of the days equal the sum of all days', () => {
    fc.assert(
      fc.property(fc.array(countsArb, { maxLength: 40 }), fc.nat(), (rows, cut) => {
        const at = rows.length === 0 ? 0 : cut % (rows.length + 1);
        expect(addCounts(sumRows(rows.slice(0, at)), sumRows(rows.slice(at)))).toEqual(sumRows(rows));
      }),
    );
  });

  it('sums do not depend on the order of the days', () => {
    fc.assert(
      fc.property(fc.array(countsArb, { maxLength: 30 }), (rows) => {
        expect(sumRows([...rows].reverse())).toEqual(sumRows(rows));
      }),
    );
  });
});
