import * as z from '@bidgrid/shared/zod';
import { addIsoDays } from '@bidgrid/shared/common/iso-date';
import type { Logger } from '../../kernel/logger';
import type { CampaignRepository } from '../ports/campaign.port';
import type { TWorkBatchResult, TWorkRecord, WorkQueue } from '../ports/work-queue.port';
import { reportToday } from './report-rows';
import { ROLLUP_HORIZON_DAYS, syncCampaign } from './report-sync.use-case';
import type { ReportSyncDeps, TCampaignSyncResult } from './report-sync.use-case';

/**
 * Report sync fanned out (ARCHITECTURE "Jobs at scale"): the hourly schedule enqueues one message per
 * campaign, and a worker syncs each message's campaign. A campaign, not an advertiser, is the unit:
 * it is what one pull, one sync state and one retry cover, and an advertiser may hold hundreds of
 * campaigns of thousands of line items, more than one worker invocation should carry; a failing
 * campaign is retried (and dead-lettered) alone, without its advertiser's other campaigns.
 */

/** One campaign to sync. */
export const ZReportSyncMessage = z.object({
  agencyId: z.string().check(z.minLength(1)),
  bgCampaignId: z.string().check(z.minLength(1)),
  /** The schedule's run that sent it (its `runId`), for the worker's lines; absent in older messages. */
  runId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export type TReportSyncMessage = z.infer<typeof ZReportSyncMessage>;

/** What the schedule's run did. */
export interface TReportSyncEnqueued {
  enqueued: number;
  durationMs: number;
}

/** Ports of the enqueuing run. */
export interface ReportSyncEnqueueDeps {
  campaigns: Pick<CampaignRepository, 'listSyncCandidates'>;
  queue: WorkQueue<TReportSyncMessage>;
  now: () => Date;
  log: Logger;
}

/**
 * The schedule's run: one message per campaign whose end date is within the rollup horizon (read
 * from an index, no Scan), each naming the run. Sending twice is harmless: a sync of the same data
 * changes nothing.
 */
export async function enqueueReportSync(
  deps: ReportSyncEnqueueDeps,
  run: { runId: string },
): Promise<TReportSyncEnqueued> {
  const started = deps.now();
  const candidates = await deps.campaigns.listSyncCandidates(addIsoDays(reportToday(started), -ROLLUP_HORIZON_DAYS));
  await deps.queue.send(candidates.map(({ agencyId, bgCampaignId }) => ({ agencyId, bgCampaignId, runId: run.runId })));
  const result = { enqueued: candidates.length, durationMs: deps.now().getTime() - started.getTime() };
  deps.log.info('report sync enqueued', { ...result });
  return result;
}

/** Campaigns of one batch synced at once (their own writes already run several batches in flight). */
export const WORKER_CONCURRENCY = 2;

/** What the worker did with one batch. */
export interface TReportSyncBatchResult extends TWorkBatchResult {
  synced: TCampaignSyncResult[];
}

/**
 * The worker: syncs the campaign of each record, `WORKER_CONCURRENCY` at once, and names the records
 * that failed (SQS partial batch failures), so only those come back; after the queue's last try they
 * go to its dead-letter queue. A record that is not a sync message fails too: it goes to the
 * dead-letter queue for a person to look at, never silently away. Every line of a record's sync
 * names its `messageId` and the `scheduledRunId` that sent it.
 */
export async function syncQueuedCampaigns(
  records: readonly TWorkRecord[],
  deps: ReportSyncDeps,
): Promise<TReportSyncBatchResult> {
  const failedIds: string[] = [];
  const synced: TCampaignSyncResult[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < records.length) {
      const record = records[next++] as TWorkRecord;
      let log = deps.log.child({ messageId: record.id });
      try {
        const message = ZReportSyncMessage.parse(JSON.parse(record.body));
        log = log.child({
          bgCampaignId: message.bgCampaignId,
          ...(message.runId ? { scheduledRunId: message.runId } : {}),
        });
        synced.push(await syncCampaign(message, { ...deps, log }));
      } catch (error) {
        failedIds.push(record.id);
        log.error('report sync of a campaign failed', { receiveCount: record.receiveCount, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKER_CONCURRENCY, records.length) }, lane));
  return { failedIds, synced };
}
