import type { BillingRepository } from './ports/billing.port';

/**
 * `POST /mailSents`: the invoices e-mailed for the caller's agency, newest first, as the JSON string
 * the spec's client parses (000 §7 "payload is a JSON string of invoices"). The body's user name is
 * ignored: the caller is the token's.
 */
export async function listSentInvoices(
  input: { agencyId: string },
  deps: { invoices: Pick<BillingRepository, 'listInvoices'> },
): Promise<string> {
  return JSON.stringify(await deps.invoices.listInvoices(input.agencyId));
}
