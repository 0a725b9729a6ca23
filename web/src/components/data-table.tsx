import {
  Box,
  chakra,
  Flex,
  HStack,
  IconButton,
  Table,
  Text,
  VisuallyHidden,
  type SystemStyleObject,
} from '@chakra-ui/react';
import { Fragment, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@bidgrid/shared/constants';
import { PlainSelect } from './plain-select';
import { RowSpanContent, scrollRegionLabel, TableScroll } from './table-scroll';

export { scrollRegionLabel };

/** What a column sorts by: text (case-insensitive, numbers in text by value) or a number; null sorts last. */
export type SortValue = string | number | null;
export type SortDirection = 'asc' | 'desc';

export interface DataTableColumn<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value (spec 000 §9: flat, currency and percentage sort by number). */
  readonly sortValue?: (row: T) => SortValue;
  /**
   * Minimum column width in pixels (the segments logs grid names its widths): the column grows with its
   * content, so text never runs into the next column.
   */
  readonly minWidth?: number;
  /** Lets the column's text wrap (a list of domains); every other cell keeps to one line and the table scrolls. */
  readonly wrap?: boolean;
  readonly align?: 'start' | 'end';
  /**
   * Makes this a column of row controls (a checkbox, an expander) exactly this wide (a CSS length). Before
   * the sticky column it stays at the left edge with it.
   */
  readonly controlWidth?: string;
  /** Names the column for screen readers only (an expander column needs a name, not a title). */
  readonly headerHidden?: boolean;
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
  /**
   * The column that stays at the left edge while a wide table scrolls sideways, with the selection box and
   * the control columns before it: by default the `name` column, else the first column that is not a
   * control (a log's date); null for none.
   */
  readonly stickyColumn?: string | null;
}

/** The selection column's width: fixed, because the sticky column's offset is taken from it. */
export const SELECTION_WIDTH = '2.5rem';

/** The key under which `stickyLayout` gives the selection column's offset. */
export const SELECTION_COLUMN = '__selection';

export interface StickyLayout {
  /** The CSS `left` of each column that stays at the left edge, by column id (`SELECTION_COLUMN` for the selection). */
  readonly offsets: ReadonlyMap<string, string>;
  /** The sticky column itself: its cells draw the line between the sticky columns and the scrolling ones. */
  readonly keyColumn: string | null;
}

const offsetAfter = (widths: readonly string[]): string =>
  widths.length === 0 ? '0px' : widths.length === 1 ? (widths[0] ?? '0px') : `calc(${widths.join(' + ')})`;

/**
 * Which columns stay at the left edge and where: the sticky column (see `stickyColumn`), and before it the
 * selection box and the control columns, each at the sum of the fixed widths before it. Only fixed widths
 * go into an offset, so a sticky cell can never slide over the one before it, whatever the data.
 */
export function stickyLayout(
  columns: ReadonlyArray<Pick<DataTableColumn<unknown>, 'id' | 'controlWidth'>>,
  options: { selection: boolean; stickyColumn?: string | null },
): StickyLayout {
  const keyColumn =
    options.stickyColumn === undefined
      ? (columns.find((column) => column.id === 'name') ?? columns.find((column) => !column.controlWidth))?.id
      : options.stickyColumn;
  const keyIndex = keyColumn ? columns.findIndex((column) => column.id === keyColumn) : -1;
  if (!keyColumn || keyIndex < 0) return { offsets: new Map(), keyColumn: null };
  const offsets = new Map<string, string>();
  const widths: string[] = [];
  if (options.selection) {
    offsets.set(SELECTION_COLUMN, offsetAfter(widths));
    widths.push(SELECTION_WIDTH);
  }
  for (const column of columns.slice(0, keyIndex)) {
    if (!column.controlWidth) continue;
    offsets.set(column.id, offsetAfter(widths));
    widths.push(column.controlWidth);
  }
  offsets.set(keyColumn, offsetAfter(widths));
  return { offsets, keyColumn };
}

/**
 * The table's own cells are plain `<th>` and `<td>` elements, styled once on the table (`TABLE_CSS`): a
 * Chakra cell computes and serialises its style object on every render, and a page shows hundreds of cells
 * (on the advertiser page a CPU profile put about two thirds of the components' render time in Chakra's
 * styled elements). A cell says where it stays with data attributes, and carries its offset and its
 * column's widths in its own style.
 */
interface CellPlace {
  /** The CSS `left` of a cell that stays at the left edge (see `stickyLayout`). */
  readonly left: string | undefined;
  /** The sticky key column: its cells draw the dividing line. */
  readonly divider: boolean;
  /** A header cell of a table with a fixed height: it stays at the top too. */
  readonly top: boolean;
}

/** What a column asks of its cells. */
type CellColumn = Pick<DataTableColumn<unknown>, 'align' | 'wrap' | 'minWidth' | 'controlWidth'>;

/** The attributes and style of one of the table's cells (see `TABLE_CSS`). */
function cellProps(place: CellPlace, column: CellColumn): Record<`data-${string}`, string> & { style?: CSSProperties } {
  const props: Record<`data-${string}`, string> = { 'data-cell': '' };
  const style: CSSProperties = {};
  if (place.left !== undefined) {
    props['data-sticky'] = place.divider ? 'key' : '';
    style.insetInlineStart = place.left;
  }
  if (place.top) props['data-top'] = '';
  if (column.align === 'end') props['data-align'] = 'end';
  if (column.controlWidth) {
    // A cell's `width` is only a wish: the table may grow the column for its content, or shrink it towards
    // its content when squeezed (measured: a 2.5rem checkbox column at 36px on a phone, sliding the sticky
    // name 4px over it). So the cell has no padding and its content is exactly that wide (`FixedWidthContent`).
    props['data-control'] = '';
    style.width = style.minWidth = style.maxWidth = column.controlWidth;
  } else {
    // A column's own minimum applies over the sticky column's floor.
    if (column.minWidth) style.minWidth = `${column.minWidth}px`;
    if (column.wrap) props['data-wrap'] = '';
  }
  return Object.keys(style).length > 0 ? { ...props, style } : props;
}

/**
 * The styles of the table and its own cells (see `cellProps`): the table recipe's cells (size `sm`,
 * variant `line`), then where a cell stays. A sticky cell is opaque (it takes its row's background, so
 * scrolled text passes under it unseen) and above the scrolling cells; the key column draws the dividing
 * line; a header cell of a table with a fixed height also stays at the top, above the rows. Separate
 * borders: a collapsed border belongs to the table, not to the cell, and would stay behind when a sticky
 * cell moves.
 */
const TABLE_CSS: SystemStyleObject = {
  borderCollapse: 'separate',
  borderSpacing: '0',
  '& [data-cell]': {
    paddingInline: '2',
    paddingBlock: '2',
    borderBottomWidth: '1px',
    textAlign: 'start',
  },
  '& th[data-cell]': { fontWeight: 'medium', color: 'fg' },
  '& [data-cell][data-align=end]': { textAlign: 'end' },
  '& [data-cell][data-wrap]': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
  '& [data-cell][data-control]': { boxSizing: 'border-box', paddingInline: '0' },
  '& [data-cell][data-sticky], & [data-cell][data-top]': {
    position: 'sticky',
    backgroundColor: 'inherit',
    zIndex: 1,
  },
  '& [data-cell][data-top]': { top: '0', zIndex: 2 },
  '& [data-cell][data-top][data-sticky]': { zIndex: 3 },
  // Chromium pulls a sticky cell left of its offset when the cell and its offset are wider than the
  // scrolling box (measured: a 300 px campaign name in a phone's dialog stuck at 36 px, over the 40 px
  // checkbox): the key column stays narrower than a phone's box and wraps a long name. Its floor keeps a
  // short name on one line when the table squeezes its columns to fit (a column's own minimum, in the
  // cell's style, wins).
  '& [data-cell][data-sticky=key]': {
    boxShadow: 'inset -1px 0 0 var(--chakra-colors-border)',
    minWidth: 'min(10rem, 35vw)',
    maxWidth: 'min(20rem, 60vw)',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  '& [data-fixed-content]': { display: 'flex', justifyContent: 'center', alignItems: 'center' },
  // The selection boxes: native checkboxes (keyboard, screen readers and `indeterminate` for free).
  '& input[data-select]': {
    width: '4',
    height: '4',
    margin: '0',
    accentColor: 'var(--chakra-colors-blue-700)',
    cursor: 'pointer',
    verticalAlign: 'middle',
  },
  // A sortable column's header button (Chakra's Button, size `xs`, variant `plain`, without padding).
  '& button[data-sort]': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    height: '6',
    padding: '0',
    border: 'none',
    background: 'transparent',
    color: 'fg',
    fontWeight: 'semibold',
    textStyle: 'xs',
    lineHeight: '1.2',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    borderRadius: 'l2',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
  },
};

/** The content of a control cell: exactly the column's width, centred (see `cellProps`). */
function FixedWidthContent({ width, children }: { width: string; children: ReactNode }) {
  return (
    <div data-fixed-content="" style={{ width, minWidth: width }}>
      {children}
    </div>
  );
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
    <input
      data-select=""
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

/**
 * The app's data table (spec 000 §9 "Tables: 10 rows per page, options 10/25/100, pager only above 10
 * rows"): sortable columns (click a header; `aria-sort` tells screen readers), optional row selection
 * with a select-all box, paging, and an empty text. Rows are given already filtered; the table owns
 * only its sort and page. A table wider than the page scrolls sideways in its own box while its sticky
 * column (the row's name) and the controls before it stay at the left edge.
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
  stickyColumn,
}: DataTableProps<T>) {
  const [sort, setSort] = useState(initialSort ?? null);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE);
  const [page, setPage] = useState(0);
  const pageSizeId = useId();

  const sorted = useMemo(() => {
    const column = sort ? columns.find((candidate) => candidate.id === sort.columnId) : undefined;
    return column?.sortValue && sort ? sortRows(rows, column.sortValue, sort.direction) : [...rows];
  }, [rows, columns, sort]);
  const sticky = useMemo(
    () => stickyLayout(columns, { selection: Boolean(selection), stickyColumn }),
    [columns, selection, stickyColumn],
  );

  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  // Rows can shrink under the current page (a filter, a refetch): show the last page that exists.
  const currentPage = Math.min(page, pageCount - 1);
  const visible = sorted.slice(currentPage * pageSize, currentPage * pageSize + pageSize);
  const showPager = rows.length > PAGE_SIZE;
  const stickyTop = Boolean(fixedHeight && rows.length > PAGE_SIZE);
  const columnCount = columns.length + (selection ? 1 : 0);

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

  const cell = (columnId: string, header: boolean, column: CellColumn) =>
    cellProps(
      { left: sticky.offsets.get(columnId), divider: columnId === sticky.keyColumn, top: header && stickyTop },
      column,
    );
  const selectionColumn: CellColumn = { controlWidth: SELECTION_WIDTH };
  // Keyboard users reach a wide table through its sort buttons, checkboxes or controls; a table with none
  // of them makes its box focusable instead.
  const focusableInside =
    Boolean(selection) || columns.some((column) => column.sortValue || column.controlWidth !== undefined);

  return (
    <Box>
      <TableScroll
        {...(fixedHeight && rows.length > PAGE_SIZE ? { height: fixedHeight } : {})}
        {...(focusableInside ? {} : { regionLabel: scrollRegionLabel(label) })}
      >
        <Table.Root aria-label={label} size="sm" variant="line" interactive css={TABLE_CSS}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              {selection ? (
                <th {...cell(SELECTION_COLUMN, true, selectionColumn)}>
                  <FixedWidthContent width={SELECTION_WIDTH}>
                    <SelectionBox
                      label={selection.allLabel ?? 'Select All'}
                      checked={allChecked}
                      onChange={(checked) => selection.onChange(checked ? new Set(allIds) : new Set())}
                    />
                  </FixedWidthContent>
                </th>
              ) : null}
              {columns.map((column) => {
                const direction = sort?.columnId === column.id ? sort.direction : null;
                return (
                  <th
                    key={column.id}
                    {...cell(column.id, true, column)}
                    aria-sort={
                      column.sortValue
                        ? direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {column.controlWidth ? (
                      <FixedWidthContent width={column.controlWidth}>
                        {column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                      </FixedWidthContent>
                    ) : column.sortValue ? (
                      <button type="button" data-sort="" onClick={() => toggleSort(column.id)}>
                        {column.header}
                        <SortMark direction={direction} />
                      </button>
                    ) : column.headerHidden ? (
                      <VisuallyHidden>{column.header}</VisuallyHidden>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {visible.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columnCount} p="0">
                  <RowSpanContent textAlign="center" py="6" color="fg.muted">
                    {emptyText}
                  </RowSpanContent>
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
                        <td {...cell(SELECTION_COLUMN, false, selectionColumn)}>
                          <FixedWidthContent width={SELECTION_WIDTH}>
                            <SelectionBox
                              label={selection.rowLabel(row)}
                              checked={selection.selected.has(id)}
                              onChange={(checked) => setRowSelected(id, checked)}
                            />
                          </FixedWidthContent>
                        </td>
                      ) : null}
                      {columns.map((column) => (
                        <td key={column.id} {...cell(column.id, false, column)}>
                          {column.controlWidth ? (
                            <FixedWidthContent width={column.controlWidth}>{column.cell(row)}</FixedWidthContent>
                          ) : (
                            column.cell(row)
                          )}
                        </td>
                      ))}
                    </Table.Row>
                    {expansion === null ? null : (
                      <Table.Row>
                        <Table.Cell colSpan={columnCount} p="0" bg="bg.subtle">
                          <RowSpanContent>{expansion}</RowSpanContent>
                        </Table.Cell>
                      </Table.Row>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </TableScroll>
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
