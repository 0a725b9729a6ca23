import type { CsvColumn } from '@/lib/csv-export';
import type { DataTableColumn, SortValue } from './data-table';

/** A grid column of one field, with the text it shows (an export writes the same text). */
export type FieldColumn<T> = DataTableColumn<T> & { readonly text: (row: T) => string };

/**
 * The column of one field of a row: shown as `text(value)` (the value itself by default) and sorted
 * by `sortBy(value)` (the value itself by default: numbers sort as numbers, 000 §9).
 */
export function fieldColumn<T, V extends SortValue>(
  id: string,
  header: string,
  value: (row: T) => V,
  options: {
    text?: (value: V) => string;
    sortBy?: (value: V) => SortValue;
  } & Pick<DataTableColumn<T>, 'align' | 'minWidth' | 'wrap'> = {},
): FieldColumn<T> {
  const { text = (v: V) => String(v ?? ''), sortBy = (v: V) => v, ...layout } = options;
  const shown = (row: T): string => text(value(row));
  return {
    id,
    header,
    cell: shown,
    text: shown,
    sortValue: (row) => sortBy(value(row)),
    ...layout,
  };
}

/** The export of a grid: its headers and the texts its cells show (000 §4), in its order. */
export const csvColumnsOf = <T>(columns: ReadonlyArray<FieldColumn<T>>): ReadonlyArray<CsvColumn<T>> =>
  columns.map((column) => ({ header: column.header, value: column.text }));
