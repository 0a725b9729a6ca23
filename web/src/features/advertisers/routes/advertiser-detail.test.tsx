import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { toaster } from '@/lib/toaster';
import { createFakeApi, renderWithApi, type FakeHandlers, type FakeOtherHandlers } from '@/test/fake-api';
import { demoAgency, fakeSession, testConfig } from '@/test/render';
import { makeAdvertiser } from '../advertiser.fixtures';
import { Component as AdvertiserPage } from './advertiser-detail';

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

function Where() {
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  return <p>{`at ${location.pathname}${location.search} from ${state?.from ?? '-'}`}</p>;
}

function renderDetail(
  handlers: FakeHandlers,
  options: { path?: string; others?: FakeOtherHandlers } = {},
): ReturnType<typeof renderWithApi> & { api: ReturnType<typeof createFakeApi> } {
  const api = createFakeApi(handlers, options.others);
  const rendered = renderWithApi(api, <AdvertiserPage />, {
    path: options.path ?? '/advertisers/bgAdvertiser-acme',
    route: '/advertisers/:id',
    session,
    extraRoutes: [{ path: '/invoices', element: <Where /> }],
  });
  return { api, ...rendered };
}

/** An API where the advertiser is a mutable record, as the server keeps it. */
function advertiserApi(initial: TAdvertiser, extra: FakeHandlers = {}) {
  const state = { advertiser: initial };
  const handlers: FakeHandlers = {
    getAdvertiser: () => ({ payload: state.advertiser }),
    listAdvertisersByAgency: () => ({
      payload: [state.advertiser, makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-beta', name: 'Beta Foods' })],
    }),
    ...extra,
  };
  return { state, handlers };
}

const infoRows = (): string[][] =>
  within(screen.getByRole('table', { name: 'Advertiser information' }))
    .getAllByRole('row')
    .map((row) => [
      within(row).getByRole('rowheader').textContent ?? '',
      within(row).getByRole('cell').textContent ?? '',
    ]);

describe('Advertiser page', () => {
  it('shows the heading, breadcrumbs, name, information table and the empty CRM and card panels', async () => {
    // Prepare
    const long = 'Acme Outdoor Advertising of the Greater Springfield Area';
    const { handlers } = advertiserApi(makeAdvertiser({ name: long, phone: null, address_2: 'Suite 4' }));

    // Act
    renderDetail(handlers);

    // Assess
    expect(await screen.findByRole('table', { name: 'Advertiser information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Account information' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByRole('link', { name: 'Advertisers' })).toHaveAttribute('href', '/advertisers');
    expect(within(crumbs).getByText(`${long.slice(0, 36)}…`)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: `${long.slice(0, 36)}…` })).toBeInTheDocument();
    expect(infoRows()).toEqual([
      ['Advertiser ID', 'bgAdvertiser-acme'],
      ['Created By', 'demo'],
      ['Domain', 'acme.example'],
      ['Address', '1 Main Street, Suite 4'],
      ['Phone Number', 'None'],
    ]);
    expect(screen.getByRole('link', { name: 'acme.example' })).toHaveAttribute('href', 'https://acme.example');
    // The panels, then the dashboard, come each in its own turn after the table (`InTurn`).
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(screen.getByText('No Card')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Campaigns Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['+15125550142', '+1 512 555 0142'],
    ['+442079460958', '+44 20 7946 0958'],
    // Stored before phone numbers were checked: shown as it was typed.
    ['+1 abc', '+1 abc'],
  ])('shows the stored phone %s as %s', async (phone, shown) => {
    // Prepare
    const { handlers } = advertiserApi(makeAdvertiser({ phone }));

    // Act
    renderDetail(handlers);

    // Assess
    await screen.findByRole('table', { name: 'Advertiser information' });
    expect(infoRows().find(([label]) => label === 'Phone Number')).toEqual(['Phone Number', shown]);
  });

  it('switches advertiser with the dropdown, replacing the URL', async () => {
    // Prepare
    const user = userEvent.setup();
    const { handlers } = advertiserApi(makeAdvertiser());
    const { router } = renderDetail(handlers);
    const switcher = await screen.findByRole('combobox', { name: 'Switch advertiser' });
    await waitFor(() => expect(within(switcher).getAllByRole('option')).toHaveLength(2));

    // Act
    await user.selectOptions(switcher, 'bgAdvertiser-beta');

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/advertisers/bgAdvertiser-beta'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the invoices of the advertiser with the previous path in router state', async () => {
    // Prepare
    const user = userEvent.setup();
    const { handlers } = advertiserApi(makeAdvertiser());
    renderDetail(handlers);

    // Act
    await user.click(await screen.findByRole('button', { name: 'Invoices' }));

    // Assess
    expect(
      await screen.findByText('at /invoices?advertiser=bgAdvertiser-acme from /advertisers/bgAdvertiser-acme'),
    ).toBeInTheDocument();
  });

  it('says so when the id is not an advertiser id, without calling the API', async () => {
    // Act
    const { api } = renderDetail({ listAdvertisersByAgency: () => ({ payload: [] }) }, { path: '/advertisers/nope' });

    // Assess
    expect(await screen.findByText('This advertiser does not exist.')).toBeInTheDocument();
    expect(api.callsOf('getAdvertiser')).toEqual([]);
  });
});

describe('CRM connection', () => {
  it('exchanges a returned code with its state once, then removes both from the URL', async () => {
    // Prepare
    const { state, handlers } = advertiserApi(makeAdvertiser(), {
      saveHubspotTokens: () => {
        state.advertiser = { ...state.advertiser, hubspot_authed: true, hubspot_portal_id: 4410001 };
        return { payload: state.advertiser };
      },
    });

    // Act
    const { api, router } = renderDetail(handlers, { path: '/advertisers/bgAdvertiser-acme?code=c-1&state=s-1' });

    // Assess
    expect(await screen.findByText('Account ID: 4410001')).toBeInTheDocument();
    expect(api.callsOf('saveHubspotTokens').map((call) => call.body)).toEqual([
      { code: 'c-1', state: 's-1', bgAdvertiserId: 'bgAdvertiser-acme' },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('disconnects after the confirmation naming the advertiser', async () => {
    // Prepare
    const user = userEvent.setup();
    const { state, handlers } = advertiserApi(makeAdvertiser({ hubspot_authed: true, hubspot_portal_id: 4410002 }), {
      deleteHubspotTokens: () => {
        state.advertiser = { ...state.advertiser, hubspot_authed: false, hubspot_portal_id: null };
        return { payload: state.advertiser };
      },
    });
    const { api } = renderDetail(handlers);
    expect(await screen.findByText('Account ID: 4410002')).toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Disconnect "Acme Outdoor" Advertiser from HubSpot',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    // Assess
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    expect(api.callsOf('deleteHubspotTokens').map((call) => call.body)).toEqual([
      { bgAdvertiserId: 'bgAdvertiser-acme' },
    ]);
  });
});

describe('Add Payment Method', () => {
  const simulator = (reply: { status: number; json: unknown }) => {
    const confirm = vi.fn((request: { body: string; headers: Headers }) => {
      void request;
      return reply;
    });
    return { confirm, others: { 'POST /v1/setup_intents/seti_123/confirm': confirm } };
  };

  const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Add/Edit Payment Method' }));
    return screen.findByRole('dialog', { name: 'Add Payment Method' });
  };

  const fillDialog = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, cardNumber: string) => {
    await user.type(within(dialog).getByRole('textbox', { name: /^Friendly Card Name/ }), 'Main card');
    await user.type(within(dialog).getByRole('textbox', { name: /^Billing Email/ }), 'billing@acme.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^Cardholder Name/ }), 'Ada Acme');
    await user.type(within(dialog).getByRole('textbox', { name: 'Card number' }), cardNumber);
    await user.type(within(dialog).getByRole('textbox', { name: 'Expiration' }), '1234');
    await user.type(within(dialog).getByRole('textbox', { name: 'CVC' }), '123');
  };

  it('keeps Add disabled until the setup intent is ready, then saves the confirmed card and says so for 5 s', async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    let releaseIntent: () => void = () => undefined;
    const intent = new Promise<void>((resolve) => {
      releaseIntent = resolve;
    });
    const { state, handlers } = advertiserApi(makeAdvertiser(), {
      createCardSetupIntent: async () => {
        await intent;
        return { payload: 'seti_123_secret_abc' };
      },
      saveAdvertiserCard: () => {
        state.advertiser = {
          ...state.advertiser,
          paymentMethod: { card: { last4: '4242', brand: 'visa' } },
          advertiser_card_name: 'Main card',
          billingEmail: 'billing@acme.example',
        };
        return { payload: state.advertiser };
      },
    });
    const { confirm, others } = simulator({ status: 200, json: { status: 'succeeded', payment_method: 'pm_abc' } });
    const { api } = renderDetail(handlers, { others });
    const dialog = await openDialog(user);

    // Act
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    releaseIntent();
    await waitFor(() => expect(add).toBeEnabled());
    await fillDialog(user, dialog, '4242424242424242');
    await user.click(add);

    // Assess
    expect(await screen.findByText('Card name: Main card')).toBeInTheDocument();
    expect(screen.getByText('•••• •••• •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Visa')).toBeInTheDocument();
    expect(api.callsOf('createCardSetupIntent')[0]?.query).toEqual({ advertiserId: 'bgAdvertiser-acme' });
    const sent = new URLSearchParams(confirm.mock.calls[0]?.[0].body);
    expect(Object.fromEntries(sent)).toMatchObject({
      client_secret: 'seti_123_secret_abc',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2034',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Ada Acme',
    });
    expect(confirm.mock.calls[0]?.[0].headers.get('Authorization')).toBe(
      `Bearer ${testConfig.payments.publishableKey}`,
    );
    expect(api.callsOf('saveAdvertiserCard').map((call) => call.body)).toEqual([
      {
        bgAdvertiserId: 'bgAdvertiser-acme',
        billingEmail: 'billing@acme.example',
        friendlyName: 'Main card',
        method: 'pm_abc',
      },
    ]);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'New Payment Method Was Successfully Added!', duration: 5_000 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Payment Method' })).toBeNull());
  });

  it("shows the provider's decline in the 'Card Error' alert and saves nothing", async () => {
    // Prepare
    const user = userEvent.setup();
    const { handlers } = advertiserApi(makeAdvertiser(), {
      createCardSetupIntent: () => ({ payload: 'seti_123_secret_abc' }),
    });
    const { others } = simulator({
      status: 402,
      json: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    });
    const { api } = renderDetail(handlers, { others });
    const dialog = await openDialog(user);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled());

    // Act
    await fillDialog(user, dialog, '4000000000000002');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    // Assess
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Card Error');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(api.callsOf('saveAdvertiserCard')).toEqual([]);
  });

  it('requires the three fields and checks the e-mail before touching the card', async () => {
    // Prepare
    const user = userEvent.setup();
    const { handlers } = advertiserApi(makeAdvertiser(), {
      createCardSetupIntent: () => ({ payload: 'seti_123_secret_abc' }),
    });
    const { confirm, others } = simulator({ status: 200, json: {} });
    renderDetail(handlers, { others });
    const dialog = await openDialog(user);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled());

    // Act
    await user.type(within(dialog).getByRole('textbox', { name: /^Billing Email/ }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    // Assess
    expect(await within(dialog).findByText('Wrong format, enter valid email')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Required field.')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: /^Billing Email/ })).toHaveAttribute('type', 'email');
    expect(confirm).not.toHaveBeenCalled();
  });
});
