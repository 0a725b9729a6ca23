import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { bodyCellTexts } from '@/test/table-texts';
import { declaredStyle } from '@/test/declared-style';
import {
  DataTable,
  SELECTION_COLUMN,
  SELECTION_WIDTH,
  sortRows,
  stickyLayout,
  type DataTableColumn,
} from './data-table';

interface Row {
  id: string;
  name: string;
  amount: number | null;
}

const columns: ReadonlyArray<DataTableColumn<Row>> = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name },
  {
    id: 'amount',
    header: 'Amount',
    cell: (row) => String(row.amount ?? '-'),
    sortValue: (row) => row.amount,
    align: 'end',
  },
];

const makeRows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r${index + 1}`, name: `Row ${index + 1}`, amount: index + 1 }));

const bodyTexts = (): string[] =>
  bodyCellTexts(screen.getByRole('table', { name: 'Things' })).map((cells) => cells.join('|'));

function renderTable(rows: Row[], options: { selectable?: boolean; initialSort?: boolean } = {}) {
  function Harness() {
    const [selected, setSelected] = useState<Set<string>>(new Set());
    return (
      <>
        <DataTable
          label="Things"
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          emptyText="Nothing here."
          {...(options.initialSort ? { initialSort: { columnId: 'name', direction: 'asc' as const } } : {})}
          {...(options.selectable
            ? { selection: { selected, onChange: setSelected, rowLabel: (row: Row) => `Select ${row.name}` } }
            : {})}
        />
        <output>{`selected: ${[...selected].sort().join(',')}`}</output>
      </>
    );
  }
  return render(
    <ChakraProvider value={system}>
      <Harness />
    </ChakraProvider>,
  );
}

describe('DataTable', () => {
  it('shows the empty text when there are no rows and no pager', () => {
    // Act
    renderTable([]);

    // Assess
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('shows ten rows without a pager, and a pager only above ten rows', () => {
    // Act
    const { unmount } = renderTable(makeRows(10));

    // Assess
    expect(bodyTexts()).toHaveLength(10);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    unmount();
    renderTable(makeRows(11));
    expect(bodyTexts()).toHaveLength(10);
    expect(screen.getByLabelText('Rows per page')).toHaveValue('10');
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();
  });

  it('pages forward and back and offers 10, 25 and 100 rows per page', async () => {
    // Prepare
    const user = userEvent.setup();
    renderTable(makeRows(30));

    // Act
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const second = bodyTexts();
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');

    // Assess
    expect(second[0]).toBe('Row 11|11');
    expect(bodyTexts()).toHaveLength(25);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    const options = within(screen.getByLabelText('Rows per page')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '100']);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('sorts text naturally and numbers by value, toggling the direction and telling aria-sort', async () => {
    // Prepare
    const user = userEvent.setup();
    const rows: Row[] = [
      { id: 'a', name: 'beta', amount: 10 },
      { id: 'b', name: 'Alpha 10', amount: 9 },
      { id: 'c', name: 'alpha 9', amount: null },
    ];
    renderTable(rows, { initialSort: true });

    // Act
    const byName = bodyTexts();
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    const byAmount = bodyTexts();
    await user.click(screen.getByRole('button', { name: 'Amount' }));

    // Assess
    expect(byName).toEqual(['alpha 9|-', 'Alpha 10|9', 'beta|10']);
    expect(byAmount).toEqual(['Alpha 10|9', 'beta|10', 'alpha 9|-']);
    expect(bodyTexts()).toEqual(['beta|10', 'Alpha 10|9', 'alpha 9|-']);
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
  });

  it('selects rows one by one and all at once with Select All', async () => {
    // Prepare
    const user = userEvent.setup();
    renderTable(makeRows(3), { selectable: true });

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Select Row 2' }));
    const one = screen.getByRole('status').textContent;
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    const all = screen.getByRole('status').textContent;
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));

    // Assess
    expect(one).toBe('selected: r2');
    expect(all).toBe('selected: r1,r2,r3');
    expect(screen.getByRole('status').textContent).toBe('selected: ');
  });

  it('keeps null values last in both directions', () => {
    // Act
    const rows = [{ v: null }, { v: 2 }, { v: 1 }];
    const asc = sortRows(rows, (row) => row.v, 'asc').map((row) => row.v);
    const desc = sortRows(rows, (row) => row.v, 'desc').map((row) => row.v);

    // Assess
    expect(asc).toEqual([1, 2, null]);
    expect(desc).toEqual([2, 1, null]);
  });

  it('shows a row’s expansion under it across the whole table, on that page only', () => {
    // Act
    render(
      <ChakraProvider value={system}>
        <DataTable
          label="Things"
          columns={columns}
          rows={makeRows(12)}
          getRowId={(row) => row.id}
          renderExpansion={(row) => (row.id === 'r2' || row.id === 'r11' ? `Details of ${row.name}` : null)}
        />
      </ChakraProvider>,
    );

    // Assess
    expect(bodyTexts().slice(0, 4)).toEqual(['Row 1|1', 'Row 2|2', 'Details of Row 2', 'Row 3|3']);
    expect(screen.getByText('Details of Row 2').closest('td')).toHaveAttribute('colspan', '2');
    expect(screen.queryByText('Details of Row 11')).not.toBeInTheDocument();
  });

  it('names the focusable scroll region of a table without sort or selection apart from the table', () => {
    // Prepare
    const plain: ReadonlyArray<DataTableColumn<Row>> = [{ id: 'name', header: 'Name', cell: (row) => row.name }];

    // Act
    render(
      <ChakraProvider value={system}>
        <section aria-label="Things">
          <DataTable label="Things" columns={plain} rows={makeRows(2)} getRowId={(row) => row.id} />
        </section>
      </ChakraProvider>,
    );

    // Assess
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Things' })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Things (scroll area)' })).toHaveAttribute('tabindex', '0');
  });

  it('renders the empty text at the left edge of the box, as wide as the box, whatever the table width', () => {
    // Act
    renderTable([]);

    // Assess
    const style = declaredStyle(screen.getByText('Nothing here.'));
    expect(style.position).toBe('sticky');
    expect(style.insetInlineStart).toBe('0px');
    expect(style.width).toBe('100cqi');
  });
});

describe('stickyLayout', () => {
  it('keeps the name column at the left edge, after the selection box, whatever comes before it', () => {
    // Act
    const layout = stickyLayout([{ id: 'status' }, { id: 'name' }, { id: 'clicks' }], { selection: true });

    // Assess
    expect(layout.keyColumn).toBe('name');
    expect([...layout.offsets]).toEqual([
      [SELECTION_COLUMN, '0px'],
      ['name', SELECTION_WIDTH],
    ]);
  });

  it('takes the first column that is not a control when there is no name, and adds up the fixed widths before it', () => {
    // Act
    const layout = stickyLayout(
      [{ id: 'expand', controlWidth: '2rem' }, { id: 'date' }, { id: 'amount' }, { id: 'flag', controlWidth: '1rem' }],
      { selection: true },
    );

    // Assess
    expect(layout.keyColumn).toBe('date');
    expect([...layout.offsets]).toEqual([
      [SELECTION_COLUMN, '0px'],
      ['expand', SELECTION_WIDTH],
      ['date', `calc(${SELECTION_WIDTH} + 2rem)`],
    ]);
  });

  it('keeps nothing at the edge when told so or when the named column does not exist', () => {
    // Act
    const none = stickyLayout([{ id: 'name' }], { selection: true, stickyColumn: null });
    const unknown = stickyLayout([{ id: 'name' }], { selection: false, stickyColumn: 'missing' });

    // Assess
    expect(none).toEqual({ offsets: new Map(), keyColumn: null });
    expect(unknown).toEqual({ offsets: new Map(), keyColumn: null });
  });
});

describe('DataTable in a narrow box', () => {
  interface Wide {
    id: string;
    status: string;
    name: string;
    domains: string;
  }
  const wideColumns: ReadonlyArray<DataTableColumn<Wide>> = [
    { id: 'status', header: 'Status', cell: (row) => row.status },
    { id: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name },
    { id: 'domains', header: 'Domains', cell: (row) => row.domains, minWidth: 700, wrap: true },
  ];
  const wideRows: Wide[] = [{ id: 'w1', status: 'ACTIVE', name: 'Spring', domains: 'a.example, b.example' }];

  function renderWide(options: { selection?: boolean; expansion?: boolean } = {}) {
    return render(
      <ChakraProvider value={system}>
        <DataTable
          label="Wide"
          columns={wideColumns}
          rows={wideRows}
          getRowId={(row) => row.id}
          {...(options.selection
            ? {
                selection: {
                  selected: new Set<string>(),
                  onChange: () => {},
                  rowLabel: (row: Wide) => `Pick ${row.name}`,
                },
              }
            : {})}
          {...(options.expansion ? { renderExpansion: (row: Wide) => `Details of ${row.name}` } : {})}
        />
      </ChakraProvider>,
    );
  }

  it('scrolls in a box that takes its width from the page, not from the table', () => {
    // Act
    renderWide();

    // Assess
    const box = screen.getByRole('table', { name: 'Wide' }).parentElement as HTMLElement;
    expect(declaredStyle(box).getPropertyValue('container-type')).toBe('inline-size');
    expect(declaredStyle(box).overflowX).toBe('auto');
    expect(declaredStyle(box).whiteSpace).toBe('nowrap');
  });

  it('keeps the name cells and the selection boxes at the left edge, above the scrolling cells, with a dividing line', () => {
    // Act
    renderWide({ selection: true });

    // Assess
    const name = declaredStyle(screen.getByRole('cell', { name: 'Spring' }));
    expect(name.position).toBe('sticky');
    expect(name.insetInlineStart).toBe(SELECTION_WIDTH);
    expect(name.zIndex).toBe('1');
    expect(name.boxShadow).toBe('inset -1px 0 0 var(--chakra-colors-border)');
    const header = declaredStyle(screen.getByRole('columnheader', { name: 'Name' }));
    expect(header.position).toBe('sticky');
    expect(header.insetInlineStart).toBe(SELECTION_WIDTH);
    const box = declaredStyle(screen.getByRole('checkbox', { name: 'Pick Spring' }).closest('td') as HTMLElement);
    expect(box.position).toBe('sticky');
    expect(box.insetInlineStart).toBe('0px');
    expect(declaredStyle(screen.getByRole('cell', { name: 'ACTIVE' })).position).not.toBe('sticky');
  });

  it('gives the selection column one fixed width, so the sticky name can never slide over it', () => {
    // Act
    renderWide({ selection: true });

    // Assess
    for (const cell of [
      screen.getByRole('checkbox', { name: 'Pick Spring' }).closest('td') as HTMLElement,
      screen.getByRole('checkbox', { name: 'Select All' }).closest('th') as HTMLElement,
    ]) {
      const style = declaredStyle(cell);
      expect([style.width, style.minWidth, style.maxWidth, style.boxSizing]).toEqual([
        SELECTION_WIDTH,
        SELECTION_WIDTH,
        SELECTION_WIDTH,
        'border-box',
      ]);
    }
  });

  it('keeps the header at the top of a fixed-height table above the rows, its name cell above both edges', () => {
    // Act
    render(
      <ChakraProvider value={system}>
        <DataTable
          label="Tall"
          columns={wideColumns}
          rows={Array.from({ length: 11 }, (_, index) => ({
            id: `w${index}`,
            status: 'ACTIVE',
            name: 'Spring',
            domains: '-',
          }))}
          getRowId={(row) => row.id}
          fixedHeight="30rem"
        />
      </ChakraProvider>,
    );

    // Assess
    const status = declaredStyle(screen.getByRole('columnheader', { name: 'Status' }));
    const name = declaredStyle(screen.getByRole('columnheader', { name: 'Name' }));
    expect([status.position, status.top, status.zIndex]).toEqual(['sticky', '0px', '2']);
    expect([name.position, name.top, name.insetInlineStart, name.zIndex]).toEqual(['sticky', '0px', '0px', '3']);
    expect(declaredStyle(screen.getAllByRole('cell', { name: 'Spring' })[0] as HTMLElement).zIndex).toBe('1');
  });

  it('makes a spec width a minimum; the wrapping column wraps, and the sticky name within a phone-safe width', () => {
    // Act
    renderWide();

    // Assess
    const domains = declaredStyle(screen.getByRole('cell', { name: 'a.example, b.example' }));
    expect(domains.minWidth).toBe('700px');
    expect(domains.maxWidth).not.toBe('700px');
    expect(domains.whiteSpace).toBe('normal');
    // A sticky cell wider than its scrolling box less its offset is pulled over the checkbox by Chromium.
    const name = declaredStyle(screen.getByRole('cell', { name: 'Spring' }));
    expect(name.whiteSpace).toBe('normal');
    expect(name.maxWidth).toBe('min(20rem, 60vw)');
    // ... with a floor, so a squeezed table keeps a short name on one line.
    expect(name.minWidth).toBe('min(10rem, 35vw)');
  });

  it('shows an expanded row at the left edge of the box, as wide as the box, wrapping its text', () => {
    // Act
    renderWide({ expansion: true });

    // Assess
    const content = declaredStyle(screen.getByText('Details of Spring'));
    expect(content.position).toBe('sticky');
    expect(content.insetInlineStart).toBe('0px');
    expect(content.width).toBe('100cqi');
    expect(content.whiteSpace).toBe('normal');
  });
});
