import { ChakraProvider, Text } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { system } from '@/theme/system';
import { captureDownloads, textOf } from '@/test/downloads';
import type { CsvColumn } from '@/lib/csv-export';
import type { DataTableColumn } from './data-table';
import { PagedExportedLog, type LogPages } from './exported-log-table';

interface Entry {
  id?: string;
  date: string;
  note: string;
}

const columns: ReadonlyArray<DataTableColumn<Entry>> = [
  { id: 'date', header: 'Date', cell: (entry) => entry.date, sortValue: (entry) => entry.date },
  { id: 'note', header: 'Note', cell: (entry) => entry.note },
];
const csvColumns: ReadonlyArray<CsvColumn<Entry>> = [
  { header: 'Date', value: (entry) => entry.date },
  { header: 'Note', value: (entry) => entry.note },
];

/** The state of a list read a page at a time, as a screen's hook gives it. */
function pagesOf(overrides: Partial<LogPages<Entry>>): LogPages<Entry> {
  return {
    data: undefined,
    loading: false,
    error: undefined,
    progress: { loaded: 0, done: false },
    refetch: vi.fn(async () => undefined),
    retry: vi.fn(),
    ...overrides,
  };
}

function renderLog(pages: LogPages<Entry>) {
  return render(
    <ChakraProvider value={system}>
      <PagedExportedLog
        pages={pages}
        placeholder={<Text role="status">Loading the log…</Text>}
        errorTitle="The log could not be loaded."
        what="entries"
        fallbackKey={(entry, index) => `${entry.date}#${index}`}
        label="Log"
        columns={columns}
        csvColumns={csvColumns}
        emptyText="Nothing logged yet."
      />
    </ChakraProvider>,
  );
}

const twoEntries: Entry[] = [
  { id: 'e-1', date: '2026-11-02', note: 'second' },
  // No id: the fallback key makes one, so both rows show.
  { date: '2026-11-01', note: 'first' },
];

describe('PagedExportedLog', () => {
  it("shows the screen's placeholder until the first page is in", () => {
    // Act
    renderLog(pagesOf({ loading: true }));

    // Assess
    expect(screen.getByRole('status')).toHaveTextContent('Loading the log…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error state when the first page failed, and its retry reads the list again', async () => {
    // Prepare
    const user = userEvent.setup();
    const pages = pagesOf({ error: new Error('The log service is down.') });
    renderLog(pages);

    // Act
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The log could not be loaded.');
    expect(alert).toHaveTextContent('The log service is down.');
    expect(pages.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the rows in while more pages come, and holds the export until the last is in', () => {
    // Act
    renderLog(pagesOf({ data: twoEntries, progress: { loaded: 2, done: false } }));

    // Assess
    const rows = within(screen.getByRole('table', { name: 'Log' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['2026-11-02second', '2026-11-01first']);
    expect(screen.getByText('Loading more... (2 entries loaded)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('offers to load the rest when a later page failed, keeping the rows in', async () => {
    // Prepare
    const user = userEvent.setup();
    const pages = pagesOf({ data: twoEntries, error: new Error('later page'), progress: { loaded: 2, done: false } });
    renderLog(pages);

    // Act
    await user.click(screen.getByRole('button', { name: 'Load the rest' }));

    // Assess
    expect(screen.getByRole('alert')).toHaveTextContent('Not every entry could be loaded (2 shown).');
    expect(within(screen.getByRole('table', { name: 'Log' })).getAllByRole('row')).toHaveLength(3);
    expect(pages.retry).toHaveBeenCalledTimes(1);
  });

  it('exports every row once the last page is in', async () => {
    // Prepare
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderLog(pagesOf({ data: twoEntries, progress: { loaded: 2, done: true } }));

    // Act
    await user.click(screen.getByRole('button', { name: 'Export' }));

    // Assess
    expect(screen.queryByText(/Loading more/)).not.toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['export.csv']);
    expect(await textOf(saved[0])).toBe('\uFEFF"Date";"Note"\r\n"2026-11-02";"second"\r\n"2026-11-01";"first"\r\n');
  });
});
