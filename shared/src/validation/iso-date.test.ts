import { describe, expect, it } from 'vitest';
import { addIsoDays, isIsoDate, isoDateFromDayNumber, isoDayNumber, isoDaysBetween, todayIso } from './iso-date';

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
