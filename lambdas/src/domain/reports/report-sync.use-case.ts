import { createHash } from 'node:crypto';
import { TIME_FRAMES } from '@bidgrid/shared/constants';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import { addCounts, emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { addIsoDays, isoDayRanges, isoDaysBetween } from '@bidgrid/shared/common/iso-date';
import type { Logger } from '../../kernel/logger';
import type { TCampaignRecord } from '../campaigns/campaign-records.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { BidderCampaigns, TBidderReportRow } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { AppMetrics } from '../ports/metrics.port';
import { reportSubjectKey } from '../ports/report.port';
import type {
  ReportRepository,
  TDailyRowWrite,
  TReportSubject,
  TRollupGroup,
  TRollupWrite,
} from '../ports/report.port';
import type { TCampaignSyncState, TStoredDailyRow } from './report-records.schema';
import { rangeOf, reportToday, sumInRange } from './report-rows';

/**
 * The report sync: pulls daily rows of campaigns from the bidder into the reports table, as daily
 * rows per campaign, line item and creative, then refreshes the rollups the dashboards read.
 *
 * - Idempotent: rows are puts keyed by entity and day (never increments), and only days whose rows
 *   changed are written, so a repeated run of the same data writes nothing; rollups are recomputed
 *   from the rows, never incremented.
 * - Incremental: each campaign remembers the last day it pulled; the next run pulls from two days
 *   before it (the bidder restates recent days) through today. A day whose rows equal the last pull
 *   of that day (a hash per day) is not written again; when no day changed, the rollups are left alone.
 * - Fanned out (`report-sync-queue.use-case.ts`): the schedule enqueues one message per campaign whose
 *   end date is within the rollup horizon, and a worker syncs each. Those running or ended in the last
 *   week are pulled; the others only get their rollups refreshed once a day until they are final.
 * - Fast: a long range is pulled 14 days at a time, each part written while the next is pulled; rows
 *   and rollups go out in batches of 25, several in flight (the repository); and rollups are summed
 *   from the rows in memory when the pull covered the campaign's whole flight, so a first sync never
 *   reads back what it just wrote.
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
/** Reads at once when recomputing rollups from stored rows. */
const ROLLUP_CONCURRENCY = 8;

const RANGE_TIME_FRAMES = TIME_FRAMES.filter((tf): tf is TRangeTimeFrame => tf !== 'CUSTOM_DATE');

/** Ports of the sync. */
export interface ReportSyncDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'listLineItems'>;
  adGroups: Pick<AdGroupRepository, 'listCampaignCreatives'>;
  reports: Pick<
    ReportRepository,
    'listDailyRows' | 'putDailyRows' | 'putRollups' | 'getCampaignSync' | 'putCampaignSync'
  >;
  bidder: Pick<BidderCampaigns, 'dailyReport'>;
  metrics: Pick<AppMetrics, 'reportRowsSynced' | 'reportSyncLag'>;
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

/** The rows of each entity a rollup refresh needs, keyed by `reportSubjectKey`. */
type TRowsBySubject = ReadonlyMap<string, readonly TStoredDailyRow[]>;

/**
 * Recomputes the rollups of a campaign, its line items and its creatives. `pulled` has the rows of
 * the days just pulled (by subject), and `pulledFrom` their first day: the stored rows before that day
 * are read and joined to them, unless the pull began at the campaign's start (then nothing older
 * exists and nothing is read). Without a pull, every stored row is read.
 */
async function refreshRollups(
  campaign: TCampaignRecord,
  lineItemIds: readonly number[],
  creativeIds: readonly string[],
  deps: ReportSyncDeps,
  pulled: { rows: TRowsBySubject; from: string } | null,
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
  const readOlder = pulled === null || pulled.from > campaign.start_date;
  const writes: TRollupWrite[] = [];
  await inBatches(entities, readOlder ? ROLLUP_CONCURRENCY : entities.length, async (entity) => {
    const fresh = pulled?.rows.get(reportSubjectKey(entity.subject)) ?? [];
    const older = readOlder
      ? await deps.reports.listDailyRows(entity.subject, null, pulled === null ? null : addIsoDays(pulled.from, -1))
      : [];
    const rows = older.length === 0 ? fresh : [...older, ...fresh];
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

/** The pulled rows by subject, as stored rows (for rollups summed in memory). */
function rowsBySubject(rows: readonly TDailyRowWrite[]): Map<string, TStoredDailyRow[]> {
  const bySubject = new Map<string, TStoredDailyRow[]>();
  for (const row of rows) {
    const key = reportSubjectKey(row.subject);
    let list = bySubject.get(key);
    if (!list) bySubject.set(key, (list = []));
    list.push({ ...row.counts, date: row.date });
  }
  return bySubject;
}

/** Days pulled (and then written) at a time, so writing one part overlaps pulling the next. */
const PIPELINE_DAYS = 14;
/** Parts whose writes may be under way at once. */
const PARTS_WRITING = 2;

/** A promise whose failure is awaited later: marked handled now, so a failure before then is not "unhandled". */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * The daily rows of a pull of `range`: a row per line item and creative and day the bidder reported,
 * and a campaign row for every day of the range, zero included, so a day restated to nothing is
 * overwritten and the chart and billing read a complete series.
 */
function rowsOfPull(
  ref: { agencyId: string; bgCampaignId: string },
  creativeIds: ReadonlyMap<number, string>,
  byLineItem: readonly TBidderReportRow[],
  byCreative: readonly TBidderReportRow[],
  range: { from: string; to: string },
): TDailyRowWrite[] {
  const rows: TDailyRowWrite[] = [];
  const perDay = new Map<string, TMetricCounts>();
  for (const row of byLineItem) {
    rows.push({
      subject: { kind: 'lineItem', agencyId: ref.agencyId, beeswaxLineItemId: row.id },
      date: row.day,
      counts: row.counts,
    });
    perDay.set(row.day, addCounts(perDay.get(row.day) ?? emptyCounts(), row.counts));
  }
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
  for (let day = range.from; day <= range.to; day = addIsoDays(day, 1)) {
    rows.push({
      subject: { kind: 'campaign', agencyId: ref.agencyId, campaignId: ref.bgCampaignId },
      date: day,
      counts: perDay.get(day) ?? emptyCounts(),
    });
  }
  return rows;
}

/**
 * The rows of the days that differ from the last pull of that day (a hash of the day's rows), and
 * each day's hash added to `hashes`: a re-run of the same data writes nothing, and an hourly run
 * usually writes today's rows alone. `force` (a pull from a given day) keeps every day.
 */
function changedDays(
  rows: readonly TDailyRowWrite[],
  state: TCampaignSyncState | null,
  force: boolean,
  hashes: Record<string, string>,
): TDailyRowWrite[] {
  const byDay = new Map<string, TDailyRowWrite[]>();
  for (const row of rows) {
    let ofDay = byDay.get(row.date);
    if (!ofDay) byDay.set(row.date, (ofDay = []));
    ofDay.push(row);
  }
  const changed: TDailyRowWrite[] = [];
  for (const [day, ofDay] of byDay) {
    const hash = createHash('sha256').update(JSON.stringify(ofDay)).digest('base64url');
    hashes[day] = hash;
    if (force || state?.pulledDays[day] !== hash) changed.push(...ofDay);
  }
  return changed;
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
  // The lag is how stale the campaign's reports were when this sync began, reported before the
  // work: a campaign whose syncs keep failing shows a lag that grows with every retry.
  const lastSyncedAt = state ? Date.parse(state.syncedAt) : Number.NaN;
  if (Number.isFinite(lastSyncedAt)) deps.metrics.reportSyncLag(Math.max(0, (now.getTime() - lastSyncedAt) / 1000));
  const to = campaign.end_date < today ? campaign.end_date : today;
  const resumeFrom = state ? addIsoDays(state.syncedThrough, -RESTATEMENT_DAYS) : campaign.start_date;
  let from = options.from ?? (resumeFrom > campaign.start_date ? resumeFrom : campaign.start_date);
  if (from < campaign.start_date) from = campaign.start_date;
  // Running, or ended within the week (late conversions and restatements still arrive).
  const recent = isoDaysBetween(campaign.end_date, today) <= RECENTLY_ENDED_DAYS;
  const shouldPull = from <= to && (options.from !== undefined || state === null || recent);

  const rows: TDailyRowWrite[] = [];
  let pulledDays = state?.pulledDays ?? {};
  let rowsWritten = 0;
  if (shouldPull) {
    // The range is pulled a few days at a time, and each part is written while the next is pulled:
    // the sync then takes about as long as its writes, not its pull plus its writes.
    const creativeIds = new Map(creatives.map((c) => [c.beeswaxCreativeId, c.bgCreativeId]));
    const parts = isoDayRanges(from, to, PIPELINE_DAYS);
    const lineItemIds = lineItems.map((li) => li.beeswaxLineItemId);
    const pullPart = (part: { from: string; to: string }) =>
      quiet(
        Promise.all([
          pull(campaign, lineItemIds, 'lineItem', part.from, part.to, deps),
          pull(campaign, lineItemIds, 'creative', part.from, part.to, deps),
        ]),
      );
    pulledDays = {};
    let pulling = pullPart(parts[0] as { from: string; to: string });
    const writing: Array<Promise<void>> = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as { from: string; to: string };
      const [byLineItem, byCreative] = await pulling;
      if (i + 1 < parts.length) pulling = pullPart(parts[i + 1] as { from: string; to: string });
      const partRows = rowsOfPull(ref, creativeIds, byLineItem, byCreative, part);
      rows.push(...partRows);
      const changed = changedDays(partRows, state, options.from !== undefined, pulledDays);
      // At most two parts' writes at a time (each several batches in flight), so DynamoDB always has
      // the next part's batches queued when one part's last batches drain.
      if (writing.length >= PARTS_WRITING) await writing.shift();
      if (changed.length > 0) writing.push(quiet(deps.reports.putDailyRows(changed)));
      rowsWritten += changed.length;
    }
    await Promise.all(writing);
  }

  // Rows that changed move the rollups; otherwise they are recomputed once a day (the ranges roll).
  const refresh = rowsWritten > 0 || options.refreshRollups === true || state?.rolledUpOn !== today;
  const rollupsWritten = refresh
    ? await refreshRollups(
        campaign,
        lineItems.map((li) => li.beeswaxLineItemId),
        creatives.map((c) => c.bgCreativeId),
        deps,
        shouldPull ? { rows: rowsBySubject(rows), from } : null,
      )
    : 0;
  await deps.reports.putCampaignSync(ref.agencyId, ref.bgCampaignId, {
    syncedThrough: shouldPull ? to : (state?.syncedThrough ?? addIsoDays(campaign.start_date, -1)),
    syncedAt: now.toISOString(),
    rolledUpOn: refresh ? today : (state?.rolledUpOn ?? null),
    pulledDays,
  });
  deps.metrics.reportRowsSynced(rowsWritten);
  return {
    bgCampaignId: ref.bgCampaignId,
    pulled: shouldPull ? { from, to } : null,
    rowsWritten,
    rollupsWritten,
  };
}
