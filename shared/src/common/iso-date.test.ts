import { describe, expect, it } from 'vitest';
import type * as z from '../zod';
import { ZIsoDate } from './common.schema';
import { ZDailyMetricRow } from '../metrics/counts.schema';
import { isoDateField } from './fields';
import {
  MAX_ISO_DATE,
  MIN_ISO_DATE,
  addIsoDays,
  isIsoDate,
  isSupportedIsoDate,
  isoDateFromDayNumber,
  isoDayNumber,
  isoDayRanges,
  isoDaysBetween,
  todayIso,
} from './iso-date';

describe('iso dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-11-25')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-05')).toBe(false);
    expect(isIsoDate('2026-11-25T00:00:00Z')).toBe(false);
    expect(isIsoDate(20261125)).toBe(false);
  });

  it('counts days across months, years and daylight-saving changes', () => {
    expect(isoDaysBetween('2026-01-01', '2026-01-04')).toBe(3);
    expect(isoDaysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(isoDaysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(isoDaysBetween('2026-01-04', '2026-01-01')).toBe(-3);
    expect(addIsoDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addIsoDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isoDateFromDayNumber(isoDayNumber('2026-11-25'))).toBe('2026-11-25');
  });

  it('throws on a non-date rather than computing NaN', () => {
    expect(() => isoDayNumber('2026-13-01')).toThrow(RangeError);
  });

  it('reads today from an ISO date, a date-time or a Date in a given zone', () => {
    expect(todayIso('2026-11-25')).toBe('2026-11-25');
    const lateEveningInLosAngeles = new Date('2026-11-26T03:30:00Z');
    expect(todayIso(lateEveningInLosAngeles, 'UTC')).toBe('2026-11-26');
    expect(todayIso(lateEveningInLosAngeles, 'America/Los_Angeles')).toBe('2026-11-25');
    expect(todayIso('2026-11-26T03:30:00Z', 'America/Los_Angeles')).toBe('2026-11-25');
    expect(() => todayIso('soon')).toThrow(RangeError);
  });
});

describe('the one date rule', () => {
  const inRange = ['2000-01-01', '2024-02-29', '2100-12-31'];
  const outOfRange = ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31', '2023-02-29', '2026-13-01', '20261125'];

  it('accepts calendar dates from 2000-01-01 to 2100-12-31 only', () => {
    expect([MIN_ISO_DATE, MAX_ISO_DATE]).toEqual(['2000-01-01', '2100-12-31']);
    for (const date of inRange) expect(isSupportedIsoDate(date), date).toBe(true);
    for (const date of outOfRange) expect(isSupportedIsoDate(date), date).toBe(false);
  });

  it.each([
    ['the API date schema', ZIsoDate],
    ['the form date field', isoDateField()],
    ['report rows', ZDailyMetricRow.shape.date],
  ])('is what %s applies', (_name, schema: z.ZodMiniType) => {
    for (const date of inRange) expect(schema.safeParse(date).success, date).toBe(true);
    for (const date of outOfRange) expect(schema.safeParse(date).success, date).toBe(false);
  });
});

describe('isoDayRanges', () => {
  it('cuts a range into parts of at most the given days, the last one shorter, across a month end', () => {
    expect(isoDayRanges('2026-01-30', '2026-02-05', 3)).toEqual([
      { from: '2026-01-30', to: '2026-02-01' },
      { from: '2026-02-02', to: '2026-02-04' },
      { from: '2026-02-05', to: '2026-02-05' },
    ]);
    expect(isoDayRanges('2026-03-01', '2026-03-01', 14)).toEqual([{ from: '2026-03-01', to: '2026-03-01' }]);
    expect(isoDayRanges('2026-03-02', '2026-03-01', 14)).toEqual([]);
  });
});
