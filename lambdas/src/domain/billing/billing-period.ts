/** Days of a billing run: from the day after the last charged one (null: the first row) through `to`. */
export interface TBillingPeriod {
  from: string | null;
  to: string;
}

const DAY_MS = 86_400_000;

/** The ISO day (`YYYY-MM-DD`, UTC) `days` after `isoDay`. */
export function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What a run bills: delivered spend since the last charge, through yesterday (UTC). Today's rows
 * are still growing, so they wait for tomorrow's run. Null when nothing new can be billed (the
 * advertiser was already billed through yesterday).
 */
export function billingPeriod(billedThrough: string | null, now: Date): TBillingPeriod | null {
  const to = addDays(now.toISOString().slice(0, 10), -1);
  const from = billedThrough === null ? null : addDays(billedThrough, 1);
  if (from !== null && from > to) return null;
  return { from, to };
}
