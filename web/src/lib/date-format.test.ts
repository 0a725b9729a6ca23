import { describe, expect, it } from 'vitest';
import { formatLogDate, formatShortDate, ordinal, timeValue } from './date-format';

describe('date formats', () => {
  it('writes the ordinals of every day the way English does', () => {
    // Act
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 31].map(ordinal);

    // Assess
    expect(days).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '24th', '31st']);
  });

  it("formats a log time like 'Jan 1st 2024, 3:04:05 pm' in local time", () => {
    // Prepare: local components, so the test holds in every time zone
    const afternoon = new Date(2024, 0, 1, 15, 4, 5);
    const midnight = new Date(2023, 11, 22, 0, 0, 9);
    const noon = new Date(2024, 1, 3, 12, 30, 0);

    // Act
    const texts = [afternoon, midnight, noon].map((date) => formatLogDate(date));

    // Assess
    expect(texts).toEqual(['Jan 1st 2024, 3:04:05 pm', 'Dec 22nd 2023, 12:00:09 am', 'Feb 3rd 2024, 12:30:00 pm']);
  });

  it('reads ISO strings and shows an unreadable value as it came', () => {
    // Prepare
    const iso = new Date(2024, 6, 4, 9, 5, 1).toISOString();

    // Act
    const shown = formatLogDate(iso);

    // Assess
    expect(shown).toBe('Jul 4th 2024, 9:05:01 am');
    expect(formatLogDate('not a date')).toBe('not a date');
    expect(formatShortDate(iso)).toBe('Jul 4th 2024');
    expect(timeValue('nope')).toBe(Number.NEGATIVE_INFINITY);
  });
});
