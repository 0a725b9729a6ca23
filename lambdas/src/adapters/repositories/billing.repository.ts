import { ZBillingLog, ZInvoice } from '@bidgrid/shared/entities/billing.schema';
import type { TBillingLog, TInvoice } from '@bidgrid/shared/entities/billing.schema';
import type { BillingRepository, TBillingLogEntry } from '../../domain/ports/billing.port';
import { conditionalPut, queryAll, tables } from '../dynamodb';

/**
 * Keys of billing logs and invoices (DATA-MODEL): under the agency, sorted by their ISO date so a
 * backwards query is newest first.
 */
export const billingKeys = {
  log: (agencyId: string, date: string, id: string) => ({ pk: `AGENCY#${agencyId}`, sk: `BILL#${date}#${id}` }),
  invoice: (agencyId: string, sentAt: string, id: string) => ({ pk: `AGENCY#${agencyId}`, sk: `INV#${sentAt}#${id}` }),
} as const;

async function putBillingLog(agencyId: string, log: TBillingLogEntry, createdBy: string): Promise<boolean> {
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
