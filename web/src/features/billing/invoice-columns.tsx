import type { TInvoiceSummary } from '@bidgrid/shared/billing/billing.schema';
import { formatUsd, NOT_AVAILABLE } from '@bidgrid/shared/metrics/format';
import type { DataTableColumn } from '@/components/data-table';
import { fieldColumn } from '@/components/field-column';
import { formatLogDate, timeValue } from '@/lib/date-format';

/** The invoices grid (000 §2, after its Select All box): Date, Charge Amount, Recipient Email, Source, Subject, Advertiser Name. */
export const INVOICE_COLUMNS: ReadonlyArray<DataTableColumn<TInvoiceSummary>> = [
  fieldColumn('date', 'Date', (invoice: TInvoiceSummary) => invoice.sentAt, { text: formatLogDate, sortBy: timeValue }),
  fieldColumn('chargeAmount', 'Charge Amount', (invoice: TInvoiceSummary) => invoice.chargeAmount, {
    text: formatUsd,
    align: 'end',
  }),
  fieldColumn('recipientEmail', 'Recipient Email', (invoice: TInvoiceSummary) => invoice.recipientEmail),
  fieldColumn('source', 'Source', (invoice: TInvoiceSummary) => invoice.source),
  fieldColumn('subject', 'Subject', (invoice: TInvoiceSummary) => invoice.subject),
  fieldColumn('advertiserName', 'Advertiser Name', (invoice: TInvoiceSummary) => invoice.advertiserName ?? null, {
    text: (name) => name ?? NOT_AVAILABLE,
  }),
];
