import { listAllBillingLogs as operation } from '@bidgrid/shared/billing/billing.operations';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { listAllBillingLogs } from '../domain/billing/list-billing-logs.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/billingLogs/all`: one page of the caller's agency's billing logs (the body's username is ignored). */
export const { handler, raw } = httpHandler(operation, ({ caller, page }) =>
  listAllBillingLogs({ agencyId: caller.agencyId, page }, { billing: billingRepository }),
);
