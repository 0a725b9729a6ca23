import { describe, expect, it } from 'vitest';
import {
  campaignDelivery,
  DELIVERY_COUNT_KEYS,
  IMPRESSIONS_PER_ADDRESS,
  lineItemDelivery,
  lineItemPlan,
  splitByCreative,
  type HistoryEntry,
  type LineItemDay,
} from './bidder-delivery';

const campaignHistory = (values: Record<string, unknown> = {}): HistoryEntry[] => [
  {
    at: null,
    values: {
      active: true,
      start_date: '2026-01-01T00:00:00Z',
      end_date: '2026-12-31T23:59:59Z',
      spend_budget: { lifetime: '100000', daily: '500' },
      ...values,
    },
  },
];
/** A v2 line item: `type`, `spend_budget` (decimal strings), `bidding.strategy`. */
const lineItemHistory = (values: Record<string, unknown> = {}): HistoryEntry[] => [
  {
    at: null,
    values: {
      active: true,
      spend_budget: { lifetime: '10000', daily: '100' },
      type: 'banner',
      bidding: { strategy: 'CPM', values: { cpm_bid: 12 } },
      ...values,
    },
  },
];
const ipTargeting = (...ranges: string[]) => ({
  targeting_modules: { user: { all: { ip_range: { any: ranges.map((value) => ({ comparator: 'equals', value })) } } } },
});

/** A line item day with sensible defaults; `now` well after the day, so the whole day counts. */
function day(overrides: Partial<LineItemDay> = {}): LineItemDay {
  return {
    lineItemId: 40,
    lineItemHistory: lineItemHistory(),
    campaignHistory: campaignHistory(),
    campaignLineItemCount: 5,
    creativeIds: [7, 8],
    day: '2026-06-10',
    now: new Date('2026-09-01T12:30:00Z'),
    ...overrides,
  };
}

const delivered = (input: LineItemDay) => {
  const plan = lineItemPlan(input);
  return plan ? lineItemDelivery(input, plan) : null;
};

const DAYS = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 4, 1 + i)).toISOString().slice(0, 10));

describe('bidder simulator delivery', () => {
  it('reads v2 settings (type, spend_budget.daily) and caps impressions by the targeted IP addresses', () => {
    // Act
    const open = delivered(day());
    const video = lineItemPlan(day({ lineItemHistory: lineItemHistory({ type: 'video' }) }));
    const office = delivered(day({ lineItemHistory: lineItemHistory(ipTargeting('23.24.240.0/29')) }));
    const campus = delivered(day({ lineItemHistory: lineItemHistory(ipTargeting('23.24.0.0/16')) }));
    // Assess
    expect(lineItemPlan(day())).toMatchObject({
      dailyBudgetUsd: 100,
      cpmBidUsd: 12,
      video: false,
      impressionCap: null,
    });
    expect(video?.video).toBe(true);
    expect(office?.impression).toBe(8 * IMPRESSIONS_PER_ADDRESS);
    expect(office?.spend_micros).toBeLessThan(open?.spend_micros ?? 0);
    expect(campus?.impression).toBe(open?.impression);
  });

  it('is the same for the same ids, day, settings and hour, and differs between days', () => {
    // Act
    const first = delivered(day());
    const again = delivered(day());
    const nextDay = delivered(day({ day: '2026-06-11' }));
    // Assess
    expect(first).toEqual(again);
    expect(first?.impression).toBeGreaterThan(0);
    expect(nextDay).not.toEqual(first);
  });

  it('delivers nothing outside the flight dates, while inactive, without creatives or in the future', () => {
    expect(lineItemPlan(day({ day: '2025-12-31' }))).toBeNull();
    expect(lineItemPlan(day({ campaignHistory: campaignHistory({ end_date: '2026-06-09' }) }))).toBeNull();
    expect(lineItemPlan(day({ lineItemHistory: lineItemHistory({ active: false }) }))).toBeNull();
    expect(lineItemPlan(day({ campaignHistory: campaignHistory({ active: false }) }))).toBeNull();
    expect(lineItemPlan(day({ creativeIds: [] }))).toBeNull();
    expect(lineItemPlan(day({ day: '2026-09-02' }))).toBeNull();
  });

  it('keeps spend within the daily budget and the clearing CPM within the bid, every day', () => {
    for (const d of DAYS) {
      const input = day({ day: d });
      const counts = delivered(input);
      if (!counts) throw new Error(`no delivery on ${d}`);
      expect(counts.spend_micros).toBeLessThanOrEqual(100 * 1_000_000);
      expect((counts.spend_micros / counts.impression) * 1000).toBeLessThanOrEqual(12 * 1_000_000);
      expect(counts.clicks).toBeLessThan(counts.impression);
      expect(counts.conversions).toBe(counts.clickthrough_conversions + counts.viewthrough_conversions);
      expect(counts.viewable_impression).toBeLessThanOrEqual(counts.measurable_impression);
      expect(counts.measurable_impression).toBeLessThanOrEqual(counts.impression);
      expect(counts.ivt_impression).toBeLessThanOrEqual(counts.ivt_measured_impression);
      expect(counts.video_start).toBe(0);
    }
  });

  it('gives video line items quartiles that only go down', () => {
    const counts = delivered(day({ lineItemHistory: lineItemHistory({ type: 'video' }) }));
    if (!counts) throw new Error('no delivery');
    const funnel = [
      counts.impression,
      counts.video_start,
      counts.video_first_quartile,
      counts.video_midpoint,
      counts.video_third_quartile,
      counts.video_complete,
    ];
    expect(funnel).toEqual([...funnel].sort((a, b) => b - a));
    expect(counts.video_complete).toBeGreaterThan(0);
  });

  it('counts only the part of the day a line item was active, by its history', () => {
    // Prepare: switched off at noon on the day, and on again the next day.
    const history: HistoryEntry[] = [
      ...lineItemHistory(),
      { at: '2026-06-10T12:00:00.000Z', values: { ...lineItemHistory()[0]?.values, active: false } },
      { at: '2026-06-11T00:00:00.000Z', values: { ...lineItemHistory()[0]?.values, active: true } },
    ];
    // Act
    const half = lineItemPlan(day({ lineItemHistory: history }));
    const before = delivered(day({ lineItemHistory: history, day: '2026-06-09' }));
    // Assess
    expect(half?.activeFraction).toBeCloseTo(0.5, 6);
    expect(before).toEqual(delivered(day({ day: '2026-06-09' })));
  });

  it('counts only the whole hours that have passed today', () => {
    const plan = lineItemPlan(day({ day: '2026-09-01', now: new Date('2026-09-01T06:45:00Z') }));
    expect(plan?.activeFraction).toBeCloseTo(6 / 24, 6);
    const sameHour = delivered(day({ day: '2026-09-01', now: new Date('2026-09-01T06:05:00Z') }));
    expect(sameHour).toEqual(delivered(day({ day: '2026-09-01', now: new Date('2026-09-01T06:59:00Z') })));
  });

  it('keeps a campaign within its daily budget across its line items', () => {
    // Prepare: ten line items of 100 a day under a campaign of 300 a day.
    const inputs = Array.from({ length: 10 }, (_, i) =>
      day({
        lineItemId: 100 + i,
        campaignHistory: campaignHistory({ spend_budget: { lifetime: '100000', daily: '300' } }),
        campaignLineItemCount: 10,
      }),
    );
    // Act
    const spend = [...campaignDelivery(inputs).values()].reduce((sum, c) => sum + c.spend_micros, 0);
    // Assess
    expect(spend).toBeGreaterThan(0);
    expect(spend).toBeLessThanOrEqual(300 * 1_000_000);
  });

  it('splits a line item over its creatives in integers that add up to it exactly', () => {
    const counts = delivered(day());
    if (!counts) throw new Error('no delivery');
    const parts = [...splitByCreative(counts, [9, 3, 5]).values()];
    for (const key of DELIVERY_COUNT_KEYS) {
      expect(parts.reduce((sum, p) => sum + p[key], 0)).toBe(counts[key]);
      for (const p of parts) expect(Number.isInteger(p[key])).toBe(true);
    }
  });
});
