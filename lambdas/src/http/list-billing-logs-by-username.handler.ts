import { listBillingLogsByUsername as operation } from '@bidgrid/shared/billing/billing.operations';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { listBillingLogsByUsername } from '../domain/billing/list-billing-logs.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/billingLogs/byusername`: billing logs of the caller's campaigns (the token's user, not the body's). */
export const { handler, raw } = httpHandler(operation, ({ caller, page }) =>
  listBillingLogsByUsername(
    { agencyId: caller.agencyId, username: caller.username, page },
    { billing: billingRepository },
  ),
);
