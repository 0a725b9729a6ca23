import type { TSegmentsLogEntry } from '@bidgrid/shared/billing/billing.schema';
import type { DataTableColumn } from '@/components/data-table';
import { csvColumnsOf, fieldColumn, type FieldColumn } from '@/components/field-column';
import type { CsvColumn } from '@/lib/csv-export';
import { formatLogDate, timeValue } from '@/lib/date-format';

/** 000 §2: original domains joined by comma and space. */
export const originalDomainsText = (entry: TSegmentsLogEntry): string => entry.originalDomains.join(', ');

/**
 * The 'Segments Logs' grid (000 §2): columns and formats of the spec. Its widths in pixels are minimum
 * widths: a date longer than 200 pixels widens its column instead of running into the subdomain, and the
 * original domains wrap within their 700.
 */
const COLUMNS: ReadonlyArray<FieldColumn<TSegmentsLogEntry>> = [
  fieldColumn('date', 'Date', (entry: TSegmentsLogEntry) => entry.date, {
    text: formatLogDate,
    sortBy: timeValue,
    minWidth: 200,
  }),
  fieldColumn('subdomain', 'Subdomain', (entry: TSegmentsLogEntry) => entry.subdomain, { minWidth: 200 }),
  fieldColumn('ipSegment', 'IP Segment', (entry: TSegmentsLogEntry) => entry.ipSegment, { minWidth: 200 }),
  fieldColumn('originalDomains', 'Original Domains', originalDomainsText, { minWidth: 700, wrap: true }),
];

export const SEGMENTS_LOG_COLUMNS: ReadonlyArray<DataTableColumn<TSegmentsLogEntry>> = COLUMNS;

/** The export writes the grid's texts to 'export.csv' (000 §4). */
export const SEGMENTS_LOG_CSV: ReadonlyArray<CsvColumn<TSegmentsLogEntry>> = csvColumnsOf(COLUMNS);
