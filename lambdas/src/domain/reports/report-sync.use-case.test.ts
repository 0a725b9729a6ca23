import '../../test-env';
import { describe, expect, it } from 'vitest';
import { emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { BidderCampaigns, TBidderReportRow } from '../ports/bidder.port';
import type { TReportSubject } from '../ports/report.port';
import { VendorError } from '../../kernel/errors';
import { campaignFixture, lineItemFixture, memoryCampaigns, memoryReports } from '../campaigns/test-campaign-fakes';
import type { TCampaignRecord } from '../campaigns/campaign-records.schema';
import { memoryLogger, recordingMetrics } from '../test-fakes';
import { syncCampaign } from './report-sync.use-case';
import { enqueueReportSync, syncQueuedCampaigns } from './report-sync-queue.use-case';
import type { TReportSyncMessage } from './report-sync-queue.use-case';

const NOW = new Date('2026-11-25T15:00:00Z');

/** A bidder whose report is a fixed function of line item (or creative) id and day. */
function fakeBidder(options: { failFor?: number; cutFrom?: string } = {}) {
  const requests: Array<Parameters<BidderCampaigns['dailyReport']>[0]> = [];
  const impressionsOf = (id: number, day: string) => id * 100 + Number(day.slice(8, 10));
  const bidder: Pick<BidderCampaigns, 'dailyReport'> = {
    async dailyReport(request) {
      requests.push(request);
      if (request.campaignId === options.failFor) throw new VendorError('bidder', 'answered 503');
      // The adapter refuses a result that reached the row limit (it may have been cut) with a VendorError.
      if (options.cutFrom !== undefined && request.to >= options.cutFrom) {
        throw new VendorError(
          'bidder',
          'run-query returned 30000 rows, the most a query returns: it may have been cut',
        );
      }
      const ids = request.dimension === 'lineItem' ? [71, 72] : [901];
      const rows: TBidderReportRow[] = [];
      for (let t = Date.parse(request.from); t <= Date.parse(request.to); t += 86_400_000) {
        const day = new Date(t).toISOString().slice(0, 10);
        for (const id of ids) {
          rows.push({
            day,
            id,
            counts: { ...emptyCounts(), impressions: impressionsOf(id, day), spend_micros: 1_000_000 },
          });
        }
      }
      return rows;
    },
  };
  return { requests, bidder };
}

function world(campaigns: TCampaignRecord[] = [campaignFixture()], bidderOptions = {}) {
  const store = memoryCampaigns(campaigns, [
    lineItemFixture(),
    lineItemFixture({ beeswaxLineItemId: 72, line_item_name: 'Globex' }),
  ]);
  const reports = memoryReports();
  const bidder = fakeBidder(bidderOptions);
  const creative = { bgCreativeId: 'bgCreative-1', beeswaxCreativeId: 901 };
  const deps = {
    campaigns: store.repo,
    adGroups: { listCampaignCreatives: async () => [creative as never] },
    reports: reports.repo,
    bidder: bidder.bidder,
    metrics: recordingMetrics(),
    now: () => NOW,
    log: memoryLogger(),
  };
  return { store, reports, bidder, deps };
}

const ref = { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-q3' };
const CAMPAIGN: TReportSubject = { kind: 'campaign', agencyId: 'bgAgency-demo', campaignId: 'bg-campaign-q3' };

describe('syncCampaign', () => {
  it('stores nothing of a part whose report came back cut, and keeps the campaign unsynced so a retry pulls it all', async () => {
    // Prepare: the bidder cuts every report of the second part of the range (from the 15th).
    const w = world([campaignFixture()], { cutFrom: '2026-11-15' });
    // Act
    const attempt = syncCampaign(ref, w.deps);
    // Assess
    await expect(attempt).rejects.toThrow(/may have been cut/);
    const stored = await w.reports.repo.listDailyRows(CAMPAIGN, null, null);
    expect(stored.every((row) => row.date < '2026-11-15')).toBe(true);
    for (const id of [71, 72]) {
      const rows = await w.reports.repo.listDailyRows(
        { kind: 'lineItem', agencyId: 'bgAgency-demo', beeswaxLineItemId: id },
        '2026-11-15',
        null,
      );
      expect(rows).toEqual([]);
    }
    expect(await w.reports.repo.getCampaignSync(ref.agencyId, ref.bgCampaignId)).toBeNull();
  });

  it('pulls from the start the first time, writes campaign, line item and creative rows, and rollups', async () => {
    // Prepare: a campaign that started on the 1st.
    const w = world();
    // Act
    const result = await syncCampaign(ref, w.deps);
    // Assess
    expect(result.pulled).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    // One request per dimension and part of the range (the sync writes a part while it pulls the
    // next), each naming the campaign's line items (the adapter sizes and splits its queries by them).
    const part = (dimension: string, from: string, to: string) => ({
      campaignId: 70,
      dimension,
      from,
      to,
      lineItemIds: [71, 72],
    });
    expect(w.bidder.requests).toEqual([
      part('lineItem', '2026-11-01', '2026-11-14'),
      part('creative', '2026-11-01', '2026-11-14'),
      part('lineItem', '2026-11-15', '2026-11-25'),
      part('creative', '2026-11-15', '2026-11-25'),
    ]);
    const campaignRows = await w.reports.repo.listDailyRows(CAMPAIGN, null, null);
    expect(campaignRows).toHaveLength(25);
    // The campaign row of a day is the sum of its line items that day.
    expect(campaignRows[0]?.impressions).toBe(7101 + 7201);
    expect(w.reports.rowsOf({ kind: 'creative', agencyId: 'bgAgency-demo', creativeId: 'bgCreative-1' }).size).toBe(25);
    const week = await w.reports.repo.listRollups({ ...CAMPAIGN, kind: 'campaign' }, '7_DAYS');
    const lineItem71 = week.find((r) => r.subject.kind === 'lineItem' && r.subject.beeswaxLineItemId === 71);
    expect(lineItem71?.rollup).toMatchObject({
      asOfDay: '2026-11-25',
      final: false,
      impressions: [19, 20, 21, 22, 23, 24, 25].reduce((s, d) => s + 7100 + d, 0),
    });
  });

  it('pulls again from two days before the last pulled day, and writes no day that did not change', async () => {
    const w = world();
    await syncCampaign(ref, w.deps);
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          [CAMPAIGN, { kind: 'lineItem' as const, agencyId: 'bgAgency-demo', beeswaxLineItemId: 71 }].map((subject) =>
            w.reports.repo.listDailyRows(subject, null, null),
          ),
        ),
      );
    const before = await snapshot();
    const puts = w.reports.puts();
    const second = await syncCampaign(ref, w.deps);
    const after = await snapshot();
    expect(w.reports.puts()).toBe(puts);
    expect(second.pulled).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(second.rowsWritten).toBe(0);
    expect(after).toBe(before);
  });

  it('writes nothing and leaves the rollups when the same days come back with the same rows', async () => {
    const w = world();
    await syncCampaign(ref, w.deps);
    await syncCampaign(ref, w.deps);
    const puts = w.reports.puts();
    const third = await syncCampaign(ref, w.deps);
    expect(third).toMatchObject({
      pulled: { from: '2026-11-23', to: '2026-11-25' },
      rowsWritten: 0,
      rollupsWritten: 0,
    });
    expect(w.reports.puts()).toBe(puts);
  });

  it('reports the rows each sync wrote, and no lag for a first sync', async () => {
    // Prepare
    const w = world();
    // Act
    await syncCampaign(ref, w.deps);
    await syncCampaign(ref, w.deps);
    // Assess: 25 days of a campaign row, two line items and a creative; then nothing changed.
    expect(w.deps.metrics.recorded).toEqual([
      { metric: 'reportRowsSynced', args: [25 * 4] },
      { metric: 'reportSyncLag', args: [0] },
      { metric: 'reportRowsSynced', args: [0] },
    ]);
  });

  it('reports the lag since the last completed sync before pulling, even when the pull then fails', async () => {
    // Prepare: the last sync completed three hours ago; the bidder now fails for this campaign.
    const w = world([campaignFixture()], { failFor: 70 });
    await w.reports.repo.putCampaignSync('bgAgency-demo', 'bg-campaign-q3', {
      syncedThrough: '2026-11-24',
      syncedAt: new Date(NOW.getTime() - 3 * 3_600_000).toISOString(),
      rolledUpOn: '2026-11-25',
      pulledDays: {},
    });
    // Act
    const attempt = syncCampaign(ref, w.deps);
    // Assess
    await expect(attempt).rejects.toThrow('503');
    expect(w.deps.metrics.recorded).toEqual([{ metric: 'reportSyncLag', args: [3 * 3600] }]);
  });

  it('does not pull a campaign that has not started, nor one ended more than a week ago', async () => {
    const future = world([campaignFixture({ start_date: '2026-12-01' })]);
    expect((await syncCampaign(ref, future.deps)).pulled).toBeNull();
    const ended = world([campaignFixture({ start_date: '2026-08-01', end_date: '2026-09-30' })]);
    await ended.reports.repo.putCampaignSync('bgAgency-demo', 'bg-campaign-q3', {
      syncedThrough: '2026-09-30',
      syncedAt: '2026-10-01T00:00:00.000Z',
      rolledUpOn: '2026-11-24',
      pulledDays: {},
    });
    const result = await syncCampaign(ref, ended.deps);
    expect(result.pulled).toBeNull();
    // Its rollups are refreshed once a day, and final once every range is past its end.
    expect(result.rollupsWritten).toBe(4 * (1 + 2 + 1));
    expect(ended.bidder.requests).toEqual([]);
  });

  it('marks rollups final for a campaign whose end is further back than the longest range', async () => {
    const w = world([campaignFixture({ start_date: '2026-06-01', end_date: '2026-08-20' })]);
    await syncCampaign(ref, w.deps, { from: '2026-06-01' });
    const all = await w.reports.repo.listRollups(
      { kind: 'advertiser', agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-acme' },
      'ALL_TIME',
    );
    expect(all.find((r) => r.subject.kind === 'campaign')?.rollup.final).toBe(true);
  });
});

describe('syncCampaign pipeline', () => {
  it('pulls a long range in parts and writes each part while the next is pulled', async () => {
    // Prepare: a campaign of 25 days; the second part's pull waits until the first part is being written.
    const w = world();
    let firstPartWriting: () => void = () => undefined;
    const writing = new Promise<void>((resolve) => (firstPartWriting = resolve));
    const dailyReport = w.deps.bidder.dailyReport;
    const putDailyRows = w.deps.reports.putDailyRows;
    const deps = {
      ...w.deps,
      bidder: {
        dailyReport: async (request: Parameters<typeof dailyReport>[0]) => {
          if (request.from > '2026-11-01') await writing;
          return dailyReport(request);
        },
      },
      reports: {
        ...w.deps.reports,
        putDailyRows: async (rows: Parameters<typeof putDailyRows>[0]) => {
          firstPartWriting();
          return putDailyRows(rows);
        },
      },
    };
    // Act
    const result = await syncCampaign(ref, deps);
    // Assess: two parts of 14 and 11 days, every row written once.
    expect(w.bidder.requests.map((r) => `${r.dimension} ${r.from}..${r.to}`).sort()).toEqual([
      'creative 2026-11-01..2026-11-14',
      'creative 2026-11-15..2026-11-25',
      'lineItem 2026-11-01..2026-11-14',
      'lineItem 2026-11-15..2026-11-25',
    ]);
    expect(result.rowsWritten).toBe(25 * (1 + 2 + 1));
    expect(w.reports.rowsOf(CAMPAIGN).size).toBe(25);
  });
});

describe('syncCampaign idempotence and rollups', () => {
  /** Everything the fake store holds for the campaign: rows of every subject and every rollup. */
  async function contents(w: ReturnType<typeof world>) {
    const subjects: TReportSubject[] = [
      CAMPAIGN,
      { kind: 'lineItem', agencyId: 'bgAgency-demo', beeswaxLineItemId: 71 },
      { kind: 'lineItem', agencyId: 'bgAgency-demo', beeswaxLineItemId: 72 },
      { kind: 'creative', agencyId: 'bgAgency-demo', creativeId: 'bgCreative-1' },
    ];
    const rows = await Promise.all(subjects.map((subject) => w.reports.repo.listDailyRows(subject, null, null)));
    const rollups = await Promise.all(
      (['ALL_TIME', '7_DAYS', '30_DAYS', '90_DAYS'] as const).flatMap((tf) => [
        w.reports.repo.listRollups({ kind: 'campaign', agencyId: 'bgAgency-demo', campaignId: 'bg-campaign-q3' }, tf),
        w.reports.repo.listRollups(
          { kind: 'advertiser', agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-acme' },
          tf,
        ),
      ]),
    );
    return JSON.stringify({ rows, rollups });
  }

  it('changes nothing when run again over the same data, and writes nothing', async () => {
    // Prepare: one sync, then the steady state of a second one (its window is the last three days).
    const w = world();
    await syncCampaign(ref, w.deps);
    await syncCampaign(ref, w.deps);
    const before = await contents(w);
    const puts = w.reports.puts();
    // Act
    const again = await syncCampaign(ref, w.deps);
    // Assess
    expect(await contents(w)).toBe(before);
    expect(w.reports.puts()).toBe(puts);
    expect(again).toMatchObject({ rowsWritten: 0, rollupsWritten: 0 });
    // The sync state still says when the numbers were last looked at (the dashboard's 'as of').
    expect(w.reports.syncs.get('bgAgency-demo|bg-campaign-q3')?.syncedAt).toBe(NOW.toISOString());
  });

  it('sums rollups from the pulled rows as the stored rows would give them', async () => {
    // Prepare: a first sync sums in memory (the pull began at the campaign's start)...
    const inMemory = world();
    await syncCampaign(ref, inMemory.deps);
    // ...and a sync whose pull starts later reads the older days back from the store.
    const fromStore = world();
    await syncCampaign(ref, fromStore.deps);
    await syncCampaign(ref, fromStore.deps, { from: '2026-11-20', refreshRollups: true });
    // Assess
    expect(await contents(fromStore)).toBe(await contents(inMemory));
  });
});

describe('enqueueReportSync', () => {
  it('sends one message per campaign of the work list', async () => {
    // Prepare
    const w = world([campaignFixture(), campaignFixture({ bgCampaignId: 'bg-campaign-q4', beeswaxCampaignId: 80 })]);
    const sent: TReportSyncMessage[] = [];
    // Act
    const result = await enqueueReportSync(
      {
        campaigns: w.store.repo,
        queue: { send: async (messages) => void sent.push(...messages) },
        now: () => NOW,
        log: memoryLogger(),
      },
      { runId: 'run-1' },
    );
    // Assess: each message names the run that sent it, for the worker's lines.
    expect(result.enqueued).toBe(2);
    expect(sent).toEqual([
      { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-q3', runId: 'run-1' },
      { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-q4', runId: 'run-1' },
    ]);
    expect(w.bidder.requests).toEqual([]);
  });

  it('fails when the queue does not take the messages', async () => {
    const w = world();
    await expect(
      enqueueReportSync(
        {
          campaigns: w.store.repo,
          queue: {
            send: async () => {
              throw new Error('SQS did not take 1 message(s)');
            },
          },
          now: () => NOW,
          log: memoryLogger(),
        },
        { runId: 'run-1' },
      ),
    ).rejects.toThrow('SQS did not take');
  });
});

describe('syncQueuedCampaigns', () => {
  const record = (id: string, body: unknown) => ({ id, body: JSON.stringify(body), receiveCount: 1 });

  it('syncs each message and names only the failed ones (partial batch failure)', async () => {
    // Prepare: the bidder fails for campaign 80; one message is not a sync message at all.
    const w = world([campaignFixture(), campaignFixture({ bgCampaignId: 'bg-campaign-q4', beeswaxCampaignId: 80 })], {
      failFor: 80,
    });
    // Act
    const result = await syncQueuedCampaigns(
      [
        record('m-1', { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-q3' }),
        record('m-2', { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-q4' }),
        { id: 'm-3', body: '{"not":"a sync message"}', receiveCount: 2 },
      ],
      w.deps,
    );
    // Assess
    expect(result.failedIds.sort()).toEqual(['m-2', 'm-3']);
    expect(result.synced.map((s) => s.bgCampaignId)).toEqual(['bg-campaign-q3']);
    expect(w.reports.rowsOf(CAMPAIGN).size).toBe(25);
    expect(w.reports.syncs.has('bgAgency-demo|bg-campaign-q4')).toBe(false);
  });

  it("names each message's id and the run that sent it on the lines of its sync", async () => {
    // Prepare: the bidder fails for campaign 80.
    const w = world([campaignFixture(), campaignFixture({ bgCampaignId: 'bg-campaign-q4', beeswaxCampaignId: 80 })], {
      failFor: 80,
    });
    // Act
    await syncQueuedCampaigns(
      [
        record('m-1', { ...ref, runId: 'run-7' }),
        record('m-2', { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-q4', runId: 'run-7' }),
        { id: 'm-3', body: 'not json', receiveCount: 3 },
      ],
      w.deps,
    );
    // Assess
    const failures = w.deps.log.lines.filter((line) => line['message'] === 'report sync of a campaign failed');
    expect(failures).toEqual([
      expect.objectContaining({ messageId: 'm-2', scheduledRunId: 'run-7', bgCampaignId: 'bg-campaign-q4' }),
      expect.objectContaining({ messageId: 'm-3', receiveCount: 3 }),
    ]);
  });

  it('answers no failures when every message synced', async () => {
    const w = world();
    const result = await syncQueuedCampaigns([record('m-1', ref)], w.deps);
    expect(result.failedIds).toEqual([]);
    expect(result.synced).toHaveLength(1);
  });
});
