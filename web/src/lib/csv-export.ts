import { EXPORT_FILE } from '@bidgrid/shared/constants';
import { saveFile } from './download-file';

/** What a CSV cell can hold: text is quoted, numbers and booleans are written bare, null is empty. */
export type CsvValue = string | number | boolean | null | undefined;

/** One column of an export: its header and how a row gives the cell. */
export interface CsvColumn<T> {
  readonly header: string;
  readonly value: (row: T) => CsvValue;
}

/** The UTF-8 byte-order mark the spec puts first (000 §4), so spreadsheet apps read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text that a spreadsheet would run as a formula (`=`, `+`, `@`, a tab or carriage return, or `-`
 * followed by something that is not a number) gets a leading apostrophe: exported log fields come from
 * users and vendors, and opening an export must never execute them (OWASP "CSV injection"). A lone
 * '-' (the billing logs' "no invoice") and negative numbers stay as they are.
 */
export function neutralizeFormula(text: string): string {
  if (/^[=+@\t\r]/.test(text)) return `'${text}`;
  if (/^-(?![\d.\s]|$)/.test(text)) return `'${text}`;
  return text;
}

/** One cell: strings quoted with inner quotes doubled (000 §4 "quoted strings"), numbers bare. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `"${neutralizeFormula(value).replace(/"/g, '""')}"`;
}

/**
 * The CSV text of an export, byte-order mark first, a header row, then one line per row, lines ended
 * by CRLF (RFC 4180). The delimiter is ';' for every export but the campaigns one (000 §4).
 */
export function toCsv<T>(
  rows: readonly T[],
  columns: ReadonlyArray<CsvColumn<T>>,
  delimiter: string = EXPORT_FILE.otherDelimiter,
): string {
  const lines = [
    columns.map((column) => csvCell(column.header)).join(delimiter),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row))).join(delimiter)),
  ];
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Downloads rows as a CSV file: 'export.csv' with ';' unless told otherwise (000 §4: the campaigns
 * export has its own name and a comma).
 */
export function exportCsv<T>(
  rows: readonly T[],
  columns: ReadonlyArray<CsvColumn<T>>,
  options: { fileName?: string; delimiter?: string } = {},
): void {
  const text = toCsv(rows, columns, options.delimiter ?? EXPORT_FILE.otherDelimiter);
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), options.fileName ?? EXPORT_FILE.other);
}
