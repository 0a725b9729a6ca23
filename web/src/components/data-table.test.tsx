import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { bodyCellTexts } from '@/test/table-texts';
import { DataTable, sortRows, type DataTableColumn } from './data-table';

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
});
