import { NOT_AVAILABLE, formatByKind, formatCount, METRIC_KINDS } from '@bidgrid/shared/metrics/format';
import type { TLineItemMetric } from '@bidgrid/shared/campaigns/line-item.schema';
import { isIsoDate } from '@bidgrid/shared/common/iso-date';
import { ordinal } from '@/lib/date-format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A calendar day (`YYYY-MM-DD`) as the tables show dates ('Jan 5th 2026'). Read from its parts, never
 * through `Date`: a day is not an instant, and `new Date('2026-01-05')` is midnight UTC, which is the
 * 4th west of Greenwich.
 */
export function formatIsoDay(day: string | null | undefined): string {
  if (!isIsoDate(day)) return day ?? NOT_AVAILABLE;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1] ?? ''} ${ordinal(date)} ${year}`;
}

/**
 * When the numbers were last synced, in the reader's own time zone ('Nov 26, 2026, 8:05 AM'); the
 * time zone is a parameter for tests.
 */
export function formatSyncedAt(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** Short axis label of a day ('Jan 5'), with the year when the axis runs across years ('Jan 5, 2026'). */
export function formatAxisDay(day: string, withYear = false): string {
  if (!isIsoDate(day)) return day;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1] ?? ''} ${date}${withYear ? `, ${year}` : ''}`;
}

const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** A count on a chart axis, short ('950', '12.5K', '1.2M'). */
export const formatAxisCount = (value: number): string => compactCount.format(value);

/** Money on a chart axis, short ('$0', '$180', '$1.5K'). */
export const formatAxisUsd = (value: number): string => compactUsd.format(value);

/**
 * A line-item metric for a cell: money, percentages and counts by the metric's kind (000 §9), 'N/A'
 * when the bidder had no value. `segment_count_nam` is not a derived metric: it is a plain count.
 */
export function formatLineItemMetric(metric: TLineItemMetric, value: number | null | undefined): string {
  if (metric === 'segment_count_nam') return formatCount(value);
  return formatByKind(METRIC_KINDS[metric], value);
}

/** A status as the line-item table writes it (000 §2: ACTIVE/INACTIVE). */
export const statusText = (active: boolean): string => (active ? 'ACTIVE' : 'INACTIVE');
