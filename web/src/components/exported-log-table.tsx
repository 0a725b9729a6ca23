import { Button, Flex, Stack } from '@chakra-ui/react';
import { exportCsv, type CsvColumn } from '@/lib/csv-export';
import { DataTable, type DataTableColumn } from './data-table';

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
