import type { Logger } from '../../kernel/logger';
import type { AdvertiserRepository } from '../ports/advertiser.port';
import type { AppMetrics, TBillingOutcomeKind } from '../ports/metrics.port';
import { billAdvertiser } from './bill-advertiser.use-case';
import type { BillAdvertiserDeps, TBillingOutcome } from './bill-advertiser.use-case';

/** Advertisers billed at the same time: enough to overlap the provider's latency, few enough for its rate limit. */
export const BILLING_CONCURRENCY = 8;

/** Counts of one billing run. */
export interface TBillingRunSummary {
  advertisers: number;
  charged: number;
  failed: number;
  skipped: number;
  errors: number;
  amountCents: number;
}

/** What a run needs beyond billing one advertiser: the work list, and where outcomes are counted. */
export interface RunBillingDeps extends BillAdvertiserDeps {
  billable: Pick<AdvertiserRepository, 'listBillable'>;
  metrics: Pick<AppMetrics, 'billingOutcome'>;
}

/** How the metrics name an advertiser's outcome: the provider's refusal of a charge is a decline. */
const OUTCOME_KIND: Record<TBillingOutcome['status'], TBillingOutcomeKind> = {
  charged: 'charged',
  failed: 'declined',
  skipped: 'skipped',
};

/**
 * The scheduled billing run: every advertiser with a saved card, a few at a time. One advertiser's
 * error (a store or provider outage) is logged and counted and the others are still billed; the
 * next run retries it, and its idempotency key keeps that from charging twice.
 */
export async function runBilling(deps: RunBillingDeps, log: Logger = deps.log): Promise<TBillingRunSummary> {
  const work = await deps.billable.listBillable();
  const summary: TBillingRunSummary = {
    advertisers: work.length,
    charged: 0,
    failed: 0,
    skipped: 0,
    errors: 0,
    amountCents: 0,
  };
  const count = (outcome: TBillingOutcome): void => {
    deps.metrics.billingOutcome(OUTCOME_KIND[outcome.status]);
    if (outcome.status === 'charged') {
      summary.charged++;
      summary.amountCents += outcome.amountCents;
    } else if (outcome.status === 'failed') summary.failed++;
    else summary.skipped++;
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < work.length) {
      const item = work[next++];
      if (!item) break;
      try {
        count(await billAdvertiser(item, deps));
      } catch (error) {
        summary.errors++;
        deps.metrics.billingOutcome('error');
        log.error('billing an advertiser failed', { agencyId: item.agencyId, advertiserId: item.advertiserId, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BILLING_CONCURRENCY, work.length) }, worker));
  log.info('billing run done', { ...summary });
  return summary;
}
