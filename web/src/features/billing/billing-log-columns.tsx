import type { TBillingLog } from '@bidgrid/shared/billing/billing.schema';
import { formatUsd } from '@bidgrid/shared/metrics/format';
import type { DataTableColumn } from '@/components/data-table';
import type { CsvColumn } from '@/lib/csv-export';
import { formatLogDate, timeValue } from '@/lib/date-format';
import { shownInvoiceNumber } from '@/lib/invoice-number';

/** 000 §2: the invoice number upper-cased, or '-' when the log has none. */
export const invoiceText = (invoice: string | null): string => (invoice?.trim() ? shownInvoiceNumber(invoice) : '-');

/** A missing text field shows as '-', like a missing invoice. */
const orDash = (value: string | null | undefined): string => (value?.trim() ? value : '-');

interface LogField {
  readonly id: string;
  readonly header: string;
  /** The text the grid shows and the export writes. */
  readonly text: (log: TBillingLog) => string;
  readonly sortValue: (log: TBillingLog) => string | number | null;
  readonly align?: 'end';
}

/** The columns of 'All Billing Logs' (000 §2), in the spec's order, with their formats. */
const FIELDS: readonly LogField[] = [
  { id: 'date', header: 'Date', text: (log) => formatLogDate(log.date), sortValue: (log) => timeValue(log.date) },
  { id: 'type', header: 'Type', text: (log) => log.type, sortValue: (log) => log.type },
  { id: 'invoice', header: 'Invoice', text: (log) => invoiceText(log.invoice), sortValue: (log) => log.invoice },
  { id: 'source', header: 'Source', text: (log) => log.source, sortValue: (log) => log.source },
  // '$' and 2 decimals on screen, sorted by the number itself.
  {
    id: 'amount',
    header: 'Amount',
    text: (log) => formatUsd(log.amount),
    sortValue: (log) => log.amount,
    align: 'end',
  },
  {
    id: 'description',
    header: 'Description',
    text: (log) => orDash(log.description),
    sortValue: (log) => log.description,
  },
  {
    id: 'campaignName',
    header: 'Campaign Name',
    text: (log) => orDash(log.campaignName),
    sortValue: (log) => log.campaignName,
  },
  {
    id: 'campaignId',
    header: 'Campaign Id',
    text: (log) => orDash(log.bgCampaignId),
    sortValue: (log) => log.bgCampaignId,
  },
  {
    id: 'advertiserId',
    header: 'Advertiser Id',
    text: (log) => log.bgAdvertiserId,
    sortValue: (log) => log.bgAdvertiserId,
  },
  {
    id: 'advertiserName',
    header: 'Advertiser Name',
    text: (log) => orDash(log.advertiserName),
    sortValue: (log) => log.advertiserName,
  },
  {
    id: 'cardLast4',
    header: 'Card Last 4 Digits',
    text: (log) => orDash(log.cardLast4),
    sortValue: (log) => log.cardLast4,
  },
  {
    id: 'statementDescriptor',
    header: 'Statement Descriptor',
    text: (log) => orDash(log.statementDescriptor),
    sortValue: (log) => log.statementDescriptor,
  },
];

export const BILLING_LOG_COLUMNS: ReadonlyArray<DataTableColumn<TBillingLog>> = FIELDS.map((field) => ({
  id: field.id,
  header: field.header,
  cell: field.text,
  sortValue: field.sortValue,
  ...(field.align ? { align: field.align } : {}),
}));

/** The export writes what the grid shows (dates and amounts formatted), as data-grid exports do. */
export const BILLING_LOG_CSV: ReadonlyArray<CsvColumn<TBillingLog>> = FIELDS.map((field) => ({
  header: field.header,
  value: field.text,
}));
