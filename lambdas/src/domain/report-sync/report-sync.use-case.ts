import { createHash } from 'node:crypto';
import { TIME_FRAMES } from '@bidgrid/shared/constants';
import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import { addCounts, emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { addIsoDays, isoDaysBetween } from '@bidgrid/shared/validation/iso-date';
import { VendorError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { TCampaignRecord } from '../campaigns/campaign-records.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { BidderCampaigns, TBidderReportRow } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type {
  ReportRepository,
  TDailyRowWrite,
  TReportSubject,
  TRollupGroup,
  TRollupWrite,
} from '../ports/report.port';
import { rangeOf, reportToday, sumInRange } from '../reports/report-rows';

/**
 * The report sync: pulls daily rows of campaigns from the bidder into the reports table, as daily
 * rows per campaign, line item and creative, then refreshes the rollups the dashboards read.
 *
 * - Idempotent: rows are puts keyed by entity and day (never increments), so a repeated run writes
 *   the same items; rollups are recomputed from the stored rows.
 * - Incremental: each campaign remembers the last day it pulled; the next run pulls from two days
 *   before it (the bidder restates recent days) through today. Rows equal to the last pull of the
 *   same days (a hash) are not written again and leave the rollups alone.
 * - Work list: every campaign whose end date is within the rollup horizon, from an index (no Scan).
 *   Those running or ended in the last week are pulled; the others only get their rollups refreshed
 *   once a day until they are final.
 * - Resumable: a run that runs out of time records where it stopped; the next run goes on from there.
 */

/** Campaigns ended this recently still get rows pulled (late conversions, restatements). */
export const RECENTLY_ENDED_DAYS = 7;
/** Days before the last pulled day that are pulled again. */
export const RESTATEMENT_DAYS = 2;
/**
 * A campaign ended this many days ago has nothing left in any rolling range (the longest is 90
 * days) and no more pulls: its rollups are final.
 */
export const ROLLUP_HORIZON_DAYS = 91;
/** Reads at once when recomputing rollups. */
const ROLLUP_CONCURRENCY = 8;
/** A run stops starting campaigns when less time than this is left. */
const TIME_MARGIN_MS = 60_000;

const RANGE_TIME_FRAMES = TIME_FRAMES.filter((tf): tf is TRangeTimeFrame => tf !== 'CUSTOM_DATE');

/** Ports of the sync. */
export interface ReportSyncDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'listLineItems' | 'listSyncCandidates'>;
  adGroups: Pick<AdGroupRepository, 'listCampaignCreatives'>;
  reports: ReportRepository;
  bidder: Pick<BidderCampaigns, 'dailyReport'>;
  now: () => Date;
  log: Logger;
}

/** What syncing one campaign did. */
export interface TCampaignSyncResult {
  bgCampaignId: string;
  /** Days pulled, or null when nothing was pulled. */
  pulled: { from: string; to: string } | null;
  rowsWritten: number;
  rollupsWritten: number;
}

/** What a run did. */
export interface TReportSyncSummary {
  campaigns: number;
  pulled: number;
  rowsWritten: number;
  rollupsWritten: number;
  failed: number;
  /** False when the run stopped early (time or a failing bidder); the cursor says where. */
  complete: boolean;
  durationMs: number;
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * Pulls one dimension of a campaign's report over a range. The bidder adapter splits it into
 * queries that are never cut off; the campaign's line items let it size them.
 */
async function pull(
  campaign: TCampaignRecord,
  lineItemIds: readonly number[],
  dimension: 'lineItem' | 'creative',
  from: string,
  to: string,
  deps: ReportSyncDeps,
): Promise<TBidderReportRow[]> {
  return deps.bidder.dailyReport({ campaignId: campaign.beeswaxCampaignId, dimension, from, to, lineItemIds });
}

/** Recomputes the rollups of a campaign, its line items and its creatives from their stored rows. */
async function refreshRollups(
  campaign: TCampaignRecord,
  lineItemIds: readonly number[],
  creativeIds: readonly string[],
  deps: ReportSyncDeps,
): Promise<number> {
  const { agencyId, bgCampaignId, bgAdvertiserId } = campaign;
  const today = reportToday(deps.now());
  const final = isoDaysBetween(campaign.end_date, today) >= ROLLUP_HORIZON_DAYS;
  // The campaign's rollup is read with its advertiser's campaigns; its line items' and creatives'
  // with the campaign's tables.
  const ofCampaign: TRollupGroup = { kind: 'campaign', agencyId, campaignId: bgCampaignId };
  const entities: Array<{ subject: TReportSubject; group: TRollupGroup }> = [
    {
      subject: { kind: 'campaign', agencyId, campaignId: bgCampaignId },
      group: { kind: 'advertiser', agencyId, advertiserId: bgAdvertiserId },
    },
    ...lineItemIds.map((id) => ({
      subject: { kind: 'lineItem' as const, agencyId, beeswaxLineItemId: id },
      group: ofCampaign,
    })),
    ...creativeIds.map((id) => ({
      subject: { kind: 'creative' as const, agencyId, creativeId: id },
      group: ofCampaign,
    })),
  ];
  const writes: TRollupWrite[] = [];
  await inBatches(entities, ROLLUP_CONCURRENCY, async (entity) => {
    const rows = await deps.reports.listDailyRows(entity.subject, null, null);
    for (const timeFrame of RANGE_TIME_FRAMES) {
      const counts = sumInRange(rows, rangeOf(timeFrame, today));
      writes.push({
        group: entity.group,
        subject: entity.subject,
        rollup: { ...counts, timeFrame, asOfDay: today, final },
      });
    }
  });
  await deps.reports.putRollups(writes);
  return writes.length;
}

/**
 * Syncs one campaign: pulls its rows from `from` (default: two days before the last pulled day, or
 * its start) through today or its end, writes them, and refreshes its rollups. A campaign that has
 * not started, or was pulled through its end already, gets only its rollups refreshed.
 */
export async function syncCampaign(
  ref: { agencyId: string; bgCampaignId: string },
  deps: ReportSyncDeps,
  options: { from?: string; refreshRollups?: boolean } = {},
): Promise<TCampaignSyncResult> {
  const campaign = await deps.campaigns.getCampaign(ref.agencyId, ref.bgCampaignId);
  if (!campaign) return { bgCampaignId: ref.bgCampaignId, pulled: null, rowsWritten: 0, rollupsWritten: 0 };
  const now = deps.now();
  const today = reportToday(now);
  const [state, lineItems, creatives] = await Promise.all([
    deps.reports.getCampaignSync(ref.agencyId, ref.bgCampaignId),
    deps.campaigns.listLineItems(ref.agencyId, ref.bgCampaignId),
    deps.adGroups.listCampaignCreatives(ref.agencyId, ref.bgCampaignId),
  ]);
  const to = campaign.end_date < today ? campaign.end_date : today;
  const resumeFrom = state ? addIsoDays(state.syncedThrough, -RESTATEMENT_DAYS) : campaign.start_date;
  let from = options.from ?? (resumeFrom > campaign.start_date ? resumeFrom : campaign.start_date);
  if (from < campaign.start_date) from = campaign.start_date;
  // Running, or ended within the week (late conversions and restatements still arrive).
  const recent = isoDaysBetween(campaign.end_date, today) <= RECENTLY_ENDED_DAYS;
  const shouldPull = from <= to && (options.from !== undefined || state === null || recent);

  const rows: TDailyRowWrite[] = [];
  let pulledWindow = state?.pulledWindow ?? null;
  let unchanged = false;
  if (shouldPull) {
    const lineItemIds = lineItems.map((li) => li.beeswaxLineItemId);
    const [byLineItem, byCreative] = await Promise.all([
      pull(campaign, lineItemIds, 'lineItem', from, to, deps),
      pull(campaign, lineItemIds, 'creative', from, to, deps),
    ]);
    const perDay = new Map<string, TMetricCounts>();
    for (const row of byLineItem) {
      rows.push({
        subject: { kind: 'lineItem', agencyId: ref.agencyId, beeswaxLineItemId: row.id },
        date: row.day,
        counts: row.counts,
      });
      perDay.set(row.day, addCounts(perDay.get(row.day) ?? emptyCounts(), row.counts));
    }
    const creativeIds = new Map(creatives.map((c) => [c.beeswaxCreativeId, c.bgCreativeId]));
    for (const row of byCreative) {
      // Creatives deleted here still show in the bidder's history: their rows have nowhere to go.
      const bgCreativeId = creativeIds.get(row.id);
      if (bgCreativeId) {
        rows.push({
          subject: { kind: 'creative', agencyId: ref.agencyId, creativeId: bgCreativeId },
          date: row.day,
          counts: row.counts,
        });
      }
    }
    // Every day of the range gets a campaign row, zero included, so a day restated to nothing is
    // overwritten and the chart and billing read a complete series.
    for (let day = from; day <= to; day = addIsoDays(day, 1)) {
      rows.push({
        subject: { kind: 'campaign', agencyId: ref.agencyId, campaignId: ref.bgCampaignId },
        date: day,
        counts: perDay.get(day) ?? emptyCounts(),
      });
    }
    const hash = createHash('sha256').update(JSON.stringify(rows)).digest('base64url');
    unchanged =
      options.from === undefined &&
      state?.pulledWindow?.from === from &&
      state.pulledWindow.to === to &&
      state.pulledWindow.hash === hash;
    if (!unchanged) await deps.reports.putDailyRows(rows);
    pulledWindow = { from, to, hash };
  }

  // Rows that changed move the rollups; otherwise they are recomputed once a day (the ranges roll).
  const refresh = (shouldPull && !unchanged) || options.refreshRollups === true || state?.rolledUpOn !== today;
  const rollupsWritten = refresh
    ? await refreshRollups(
        campaign,
        lineItems.map((li) => li.beeswaxLineItemId),
        creatives.map((c) => c.bgCreativeId),
        deps,
      )
    : 0;
  await deps.reports.putCampaignSync(ref.agencyId, ref.bgCampaignId, {
    syncedThrough: shouldPull ? to : (state?.syncedThrough ?? addIsoDays(campaign.start_date, -1)),
    syncedAt: now.toISOString(),
    rolledUpOn: refresh ? today : (state?.rolledUpOn ?? null),
    pulledWindow,
  });
  return {
    bgCampaignId: ref.bgCampaignId,
    pulled: shouldPull ? { from, to } : null,
    rowsWritten: unchanged ? 0 : rows.length,
    rollupsWritten,
  };
}

/**
 * One run of the job: every campaign of the work list, in index order, from where the last run
 * stopped if it did not finish. Stops early, recording the cursor, when time runs short or the
 * bidder keeps failing (after the transport's back-off); other failures are logged and skipped.
 * Throws at the end when a campaign failed, so the scheduler records a failed run.
 */
export async function runReportSync(deps: ReportSyncDeps, timeLeftMs: () => number): Promise<TReportSyncSummary> {
  const started = deps.now();
  const today = reportToday(started);
  const cursor = await deps.reports.getJobCursor();
  const candidates = await deps.campaigns.listSyncCandidates(
    addIsoDays(today, -ROLLUP_HORIZON_DAYS),
    cursor.resumeAfter ?? undefined,
  );
  const summary: TReportSyncSummary = {
    campaigns: 0,
    pulled: 0,
    rowsWritten: 0,
    rollupsWritten: 0,
    failed: 0,
    complete: true,
    durationMs: 0,
  };
  let resumeAfter: string | null = null;
  let stoppedBy: unknown = null;
  for (const candidate of candidates) {
    if (timeLeftMs() < TIME_MARGIN_MS) {
      summary.complete = false;
      break;
    }
    try {
      const result = await syncCampaign(candidate, deps);
      summary.campaigns++;
      if (result.pulled) summary.pulled++;
      summary.rowsWritten += result.rowsWritten;
      summary.rollupsWritten += result.rollupsWritten;
      resumeAfter = candidate.position;
    } catch (error) {
      summary.failed++;
      deps.log.error('report sync of a campaign failed', { campaignId: candidate.bgCampaignId, error });
      if (error instanceof VendorError) {
        // The bidder is down or refusing: stop here and start from this campaign next time.
        summary.complete = false;
        stoppedBy = error;
        break;
      }
      resumeAfter = candidate.position;
    }
  }
  await deps.reports.putJobCursor({
    resumeAfter: summary.complete ? null : resumeAfter,
    lastCompletedAt: summary.complete ? started.toISOString() : cursor.lastCompletedAt,
    lastRunAt: started.toISOString(),
  });
  summary.durationMs = deps.now().getTime() - started.getTime();
  deps.log.info('report sync run', { ...summary });
  if (summary.failed > 0) {
    throw new Error(`report sync: ${summary.failed} campaign(s) failed`, { cause: stoppedBy ?? undefined });
  }
  return summary;
}
