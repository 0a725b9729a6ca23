import type { Context, ScheduledEvent } from 'aws-lambda';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { runReportSync } from '../domain/report-sync/report-sync.use-case';
import type { TReportSyncSummary } from '../domain/report-sync/report-sync.use-case';
import { logger } from '../lib/logger';

/** Without a Lambda context (a direct call), a run may take as long as a scheduled Lambda. */
const DEFAULT_BUDGET_MS = 15 * 60_000;

/**
 * The report sync job (schedule `report-sync` in `schedules.ts`): pulls the bidder's daily rows of
 * running and recently ended campaigns into the reports table and refreshes the rollups. Safe to run
 * twice, or twice at once: rows and rollups are puts keyed by entity and day.
 */
export async function handler(event: Partial<ScheduledEvent>, context?: Context): Promise<TReportSyncSummary> {
  const log = logger().child({ operation: 'report-sync', requestId: context?.awsRequestId ?? event.id ?? 'unknown' });
  const deadline = Date.now() + DEFAULT_BUDGET_MS;
  return runReportSync(
    {
      campaigns: campaignRepository,
      adGroups: adGroupRepository,
      reports: reportRepository,
      bidder: bidderClient(),
      now: () => new Date(),
      log,
    },
    () => context?.getRemainingTimeInMillis?.() ?? deadline - Date.now(),
  );
}
