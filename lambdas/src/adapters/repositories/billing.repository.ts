import { ZBillingLog, ZInvoice } from '@bidgrid/shared/entities/billing.schema';
import type { TBillingLog, TInvoice } from '@bidgrid/shared/entities/billing.schema';
import { conditionalPut, queryAll, tables } from '../dynamodb';

/**
 * Keys of billing logs and invoices (DATA-MODEL): under the agency, sorted by their ISO date so a
 * backwards query is newest first.
 */
export const billingKeys = {
  log: (agencyId: string, date: string, id: string) => ({ pk: `AGENCY#${agencyId}`, sk: `BILL#${date}#${id}` }),
  invoice: (agencyId: string, sentAt: string, id: string) => ({ pk: `AGENCY#${agencyId}`, sk: `INV#${sentAt}#${id}` }),
} as const;

/** A billing log with its id (always set when we write one). */
export type TStoredBillingLog = TBillingLog & { id: string };

/** Billing logs and invoices of the app table. */
export interface BillingRepository {
  /**
   * Writes a billing log once: its id is derived from the charge, so a job run repeated after a
   * crash finds it there and writes nothing (false). `createdBy` is the campaign's (or advertiser's)
   * creator, kept for `billingLogs/byusername` and never shown.
   */
  putBillingLog(agencyId: string, log: TStoredBillingLog, createdBy: string): Promise<boolean>;
  /** Billing logs of the agency, newest first, optionally of one advertiser or one creator. */
  listBillingLogs(agencyId: string, filter?: { advertiserId?: string; createdBy?: string }): Promise<TBillingLog[]>;
  /** Writes an invoice unless it exists (false): the run that wrote it is the one that mails it. */
  putInvoiceIfAbsent(agencyId: string, invoice: TInvoice): Promise<boolean>;
  /** Invoices of the agency, newest first. */
  listInvoices(agencyId: string): Promise<TInvoice[]>;
}

async function putBillingLog(agencyId: string, log: TStoredBillingLog, createdBy: string): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: { ...billingKeys.log(agencyId, log.date, log.id), entity: 'billingLog', ...log, createdBy },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

async function listBillingLogs(
  agencyId: string,
  filter: { advertiserId?: string; createdBy?: string } = {},
): Promise<TBillingLog[]> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': `AGENCY#${agencyId}`, ':prefix': 'BILL#' };
  if (filter.advertiserId !== undefined) {
    conditions.push('bgAdvertiserId = :advertiser');
    values[':advertiser'] = filter.advertiserId;
  }
  if (filter.createdBy !== undefined) {
    conditions.push('createdBy = :createdBy');
    values[':createdBy'] = filter.createdBy;
  }
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
  });
  return items.map((item) => ZBillingLog.parse(item));
}

async function putInvoiceIfAbsent(agencyId: string, invoice: TInvoice): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: { ...billingKeys.invoice(agencyId, invoice.sentAt, invoice.id), entity: 'invoice', ...invoice },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

async function listInvoices(agencyId: string): Promise<TInvoice[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `AGENCY#${agencyId}`, ':prefix': 'INV#' },
    ScanIndexForward: false,
  });
  return items.map((item) => ZInvoice.parse(item));
}

/** The DynamoDB implementation used by the handlers and the billing job. */
export const billingRepository: BillingRepository = {
  putBillingLog,
  listBillingLogs,
  putInvoiceIfAbsent,
  listInvoices,
};
