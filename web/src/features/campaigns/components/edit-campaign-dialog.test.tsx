import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeCampaign } from '../campaigns.fixtures';
import { EditCampaignDialog } from './edit-campaign-dialog';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const TODAY = '2026-06-15';

function renderEdit(campaign: TCampaign, handlers: FakeHandlers = {}) {
  const api = createFakeApi(handlers);
  const onClose = vi.fn();
  const onSaved = vi.fn(async () => undefined);
  renderWithApi(api, <EditCampaignDialog campaign={campaign} onClose={onClose} onSaved={onSaved} now={() => TODAY} />, {
    path: '/advertisers/bgAdvertiser-acme',
    route: '/advertisers/:id',
    session,
  });
  return { api, onClose, onSaved };
}

const future = makeCampaign({ start_date: '2026-07-01', end_date: '2026-07-31', daily_budget: 10, maxBid: 5 });

describe('Edit Campaign Details', () => {
  it('saves the changed details with the estimated budget', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api, onClose, onSaved } = renderEdit(future, {
      updateCampaignDetails: () => ({ payload: future }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign Details' });

    // Act
    await user.clear(within(dialog).getByLabelText(/Daily Budget/));
    await user.type(within(dialog).getByLabelText(/Daily Budget/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assess
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    expect(api.callsOf('updateCampaignDetails')[0]?.body).toEqual({
      bgCampaignId: 'bg-campaign-spring',
      beeswaxCampaignId: 501,
      updateBody: {
        name: 'Spring Launch',
        description: 'Spring promotion',
        daily_budget: 20,
        campaign_budget: 600,
        max_bid: 5,
        start_date: '2026-07-01',
        end_date: '2026-07-31',
        active: true,
        maxCompanies: 0,
        showInHubspot: false,
        isVideoCampaign: false,
      },
    });
  });

  it('shows the live texts while typing and the submit texts on Save', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderEdit(future);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign Details' });

    // Act: live
    await user.clear(within(dialog).getByLabelText(/Max Bid/));
    await user.type(within(dialog).getByLabelText(/Max Bid/), '0');
    fireEvent.change(within(dialog).getByLabelText(/Start Date/), { target: { value: '2026-06-01' } });
    await user.clear(within(dialog).getByLabelText(/^Name/));

    // Assess
    expect(await within(dialog).findByText('Number must be positive')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a future or current date')).toBeInTheDocument();
    expect(within(dialog).getByText('Required field.')).toBeInTheDocument();

    // Act: submit (with a name: the shared schema stops at a missing name before the cross-field rules)
    await user.type(within(dialog).getByLabelText(/^Name/), 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assess
    expect(await within(dialog).findByText('Number must be positive!')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a future or current date!')).toBeInTheDocument();
    expect(api.callsOf('updateCampaignDetails')).toHaveLength(0);

    // Act: the remaining rules
    fireEvent.change(within(dialog).getByLabelText(/Start Date/), { target: { value: '2026-07-10' } });
    fireEvent.change(within(dialog).getByLabelText(/End Date/), { target: { value: '2026-07-10' } });
    await user.clear(within(dialog).getByLabelText(/Max Bid/));
    await user.type(within(dialog).getByLabelText(/Max Bid/), '101');

    // Assess
    expect(await within(dialog).findByText('The end date must be after the start date')).toBeInTheDocument();
    expect(within(dialog).getByText('Max Bid can not exceed $100')).toBeInTheDocument();

    // Act
    fireEvent.change(within(dialog).getByLabelText(/End Date/), { target: { value: '2026-07-12' } });
    await user.clear(within(dialog).getByLabelText(/Max Bid/));
    await user.type(within(dialog).getByLabelText(/Max Bid/), '30');

    // Assess: 2 days at 10 a day is 20, below the bid
    expect(await within(dialog).findByText('Max Bid can not be greater than the Estimated Budget')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Estimated Budget')).toHaveValue('$20.00');
  });

  it('keeps the start date of a started campaign and shows the company cap only for sales-enabled ones', async () => {
    // Prepare
    const user = userEvent.setup();
    renderEdit(makeCampaign({ start_date: '2026-06-01', end_date: '2026-08-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign Details' });

    // Assess
    expect(within(dialog).getByLabelText(/Start Date/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/Media Type/)).toHaveAttribute('readonly');
    expect(within(dialog).queryByLabelText(/Max Companies/)).not.toBeInTheDocument();

    // Act
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sales Enabled Campaign' }));

    // Assess
    expect(within(dialog).getByLabelText(/Max Companies/)).toBeInTheDocument();
  });

  it('disables everything 175 days after the end', async () => {
    // Prepare
    const ended = makeCampaign({ active: false, start_date: '2025-10-01', end_date: '2025-12-22' });

    // Act
    renderEdit(ended);

    // Assess
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign Details' });
    expect(within(dialog).getByLabelText(/^Name/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/End Date/)).toBeDisabled();
    expect(within(dialog).getByLabelText(/Daily Budget/)).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("resets the form and says 'There was an error: {message}' when the save fails", async () => {
    // Prepare
    const user = userEvent.setup();
    renderEdit(future, { updateCampaignDetails: () => ({ error: 'The bidder refused the budget.', status: 502 }) });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Campaign Details' });
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Renamed');

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Assess
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'There was an error: The bidder refused the budget.',
    );
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Spring Launch');
  });
});
