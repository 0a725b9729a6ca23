import type { TInvoice } from '@bidgrid/shared/entities/billing.schema';

/** Port: reads an agency's invoices, newest first. */
export interface InvoiceReader {
  listInvoices(agencyId: string): Promise<TInvoice[]>;
}

/**
 * `POST /mailSents`: the invoices e-mailed for the caller's agency, newest first, as the JSON string
 * the spec's client parses (000 §7 "payload is a JSON string of invoices"). The body's user name is
 * ignored: the caller is the token's.
 */
export async function listSentInvoices(
  input: { agencyId: string },
  deps: { invoices: InvoiceReader },
): Promise<string> {
  return JSON.stringify(await deps.invoices.listInvoices(input.agencyId));
}
