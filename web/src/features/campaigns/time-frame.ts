import * as clock from '@bidgrid/shared/clock';
import { DEFAULT_TIME_FRAME, TIME_FRAMES, type TTimeFrame } from '@bidgrid/shared/constants';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import { isIsoDate, todayIso } from '@bidgrid/shared/common/iso-date';

/**
 * The time frame a report view shows (000 §4): one of the rolling frames, or CUSTOM_DATE with its one
 * chosen day. The day is kept even while another frame is shown, so coming back to CUSTOM_DATE shows
 * the same day again without a new request.
 */
export interface TFrameSelection {
  readonly timeFrame: TTimeFrame;
  /** The chosen day of CUSTOM_DATE, `YYYY-MM-DD`. */
  readonly customDate: string;
}

/** ALL_TIME by default (000 §4: the default on the advertiser page and in the dialog); today as the day. */
export const initialFrame = (now: Date = clock.now()): TFrameSelection => ({
  timeFrame: DEFAULT_TIME_FRAME,
  customDate: todayIso(now),
});

/** Labels of the time-frame selector, in the spec's order. */
export const TIME_FRAME_LABELS: Record<TTimeFrame, string> = {
  ALL_TIME: 'All Time',
  '7_DAYS': 'Last 7 Days',
  '30_DAYS': 'Last 30 Days',
  '90_DAYS': 'Last 90 Days',
  CUSTOM_DATE: 'Custom Date',
};

export const TIME_FRAME_OPTIONS: ReadonlyArray<{ value: TTimeFrame; label: string }> = TIME_FRAMES.map((value) => ({
  value,
  label: TIME_FRAME_LABELS[value],
}));

/** Which report call a selection needs: a rolling frame (`timeFrame`) or the daily one (`date`). */
export type TReportRequest = { kind: 'range'; timeFrame: TRangeTimeFrame } | { kind: 'day'; date: string };

/**
 * The request of a selection. Only the fields that matter are kept, so a new custom day changes the
 * request (and refetches) while switching among rolling frames never carries the day along.
 */
export function reportRequest(selection: TFrameSelection): TReportRequest {
  if (selection.timeFrame === 'CUSTOM_DATE') return { kind: 'day', date: selection.customDate };
  return { kind: 'range', timeFrame: selection.timeFrame };
}

/**
 * Applies a new custom day typed in a date input. A partial or impossible date (the input gives '' while
 * typing) keeps the previous day, and the same day returns the same object, so nothing is refetched
 * until the day really changes (000 §4).
 */
export function withCustomDate(selection: TFrameSelection, value: string): TFrameSelection {
  if (!isIsoDate(value) || value === selection.customDate) return selection;
  return { ...selection, customDate: value };
}

/** Whether a string is one of the time frames (for the native select's value). */
export const isTimeFrame = (value: string): value is TTimeFrame => (TIME_FRAMES as readonly string[]).includes(value);
