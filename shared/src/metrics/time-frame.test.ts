import { describe, expect, it } from 'vitest';
import { rowsInTimeFrame, timeFrameRange } from './time-frame';

const TODAY = '2026-11-25';
const days = ['2026-08-01', '2026-08-28', '2026-08-27', '2026-10-27', '2026-10-26', '2026-11-19', '2026-11-18', TODAY];
const rows = days.map((date) => ({ date, clicks: 1 }));

describe('time frames', () => {
  it('cover that many days ending today, inclusive', () => {
    expect(timeFrameRange('7_DAYS', { today: TODAY })).toEqual({ from: '2026-11-19', to: TODAY });
    expect(timeFrameRange('30_DAYS', { today: TODAY })).toEqual({ from: '2026-10-27', to: TODAY });
    expect(timeFrameRange('90_DAYS', { today: TODAY })).toEqual({ from: '2026-08-28', to: TODAY });
    expect(timeFrameRange('ALL_TIME', { today: TODAY })).toBeNull();
    expect(timeFrameRange('CUSTOM_DATE', { today: TODAY, customDate: '2026-10-26' })).toEqual({
      from: '2026-10-26',
      to: '2026-10-26',
    });
  });

  it('select the rows of each frame', () => {
    const dates = (frame: Parameters<typeof rowsInTimeFrame>[1], customDate?: string) =>
      rowsInTimeFrame(rows, frame, { today: TODAY, customDate }).map((row) => row.date);
    expect(dates('ALL_TIME')).toEqual(days);
    expect(dates('7_DAYS')).toEqual(['2026-11-19', TODAY]);
    expect(dates('30_DAYS')).toEqual(['2026-10-27', '2026-11-19', '2026-11-18', TODAY]);
    expect(dates('90_DAYS')).toEqual(['2026-08-28', '2026-10-27', '2026-10-26', '2026-11-19', '2026-11-18', TODAY]);
    expect(dates('CUSTOM_DATE', '2026-11-18')).toEqual(['2026-11-18']);
    expect(dates('CUSTOM_DATE', '2026-01-01')).toEqual([]);
  });

  it('leave out future days from rolling frames', () => {
    expect(rowsInTimeFrame([{ date: '2026-11-26' }], '7_DAYS', { today: TODAY })).toEqual([]);
  });

  it('need a custom date for CUSTOM_DATE', () => {
    expect(() => rowsInTimeFrame(rows, 'CUSTOM_DATE', { today: TODAY })).toThrow(RangeError);
    expect(() => timeFrameRange('CUSTOM_DATE', { today: TODAY, customDate: '26/11/2026' })).toThrow(RangeError);
  });

  it('read today from a Date as well', () => {
    expect(timeFrameRange('7_DAYS', { today: new Date(2026, 10, 25, 23, 59) })).toEqual({
      from: '2026-11-19',
      to: TODAY,
    });
  });
});
