import { ZBillingLog, ZInvoice, ZInvoiceSummary } from '@bidgrid/shared/billing/billing.schema';
import type { TBillingLog, TInvoice, TInvoiceSummary } from '@bidgrid/shared/billing/billing.schema';
import type { BillingRepository, TBillingLogEntry, TBillingLogFilter } from '../../domain/ports/billing.port';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import { mapPage } from '../../domain/ports/page.port';
import {
  conditionalPut,
  getConsistentItem,
  queryAll,
  queryPage,
  tables,
  transactUnlessConditionFails,
} from '../dynamodb';
import type { TCursorScope } from '../page-keys';

/**
 * Keys of billing logs and invoices (DATA-MODEL): under the agency, sorted by their ISO date so a
 * backwards query is newest first. An invoice is two items written together: its summary in the list
 * (`INV#{sentAt}#{id}`, no HTML body, so a page of the list reads a few hundred bytes an invoice) and the
 * whole invoice by id (`INVID#{id}`, with the body, for the export; also what makes an id written once).
 */
export const billingKeys = {
  log: (agencyId: string, date: string, id: string) => ({ pk: `AGENCY#${agencyId}`, sk: `BILL#${date}#${id}` }),
  invoice: (agencyId: string, sentAt: string, id: string) => ({ pk: `AGENCY#${agencyId}`, sk: `INV#${sentAt}#${id}` }),
  invoiceById: (agencyId: string, id: string) => ({ pk: `AGENCY#${agencyId}`, sk: `INVID#${id}` }),
} as const;

const INVOICE_SUMMARY_FIELDS = Object.keys(ZInvoiceSummary.shape);

async function putBillingLog(agencyId: string, log: TBillingLogEntry, createdBy: string): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: { ...billingKeys.log(agencyId, log.date, log.id), entity: 'billingLog', ...log, createdBy },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** The list a filter reads: its name carries the filter, so a cursor of one filter never serves another. */
function billingLogScope(agencyId: string, filter: TBillingLogFilter): TCursorScope {
  const named = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${String(value)}`)
    .sort();
  return {
    list: `billingLogs${named.length > 0 ? `?${named.join('&')}` : ''}`,
    partitions: [`AGENCY#${agencyId}`],
    skPrefix: 'BILL#',
  };
}

async function listBillingLogs(
  agencyId: string,
  filter: TBillingLogFilter,
  page: TPageRequest,
): Promise<TPage<TBillingLog>> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':prefix': 'BILL#' };
  if (filter.advertiserId !== undefined) {
    conditions.push('bgAdvertiserId = :advertiser');
    values[':advertiser'] = filter.advertiserId;
  }
  if (filter.createdBy !== undefined) {
    conditions.push('createdBy = :createdBy');
    values[':createdBy'] = filter.createdBy;
  }
  const items = await queryPage(billingLogScope(agencyId, filter), page, (pk) => ({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeValues: { ...values, ':pk': pk },
    ScanIndexForward: false,
  }));
  return mapPage(items, (item) => ZBillingLog.parse(item));
}

async function putInvoiceIfAbsent(agencyId: string, invoice: TInvoice): Promise<boolean> {
  const { body: _body, ...summary } = invoice;
  const table = tables().app;
  return transactUnlessConditionFails([
    {
      Put: {
        TableName: table,
        Item: { ...billingKeys.invoiceById(agencyId, invoice.id), entity: 'invoiceDocument', ...invoice },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: table,
        Item: { ...billingKeys.invoice(agencyId, invoice.sentAt, invoice.id), entity: 'invoice', ...summary },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

async function listInvoices(agencyId: string, page: TPageRequest): Promise<TPage<TInvoiceSummary>> {
  const items = await queryPage(
    { list: 'invoices', partitions: [`AGENCY#${agencyId}`], skPrefix: 'INV#' },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'INV#' },
      // Invoices written before the body moved to its own item still carry it: never read it into a list.
      ProjectionExpression: ['pk', 'sk', ...INVOICE_SUMMARY_FIELDS].map((_, i) => `#f${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(
        ['pk', 'sk', ...INVOICE_SUMMARY_FIELDS].map((name, i) => [`#f${i}`, name]),
      ),
      ScanIndexForward: false,
    }),
  );
  return mapPage(items, (item) => ZInvoiceSummary.parse(item));
}

async function getInvoice(agencyId: string, invoiceId: string): Promise<TInvoice | null> {
  const item = await getConsistentItem(billingKeys.invoiceById(agencyId, invoiceId));
  if (item) return ZInvoice.parse(item);
  // An invoice stored before it had an item by id lives only in the list (with its body): look for it there.
  const legacy = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'id = :id',
    ExpressionAttributeValues: { ':pk': `AGENCY#${agencyId}`, ':prefix': 'INV#', ':id': invoiceId },
  });
  const found = legacy.find((item) => typeof item['body'] === 'string');
  return found ? ZInvoice.parse(found) : null;
}

/** The DynamoDB implementation used by the handlers and the billing job. */
export const billingRepository: BillingRepository = {
  putBillingLog,
  listBillingLogs,
  putInvoiceIfAbsent,
  listInvoices,
  getInvoice,
};
