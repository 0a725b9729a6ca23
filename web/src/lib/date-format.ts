const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** English ordinal of a day of the month: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd, 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * A log time as the spec shows it (000 §2: 'MMM Do YYYY, h:mm:ss a', e.g. 'Jan 1st 2024, 3:04:05 pm'),
 * in the browser's time zone, as the people reading the logs expect. An unreadable value is shown
 * as it came rather than as 'Invalid Date'.
 */
export function formatLogDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'am' : 'pm';
  return `${MONTHS[date.getMonth()] ?? ''} ${ordinal(date.getDate())} ${date.getFullYear()}, ${hour12}:${pad2(
    date.getMinutes(),
  )}:${pad2(date.getSeconds())} ${meridiem}`;
}

/** A creation date for tables ('Jan 1st 2024'), in the browser's time zone. */
export function formatShortDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return `${MONTHS[date.getMonth()] ?? ''} ${ordinal(date.getDate())} ${date.getFullYear()}`;
}

/** Milliseconds of an ISO time for sorting; unreadable values sort first. */
export function timeValue(value: string): number {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}
