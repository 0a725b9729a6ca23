import { describe, expect, it } from 'vitest';
import { initialFrame, reportRequest, withCustomDate } from './time-frame';

describe('time frames', () => {
  it('starts at ALL_TIME with today as the custom day', () => {
    // Prepare
    const now = new Date(2026, 10, 25, 15, 0);

    // Act
    const frame = initialFrame(now);

    // Assess
    expect(frame).toEqual({ timeFrame: 'ALL_TIME', customDate: '2026-11-25' });
  });

  it('asks the rolling report for rolling frames and the daily report for a custom day', () => {
    // Prepare
    const base = { customDate: '2026-11-20' };

    // Act
    const rolling = reportRequest({ ...base, timeFrame: '30_DAYS' });
    const custom = reportRequest({ ...base, timeFrame: 'CUSTOM_DATE' });

    // Assess
    expect(rolling).toEqual({ kind: 'range', timeFrame: '30_DAYS' });
    expect(custom).toEqual({ kind: 'day', date: '2026-11-20' });
  });

  it('changes the selection only for a whole, different day', () => {
    // Prepare
    const frame = { timeFrame: 'CUSTOM_DATE' as const, customDate: '2026-11-20' };

    // Act
    const partial = withCustomDate(frame, '');
    const impossible = withCustomDate(frame, '2026-02-30');
    const same = withCustomDate(frame, '2026-11-20');
    const other = withCustomDate(frame, '2026-11-21');

    // Assess
    expect(partial).toBe(frame);
    expect(impossible).toBe(frame);
    expect(same).toBe(frame);
    expect(other).toEqual({ timeFrame: 'CUSTOM_DATE', customDate: '2026-11-21' });
  });
});
