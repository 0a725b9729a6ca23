import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatLogDate } from '@/lib/date-format';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { declaredStyle } from '@/test/declared-style';
import { demoAgency, fakeSession } from '@/test/render';
import { captureDownloads, textOf } from '@/test/downloads';
import { Component as SegmentsLogsPage } from './segments-logs';

const session = fakeSession({ isAuthenticated: true, userName: 'ops-admin', agency: demoAgency });

const entry = {
  id: 'seg-1',
  subdomain: 'acme',
  originalDomains: ['acme.example', 'www.acme.example'],
  ipSegment: '198.18.0.0/24',
  date: '2024-01-01T15:04:05.000Z',
};

function renderSegments(handlers: FakeHandlers) {
  const api = createFakeApi(handlers);
  return { api, ...renderWithApi(api, <SegmentsLogsPage />, { path: '/segments-logs', session }) };
}

describe('Segments Logs', () => {
  it('shows a loading indicator, then the grid with its minimum widths and joined, wrapping domains', async () => {
    // Prepare
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });

    // Act
    const { api } = renderSegments({
      listSegmentsLogs: async () => {
        await held;
        // The spec's payload is a JSON string of the entries.
        return { payload: JSON.stringify([entry]) };
      },
    });

    // Assess
    expect(await screen.findByText('Loading segments logs…')).toBeInTheDocument();
    release();
    const table = await screen.findByRole('table', { name: 'Segments Logs' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual(['Date', 'Subdomain', 'IP Segment', 'Original Domains']);
    // The spec's widths are minimums (a longer date widens its column), and only the domains wrap.
    expect(headers.map((cell) => declaredStyle(cell).minWidth)).toEqual(['200px', '200px', '200px', '700px']);
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      formatLogDate(entry.date),
      'acme',
      '198.18.0.0/24',
      'acme.example, www.acme.example',
    ]);
    // The domains wrap; the date is the sticky key column, which (like every key column) may wrap only
    // beyond min(20rem, 60vw), wider than its 200 px date.
    expect(cells.map((cell) => declaredStyle(cell).whiteSpace === 'normal')).toEqual([true, false, false, true]);
    expect(declaredStyle(cells[0] as HTMLElement).maxWidth).toBe('min(20rem, 60vw)');
    expect(api.callsOf('listSegmentsLogs')[0]?.body).toEqual({ username: 'ops-admin' });
  });

  it("exports 'export.csv' with the grid's texts", async () => {
    // Prepare
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderSegments({ listSegmentsLogs: () => ({ payload: [entry] }) });

    // Act
    await user.click(await screen.findByRole('button', { name: 'Export' }));

    // Assess
    expect(saved.map((file) => file.name)).toEqual(['export.csv']);
    const text = await textOf(saved[0]);
    expect(text).toBe(
      `\uFEFF"Date";"Subdomain";"IP Segment";"Original Domains"\r\n"${formatLogDate(entry.date)}";"acme";"198.18.0.0/24";"acme.example, www.acme.example"\r\n`,
    );
  });

  it('keeps the grid empty for users outside the internal staff, saying why, with nothing to retry', async () => {
    // Act
    renderSegments({
      listSegmentsLogs: () => ({ error: 'Only internal staff can view segment logs.', status: 403 }),
    });

    // Assess
    const table = await screen.findByRole('table', { name: 'Segments Logs' });
    expect(within(table).getByText('Segments logs are shown to internal staff only.')).toBeInTheDocument();
    expect(screen.queryByText('The segments logs could not be loaded.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it.each([
    ['a server failure', () => ({ error: 'There was an error with this request.', status: 500 })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows %s as an error with a retry that loads the grid', async (_what, failure) => {
    // Prepare
    const user = userEvent.setup();
    let failing = true;
    renderSegments({ listSegmentsLogs: () => (failing ? failure() : { payload: [entry] }) });
    expect(await screen.findByText('The segments logs could not be loaded.')).toBeInTheDocument();

    // Act
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    const table = await screen.findByRole('table', { name: 'Segments Logs' });
    expect(within(table).getByText('acme')).toBeInTheDocument();
  });
});
