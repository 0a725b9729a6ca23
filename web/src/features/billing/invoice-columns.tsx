import type { TInvoiceSummary } from '@bidgrid/shared/billing/billing.schema';
import { formatUsd, NOT_AVAILABLE } from '@bidgrid/shared/metrics/format';
import type { DataTableColumn } from '@/components/data-table';
import { formatLogDate, timeValue } from '@/lib/date-format';

/** The invoices grid (000 §2, after its Select All box): Date, Charge Amount, Recipient Email, Source, Subject, Advertiser Name. */
export const INVOICE_COLUMNS: ReadonlyArray<DataTableColumn<TInvoiceSummary>> = [
  {
    id: 'date',
    header: 'Date',
    cell: (invoice) => formatLogDate(invoice.sentAt),
    sortValue: (invoice) => timeValue(invoice.sentAt),
  },
  {
    id: 'chargeAmount',
    header: 'Charge Amount',
    cell: (invoice) => formatUsd(invoice.chargeAmount),
    sortValue: (invoice) => invoice.chargeAmount,
    align: 'end',
  },
  {
    id: 'recipientEmail',
    header: 'Recipient Email',
    cell: (invoice) => invoice.recipientEmail,
    sortValue: (invoice) => invoice.recipientEmail,
  },
  { id: 'source', header: 'Source', cell: (invoice) => invoice.source, sortValue: (invoice) => invoice.source },
  { id: 'subject', header: 'Subject', cell: (invoice) => invoice.subject, sortValue: (invoice) => invoice.subject },
  {
    id: 'advertiserName',
    header: 'Advertiser Name',
    cell: (invoice) => invoice.advertiserName ?? NOT_AVAILABLE,
    sortValue: (invoice) => invoice.advertiserName,
  },
];
