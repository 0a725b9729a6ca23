import { now } from '@bidgrid/shared/clock';
import type { ScheduledEvent } from 'aws-lambda';
import { jobWorkQueue } from '../adapters/queues/job-queues';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { enqueueReportSync } from '../domain/reports/report-sync-queue.use-case';
import type { TReportSyncEnqueued, TReportSyncMessage } from '../domain/reports/report-sync-queue.use-case';
import { jobHandler, scheduledRunId } from '../entry/job';

/** The job's name in `schedules.ts`, which also names its queue locally. */
export const REPORT_SYNC_JOB = 'report-sync';

/**
 * The report sync schedule (`report-sync` in `schedules.ts`): enqueues one message per campaign to
 * sync; `report-sync-worker.job.ts` syncs each (SQS in the cloud, the local stack's in-process queue
 * locally). Safe to run twice, or twice at once: syncing the same data again changes nothing. Each
 * message carries this run's id, so the worker's lines name the run that asked for them.
 */
export const handler = jobHandler<Partial<ScheduledEvent>, TReportSyncEnqueued>(
  REPORT_SYNC_JOB,
  (_event, { runId, log }) =>
    enqueueReportSync(
      {
        campaigns: campaignRepository,
        queue: jobWorkQueue<TReportSyncMessage>(REPORT_SYNC_JOB),
        now,
        log,
      },
      { runId },
    ),
  { runIdOf: scheduledRunId },
);
