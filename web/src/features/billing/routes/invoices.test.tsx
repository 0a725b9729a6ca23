import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { bytesOf, captureDownloads } from '@/test/downloads';
import { bodyCellTexts } from '@/test/table-texts';
import { makeInvoice } from '../billing.fixtures';
import { Component as InvoicesPage } from './invoices';

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}`}</p>;
}

const invoices = [
  makeInvoice({ id: 'inv-1', chargeAmount: 10, sentAt: '2024-03-04T15:04:05.000Z' }),
  makeInvoice({
    id: 'inv-2',
    chargeAmount: 25.5,
    sentAt: '2024-03-05T15:04:05.000Z',
    bgAdvertiserId: 'bgAdvertiser-beta',
    advertiserName: null,
  }),
  makeInvoice({ id: 'inv-3', chargeAmount: 7, sentAt: '2024-03-06T15:04:05.000Z' }),
];

/** The list carries no HTML bodies (issue 9 §6); one invoice by id has its body. */
const summaries = invoices.map(({ body: _body, ...summary }) => summary);

const handlers: FakeHandlers = {
  listSentInvoices: () => ({ payload: JSON.stringify(summaries) }),
  getSentInvoice: ({ params }) => {
    const invoice = invoices.find((candidate) => candidate.id === params['id']);
    return invoice ? { payload: invoice } : { error: 'Invoice not found.', status: 404 };
  },
  listAdvertisersByAgency: () => ({
    payload: [
      { ...makeAdvertiserStub('bgAdvertiser-acme', 'Acme Outdoor') },
      { ...makeAdvertiserStub('bgAdvertiser-beta', 'Beta Foods') },
    ],
  }),
};

function makeAdvertiserStub(id: string, name: string) {
  return {
    bgAdvertiserId: id,
    beeswaxAdvertiserId: 1,
    name,
    createdBy: 'demo',
    createdAt: '2024-01-01T00:00:00.000Z',
    domain: 'x.example',
    address_1: 'a',
    address_2: '',
    city: 'c',
    state: 's',
    zip: 'z',
    phone: null,
    parentAgencyId: 'bgAgency-demo',
    category: 'IAB3',
    hubspot_authed: false,
    hubspot_portal_id: null,
    paymentMethod: null,
    advertiser_card_name: null,
    billingEmail: null,
  };
}

/** Opens the invoices like the advertiser page does: a link with the previous path in router state. */
function Opener() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() =>
        navigate('/invoices?advertiser=bgAdvertiser-acme', { state: { from: '/advertisers/bgAdvertiser-acme' } })
      }
    >
      Open invoices
    </button>
  );
}

function renderInvoices(path = '/invoices', overrides: FakeHandlers = {}) {
  const api = createFakeApi({ ...handlers, ...overrides });
  const rendered = renderWithApi(api, <InvoicesPage />, {
    path,
    route: '/invoices',
    session,
    extraRoutes: [
      { path: '/advertisers/:id', element: <Where /> },
      { path: '/dashboard', element: <Where /> },
      { path: '/start', element: <Opener /> },
    ],
  });
  return { api, ...rendered };
}

const rowTexts = (): string[][] =>
  // The first cell of a row is its selection box.
  bodyCellTexts(screen.getByRole('table', { name: 'Invoices' })).map((cells) => cells.slice(1));

describe('Invoices page', () => {
  it("is titled '{User} Invoices' and lists the grid's columns, newest first, with 'N/A' for an unknown advertiser", async () => {
    // Act
    const { api } = renderInvoices();

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'demo Invoices' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Invoices' });
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(1)).toEqual([
      'Date',
      'Charge Amount',
      'Recipient Email',
      'Source',
      'Subject',
      'Advertiser Name',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeInTheDocument();
    expect(rowTexts().map((row) => [row[1], row[5]])).toEqual([
      ['$7.00', 'Acme Outdoor'],
      ['$25.50', 'N/A'],
      ['$10.00', 'Acme Outdoor'],
    ]);
    expect(api.callsOf('listSentInvoices')[0]?.body).toEqual({ username: 'demo' });
  });

  it('filters by the advertiser of the query and by the dropdown', async () => {
    // Prepare
    const user = userEvent.setup();
    const { router } = renderInvoices('/invoices?advertiser=bgAdvertiser-beta');
    await screen.findByRole('table', { name: 'Invoices' });

    // Act
    const filtered = rowTexts().length;
    const filter = screen.getByRole('combobox', { name: 'Advertiser' });
    await waitFor(() => expect(within(filter).getByRole('option', { name: 'Acme Outdoor' })).toBeInTheDocument());
    await user.selectOptions(filter, 'bgAdvertiser-acme');

    // Assess
    expect(filtered).toBe(1);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    expect(router.state.location.search).toBe('?advertiser=bgAdvertiser-acme');
    await user.selectOptions(filter, '');
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
  });

  it('exports one PDF per selected invoice, named by the number as shown, and is disabled with nothing selected', async () => {
    // Prepare
    const user = userEvent.setup();
    const saved = captureDownloads();
    const { api } = renderInvoices();
    await screen.findByRole('table', { name: 'Invoices' });
    const exportButton = screen.getByRole('button', { name: 'Export' });

    // Act
    expect(exportButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-3' }));
    await user.click(exportButton);

    // Assess
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((file) => file.name).sort()).toEqual(['Invoice-INV-1.pdf', 'Invoice-INV-3.pdf']);
    for (const file of saved) {
      const head = new TextDecoder().decode((await bytesOf(file)).slice(0, 5));
      expect(head).toBe('%PDF-');
      expect(file.blob.type).toBe('application/pdf');
    }
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    // The bodies came one by one, by id, when the export ran (the list has none).
    expect(api.callsOf('getSentInvoice').map((call) => call.params['id'])).toEqual(['inv-1', 'inv-3']);
  });

  it('loads every page of the list, showing the first at once, and exports only once the last is in', async () => {
    // Prepare: 250 invoices in pages of 100; the last page waits until the test lets it go
    const user = userEvent.setup();
    const many = Array.from({ length: 250 }, (_, n) =>
      makeInvoice({
        id: `inv-${String(n).padStart(3, '0')}`,
        sentAt: new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString(),
      }),
    );
    let release: () => void = () => undefined;
    const lastPage = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api } = renderInvoices('/invoices', {
      listSentInvoices: async ({ query }) => {
        const start = query['cursor'] ? Number(query['cursor'].replace('after-', '')) : 0;
        if (start === 200) await lastPage;
        const page = many.slice(start, start + 100).map(({ body: _body, ...summary }) => summary);
        return { payload: JSON.stringify(page), nextCursor: start + 100 < many.length ? `after-${start + 100}` : null };
      },
    });

    // Act
    await screen.findByRole('table', { name: 'Invoices' });
    const loadingMore = await screen.findByText('Loading more... (200 invoices loaded)');
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    const exportWhileLoading = screen.getByRole('button', { name: 'Export' });
    const disabledWhileLoading = (exportWhileLoading as HTMLButtonElement).disabled;
    release();

    // Assess
    expect(loadingMore).toBeInTheDocument();
    expect(disabledWhileLoading).toBe(true);
    await waitFor(() => expect(screen.queryByText(/Loading more/)).not.toBeInTheDocument());
    // Select All, once every page is in, selects every invoice (it had selected the 200 shown before).
    expect(screen.getByText('200 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByText('250 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    expect(api.callsOf('listSentInvoices').map((call) => call.query['cursor'])).toEqual([
      undefined,
      'after-100',
      'after-200',
    ]);
  });

  it('Select All selects every invoice of the current filter', async () => {
    // Prepare
    const user = userEvent.setup();
    renderInvoices('/invoices?advertiser=bgAdvertiser-acme');
    await screen.findByRole('table', { name: 'Invoices' });

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));

    // Assess
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('goes back to the page that opened it', async () => {
    // Prepare
    const user = userEvent.setup();
    renderInvoices('/start');
    await user.click(screen.getByRole('button', { name: 'Open invoices' }));
    await screen.findByRole('table', { name: 'Invoices' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Back' }));

    // Assess
    expect(await screen.findByText('at /advertisers/bgAdvertiser-acme')).toBeInTheDocument();
  });
});
