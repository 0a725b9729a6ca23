import type { TDeliveryDay } from '@bidgrid/shared/entities/delivery.schema';
import { microsToUsd, usdToMicros } from '@bidgrid/shared/metrics/derive';

/** The series of the delivery chart (issue 6: impressions, clicks and spend). */
export type TDeliverySeries = 'impressions' | 'clicks' | 'spend';

/**
 * Totals of the days shown: counts added, spend added in micros (as the server adds its daily rows) so
 * the total matches the campaign's report to the cent once formatted.
 */
export function deliveryTotals(days: readonly TDeliveryDay[]): Record<TDeliverySeries, number> {
  let impressions = 0;
  let clicks = 0;
  let micros = 0;
  for (const day of days) {
    impressions += day.impressions;
    clicks += day.clicks;
    micros += usdToMicros(day.spend);
  }
  return { impressions, clicks, spend: microsToUsd(micros) };
}

/** One bar of a series: where it starts, how wide and how tall, in the chart's 0..1 box. */
export interface TBar {
  readonly date: string;
  readonly value: number;
  readonly x: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Bars of one series scaled to the largest day (a series of zeros stays flat). Bars share the width
 * evenly with a gap of a fifth of a slot, so 1 day and 120 days both fill the chart.
 */
export function seriesBars(days: readonly TDeliveryDay[], series: TDeliverySeries): TBar[] {
  const max = Math.max(0, ...days.map((day) => day[series]));
  const slot = days.length > 0 ? 1 / days.length : 1;
  return days.map((day, index) => ({
    date: day.date,
    value: day[series],
    x: index * slot + slot * 0.1,
    width: slot * 0.8,
    height: max > 0 ? day[series] / max : 0,
  }));
}
