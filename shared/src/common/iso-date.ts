import * as clock from '../clock';

/**
 * Calendar dates as ISO `YYYY-MM-DD` strings: what date inputs give, what the API carries and what the
 * report rows are keyed by. Arithmetic goes through a day number (days since 1970-01-01, UTC) so no
 * time zone or daylight-saving shift can move a date.
 */

const MS_PER_DAY = 86_400_000;
const ISO_DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What "now" may be given as: a `Date`, an ISO date (`2026-11-25`) or an ISO date-time. */
export type TNowInput = Date | string;

/** True for a real calendar date written `YYYY-MM-DD` (rejects `2026-02-30`). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE_SHAPE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * The dates the product accepts from anyone (campaign dates, report days, custom time frames): the
 * one date rule of every schema that takes a date (`ZIsoDate`, the forms' `isoDateField`, report rows).
 * Campaigns and reports live in this century; the range keeps `0000-01-01` or `9999-12-31` from ever
 * reaching date arithmetic, the bidder or a key.
 */
export const MIN_ISO_DATE = '2000-01-01';
export const MAX_ISO_DATE = '2100-12-31';

/** True for a real calendar date `YYYY-MM-DD` from `MIN_ISO_DATE` to `MAX_ISO_DATE` (the one date rule). */
export function isSupportedIsoDate(value: unknown): value is string {
  return isIsoDate(value) && value >= MIN_ISO_DATE && value <= MAX_ISO_DATE;
}

/** Days since 1970-01-01 of an ISO date; throws on anything else so bad dates never turn into NaN. */
export function isoDayNumber(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${date}`);
  return Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;
}

/** The ISO date of a day number (inverse of `isoDayNumber`). */
export function isoDateFromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `date` moved by `days` (negative goes back). */
export function addIsoDays(date: string, days: number): string {
  return isoDateFromDayNumber(isoDayNumber(date) + days);
}

/** `from`..`to` (inclusive) cut into ranges of at most `days` days, in order. */
export function isoDayRanges(from: string, to: string, days: number): Array<{ from: string; to: string }> {
  const ranges: Array<{ from: string; to: string }> = [];
  for (let start = from; start <= to; start = addIsoDays(start, days)) {
    const end = addIsoDays(start, days - 1);
    ranges.push({ from: start, to: end < to ? end : to });
  }
  return ranges;
}

/** Whole days from `from` to `to` (`2026-01-01` -> `2026-01-03` is 2; negative when `to` is earlier). */
export function isoDaysBetween(from: string, to: string): number {
  return isoDayNumber(to) - isoDayNumber(from);
}

/**
 * Today's ISO date. A `Date` is read in `timeZone` when given, otherwise in the runtime's local zone:
 * the browser's zone is the user's calendar, a Lambda's is UTC. An ISO date string is taken as is (tests
 * and callers that already know "today"); an ISO date-time string is read like a `Date`.
 */
export function todayIso(now: TNowInput = clock.now(), timeZone?: string): string {
  if (typeof now === 'string') {
    if (isIsoDate(now)) return now;
    const parsed = new Date(now);
    if (Number.isNaN(parsed.getTime())) throw new RangeError(`Not a date: ${now}`);
    return todayIso(parsed, timeZone);
  }
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid Date');
  if (timeZone) {
    // en-CA formats as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
