import '../../test-env';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METRIC_COUNT_KEYS, sumRows } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { addIsoDays } from '@bidgrid/shared/common/iso-date';
import type { TStoredDailyRow } from './report-records.schema';
import { campaignReportOf, creativeReportOf, rangeOf, sumInRange } from './report-rows';

const countsArb: fc.Arbitrary<TMetricCounts> = fc.record(
  Object.fromEntries(METRIC_COUNT_KEYS.map((key) => [key, fc.nat({ max: 10_000_000 })])) as Record<
    keyof TMetricCounts,
    fc.Arbitrary<number>
  >,
);

/** Up to 120 consecutive days of rows ending on `today`, some days missing. */
const rowsArb = fc
  .array(fc.option(countsArb, { nil: undefined }), { maxLength: 120 })
  .map((days): TStoredDailyRow[] =>
    days.flatMap((counts, i) => (counts ? [{ ...counts, date: addIsoDays('2026-11-25', i - days.length + 1) }] : [])),
  );

describe('report sums over time frames', () => {
  it('adds up: the days of a range split anywhere sum to the range', () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.constantFrom('ALL_TIME', '7_DAYS', '30_DAYS', '90_DAYS' as const),
        fc.nat(),
        (rows, tf, cut) => {
          const range = rangeOf(tf, '2026-11-25');
          const inRange = range ? rows.filter((r) => r.date >= range.from && r.date <= range.to) : rows;
          const at = inRange.length === 0 ? 0 : cut % (inRange.length + 1);
          const whole = sumInRange(rows, range);
          const parts = [sumRows(inRange.slice(0, at)), sumRows(inRange.slice(at))];
          for (const key of METRIC_COUNT_KEYS) expect(whole[key]).toBe((parts[0]?.[key] ?? 0) + (parts[1]?.[key] ?? 0));
        },
      ),
    );
  });

  it('computes every ratio of a report from the sums, never from daily ratios', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const sum = sumRows(rows);
        const report = campaignReportOf(sum, { timeFrame: 'ALL_TIME' });
        const creative = creativeReportOf(sum, false, { timeFrame: 'ALL_TIME' });
        if (sum.impressions === 0) {
          expect(report.ctr).toBeNull();
          expect(report.cpm_usd).toBeNull();
        } else {
          expect(report.ctr).toBeCloseTo((sum.clicks / sum.impressions) * 100, 9);
          expect(report.cpm_usd).toBeCloseTo((sum.spend_micros / 1_000_000 / sum.impressions) * 1000, 9);
          expect(creative.ctr).toBe(report.ctr);
        }
        if (sum.conversions > 0) {
          expect(report.spend_per_conversion).toBeCloseTo(sum.spend_micros / 1_000_000 / sum.conversions, 9);
        }
        expect(creative.video_plays).toBeNull();
      }),
    );
  });
});
