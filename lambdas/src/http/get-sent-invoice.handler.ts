import { getSentInvoice as operation } from '@bidgrid/shared/billing/billing.operations';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { getSentInvoice } from '../domain/billing/list-sent-invoices.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/mailSents/{id}`: one invoice of the caller's agency with its HTML body (another agency's id: 404). */
export const { handler, raw } = httpHandler(operation, ({ caller, params }) =>
  getSentInvoice({ agencyId: caller.agencyId, invoiceId: params.id }, { invoices: billingRepository }),
);
