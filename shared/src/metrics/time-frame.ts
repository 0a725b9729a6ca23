import { TIME_FRAME_DAYS } from '../constants';
import type { TTimeFrame } from '../constants';
import { addIsoDays, isIsoDate, todayIso } from '../common/iso-date';
import type { TNowInput } from '../common/iso-date';

/** What a time frame is resolved against. */
export interface TTimeFrameContext {
  /** Today (a `Date` is read in the runtime's zone; pass the ISO day to be exact). */
  today: TNowInput;
  /** The one chosen day of CUSTOM_DATE (000 §4). */
  customDate?: string | null;
}

/** Inclusive ISO day range of a time frame; null for ALL_TIME (no bound). */
export interface TDayRange {
  from: string;
  to: string;
}

/**
 * The days a time frame covers (000 §4): 7_DAYS, 30_DAYS and 90_DAYS are that many days ending today,
 * inclusive (7_DAYS on 2026-11-25 is 2026-11-19..2026-11-25); CUSTOM_DATE is its one day; ALL_TIME is
 * unbounded (null). Handlers turn the range into a key condition `DAY#from`..`DAY#to`.
 */
export function timeFrameRange(timeFrame: TTimeFrame, context: TTimeFrameContext): TDayRange | null {
  switch (timeFrame) {
    case 'ALL_TIME':
      return null;
    case 'CUSTOM_DATE': {
      const day = context.customDate;
      if (!isIsoDate(day)) throw new RangeError('CUSTOM_DATE needs customDate as YYYY-MM-DD');
      return { from: day, to: day };
    }
    default: {
      const to = todayIso(context.today);
      return { from: addIsoDays(to, 1 - TIME_FRAME_DAYS[timeFrame]), to };
    }
  }
}

/** The rows of a time frame (ISO dates compare as strings). Order is kept. */
export function rowsInTimeFrame<T extends { date: string }>(
  rows: readonly T[],
  timeFrame: TTimeFrame,
  context: TTimeFrameContext,
): T[] {
  const range = timeFrameRange(timeFrame, context);
  if (!range) return [...rows];
  return rows.filter((row) => row.date >= range.from && row.date <= range.to);
}
