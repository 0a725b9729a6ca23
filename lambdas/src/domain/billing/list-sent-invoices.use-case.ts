import type { TInvoice } from '@bidgrid/shared/billing/billing.schema';
import { NotFoundError } from '../../kernel/errors';
import type { BillingRepository } from '../ports/billing.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';

/**
 * `POST /mailSents`: one page of the invoices e-mailed for the caller's agency, newest first, as the
 * JSON string the spec's client parses (000 §7 "payload is a JSON string of invoices"), without their
 * HTML bodies (issue 9 §6: `getSentInvoice` has one). The body's user name is ignored: the caller is the
 * token's.
 */
export async function listSentInvoices(
  input: { agencyId: string; page: TPageRequest },
  deps: { invoices: Pick<BillingRepository, 'listInvoices'> },
): Promise<TPagedPayload<string>> {
  const page = await deps.invoices.listInvoices(input.agencyId, input.page);
  return { payload: JSON.stringify(page.items), nextCursor: page.nextCursor };
}

export const INVOICE_NOT_FOUND = 'Invoice not found.';

/** `GET /mailSents/{id}`: one invoice of the caller's agency with its HTML body; another agency's id is a 404. */
export async function getSentInvoice(
  input: { agencyId: string; invoiceId: string },
  deps: { invoices: Pick<BillingRepository, 'getInvoice'> },
): Promise<TInvoice> {
  const invoice = await deps.invoices.getInvoice(input.agencyId, input.invoiceId);
  if (!invoice) {
    throw new NotFoundError(INVOICE_NOT_FOUND, {
      internalMessage: `Invoice ${input.invoiceId} not in agency ${input.agencyId}`,
    });
  }
  return invoice;
}
