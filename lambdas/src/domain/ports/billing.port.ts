import type { TBillingLog, TInvoice } from '@bidgrid/shared/entities/billing.schema';

/** A billing log with the id it is stored under (always set when we write one). */
export type TBillingLogEntry = TBillingLog & { id: string };

/** Billing logs and invoices of the store, addressed by agency. */
export interface BillingRepository {
  /**
   * Writes a billing log once: its id is derived from the charge, so a job run repeated after a
   * crash finds it there and writes nothing (false). `createdBy` is the campaign's (or advertiser's)
   * creator, kept for `billingLogs/byusername` and never shown.
   */
  putBillingLog(agencyId: string, log: TBillingLogEntry, createdBy: string): Promise<boolean>;
  /** Billing logs of the agency, newest first, optionally of one advertiser or one creator. */
  listBillingLogs(agencyId: string, filter?: { advertiserId?: string; createdBy?: string }): Promise<TBillingLog[]>;
  /** Writes an invoice unless it exists (false): the run that wrote it is the one that mails it. */
  putInvoiceIfAbsent(agencyId: string, invoice: TInvoice): Promise<boolean>;
  /** Invoices of the agency, newest first. */
  listInvoices(agencyId: string): Promise<TInvoice[]>;
}
