import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { toaster } from '@/lib/toaster';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { bodyCellTexts } from '@/test/table-texts';
import { makeAdvertiser } from '../advertiser.fixtures';
import { Component as AdvertisersPage } from './advertisers';

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

function renderList(handlers: FakeHandlers, path = '/advertisers') {
  const api = createFakeApi(handlers);
  const rendered = renderWithApi(api, <AdvertisersPage />, {
    path,
    route: '/advertisers',
    session,
    extraRoutes: [{ path: '/advertisers/:id', element: <Where /> }],
  });
  return { api, ...rendered };
}

const rowTexts = (): string[][] =>
  bodyCellTexts(screen.getByRole('table', { name: 'Advertisers associated with your account' }));

describe('Advertisers page', () => {
  it('with no advertisers shows the invitation text and the create button', async () => {
    // Act
    renderList({ listAdvertisersByAgency: () => ({ payload: [] }) });

    // Assess
    expect(await screen.findByText('Advertisers: Create, edit and view Advertiser accounts.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Advertisers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Advertiser' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByText('Advertisers')).toHaveAttribute('aria-current', 'page');
  });

  it('lists advertisers sorted by name with cut names, card digits or No Card, and Details links', async () => {
    // Prepare
    const long = 'Zeta Worldwide Outdoor Advertising Holdings International';
    const advertisers: TAdvertiser[] = [
      makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-z', name: long }),
      makeAdvertiser({
        bgAdvertiserId: 'bgAdvertiser-b',
        name: 'beta Foods',
        createdBy: 'ana',
        paymentMethod: { card: { last4: '4242', brand: 'visa' } },
      }),
      makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-a', name: 'Alpha Cars' }),
    ];

    // Act
    renderList({ listAdvertisersByAgency: () => ({ payload: advertisers }) });

    // Assess
    expect(
      await screen.findByRole('heading', { name: 'Advertisers associated with your account' }),
    ).toBeInTheDocument();
    const rows = rowTexts();
    expect(rows.map((row) => row[0])).toEqual(['Alpha Cars', 'beta Foods', `${long.slice(0, 36)}…`]);
    expect(screen.getByText(`${long.slice(0, 36)}…`)).toHaveAttribute('title', long);
    expect(rows[1]?.slice(1, 4)).toEqual(['ana', 'May 6th 2024', '•••• 4242']);
    expect(rows[0]?.[3]).toBe('No Card');
    expect(screen.getByRole('link', { name: 'Details of Alpha Cars' })).toHaveAttribute(
      'href',
      '/advertisers/bgAdvertiser-a',
    );
  });

  it('shows an error state with a retry when the list cannot be loaded', async () => {
    // Prepare
    let fail = true;
    const { api } = renderList({
      listAdvertisersByAgency: () => (fail ? { error: 'Advertisers are down.', status: 500 } : { payload: [] }),
    });

    // Act
    expect(await screen.findByText('The advertisers could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(await screen.findByText('Advertisers: Create, edit and view Advertiser accounts.')).toBeInTheDocument();
    expect(api.onApiError).toHaveBeenCalledWith('Advertisers are down.');
  });

  it('forwards a CRM return to the stored advertiser with its code and state', async () => {
    // Prepare
    localStorage.setItem('currentAdvertiserId', 'bgAdvertiser-acme');

    // Act
    const { api } = renderList({}, '/advertisers?code=c-123&state=s-456');

    // Assess
    expect(await screen.findByText('at /advertisers/bgAdvertiser-acme?code=c-123&state=s-456')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('after a cancelled consent goes back to the stored advertiser with a clean address and says so', async () => {
    // Prepare
    localStorage.setItem('currentAdvertiserId', 'bgAdvertiser-acme');
    const create = vi.spyOn(toaster, 'create');

    // Act: what the provider's Cancel sends back
    const { api, router } = renderList({}, '/advertisers?error=access_denied&state=s-456');

    // Assess
    expect(await screen.findByText('at /advertisers/bgAdvertiser-acme')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: 'The HubSpot account was not connected.' }));
    expect(api.calls).toEqual([]);
  });

  it('without a stored advertiser drops the CRM return and says the account was not connected', async () => {
    // Prepare
    const create = vi.spyOn(toaster, 'create');

    // Act
    renderList({ listAdvertisersByAgency: () => ({ payload: [] }) }, '/advertisers?code=c-123');

    // Assess
    expect(await screen.findByText('Advertisers: Create, edit and view Advertiser accounts.')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: 'The HubSpot account was not connected.' }));
  });
});

describe('Create New Advertiser dialog', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, values: Record<string, string>): Promise<void> => {
    for (const [label, value] of Object.entries(values)) {
      const input = screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
      await user.clear(input);
      if (value) await user.type(input, value);
    }
  };

  const validValues = {
    Name: 'Gamma Bikes',
    Domain: 'https://gamma-bikes.example:8443',
    'Phone Number': '(512) 555-0142',
    'Address 1': '2 Side Road',
    City: 'Austin',
    State: 'TX',
    'Postal Code': '73301',
  };

  it('checks every rule: required fields and a domain without a path', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderList({ listAdvertisersByAgency: () => ({ payload: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Create New Advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Advertiser' });

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const required = within(dialog).getAllByText('Required field.').length;
    await fill(user, { ...validValues, Domain: 'gamma.example/shop' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    expect(required).toBe(7);
    expect(await within(dialog).findByText('Must be a valid domain without path')).toBeInTheDocument();
    expect(within(dialog).queryByText('Required field.')).toBeNull();
    expect(api.callsOf('createAdvertiser')).toEqual([]);
  });

  it('defaults the phone to US, creates the advertiser with the phone in E.164, refreshes the list and shows the 2 s card notice', async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    const created = makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-gamma', name: 'Gamma Bikes' });
    let listed: TAdvertiser[] = [makeAdvertiser()];
    const { api } = renderList({
      listAdvertisersByAgency: () => ({ payload: listed }),
      createAdvertiser: () => {
        listed = [...listed, created];
        return { payload: created };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create New Advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Advertiser' });

    // Act
    expect(within(dialog).getByRole('combobox', { name: 'Phone country code' })).toHaveValue('US');
    await fill(user, validValues);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Advertiser' })).toBeNull());
    const [call] = api.callsOf('createAdvertiser');
    expect(call?.body).toMatchObject({
      name: 'Gamma Bikes',
      phone: '+15125550142',
      address_1: '2 Side Road',
      address_2: '',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      domain: 'https://gamma-bikes.example:8443',
      createdBy: 'demo',
      parentAgencyId: 'bgAgency-demo',
      category: 'IAB3',
    });
    expect((call?.body as { bgAdvertiserId: string }).bgAdvertiserId).toMatch(/^bgAdvertiser-[0-9a-f-]{36}$/);
    expect(rowTexts().map((row) => row[0])).toEqual(['Acme Outdoor', 'Gamma Bikes']);
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'The selected advertising must have a connected payment method to configure a campaign!',
        duration: 2_000,
      }),
    );
  });

  it("refuses a phone that is no phone number with 'Must be a valid phone number'", async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderList({ listAdvertisersByAgency: () => ({ payload: [] }) });
    await user.click(await screen.findByRole('button', { name: 'Create New Advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Advertiser' });

    // Act
    await fill(user, { ...validValues, 'Phone Number': 'abc' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    expect(await within(dialog).findByText('Must be a valid phone number')).toBeInTheDocument();
    expect(api.callsOf('createAdvertiser')).toEqual([]);

    // Act: fixed, the message goes as the user types
    await fill(user, { 'Phone Number': '512 555 0142' });

    // Assess
    await waitFor(() => expect(within(dialog).queryByText('Must be a valid phone number')).toBeNull());
  });

  it("takes a number typed with its own '+' as it is, whatever country is picked", async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderList({
      listAdvertisersByAgency: () => ({ payload: [] }),
      createAdvertiser: () => ({ payload: makeAdvertiser() }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create New Advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Advertiser' });

    // Act
    await fill(user, { ...validValues, 'Phone Number': '+44 20 7946 0958' });
    const shown = (within(dialog).getByRole('textbox', { name: /^Phone Number/ }) as HTMLInputElement).value;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    expect(shown).toBe('+44 20 7946 0958');
    await waitFor(() => expect(api.callsOf('createAdvertiser')).toHaveLength(1));
    expect(api.callsOf('createAdvertiser')[0]?.body).toMatchObject({ phone: '+442079460958' });
  });

  it('on failure resets the form and shows the error under the title', async () => {
    // Prepare
    const user = userEvent.setup();
    renderList({
      listAdvertisersByAgency: () => ({ payload: [] }),
      createAdvertiser: () => ({ error: 'The bidder refused the advertiser.', status: 502 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create New Advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Advertiser' });

    // Act
    await fill(user, validValues);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Assess
    expect(
      await within(dialog).findByText('There was an error: The bidder refused the advertiser.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /^Phone Number/ })).toHaveValue('');
  });
});
