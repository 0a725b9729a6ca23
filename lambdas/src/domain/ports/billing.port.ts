import type { TBillingLog, TInvoice, TInvoiceSummary } from '@bidgrid/shared/billing/billing.schema';
import type { TPage, TPageRequest } from './page.port';

/** A billing log with the id it is stored under (always set when we write one). */
export type TBillingLogEntry = TBillingLog & { id: string };

/** Which billing logs of an agency a list holds: all, one advertiser's, or one creator's. */
export interface TBillingLogFilter {
  readonly advertiserId?: string;
  readonly createdBy?: string;
}

/** Billing logs and invoices of the store, addressed by agency. */
export interface BillingRepository {
  /**
   * Writes a billing log once: its id is derived from the charge, so a job run repeated after a
   * crash finds it there and writes nothing (false). `createdBy` is the campaign's (or advertiser's)
   * creator, kept for `billingLogs/byusername` and never shown.
   */
  putBillingLog(agencyId: string, log: TBillingLogEntry, createdBy: string): Promise<boolean>;
  /** One page of the agency's billing logs, newest first, optionally of one advertiser or one creator. */
  listBillingLogs(agencyId: string, filter: TBillingLogFilter, page: TPageRequest): Promise<TPage<TBillingLog>>;
  /**
   * Writes an invoice unless one with its id exists (false): the run that wrote it is the one that
   * mails it.
   */
  putInvoiceIfAbsent(agencyId: string, invoice: TInvoice): Promise<boolean>;
  /** One page of the agency's invoices, newest first, without their HTML bodies. */
  listInvoices(agencyId: string, page: TPageRequest): Promise<TPage<TInvoiceSummary>>;
  /** One invoice of the agency with its body, or null (another agency's id is not found). */
  getInvoice(agencyId: string, invoiceId: string): Promise<TInvoice | null>;
}
