import { now } from '@bidgrid/shared/clock';
import type { ScheduledEvent } from 'aws-lambda';
import { sendMail } from '../adapters/mail';
import { appMetrics } from '../adapters/metrics';
import { paymentsGateway } from '../adapters/payments';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { campaignSpendRepository } from '../adapters/repositories/campaign-spend.repository';
import { idempotencyRepository } from '../adapters/repositories/idempotency.repository';
import { runBilling } from '../domain/billing/run-billing.use-case';
import type { TBillingRunSummary } from '../domain/billing/run-billing.use-case';
import { jobHandler, scheduledRunId } from '../entry/job';

/**
 * The billing job (schedule `billing` in `schedules.ts`): charges every advertiser's delivered spend
 * since its last charge to its saved card, writes billing logs and invoices and mails the invoices.
 * Safe to run twice, or twice at once: every charge has an idempotency key of advertiser and period.
 */
export const handler = jobHandler<Partial<ScheduledEvent>, TBillingRunSummary>(
  'billing',
  (_event, { log }) =>
    runBilling(
      {
        billable: advertiserRepository,
        advertisers: advertiserRepository,
        campaigns: campaignSpendRepository,
        payments: paymentsGateway(),
        billing: billingRepository,
        idempotency: idempotencyRepository,
        sendMail,
        metrics: appMetrics(),
        now,
        log,
      },
      log,
    ),
  { runIdOf: scheduledRunId },
);
