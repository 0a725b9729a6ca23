import { now } from '@bidgrid/shared/clock';
import { describe, expect, it } from 'vitest';
import { campaign as campaignOps } from '@bidgrid/shared';
import { accessTokenFor, callOperation } from '../support/api';
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

const { getCampaign, getCampaignDailyReport } = campaignOps;
const AGENCY = 'bgAgency-demo';
const ACME = 'bgAdvertiser-demo-acme';

/**
 * Report sync fanned out through the local stack: the job route runs the schedule's handler, which
 * enqueues one message per campaign on the in-process queue, and waits for the worker handler (the
 * cloud's) to work them off; the answer joins both (`enqueued`, `processed`, `failed`, `complete`).
 */
describe('report sync through the queue', () => {
  /** Everything the reports table holds for a campaign: its rows, its line items' and creatives', and every rollup. */
  async function contents(campaignId: string, lineItemIds: number[], creativeIds: string[]) {
    const partitions = [
      `AGENCY#${AGENCY}#CAMP#${campaignId}`,
      ...lineItemIds.map((id) => `AGENCY#${AGENCY}#LI#${id}`),
      ...creativeIds.map((id) => `AGENCY#${AGENCY}#CR#${id}`),
    ];
    const rows = await Promise.all(partitions.map((pk) => reportItems(pk, 'DAY#')));
    const rollups = await Promise.all([
      reportItems(partitions[0] as string, 'RANGE#'),
      reportItems(`AGENCY#${AGENCY}#ADV#${ACME}`, 'RANGE#'),
    ]);
    return {
      rows: rows.flat(),
      rollups: [...(rollups[0] ?? []), ...(rollups[1] ?? []).filter((r) => String(r['sk']).endsWith(campaignId))],
    };
  }

  it('changes nothing when run twice: every row and rollup of the campaign is the same item', async () => {
    // Prepare: a campaign that ended yesterday, so no day of it is still growing by the hour.
    const fixture = await makeCampaign({ startDay: -10, endDay: -1 });
    const { creativeIds } = await fixtureIds(fixture);
    const token = await accessTokenFor('demo');
    const lineItemIds = await lineItemIdsOf(fixture.id, token);
    // Act
    const first = await runReportSync();
    const afterFirst = await contents(fixture.id, lineItemIds, creativeIds);
    const second = await runReportSync();
    const afterSecond = await contents(fixture.id, lineItemIds, creativeIds);
    // Assess
    expect(first).toMatchObject({ complete: true, failed: 0 });
    expect(second).toMatchObject({ complete: true, failed: 0 });
    expect(first['enqueued']).toBeGreaterThan(0);
    // At least its own messages (the stack's schedule may run alongside and add its own).
    expect(first['processed']).toBeGreaterThanOrEqual(first['enqueued'] as number);
    expect(afterFirst.rows.filter((r) => String(r['pk']).includes('#CAMP#'))).toHaveLength(10);
    expect(afterFirst.rows.length).toBeGreaterThan(10 * (1 + lineItemIds.length));
    // 4 ranges for the campaign, each line item and each creative.
    expect(afterFirst.rollups).toHaveLength(4 * (1 + lineItemIds.length + creativeIds.length));
    expect(afterSecond).toEqual(afterFirst);
  });

  it("gives the dashboard's campaign reports the time of the campaign's last sync", async () => {
    // Prepare
    const fixture = await makeCampaign({ startDay: -5, endDay: 20 });
    const token = await accessTokenFor('demo');
    const before = now().toISOString();
    // Act
    await runReportSync();
    const campaign = await callOperation(getCampaign, { token, params: { id: fixture.id } });
    const day = await callOperation(getCampaignDailyReport, {
      token,
      params: { id: ACME },
      query: { date: dayOffset(-1), camapign_id: fixture.id },
    });
    // Assess
    const syncedAt = campaign.body.payload?.campaignReports[0]?.syncedAt ?? '';
    expect(syncedAt >= before).toBe(true);
    expect(syncedAt <= now().toISOString()).toBe(true);
    expect(day.body.payload?.[0]?.campaignReports[0]?.syncedAt).toBe(syncedAt);
  });

  it('delivers a message whose sync failed again, and dead-letters one that keeps failing', async () => {
    await makeCampaign({ startDay: -3, endDay: 10 });
    try {
      // Act 1: the bidder refuses one report request (no retry for a 400): one message fails once.
      await injectBidderFault({ method: 'POST', path: '/reporting/run-query', status: 400, times: 1 });
      const retried = await runReportSync();
      // Assess 1: the failed message came back and went through (the unit tests of the queue count
      // the deliveries; here the stack's own schedule may have met the fault first).
      expect(retried).toMatchObject({ complete: true, failed: 0 });
      // The fault is used up: the bidder takes a report request again.
      const probe = await bidderCall('POST', '/reporting/run-query', {
        view: 'performance_agg',
        fields: ['campaign_id', 'impression'],
        filters: { bid_day: `${dayOffset(-1)} to ${dayOffset(0)}` },
        limit: 10,
        result_format: 'json',
      });
      expect(probe.status).toBe(202);

      // Act 2: the bidder refuses every report request: every message fails each delivery.
      await injectBidderFault({ method: 'POST', path: '/reporting/run-query', status: 400, times: 100_000 });
      const dead = await runReportSync();
      // Assess 2
      expect(dead).toMatchObject({ complete: false });
      expect(dead['failed']).toBeGreaterThan(0);
    } finally {
      await clearBidderFaults();
    }
    // And once the bidder answers again, the next run goes through.
    expect(await runReportSync()).toMatchObject({ complete: true, failed: 0 });
  });
});

async function lineItemIdsOf(campaignId: string, token: string): Promise<number[]> {
  const { report } = await import('@bidgrid/shared');
  const reply = await callOperation(report.getLineItemsReport, {
    token,
    query: { bgCampaignId: campaignId, timeFrame: 'ALL_TIME' },
  });
  return (reply.body.payload?.lineItems ?? []).map((li) => li.beeswaxLineItemId);
}
