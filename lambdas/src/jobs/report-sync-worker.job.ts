import { now } from '@bidgrid/shared/clock';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { appMetrics } from '../adapters/metrics';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { syncQueuedCampaigns } from '../domain/reports/report-sync-queue.use-case';
import { jobHandler } from '../entry/job';

/**
 * The report sync worker (`worker` of `report-sync` in `schedules.ts`): syncs the campaign of each
 * message of the batch and answers the messages that failed as `batchItemFailures`, so SQS (or the
 * local stack's in-process queue) delivers only those again, and after the last try moves them to the
 * dead-letter queue. The event source mapping has `ReportBatchItemFailures` on. Each message's lines
 * carry its `messageId` and the `scheduledRunId` of the schedule's run that sent it.
 */
export const handler = jobHandler<SQSEvent, SQSBatchResponse>('report-sync-worker', async (event, { log }) => {
  const result = await syncQueuedCampaigns(
    event.Records.map((record) => ({
      id: record.messageId,
      body: record.body,
      receiveCount: Number(record.attributes.ApproximateReceiveCount),
    })),
    {
      campaigns: campaignRepository,
      adGroups: adGroupRepository,
      reports: reportRepository,
      bidder: bidderClient(),
      metrics: appMetrics(),
      now,
      log,
    },
  );
  log.info('report sync batch', {
    messages: event.Records.length,
    failed: result.failedIds.length,
    rowsWritten: result.synced.reduce((sum, r) => sum + r.rowsWritten, 0),
  });
  return { batchItemFailures: result.failedIds.map((itemIdentifier) => ({ itemIdentifier })) };
});
