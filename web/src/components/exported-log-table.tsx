import { Button, Flex, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { exportCsv, type CsvColumn } from '@/lib/csv-export';
import { ErrorState } from './data-states';
import { DataTable, type DataTableColumn } from './data-table';
import { LoadingMore } from './loading-more';

/**
 * A log grid newest first with its toolbar export (000 §4 "Export": ';' and 'export.csv'), as the
 * billing logs and segments logs pages show it. Rows need a stable `id`. While a list still loads a page
 * at a time (`complete` false) the export waits: it is enabled once every row is in.
 */
export function ExportedLogTable<T extends { id: string }>({
  label,
  columns,
  csvColumns,
  rows,
  emptyText,
  complete = true,
}: {
  label: string;
  columns: ReadonlyArray<DataTableColumn<T>>;
  csvColumns: ReadonlyArray<CsvColumn<T>>;
  rows: readonly T[];
  emptyText: string;
  /** Whether every row is in (the export of a list still loading would miss rows). */
  complete?: boolean;
}) {
  return (
    <Stack gap="3">
      <Flex justify="flex-end" role="toolbar" aria-label={`${label} tools`}>
        <Button
          size="sm"
          variant="outline"
          disabled={rows.length === 0 || !complete}
          onClick={() => exportCsv(rows, csvColumns)}
        >
          Export
        </Button>
      </Flex>
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        initialSort={{ columnId: 'date', direction: 'desc' }}
        emptyText={emptyText}
      />
    </Stack>
  );
}

/** What a screen's paged-list hook gives: the rows read so far and how the reading goes. */
export interface LogPages<T> {
  readonly data: readonly T[] | undefined;
  /** True while the first page is on its way. */
  readonly loading: boolean;
  readonly error: Error | undefined;
  readonly progress: { readonly loaded: number; readonly done: boolean };
  refetch(): Promise<void>;
  retry(): void;
}

/**
 * A log read a page at a time, as the billing logs and segments logs pages show it: the page's own
 * placeholder while the first page loads, the error state with a retry when it failed, then the
 * exported grid (its export waits for the last page) with the 'Loading more...' note under it. A row
 * without an id gets `fallbackKey` (what makes it unique when a server sends none).
 */
export function PagedExportedLog<T extends { id?: string | undefined }>({
  pages,
  placeholder,
  errorTitle,
  what,
  fallbackKey,
  label,
  columns,
  csvColumns,
  emptyText,
}: {
  pages: LogPages<T>;
  placeholder: ReactNode;
  errorTitle: string;
  /** What the log holds, for the 'Loading more...' note: 'billing logs', 'entries'. */
  what: string;
  fallbackKey: (row: T, index: number) => string;
  label: string;
  columns: ReadonlyArray<DataTableColumn<T>>;
  csvColumns: ReadonlyArray<CsvColumn<T>>;
  emptyText: string;
}) {
  const { data, loading, error, progress, refetch, retry } = pages;
  if (loading && !data) return placeholder;
  if (error && !data) return <ErrorState title={errorTitle} message={error.message} onRetry={() => void refetch()} />;
  const rows = (data ?? []).map((row, index) => ({ ...row, id: row.id ?? fallbackKey(row, index) }));
  return (
    <Stack gap="3">
      <ExportedLogTable
        label={label}
        columns={columns}
        csvColumns={csvColumns}
        rows={rows}
        complete={progress.done}
        emptyText={emptyText}
      />
      <LoadingMore progress={progress} failed={Boolean(error)} onRetry={retry} what={what} />
    </Stack>
  );
}
