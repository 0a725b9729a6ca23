import { listSentInvoices as operation } from '@bidgrid/shared/billing/billing.operations';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { listSentInvoices } from '../domain/billing/list-sent-invoices.use-case';
import { httpHandler } from '../entry/http';

/**
 * `POST /api/mailSents`: one page of the caller's agency's invoices without their bodies, as a JSON string
 * (the body's username is ignored).
 */
export const { handler, raw } = httpHandler(operation, ({ caller, page }) =>
  listSentInvoices({ agencyId: caller.agencyId, page }, { invoices: billingRepository }),
);
