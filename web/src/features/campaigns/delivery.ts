import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TDeliveryDay } from '@bidgrid/shared/reports/delivery.schema';
import { microsToUsd, usdToMicros } from '@bidgrid/shared/metrics/derive';
import { formatUsd } from '@bidgrid/shared/metrics/format';
import { formatIsoDay } from './format';

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

/** What the pacing needs of a campaign: its dates and its daily budget. */
export type TCampaignBudget = Pick<TCampaign, 'start_date' | 'end_date' | 'daily_budget'>;

/** One day of the chart: its delivery, the daily budget that applies to it and whether spend went above it. */
export interface TDeliveryRow extends TDeliveryDay {
  /** The campaign's daily budget on a day within its start and end dates; null on any other day. */
  readonly budget: number | null;
  readonly overBudget: boolean;
}

/**
 * Spend up to a cent above the budget is not "over": the bidder's daily rows carry fractions of a cent,
 * and a day that rounds to its budget on screen must not be flagged.
 */
const OVER_BUDGET_MICROS = 10_000;

const isOver = (spendMicros: number, budgetMicros: number): boolean => spendMicros > budgetMicros + OVER_BUDGET_MICROS;

/**
 * The chart's days with their budget. Days outside the campaign's dates (a 90-day frame of a campaign that
 * started 30 days ago) carry no budget: the campaign was not meant to spend then.
 */
export function deliveryRows(days: readonly TDeliveryDay[], campaign: TCampaignBudget): TDeliveryRow[] {
  const budgetMicros = usdToMicros(campaign.daily_budget);
  return days.map((day) => {
    const budgeted = day.date >= campaign.start_date && day.date <= campaign.end_date;
    return {
      ...day,
      budget: budgeted ? campaign.daily_budget : null,
      overBudget: budgeted && isOver(usdToMicros(day.spend), budgetMicros),
    };
  });
}

/** How the spend of the days shown compares with the daily budget of those days. */
export interface TPacing {
  /** Spend on the days within the campaign's dates, in USD. */
  readonly spent: number;
  /** The daily budget times the days within the campaign's dates, in USD. */
  readonly budgeted: number;
  readonly budgetedDays: number;
  /** `spent / budgeted`; null when no day shown has a budget. */
  readonly share: number | null;
  /** The days whose spend went above the daily budget, in date order. */
  readonly overDays: readonly TDeliveryRow[];
  /** Spend on days outside the campaign's dates, in USD (normally 0). */
  readonly spentOutside: number;
}

/**
 * Pacing as daily spend against the daily budget (issue 15: "pacing against budget"). The campaign's
 * total budget is an estimate and its frames are rolling windows, while the daily budget is what the
 * bidder paces against each day, so this reads the same in every time frame. Money is added in micros.
 */
export function deliveryPacing(rows: readonly TDeliveryRow[]): TPacing {
  let spentMicros = 0;
  let outsideMicros = 0;
  let budgetedMicros = 0;
  let budgetedDays = 0;
  for (const row of rows) {
    if (row.budget === null) {
      outsideMicros += usdToMicros(row.spend);
      continue;
    }
    spentMicros += usdToMicros(row.spend);
    budgetedMicros += usdToMicros(row.budget);
    budgetedDays += 1;
  }
  return {
    spent: microsToUsd(spentMicros),
    budgeted: microsToUsd(budgetedMicros),
    budgetedDays,
    share: budgetedDays > 0 && budgetedMicros > 0 ? spentMicros / budgetedMicros : null,
    overDays: rows.filter((row) => row.overBudget),
    spentOutside: microsToUsd(outsideMicros),
  };
}

const dayCount = (count: number): string => `${count} ${count === 1 ? 'day' : 'days'}`;

/** A share as a whole percentage; a little spend never reads as nothing ('<1%'). */
function percentText(share: number): string {
  const percent = Math.round(share * 100);
  return percent === 0 && share > 0 ? '<1%' : `${percent}%`;
}

function overText(overDays: readonly TDeliveryRow[]): string {
  const [first] = overDays;
  if (!first) return 'no day above the daily budget.';
  const most = overDays.reduce((top, row) => (row.spend > top.spend ? row : top), first);
  const when = `${formatIsoDay(most.date)}, ${formatUsd(most.spend)}`;
  return overDays.length === 1
    ? `1 day above the daily budget (${when}).`
    : `${dayCount(overDays.length)} above the daily budget, the most on ${when}.`;
}

/**
 * The pacing in one sentence, e.g. 'Spent $13,319.01 of $19,440.00 budgeted for 81 days (69%); no day
 * above the daily budget.' It is the chart's summary for everyone, and the words a screen reader gets.
 */
export function pacingSentence(pacing: TPacing, campaign: TCampaignBudget): string {
  const outside =
    pacing.spentOutside > 0 ? ` ${formatUsd(pacing.spentOutside)} was spent on days outside the campaign's dates.` : '';
  if (pacing.budgetedDays === 0) {
    return (
      `No day of this time frame is within the campaign's dates (${formatIsoDay(campaign.start_date)} to ` +
      `${formatIsoDay(campaign.end_date)}), so none has a daily budget.${outside}`
    );
  }
  const share = pacing.share === null ? '' : ` (${percentText(pacing.share)})`;
  return (
    `Spent ${formatUsd(pacing.spent)} of ${formatUsd(pacing.budgeted)} budgeted for ` +
    `${dayCount(pacing.budgetedDays)}${share}; ${overText(pacing.overDays)}${outside}`
  );
}
