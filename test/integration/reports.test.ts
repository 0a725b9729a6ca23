import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaign as campaignOps, report as reportOps } from '@bidgrid/shared';
import type { TLineItemsReport, TRangeTimeFrame } from '@bidgrid/shared';
import { repoRoot } from '../support/spawn-stack';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import {
  bidderCall,
  clearBidderFaults,
  dayOffset,
  fixtureIds,
  injectBidderFault,
  makeCampaign,
  reportItems,
  runReportSync,
} from './campaigns.fixtures';

const { getLineItemsReport, getLineItemsDailyReport, getCreativesReport, getCreativesDailyReport } = reportOps;
const { getCampaign } = campaignOps;

const ENTERPRISE = 'bg-campaign-demo-enterprise';
const VIDEO = 'bg-campaign-demo-video';
const ENTERPRISE_AD_GROUP = 'bg-ad-group-demo-enterprise';

const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');

async function lineItems(bgCampaignId: string, timeFrame: TRangeTimeFrame = 'ALL_TIME'): Promise<TLineItemsReport> {
  const reply = await callOperation(getLineItemsReport, {
    token: await demo(),
    query: { bgCampaignId, timeFrame },
  });
  expect(reply.status).toBe(200);
  return reply.body.payload as TLineItemsReport;
}

async function campaignReport(id: string) {
  const reply = await callOperation(getCampaign, { token: await demo(), params: { id } });
  return reply.body.payload?.campaignReports[0];
}

describe('GET /api/report/lineitems', () => {
  it('answers the line items with their metrics; together they make the campaign', async () => {
    // Act
    const report = await lineItems(ENTERPRISE);
    // Assess
    expect(report.lineItems).toHaveLength(6);
    expect(report.lineItemReports).toHaveLength(6);
    const names = report.lineItems.map((li) => li.line_item_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(report.lineItems.every((li) => li.fromFile)).toBe(true);
    expect(report.lineItems.find((li) => li.line_item_name === 'Granite State Insurance Co.')?.active).toBe(false);
    const total = report.lineItemReports.reduce((s, r) => s + (r.impressions ?? 0), 0);
    expect(total).toBe((await campaignReport(ENTERPRISE))?.impressions);
    for (const row of report.lineItemReports) {
      expect(row.timeFrame).toBe('ALL_TIME');
      expect(row.segment_count_nam).toBeGreaterThanOrEqual(1);
      // A display campaign has no video delivery: 'N/A', not 0.
      expect(row.video_plays).toBeNull();
      expect(row.ctr).toBeCloseTo(((row.clicks ?? 0) / (row.impressions ?? 1)) * 100, 9);
      expect(row.viewability_percent).toBeCloseTo(
        ((row.viewable_impressions ?? 0) / (row.measurable_impressions ?? 1)) * 100,
        9,
      );
    }
  });

  it("gives a video campaign's line items their quartiles and CRM company ids where they came from the CRM", async () => {
    const video = await lineItems(VIDEO, '30_DAYS');
    for (const row of video.lineItemReports) {
      expect(row.video_plays).toBeGreaterThan(0);
      expect(row.video_completes).toBeLessThanOrEqual(row.video_q3 ?? 0);
      expect(row.video_complete_percent).toBeCloseTo(((row.video_completes ?? 0) / (row.video_plays ?? 1)) * 100, 9);
    }
    const crm = await lineItems('bg-campaign-demo-bluepeak-abm');
    expect(crm.lineItems.filter((li) => li.hubspotCompanyId !== null)).toHaveLength(4);
  });

  it('sums the time frames from the daily rows (rollups and rows agree)', async () => {
    // Prepare
    const report = await lineItems(ENTERPRISE, '30_DAYS');
    const from = dayOffset(-29);
    // Act
    for (const item of report.lineItems) {
      const rows = await reportItems(`AGENCY#bgAgency-demo#LI#${item.beeswaxLineItemId}`);
      const expected = rows.filter((r) => String(r['date']) >= from).reduce((s, r) => s + Number(r['impressions']), 0);
      // Assess
      const row = report.lineItemReports.find((r) => r.beeswaxLineItemId === item.beeswaxLineItemId);
      expect(row?.impressions).toBe(expected);
    }
  });

  it('answers 400 for a bad query and 404 to another agency', async () => {
    const bad = await callOperationUnchecked(getLineItemsReport, {
      token: await demo(),
      query: { bgCampaignId: 'nope', timeFrame: 'FOREVER' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {}).sort()).toEqual(['bgCampaignId', 'timeFrame']);
    const foreign = await callOperation(getLineItemsReport, {
      token: await rival(),
      query: { bgCampaignId: ENTERPRISE },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('GET /api/report/lineitems/dailyreport', () => {
  it("answers each line item's row of the day", async () => {
    const day = dayOffset(-5);
    const reply = await callOperation(getLineItemsDailyReport, {
      token: await demo(),
      query: { bgCampaignId: ENTERPRISE, date: day },
    });
    expect(reply.status).toBe(200);
    for (const item of reply.body.payload?.lineItems ?? []) {
      const [stored] = await reportItems(`AGENCY#bgAgency-demo#LI#${item.beeswaxLineItemId}`, `DAY#${day}`);
      const row = reply.body.payload?.lineItemReports.find((r) => r.beeswaxLineItemId === item.beeswaxLineItemId);
      expect(row).toMatchObject({ timeFrame: 'CUSTOM_DATE', date: day });
      expect(row?.impressions).toBe(stored ? Number(stored['impressions']) : 0);
    }
    const bad = await callOperationUnchecked(getLineItemsDailyReport, {
      token: await demo(),
      query: { bgCampaignId: ENTERPRISE },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(['date']);
    const foreign = await callOperation(getLineItemsDailyReport, {
      token: await rival(),
      query: { bgCampaignId: ENTERPRISE, date: day },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('GET /api/report/creatives and /api/report/creatives/dailyreport', () => {
  it("answers the ad group's creatives with reports that add up to the campaign", async () => {
    const reply = await callOperation(getCreativesReport, {
      token: await demo(),
      query: { adGroupId: ENTERPRISE_AD_GROUP, timeFrame: '90_DAYS' },
    });
    expect(reply.status).toBe(200);
    const creatives = reply.body.payload ?? [];
    expect(creatives).toHaveLength(3);
    const total = creatives.reduce((s, c) => s + (c.creativeReports[0]?.impressions ?? 0), 0);
    const campaign = await callOperation(campaignOps.listCampaignsByAdvertiser, {
      token: await demo(),
      params: { advertiserId: 'bgAdvertiser-demo-acme' },
      query: { timeFrame: '90_DAYS' },
    });
    expect(total).toBe(
      campaign.body.payload?.find((c) => c.bgCampaignId === ENTERPRISE)?.campaignReports[0]?.impressions,
    );
    expect(creatives[0]?.creativeReports[0]?.video_plays).toBeNull();

    const day = dayOffset(-2);
    const daily = await callOperation(getCreativesDailyReport, {
      token: await demo(),
      query: { adGroupId: ENTERPRISE_AD_GROUP, date: day },
    });
    expect(daily.body.payload?.every((c) => c.creativeReports[0]?.date === day)).toBe(true);
  });

  it('answers 400 for a bad query and 404 to another agency', async () => {
    const bad = await callOperation(getCreativesReport, { token: await demo(), query: { adGroupId: 'bg-campaign-x' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toEqual(['adGroupId']);
    const badDay = await callOperation(getCreativesDailyReport, {
      token: await demo(),
      query: { adGroupId: ENTERPRISE_AD_GROUP, date: 'yesterday' },
    });
    expect(badDay.status).toBe(400);
    for (const op of [getCreativesReport, getCreativesDailyReport]) {
      const foreign = await callOperation(op, {
        token: await rival(),
        query: { adGroupId: ENTERPRISE_AD_GROUP, date: dayOffset(-1) },
      });
      expect(foreign.status).toBe(404);
    }
  });
});

describe('report sync job', () => {
  /** The rows of a campaign, its line items and creatives, before today (today's row grows by the hour). */
  async function storedRows(agencyId: string, campaignId: string, lineItemIds: number[], creativeIds: string[]) {
    const pks = [
      `AGENCY#${agencyId}#CAMP#${campaignId}`,
      ...lineItemIds.map((id) => `AGENCY#${agencyId}#LI#${id}`),
      ...creativeIds.map((id) => `AGENCY#${agencyId}#CR#${id}`),
    ];
    const today = dayOffset(0);
    const rows = await Promise.all(pks.map((pk) => reportItems(pk)));
    return rows.flat().filter((r) => String(r['date']) < today);
  }

  it('writes the same rows when run twice over the same days', async () => {
    // Prepare: a new campaign of 15 days, never synced.
    const fixture = await makeCampaign({ startDay: -15, endDay: 20 });
    const { creativeIds } = await fixtureIds(fixture);
    const report = await lineItems(fixture.id);
    const lineItemIds = report.lineItems.map((li) => li.beeswaxLineItemId);
    // Act
    const first = await runReportSync();
    const afterFirst = await storedRows('bgAgency-demo', fixture.id, lineItemIds, creativeIds);
    const second = await runReportSync();
    const afterSecond = await storedRows('bgAgency-demo', fixture.id, lineItemIds, creativeIds);
    // Assess
    expect(first).toMatchObject({ complete: true, failed: 0 });
    expect(second).toMatchObject({ complete: true, failed: 0 });
    expect(afterFirst.filter((r) => String(r['pk']).includes('#CAMP#'))).toHaveLength(15);
    expect(afterFirst.length).toBeGreaterThan(15 * (1 + lineItemIds.length));
    expect(afterSecond).toEqual(afterFirst);
    // Every row holds integer counts and spend in micros, never ratios.
    for (const row of afterFirst) {
      expect(Number.isInteger(row['spend_micros'])).toBe(true);
      expect(row).not.toHaveProperty('ctr');
    }
    // And the reports read what was written: line items add up to the campaign.
    const synced = await lineItems(fixture.id);
    const total = synced.lineItemReports.reduce((s, r) => s + (r.impressions ?? 0), 0);
    expect(total).toBe((await campaignReport(fixture.id))?.impressions);
    expect(total).toBeGreaterThan(0);
  });

  it('backs off when the bidder throttles or fails, and still completes', async () => {
    // Prepare
    await makeCampaign({ startDay: -3, endDay: 10 });
    await injectBidderFault({ method: 'POST', path: '/reporting/run-query', status: 429, times: 2 });
    await injectBidderFault({ method: 'GET', path: '/reporting/run-query/:id/results', status: 503, times: 1 });
    try {
      // Act
      const summary = await runReportSync();
      // Assess: the faults were spent on the sync and it went through.
      expect(summary).toMatchObject({ complete: true, failed: 0 });
      const probe = await bidderCall('POST', '/reporting/run-query', {
        view: 'performance_agg',
        fields: ['campaign_id', 'impression'],
        filters: { campaign_id: '1', bid_day: dayOffset(-1) },
      });
      expect(probe.status).toBe(202);
    } finally {
      await clearBidderFaults();
    }
  });
});

describe('no handler, job or adapter scans a table', () => {
  it('has no ScanCommand or .scan( anywhere in lambdas/src', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|js|mjs)$/.test(name) && /ScanCommand|\.scan\(/.test(readFileSync(path, 'utf8')))
          offenders.push(path);
      }
    };
    walk(join(repoRoot, 'lambdas', 'src'));
    expect(offenders).toEqual([]);
  });
});
