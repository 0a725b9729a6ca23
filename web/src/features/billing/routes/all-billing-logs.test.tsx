import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatLogDate } from '@/lib/date-format';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { bytesOf, captureDownloads } from '@/test/downloads';
import { bodyCellTexts } from '@/test/table-texts';
import { makeBillingLog } from '../billing.fixtures';
import { Component as AllBillingLogsPage } from './all-billing-logs';

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

function renderLogs(handlers: FakeHandlers) {
  const api = createFakeApi(handlers);
  return { api, ...renderWithApi(api, <AllBillingLogsPage />, { path: '/allbillinglogs', session }) };
}

const rows = (): string[][] => bodyCellTexts(screen.getByRole('table', { name: 'All Billing Logs' }));

describe('All Billing Logs', () => {
  it('shows every column of the spec with its format', async () => {
    // Prepare
    const log = makeBillingLog();

    // Act
    const { api } = renderLogs({ listAllBillingLogs: () => ({ payload: [log] }) });

    // Assess
    expect(await screen.findByRole('table', { name: 'All Billing Logs' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Billing Logs' })).toBeInTheDocument();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Date',
      'Type',
      'Invoice',
      'Source',
      'Amount',
      'Description',
      'Campaign Name',
      'Campaign Id',
      'Advertiser Id',
      'Advertiser Name',
      'Card Last 4 Digits',
      'Statement Descriptor',
    ]);
    expect(rows()).toEqual([
      [
        formatLogDate(log.date),
        'charge',
        'IN_ABC123',
        'stripe',
        '$1,234.50',
        'Delivered spend',
        'Spring Launch',
        'bg-campaign-spring',
        'bgAdvertiser-acme',
        'Acme Outdoor',
        '4242',
        'BIDGRID ADS',
      ],
    ]);
    expect(api.callsOf('listAllBillingLogs')[0]?.body).toEqual({ username: 'demo' });
  });

  it("shows '-' without an invoice and sorts amounts as numbers", async () => {
    // Prepare
    const user = userEvent.setup();
    const logs = [
      makeBillingLog({ id: 'a', amount: 100, invoice: null }),
      makeBillingLog({ id: 'b', amount: 9.5 }),
      makeBillingLog({ id: 'c', amount: 20 }),
    ];
    renderLogs({ listAllBillingLogs: () => ({ payload: logs }) });
    await screen.findByRole('table', { name: 'All Billing Logs' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Amount' }));

    // Assess
    expect(rows().map((row) => row[4])).toEqual(['$9.50', '$20.00', '$100.00']);
    expect(rows()[2]?.[2]).toBe('-');
  });

  it("exports the grid to 'export.csv' with the BOM, quoted strings and ';'", async () => {
    // Prepare
    const user = userEvent.setup();
    const saved = captureDownloads();
    const log = makeBillingLog({ description: 'Spend "March"; final' });
    renderLogs({ listAllBillingLogs: () => ({ payload: [log] }) });

    // Act
    await user.click(await screen.findByRole('button', { name: 'Export' }));

    // Assess
    expect(saved.map((file) => file.name)).toEqual(['export.csv']);
    const bytes = await bytesOf(saved[0]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe(
      '"Date";"Type";"Invoice";"Source";"Amount";"Description";"Campaign Name";"Campaign Id";"Advertiser Id";"Advertiser Name";"Card Last 4 Digits";"Statement Descriptor"',
    );
    expect(lines[1]).toBe(
      `"${formatLogDate(log.date)}";"charge";"IN_ABC123";"stripe";"$1,234.50";"Spend ""March""; final";"Spring Launch";"bg-campaign-spring";"bgAdvertiser-acme";"Acme Outdoor";"4242";"BIDGRID ADS"`,
    );
  });

  it('shows the empty text, and an error state with a retry', async () => {
    // Prepare
    let fail = true;
    renderLogs({ listAllBillingLogs: () => (fail ? { error: 'Logs are down.', status: 500 } : { payload: [] }) });

    // Act
    expect(await screen.findByText('The billing logs could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(await screen.findByText('There are no billing logs yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });
});
