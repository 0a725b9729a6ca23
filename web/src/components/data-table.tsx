import { Box, Button, chakra, Flex, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@bidgrid/shared/constants';
import { PlainSelect } from './plain-select';

/** What a column sorts by: text (case-insensitive, numbers in text by value) or a number; null sorts last. */
export type SortValue = string | number | null;
export type SortDirection = 'asc' | 'desc';

export interface DataTableColumn<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value (spec 000 §9: flat, currency and percentage sort by number). */
  readonly sortValue?: (row: T) => SortValue;
  /** Fixed column width in pixels (the segments logs grid names its widths). */
  readonly width?: number;
  readonly align?: 'start' | 'end';
}

export interface DataTableSelection<T> {
  readonly selected: ReadonlySet<string>;
  readonly onChange: (next: Set<string>) => void;
  /** Accessible name of a row's checkbox, e.g. 'Select invoice inv-1'. */
  readonly rowLabel: (row: T) => string;
  /** Header checkbox label (the spec's invoices grid: 'Select All'). */
  readonly allLabel?: string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  readonly label: string;
  readonly columns: ReadonlyArray<DataTableColumn<T>>;
  readonly rows: readonly T[];
  readonly getRowId: (row: T) => string;
  readonly initialSort?: { readonly columnId: string; readonly direction: SortDirection };
  readonly selection?: DataTableSelection<T>;
  /** Shown in place of the rows when there are none. */
  readonly emptyText?: ReactNode;
  /**
   * A height the table keeps once it has more than 10 rows (000 §9: "line-item table fixed height above 10
   * rows"): the rows scroll inside it under a header that stays in view.
   */
  readonly fixedHeight?: string;
  /**
   * Content shown under a row across the whole table (an expanded row's details), or null for none; the
   * page keeps which rows are expanded.
   */
  readonly renderExpansion?: (row: T) => ReactNode | null;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Compares two sort values: numbers by value, text by the collator, null always last. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Rows ordered by a column; stable, and null values stay last in both directions. */
export function sortRows<T>(rows: readonly T[], value: (row: T) => SortValue, direction: SortDirection): T[] {
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return compareSortValues(a.key, b.key) || a.index - b.index;
      const order = compareSortValues(a.key, b.key);
      return (direction === 'asc' ? order : -order) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

function SortMark({ direction }: { direction: SortDirection | null }) {
  const path =
    direction === 'asc' ? 'M6 15l6-6 6 6' : direction === 'desc' ? 'M6 9l6 6 6-6' : 'M8 10l4-4 4 4M8 14l4 4 4-4';
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Chevron({ side }: { side: 'left' | 'right' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={side === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

const CheckboxInput = chakra('input', {
  base: {
    width: '4',
    height: '4',
    margin: '0',
    accentColor: 'var(--chakra-colors-blue-700)',
    cursor: 'pointer',
    verticalAlign: 'middle',
  },
});

/**
 * A row or header selection box: a native checkbox (keyboard, screen readers and `indeterminate` for
 * free). Chakra's Checkbox would pull the Field machinery into every table page's chunk.
 */
function SelectionBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxInput
      type="checkbox"
      aria-label={label}
      checked={checked === true}
      ref={(node: HTMLInputElement | null) => {
        if (node) node.indeterminate = checked === 'indeterminate';
      }}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** The name of a table's focusable scroll region: distinct from the table's own name and from a section titled alike. */
export function scrollRegionLabel(label: string): string {
  return `${label} (scroll area)`;
}

/**
 * The app's data table (spec 000 §9 "Tables: 10 rows per page, options 10/25/100, pager only above 10
 * rows"): sortable columns (click a header; `aria-sort` tells screen readers), optional row selection
 * with a select-all box, paging, and an empty text. Rows are given already filtered; the table owns
 * only its sort and page.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  getRowId,
  initialSort,
  selection,
  emptyText = 'No rows to show.',
  fixedHeight,
  renderExpansion,
}: DataTableProps<T>) {
  const [sort, setSort] = useState(initialSort ?? null);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE);
  const [page, setPage] = useState(0);
  const pageSizeId = useId();

  const sorted = useMemo(() => {
    const column = sort ? columns.find((candidate) => candidate.id === sort.columnId) : undefined;
    return column?.sortValue && sort ? sortRows(rows, column.sortValue, sort.direction) : [...rows];
  }, [rows, columns, sort]);

  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  // Rows can shrink under the current page (a filter, a refetch): show the last page that exists.
  const currentPage = Math.min(page, pageCount - 1);
  const visible = sorted.slice(currentPage * pageSize, currentPage * pageSize + pageSize);
  const showPager = rows.length > PAGE_SIZE;

  const toggleSort = (columnId: string): void => {
    setSort((current) =>
      current?.columnId === columnId
        ? { columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { columnId, direction: 'asc' },
    );
    setPage(0);
  };

  const allIds = rows.map(getRowId);
  const selectedCount = selection ? allIds.filter((id) => selection.selected.has(id)).length : 0;
  const allChecked: boolean | 'indeterminate' =
    selectedCount === 0 ? false : selectedCount === allIds.length ? true : 'indeterminate';

  const setRowSelected = (id: string, checked: boolean): void => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };

  return (
    <Box>
      <Table.ScrollArea
        borderWidth="1px"
        rounded="l2"
        {...(fixedHeight && rows.length > PAGE_SIZE ? { height: fixedHeight } : {})}
        // A wide table scrolls sideways: keyboard users reach it through its sort buttons or checkboxes; a
        // table with neither is made focusable itself (axe: scrollable-region-focusable). Its region is named
        // apart from the table: a page section titled like the table (the campaign dashboard's 'Campaign
        // Targeting Selections') would otherwise hold two landmarks of one name (axe: landmark-unique).
        {...(!selection && !columns.some((column) => column.sortValue)
          ? { tabIndex: 0, role: 'region', 'aria-label': scrollRegionLabel(label) }
          : {})}
      >
        <Table.Root
          aria-label={label}
          size="sm"
          variant="line"
          interactive
          stickyHeader={Boolean(fixedHeight && rows.length > PAGE_SIZE)}
        >
          <Table.Header>
            <Table.Row bg="bg.muted">
              {selection ? (
                <Table.ColumnHeader width="10">
                  <SelectionBox
                    label={selection.allLabel ?? 'Select All'}
                    checked={allChecked}
                    onChange={(checked) => selection.onChange(checked ? new Set(allIds) : new Set())}
                  />
                </Table.ColumnHeader>
              ) : null}
              {columns.map((column) => {
                const direction = sort?.columnId === column.id ? sort.direction : null;
                return (
                  <Table.ColumnHeader
                    key={column.id}
                    textAlign={column.align === 'end' ? 'end' : 'start'}
                    aria-sort={
                      column.sortValue
                        ? direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                    {...(column.width ? { width: `${column.width}px`, minWidth: `${column.width}px` } : {})}
                  >
                    {column.sortValue ? (
                      <Button
                        variant="plain"
                        size="xs"
                        px="0"
                        fontWeight="semibold"
                        color="fg"
                        onClick={() => toggleSort(column.id)}
                      >
                        {column.header}
                        <SortMark direction={direction} />
                      </Button>
                    ) : (
                      column.header
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {visible.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columns.length + (selection ? 1 : 0)} textAlign="center" py="6" color="fg.muted">
                  {emptyText}
                </Table.Cell>
              </Table.Row>
            ) : (
              visible.map((row) => {
                const id = getRowId(row);
                const expansion = renderExpansion?.(row) ?? null;
                return (
                  <Fragment key={id}>
                    <Table.Row>
                      {selection ? (
                        <Table.Cell>
                          <SelectionBox
                            label={selection.rowLabel(row)}
                            checked={selection.selected.has(id)}
                            onChange={(checked) => setRowSelected(id, checked)}
                          />
                        </Table.Cell>
                      ) : null}
                      {columns.map((column) => (
                        <Table.Cell
                          key={column.id}
                          textAlign={column.align === 'end' ? 'end' : 'start'}
                          {...(column.width ? { width: `${column.width}px`, maxWidth: `${column.width}px` } : {})}
                        >
                          {column.cell(row)}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                    {expansion === null ? null : (
                      <Table.Row>
                        <Table.Cell colSpan={columns.length + (selection ? 1 : 0)} bg="bg.subtle">
                          {expansion}
                        </Table.Cell>
                      </Table.Row>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {showPager ? (
        <Flex justify="flex-end" align="center" gap="4" mt="3" wrap="wrap">
          <HStack gap="2">
            <chakra.label htmlFor={pageSizeId} fontSize="sm">
              Rows per page
            </chakra.label>
            <PlainSelect
              size="sm"
              width="20"
              id={pageSizeId}
              value={String(pageSize)}
              onChange={(event) => {
                setPageSize(Number(event.currentTarget.value));
                setPage(0);
              }}
            >
              {PAGE_SIZE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </PlainSelect>
          </HStack>
          <Text fontSize="sm" aria-live="polite">
            {`${currentPage * pageSize + 1}–${Math.min(sorted.length, (currentPage + 1) * pageSize)} of ${sorted.length}`}
          </Text>
          <HStack gap="1">
            <IconButton
              aria-label="Previous page"
              size="sm"
              variant="outline"
              disabled={currentPage === 0}
              onClick={() => setPage(currentPage - 1)}
            >
              <Chevron side="left" />
            </IconButton>
            <IconButton
              aria-label="Next page"
              size="sm"
              variant="outline"
              disabled={currentPage >= pageCount - 1}
              onClick={() => setPage(currentPage + 1)}
            >
              <Chevron side="right" />
            </IconButton>
          </HStack>
        </Flex>
      ) : null}
    </Box>
  );
}
