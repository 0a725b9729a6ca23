import type { TSegmentsLogEntry } from '@bidgrid/shared/billing/billing.schema';
import type { DataTableColumn } from '@/components/data-table';
import type { CsvColumn } from '@/lib/csv-export';
import { formatLogDate, timeValue } from '@/lib/date-format';

/** 000 §2: original domains joined by comma and space. */
export const originalDomainsText = (entry: TSegmentsLogEntry): string => entry.originalDomains.join(', ');

/**
 * The 'Segments Logs' grid (000 §2): columns and formats of the spec. Its widths in pixels are minimum
 * widths: a date longer than 200 pixels widens its column instead of running into the subdomain, and the
 * original domains wrap within their 700.
 */
export const SEGMENTS_LOG_COLUMNS: ReadonlyArray<DataTableColumn<TSegmentsLogEntry>> = [
  {
    id: 'date',
    header: 'Date',
    minWidth: 200,
    cell: (entry) => formatLogDate(entry.date),
    sortValue: (entry) => timeValue(entry.date),
  },
  {
    id: 'subdomain',
    header: 'Subdomain',
    minWidth: 200,
    cell: (entry) => entry.subdomain,
    sortValue: (entry) => entry.subdomain,
  },
  {
    id: 'ipSegment',
    header: 'IP Segment',
    minWidth: 200,
    cell: (entry) => entry.ipSegment,
    sortValue: (entry) => entry.ipSegment,
  },
  {
    id: 'originalDomains',
    header: 'Original Domains',
    minWidth: 700,
    wrap: true,
    cell: originalDomainsText,
    sortValue: originalDomainsText,
  },
];

/** The export writes the grid's texts to 'export.csv' (000 §4). */
export const SEGMENTS_LOG_CSV: ReadonlyArray<CsvColumn<TSegmentsLogEntry>> = [
  { header: 'Date', value: (entry) => formatLogDate(entry.date) },
  { header: 'Subdomain', value: (entry) => entry.subdomain },
  { header: 'IP Segment', value: (entry) => entry.ipSegment },
  { header: 'Original Domains', value: originalDomainsText },
];
