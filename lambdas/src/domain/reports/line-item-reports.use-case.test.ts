import '../../test-env';
import { describe, expect, it } from 'vitest';
import { emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import { campaignFixture, lineItemFixture, memoryCampaigns, memoryReports } from '../campaigns/test-campaign-fakes';
import { firstPage } from '../ports/page.port';
import type { TPageRequest } from '../ports/page.port';
import * as useCases from './line-item-reports.use-case';

const NOW = new Date('2026-11-25T15:00:00Z');
const A = 'bgAgency-demo';

/** Two line items with 25 days of rows each; optionally their rollups as the sync writes them. */
function world(options: { video?: boolean } = {}) {
  const campaigns = memoryCampaigns(
    [campaignFixture({ isVideoCampaign: options.video ?? false })],
    [
      lineItemFixture({ beeswaxLineItemId: 71, line_item_name: 'Zeta Corp' }),
      lineItemFixture({ beeswaxLineItemId: 72, line_item_name: 'Acme Inc', segmentCount: 3 }),
      lineItemFixture({ beeswaxLineItemId: 73, line_item_name: 'Quiet LLC' }),
    ],
  );
  const reports = memoryReports();
  for (let d = 1; d <= 25; d++) {
    const date = `2026-11-${String(d).padStart(2, '0')}`;
    for (const id of [71, 72]) {
      reports.seed({ kind: 'lineItem', agencyId: A, beeswaxLineItemId: id }, date, {
        impressions: 1000 * id + d,
        clicks: d,
        spend_micros: 2_000_000 + d,
        viewable_impressions: 500,
        measurable_impressions: 800,
        video_plays: 10,
      });
    }
  }
  return { deps: { campaigns: campaigns.repo, reports: reports.repo, now: () => NOW }, reports };
}

const input = { agencyId: A, campaignId: 'bg-campaign-q3', page: firstPage(250) };

/** The payload of one page (the first, unless the input names another). */
const getLineItemsReport = async (...args: Parameters<typeof useCases.getLineItemsReport>) =>
  (await useCases.getLineItemsReport(...args)).payload;
const getLineItemsDailyReport = async (...args: Parameters<typeof useCases.getLineItemsDailyReport>) =>
  (await useCases.getLineItemsDailyReport(...args)).payload;

describe('getLineItemsReport', () => {
  it('sums the rows of the time frame, computes ratios from the sums, sorts by name', async () => {
    const w = world();
    const report = await getLineItemsReport({ ...input, timeFrame: '7_DAYS' }, w.deps);
    expect(report.lineItems.map((li) => li.line_item_name)).toEqual(['Acme Inc', 'Quiet LLC', 'Zeta Corp']);
    const acme = report.lineItemReports.find((r) => r.beeswaxLineItemId === 72);
    expect(report.lineItems.every((li) => li.lineItemReports.length === 0)).toBe(true);
    const days = [19, 20, 21, 22, 23, 24, 25];
    expect(acme).toMatchObject({
      beeswaxLineItemId: 72,
      timeFrame: '7_DAYS',
      impressions: days.reduce((s, d) => s + 72_000 + d, 0),
      clicks: days.reduce((s, d) => s + d, 0),
      segment_count_nam: 3,
      viewability_percent: 62.5,
      video_plays: null,
    });
    expect(acme?.ctr).toBeCloseTo(
      (days.reduce((s, d) => s + d, 0) / days.reduce((s, d) => s + 72_000 + d, 0)) * 100,
      12,
    );
    // A line item without delivery: zero counts, ratios 'N/A'.
    expect(report.lineItemReports.find((r) => r.beeswaxLineItemId === 73)).toMatchObject({
      impressions: 0,
      ctr: null,
      cpm_usd: null,
    });
    expect(report.lineItemReports).toHaveLength(3);
  });

  it('gives the same numbers from the rollups as from the rows, and splits of days add up to the whole', async () => {
    // Prepare: rollups as the sync writes them, one deliberately stale.
    const w = world();
    const fromRows = await getLineItemsReport({ ...input, timeFrame: '30_DAYS' }, w.deps);
    const group = { kind: 'campaign' as const, agencyId: A, campaignId: 'bg-campaign-q3' };
    const sumOf = (id: number) => fromRows.lineItemReports.find((r) => r.beeswaxLineItemId === id);
    await w.reports.repo.putRollups([
      {
        group,
        subject: { kind: 'lineItem', agencyId: A, beeswaxLineItemId: 71 },
        rollup: {
          ...emptyCounts(),
          impressions: sumOf(71)?.impressions ?? 0,
          clicks: sumOf(71)?.clicks ?? 0,
          spend_micros: Math.round((sumOf(71)?.spend ?? 0) * 1_000_000),
          viewable_impressions: 12_500,
          measurable_impressions: 20_000,
          video_plays: 250,
          timeFrame: '30_DAYS',
          asOfDay: '2026-11-25',
          final: false,
        },
      },
      {
        group,
        subject: { kind: 'lineItem', agencyId: A, beeswaxLineItemId: 72 },
        rollup: {
          ...emptyCounts(),
          impressions: 1,
          timeFrame: '30_DAYS',
          asOfDay: '2026-11-24',
          final: false,
        },
      },
    ]);
    // Act
    const fromRollups = await getLineItemsReport({ ...input, timeFrame: '30_DAYS' }, w.deps);
    const daily = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        getLineItemsDailyReport({ ...input, date: `2026-11-${String(i + 1).padStart(2, '0')}` }, w.deps),
      ),
    );
    // Assess: the stale rollup was not used, the current one gave the rows' numbers.
    expect(fromRollups.lineItemReports).toEqual(fromRows.lineItemReports);
    for (const id of [71, 72]) {
      const whole = fromRows.lineItemReports.find((r) => r.beeswaxLineItemId === id);
      const parts = daily.map((d) => d.lineItemReports.find((r) => r.beeswaxLineItemId === id));
      expect(parts.reduce((s, r) => s + (r?.impressions ?? 0), 0)).toBe(whole?.impressions);
      expect(parts.reduce((s, r) => s + (r?.spend ?? 0), 0)).toBeCloseTo(whole?.spend ?? 0, 6);
    }
  });

  it('shows video metrics for video campaigns and answers 404 to another agency', async () => {
    const w = world({ video: true });
    const report = await getLineItemsReport({ ...input, timeFrame: 'ALL_TIME' }, w.deps);
    expect(report.lineItemReports.find((r) => r.beeswaxLineItemId === 72)?.video_plays).toBe(250);
    await expect(
      getLineItemsReport({ ...input, agencyId: 'bgAgency-rival', timeFrame: 'ALL_TIME' }, w.deps),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('line-item report pages (issue 9 §6)', () => {
  it('answers a campaign of 1,200 line items a page at a time, each once, reading the rollups of the page only', async () => {
    // Prepare
    const lineItems = Array.from({ length: 1200 }, (_, n) =>
      lineItemFixture({ beeswaxLineItemId: 1000 + n, line_item_name: `Company ${String(n).padStart(4, '0')}` }),
    );
    const campaigns = memoryCampaigns([campaignFixture()], lineItems);
    const reports = memoryReports();
    const asked: number[] = [];
    const reader = {
      ...reports.repo,
      getRollups: (...args: Parameters<typeof reports.repo.getRollups>) => {
        asked.push(args[2].length);
        return reports.repo.getRollups(...args);
      },
    };
    const deps = { campaigns: campaigns.repo, reports: reader, now: () => NOW };

    // Act
    const seen: number[] = [];
    const sizes: number[] = [];
    let page: TPageRequest = { limit: 500, cursor: null };
    for (;;) {
      const reply = await useCases.getLineItemsReport({ ...input, timeFrame: '7_DAYS', page }, deps);
      seen.push(...reply.payload.lineItems.map((li) => li.beeswaxLineItemId));
      sizes.push(reply.payload.lineItems.length);
      expect(reply.payload.lineItemReports).toHaveLength(reply.payload.lineItems.length);
      if (reply.nextCursor === null) break;
      page = { limit: 500, cursor: reply.nextCursor };
    }

    // Assess
    expect(sizes).toEqual([500, 500, 200]);
    expect(asked).toEqual([500, 500, 200]);
    expect(new Set(seen).size).toBe(1200);
    expect([...seen].sort((a, b) => a - b)).toEqual(lineItems.map((li) => li.beeswaxLineItemId));
  });
});
