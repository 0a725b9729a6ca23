import type { TBillingLog } from '@bidgrid/shared/billing/billing.schema';
import { formatUsd } from '@bidgrid/shared/metrics/format';
import type { DataTableColumn } from '@/components/data-table';
import { csvColumnsOf, fieldColumn, type FieldColumn } from '@/components/field-column';
import type { CsvColumn } from '@/lib/csv-export';
import { formatLogDate, timeValue } from '@/lib/date-format';
import { shownInvoiceNumber } from '@/lib/invoice-number';

/** 000 §2: the invoice number upper-cased, or '-' when the log has none. */
export const invoiceText = (invoice: string | null): string => (invoice?.trim() ? shownInvoiceNumber(invoice) : '-');

/** A missing text field shows as '-', like a missing invoice. */
const orDash = (value: string | null | undefined): string => (value?.trim() ? value : '-');

/** A text field of a billing log, '-' when missing. */
const textField = (id: string, header: string, value: (log: TBillingLog) => string | null) =>
  fieldColumn(id, header, value, { text: orDash });

/** The columns of 'All Billing Logs' (000 §2), in the spec's order, with their formats. */
const FIELDS: ReadonlyArray<FieldColumn<TBillingLog>> = [
  fieldColumn('date', 'Date', (log: TBillingLog) => log.date, { text: formatLogDate, sortBy: timeValue }),
  fieldColumn('type', 'Type', (log: TBillingLog) => log.type),
  fieldColumn('invoice', 'Invoice', (log: TBillingLog) => log.invoice, { text: invoiceText }),
  fieldColumn('source', 'Source', (log: TBillingLog) => log.source),
  // '$' and 2 decimals on screen, sorted by the number itself.
  fieldColumn('amount', 'Amount', (log: TBillingLog) => log.amount, { text: formatUsd, align: 'end' }),
  textField('description', 'Description', (log) => log.description),
  textField('campaignName', 'Campaign Name', (log) => log.campaignName),
  textField('campaignId', 'Campaign Id', (log) => log.bgCampaignId),
  fieldColumn('advertiserId', 'Advertiser Id', (log: TBillingLog) => log.bgAdvertiserId),
  textField('advertiserName', 'Advertiser Name', (log) => log.advertiserName),
  textField('cardLast4', 'Card Last 4 Digits', (log) => log.cardLast4),
  textField('statementDescriptor', 'Statement Descriptor', (log) => log.statementDescriptor),
];

export const BILLING_LOG_COLUMNS: ReadonlyArray<DataTableColumn<TBillingLog>> = FIELDS;

/** The export writes what the grid shows (dates and amounts formatted), as data-grid exports do. */
export const BILLING_LOG_CSV: ReadonlyArray<CsvColumn<TBillingLog>> = csvColumnsOf(FIELDS);
