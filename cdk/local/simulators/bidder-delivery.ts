/**
 * Delivery of the bidder simulator: what a line item and its creatives bought on one day, made up
 * but plausible and deterministic. The same ids, day, settings and clock hour always give the same
 * numbers (a seeded PRNG), so a report pulled twice is the same report, and tests can state exact
 * properties:
 * - nothing outside the flight dates, nothing while the campaign or line item was inactive (an
 *   entity's activity is a history of changes, so deactivating today does not erase last month);
 * - spend never above the line item's daily budget, and a campaign's line items together never above
 *   the campaign's daily budget;
 * - the clearing CPM never above the line item's bid;
 * - a line item targeting IP ranges buys at most `IMPRESSIONS_PER_ADDRESS` a day per address in them
 *   (a company's few offices see only so many ads);
 * - clicks, click-through and view-through conversions, video quartiles (each at most the one before),
 *   viewability and invalid traffic in the ranges ad tech sees;
 * - today only the hours that have passed (whole hours, so a report within the hour does not move).
 * Creatives split their line item's counts by fixed weights with integer apportionment, so the
 * creatives of a line item add up to it exactly.
 */

/** The counts of one line item or creative on one day, in the simulator's report field names. */
export interface DeliveryCounts {
  impression: number;
  clicks: number;
  /** Spend in micro-dollars (the report sends dollars with six decimals). */
  spend_micros: number;
  conversions: number;
  viewthrough_conversions: number;
  clickthrough_conversions: number;
  postback_conversions: number;
  conversion_orders: number;
  /** Conversion value in micro-dollars. */
  conversion_value_micros: number;
  video_start: number;
  video_first_quartile: number;
  video_midpoint: number;
  video_third_quartile: number;
  video_complete: number;
  video_skip: number;
  companion_impression: number;
  companion_click: number;
  viewable_impression: number;
  measurable_impression: number;
  viewable_seconds: number;
  ivt_measured_impression: number;
  ivt_impression: number;
  reach: number;
}

export const DELIVERY_COUNT_KEYS = [
  'impression',
  'clicks',
  'spend_micros',
  'conversions',
  'viewthrough_conversions',
  'clickthrough_conversions',
  'postback_conversions',
  'conversion_orders',
  'conversion_value_micros',
  'video_start',
  'video_first_quartile',
  'video_midpoint',
  'video_third_quartile',
  'video_complete',
  'video_skip',
  'companion_impression',
  'companion_click',
  'viewable_impression',
  'measurable_impression',
  'viewable_seconds',
  'ivt_measured_impression',
  'ivt_impression',
  'reach',
] as const satisfies ReadonlyArray<keyof DeliveryCounts>;

export const emptyDelivery = (): DeliveryCounts =>
  Object.fromEntries(DELIVERY_COUNT_KEYS.map((key) => [key, 0])) as unknown as DeliveryCounts;

/** One change of an entity: from `at` (ISO instant; null = since always) its settings were `values`. */
export interface HistoryEntry {
  at: string | null;
  values: Record<string, unknown>;
}

/** What the generator needs to know about a line item on a day. */
export interface LineItemDay {
  lineItemId: number;
  lineItemHistory: readonly HistoryEntry[];
  campaignHistory: readonly HistoryEntry[];
  /** How many line items the campaign has (a line item without its own budget gets an even share). */
  campaignLineItemCount: number;
  /** Active creatives linked to the line item (ids). No creative, nothing to serve. */
  creativeIds: readonly number[];
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** The simulator's clock. */
  now: Date;
}

/** Most impressions a day one targeted IP address yields (offices share addresses behind NAT). */
export const IMPRESSIONS_PER_ADDRESS = 400;

const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000;
const MICROS = 1_000_000;

/** 32-bit FNV-1a of a string: the seed of a day's PRNG. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, well-spread PRNG; the same seed gives the same sequence. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const atMs = (at: string | null): number => (at === null ? Number.NEGATIVE_INFINITY : Date.parse(at));

/** The settings in effect at instant `t`: the last change at or before it (the first one if none). */
export function valuesAt(history: readonly HistoryEntry[], t: number): Record<string, unknown> {
  let current = history[0]?.values ?? {};
  for (const entry of history) {
    if (atMs(entry.at) <= t) current = entry.values;
    else break;
  }
  return current;
}

/** Milliseconds of [from, to) during which the entity was `active`. */
function activeMs(history: readonly HistoryEntry[], from: number, to: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < history.length; i++) {
    const entry = history[i] as HistoryEntry;
    if (entry.values['active'] !== true) continue;
    const start = Math.max(from, atMs(entry.at));
    const next = history[i + 1];
    const end = Math.min(to, next ? atMs(next.at) : Number.POSITIVE_INFINITY);
    if (end > start) spans.push([start, end]);
  }
  return spans;
}

/** Length of the overlap of two sets of disjoint, ordered spans. */
function overlapMs(a: Array<[number, number]>, b: Array<[number, number]>): number {
  let total = 0;
  for (const [a0, a1] of a) {
    for (const [b0, b1] of b) {
      const start = Math.max(a0, b0);
      const end = Math.min(a1, b1);
      if (end > start) total += end - start;
    }
  }
  return total;
}

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
/** A v2 `spend_budget.daily` (a decimal string), or a 0.5 `daily_budget`. */
const dailyOf = (values: Record<string, unknown>): number | undefined => {
  const spend = values['spend_budget'] as { daily?: unknown } | undefined;
  return num(spend?.daily) ?? num(values['daily_budget']);
};

/** Addresses in the IPv4 ranges of a line item's targeting (`targeting_modules.user.all.ip_range`); null without. */
function targetedAddresses(values: Record<string, unknown>): number | null {
  const modules = values['targeting_modules'] as
    { user?: { all?: { ip_range?: { any?: Array<{ value?: unknown }> } } } } | undefined;
  const ranges = modules?.user?.all?.ip_range?.any ?? [];
  if (ranges.length === 0) return null;
  return ranges.reduce((sum, term) => {
    const bits = Number(String(term.value ?? '').split('/')[1]);
    return sum + (Number.isInteger(bits) && bits >= 0 && bits <= 32 ? 2 ** (32 - bits) : 0);
  }, 0);
}

const dateOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/**
 * What the line item may spend and bid on the day, and for how much of the day both it and its
 * campaign were active and in flight (0..1). Null when it does not deliver at all that day.
 */
export function lineItemPlan(input: LineItemDay): {
  dailyBudgetUsd: number;
  cpmBidUsd: number;
  video: boolean;
  activeFraction: number;
  campaignDailyBudgetUsd: number;
  /** Most impressions the targeted IP ranges allow on a whole day (null: no IP targeting). */
  impressionCap: number | null;
} | null {
  const start = dayStart(input.day);
  if (Number.isNaN(start)) return null;
  // Today counts only the whole hours that have passed.
  const nowHour = Math.floor(input.now.getTime() / MS_PER_HOUR) * MS_PER_HOUR;
  const end = Math.min(start + MS_PER_DAY, nowHour);
  if (end <= start || input.creativeIds.length === 0) return null;

  const settingsAt = end - 1;
  const campaign = valuesAt(input.campaignHistory, settingsAt);
  const lineItem = valuesAt(input.lineItemHistory, settingsAt);
  const flightStart = [dateOf(campaign['start_date']), dateOf(lineItem['start_date'])].filter(Boolean).sort().pop();
  const flightEnd = [dateOf(campaign['end_date']), dateOf(lineItem['end_date'])].filter(Boolean).sort()[0];
  if (!flightStart || !flightEnd || input.day < flightStart || input.day > flightEnd) return null;

  const both = overlapMs(activeMs(input.campaignHistory, start, end), activeMs(input.lineItemHistory, start, end));
  const activeFraction = both / MS_PER_DAY;
  if (activeFraction <= 0) return null;

  const campaignDailyBudgetUsd = dailyOf(campaign) ?? 0;
  const dailyBudgetUsd = dailyOf(lineItem) ?? campaignDailyBudgetUsd / Math.max(1, input.campaignLineItemCount);
  const bidding = lineItem['bidding'] as { values?: { cpm_bid?: unknown } } | undefined;
  const cpmBidUsd = num(bidding?.values?.cpm_bid) ?? num(lineItem['max_bid']) ?? 0;
  if (dailyBudgetUsd <= 0 || cpmBidUsd <= 0) return null;
  return {
    dailyBudgetUsd,
    cpmBidUsd,
    video: lineItem['type'] === 'video' || num(lineItem['line_item_type_id']) === 1,
    activeFraction,
    campaignDailyBudgetUsd,
    impressionCap: (() => {
      const addresses = targetedAddresses(lineItem);
      return addresses === null ? null : addresses * IMPRESSIONS_PER_ADDRESS;
    })(),
  };
}

/**
 * The line item's counts on the day, its budget first scaled by `budgetScale` (the campaign's cap,
 * see `campaignDelivery`). Zero counts when it did not deliver.
 */
export function lineItemDelivery(
  input: LineItemDay,
  plan: NonNullable<ReturnType<typeof lineItemPlan>>,
  budgetScale = 1,
): DeliveryCounts {
  const rng = prng(hash32(`${input.lineItemId}|${input.day}`));
  const between = (low: number, high: number): number => low + (high - low) * rng();
  const weekday = new Date(dayStart(input.day)).getUTCDay();
  const weekendFactor = weekday === 0 || weekday === 6 ? 0.7 : 1;

  const budgetUsd = plan.dailyBudgetUsd * plan.activeFraction * between(0.55, 0.95) * weekendFactor * budgetScale;
  // Second-price style clearing with bid shading: always below the bid.
  const clearingCpmUsd = plan.cpmBidUsd * between(0.45, 0.95);
  const affordable = Math.floor((budgetUsd / clearingCpmUsd) * 1000);
  const reachable = plan.impressionCap === null ? affordable : Math.floor(plan.impressionCap * plan.activeFraction);
  const impression = Math.min(affordable, reachable);
  const spend_micros = Math.floor(impression * clearingCpmUsd * 1000);

  const ctr = plan.video ? between(0.003, 0.012) : between(0.0008, 0.003);
  const clicks = Math.round(impression * ctr);
  const clickthrough_conversions = Math.round(clicks * between(0.02, 0.08));
  const viewthrough_conversions = Math.round(impression * between(0.00005, 0.0002));
  const conversions = clickthrough_conversions + viewthrough_conversions;
  const postback_conversions = Math.round(conversions * between(0.3, 0.7));
  const conversion_orders = Math.round(conversions * between(0.4, 0.8));
  const conversion_value_micros = Math.round(conversion_orders * between(40, 250) * MICROS);

  const measurable_impression = Math.round(impression * between(0.85, 0.97));
  const viewable_impression = Math.round(measurable_impression * between(0.5, 0.75));
  const viewable_seconds = Math.round(viewable_impression * between(4, 18));
  const ivt_measured_impression = Math.round(impression * between(0.9, 1));
  const ivt_impression = Math.round(ivt_measured_impression * between(0.005, 0.03));
  const reach = Math.round(impression * between(0.3, 0.6));

  const counts: DeliveryCounts = {
    ...emptyDelivery(),
    impression,
    clicks,
    spend_micros,
    conversions,
    viewthrough_conversions,
    clickthrough_conversions,
    postback_conversions,
    conversion_orders,
    conversion_value_micros,
    viewable_impression,
    measurable_impression,
    viewable_seconds,
    ivt_measured_impression,
    ivt_impression,
    reach,
  };
  if (plan.video) {
    counts.video_start = Math.round(impression * between(0.9, 0.99));
    counts.video_first_quartile = Math.round(counts.video_start * between(0.85, 0.95));
    counts.video_midpoint = Math.round(counts.video_first_quartile * between(0.85, 0.95));
    counts.video_third_quartile = Math.round(counts.video_midpoint * between(0.85, 0.95));
    counts.video_complete = Math.round(counts.video_third_quartile * between(0.85, 0.97));
    counts.video_skip = Math.round((counts.video_start - counts.video_complete) * between(0.3, 0.7));
    counts.companion_impression = Math.round(impression * between(0.1, 0.3));
    counts.companion_click = Math.round(counts.companion_impression * between(0.002, 0.01));
  }
  return counts;
}

/**
 * Splits counts over creatives by fixed weights (from the creative ids), count by count, with the
 * largest-remainder method: every part is an integer and the parts add up to the whole.
 */
export function splitByCreative(counts: DeliveryCounts, creativeIds: readonly number[]): Map<number, DeliveryCounts> {
  const ids = [...creativeIds].sort((a, b) => a - b);
  const weights = ids.map((id) => 0.5 + (hash32(`creative|${id}`) % 1000) / 1000);
  const total = weights.reduce((a, b) => a + b, 0);
  const parts = new Map<number, DeliveryCounts>(ids.map((id) => [id, emptyDelivery()]));
  for (const key of DELIVERY_COUNT_KEYS) {
    const whole = counts[key];
    const exact = weights.map((w) => (whole * w) / total);
    const floors = exact.map(Math.floor);
    let left = whole - floors.reduce((a, b) => a + b, 0);
    const order = exact
      .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
      .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
    for (const { i } of order) {
      if (left <= 0) break;
      floors[i] = (floors[i] as number) + 1;
      left--;
    }
    ids.forEach((id, i) => {
      (parts.get(id) as DeliveryCounts)[key] = floors[i] as number;
    });
  }
  return parts;
}

/**
 * Every line item of a campaign on one day: each within its own budget, and together within the
 * campaign's daily budget (scaled down evenly when their plans would exceed it). Line items that did
 * not deliver are left out.
 */
export function campaignDelivery(lineItems: readonly LineItemDay[]): Map<number, DeliveryCounts> {
  const plans = lineItems.flatMap((input) => {
    const plan = lineItemPlan(input);
    return plan ? [{ input, plan }] : [];
  });
  const result = new Map<number, DeliveryCounts>();
  if (plans.length === 0) return result;
  const planned = plans.reduce((sum, { plan }) => sum + plan.dailyBudgetUsd * plan.activeFraction, 0);
  const cap = Math.max(...plans.map(({ plan }) => plan.campaignDailyBudgetUsd * plan.activeFraction));
  const scale = cap > 0 && planned > cap ? cap / planned : 1;
  for (const { input, plan } of plans) result.set(input.lineItemId, lineItemDelivery(input, plan, scale));
  return result;
}

/** Adds `b` into `a`, count by count. */
export function addDelivery(a: DeliveryCounts, b: DeliveryCounts): DeliveryCounts {
  for (const key of DELIVERY_COUNT_KEYS) a[key] += b[key];
  return a;
}
