import { NOT_AVAILABLE } from '@bidgrid/shared/metrics/format';
import {
  LINE_ITEM_METRICS,
  type TLineItem,
  type TLineItemMetric,
  type TLineItemReport,
} from '@bidgrid/shared/campaigns/line-item.schema';
import type { CsvColumn } from '@/lib/csv-export';
import { formatLineItemMetric, statusText } from './format';
import { lineItemExportHeader } from './line-item-labels';

/** A line item with the report row of the current frame (000 §7: "payload lineItems and lineItemReports"). */
export interface TLineItemRow {
  readonly lineItem: TLineItem;
  readonly report: TLineItemReport | undefined;
}

/**
 * Joins the line items with their rows: a line item's own `lineItemReports[0]` first, else the flat row
 * with its id; a line item without one shows 'N/A' in every metric.
 */
export function lineItemRows(lineItems: readonly TLineItem[], reports: readonly TLineItemReport[]): TLineItemRow[] {
  const byId = new Map(reports.map((report) => [report.beeswaxLineItemId, report]));
  return lineItems.map((lineItem) => ({
    lineItem,
    report: lineItem.lineItemReports[0] ?? byId.get(lineItem.beeswaxLineItemId),
  }));
}

/**
 * The 'Source' column (000 §2 "source (header 'Source' or 'File Upload')"): a company uploaded in a CSV
 * shows 'File Upload', one from the CRM 'HubSpot'; a campaign without a company layer has no source.
 */
export function sourceText(lineItem: TLineItem): string {
  if (lineItem.fromFile) return 'File Upload';
  if (lineItem.hubspotCompanyId) return 'HubSpot';
  return NOT_AVAILABLE;
}

/** The HubSpot company id, or 'N/A'. */
export const hubspotIdText = (lineItem: TLineItem): string => lineItem.hubspotCompanyId ?? NOT_AVAILABLE;

/** A metric value of a row (null when missing). */
export const metricValue = (row: TLineItemRow, metric: TLineItemMetric): number | null => row.report?.[metric] ?? null;

/** The chosen metrics in the spec's order (default ones first, then the hidden ones as listed). */
export const orderedMetrics = (chosen: ReadonlySet<TLineItemMetric>): TLineItemMetric[] =>
  LINE_ITEM_METRICS.filter((metric) => chosen.has(metric));

/**
 * The line-item export (000 §4: ';' and 'export.csv'): the fixed columns and the metrics shown, values as
 * the table shows them; the full name rather than the 25-character cut. The metric columns keep the spec's
 * names (`lineItemExportHeader`), not the table's human labels.
 */
export function lineItemExportColumns(metrics: readonly TLineItemMetric[]): Array<CsvColumn<TLineItemRow>> {
  return [
    { header: 'Status', value: (row) => statusText(row.lineItem.active) },
    { header: 'Name', value: (row) => row.lineItem.line_item_name },
    { header: 'Source', value: (row) => sourceText(row.lineItem) },
    { header: 'HS Company Id', value: (row) => hubspotIdText(row.lineItem) },
    ...metrics.map((metric) => ({
      header: lineItemExportHeader(metric),
      value: (row: TLineItemRow) => formatLineItemMetric(metric, metricValue(row, metric)),
    })),
  ];
}
