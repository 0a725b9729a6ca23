import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PICKER_TICKET_HEADER } from '@bidgrid/shared/api/operation';
import { ADD_COMPANY_OUTCOME_MESSAGES, type TCrmCampaign } from '@bidgrid/shared/crm/crm.schema';
import { createFakeApi, renderWithApi, type FakeHandlers, type FakeReply } from '@/test/fake-api';
import { fakeSession } from '@/test/render';
import {
  INACTIVE_CAMPAIGN_NOTE,
  INACTIVE_CAMPAIGN_QUESTION,
  NO_PICKER_CAMPAIGNS,
  PICKER_CAMPAIGNS_FAILED,
  PICKER_LINK_REFUSED,
} from '../picker-texts';
import { Component as PickerPage } from './public-campaigns-picker';

const TICKET = 'ticket-abc.def';
const PICKER_PATH = `/public-campaigns-picker?portalId=4410001&domain=acme.test&companyName=Acme%20Inc&ticket=${TICKET}`;

const campaigns: TCrmCampaign[] = [
  { bgCampaignId: 'bg-campaign-spring', name: 'Spring push', active: true },
  { bgCampaignId: 'bg-campaign-paused', name: 'Paused push', active: false },
];

/** A deferred reply, to look at the page while a call is on its way. */
function deferred() {
  let resolve: (reply: FakeReply) => void = () => undefined;
  const promise = new Promise<FakeReply>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function renderPicker(handlers: FakeHandlers, path = PICKER_PATH) {
  const api = createFakeApi({
    listCrmCardCampaigns: () => ({ payload: { campaigns } }),
    addCompanyToCampaign: () => ({ payload: { message: 'company-added' } }),
    ...handlers,
  });
  renderWithApi(api, <PickerPage />, { path, session: fakeSession() });
  return { api, user: userEvent.setup() };
}

const campaignSelect = () => screen.findByRole('combobox', { name: 'Select Campaign' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const resultRegion = () => screen.getByRole('status');

describe('public campaigns picker', () => {
  it('shows a spinner while the campaigns load, asking with the portal and the ticket', async () => {
    // Prepare
    const reply = deferred();
    const { api } = renderPicker({ listCrmCardCampaigns: () => reply.promise });

    // Act
    const loading = await screen.findByRole('status');

    // Assess
    expect(loading).toHaveTextContent('Loading campaigns…');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    reply.resolve({ payload: { campaigns } });
    expect(await campaignSelect()).toBeInTheDocument();
    const [call] = api.callsOf('listCrmCardCampaigns');
    expect(call?.query).toEqual({ portalId: '4410001' });
    expect(call?.headers[PICKER_TICKET_HEADER.toLowerCase()]).toBe(TICKET);
    expect(call?.headers['authorization']).toBeUndefined();
  });

  it("lists the portal's campaigns with Submit disabled until one is chosen", async () => {
    // Prepare
    const { user } = renderPicker({});
    const select = await campaignSelect();

    // Act
    const before = submitButton();
    expect(before).toBeDisabled();
    await user.selectOptions(select, 'bg-campaign-spring');

    // Assess
    expect(screen.getByText(/^Company:/)).toHaveTextContent('Company: Acme Inc (acme.test)');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a campaign', 'Spring push', 'Paused push (inactive)']);
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByText(INACTIVE_CAMPAIGN_NOTE)).not.toBeInTheDocument();
  });

  it('says so when the portal has no campaign, without a dropdown', async () => {
    // Prepare
    renderPicker({ listCrmCardCampaigns: () => ({ payload: { campaigns: [] } }) });

    // Act
    const empty = await screen.findByText(NO_PICKER_CAMPAIGNS);

    // Assess
    expect(empty).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows a failed load with the server text and asks again on Try again', async () => {
    // Prepare
    let fail = true;
    const { user } = renderPicker({
      listCrmCardCampaigns: () => (fail ? { error: 'The server is busy.', status: 503 } : { payload: { campaigns } }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PICKER_CAMPAIGNS_FAILED);
    expect(alert).toHaveTextContent('The server is busy.');

    // Act
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    // Assess
    expect(await campaignSelect()).toBeInTheDocument();
  });

  it('tells the user to reopen the card when the server refuses the ticket', async () => {
    // Prepare
    renderPicker({ listCrmCardCampaigns: () => ({ error: 'The picker link has expired.', status: 401 }) });

    // Act
    const alert = await screen.findByRole('alert');

    // Assess
    expect(alert).toHaveTextContent(PICKER_LINK_REFUSED);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the red note for an inactive campaign, described to the dropdown', async () => {
    // Prepare
    const { user } = renderPicker({});
    const select = await campaignSelect();

    // Act
    await user.selectOptions(select, 'bg-campaign-paused');

    // Assess
    const note = screen.getByText(INACTIVE_CAMPAIGN_NOTE);
    expect(select).toHaveAccessibleDescription(INACTIVE_CAMPAIGN_NOTE);
    expect(note).toBeVisible();
    await user.selectOptions(select, 'bg-campaign-spring');
    expect(screen.queryByText(INACTIVE_CAMPAIGN_NOTE)).not.toBeInTheDocument();
  });

  it('asks before adding to an inactive campaign: Cancel keeps the company out, Confirm adds it', async () => {
    // Prepare
    const { api, user } = renderPicker({});
    await user.selectOptions(await campaignSelect(), 'bg-campaign-paused');

    // Act: Cancel
    await user.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(INACTIVE_CAMPAIGN_QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess: nothing sent
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsOf('addCompanyToCampaign')).toEqual([]);
    expect(resultRegion()).toBeEmptyDOMElement();

    // Act: Confirm
    await user.click(submitButton());
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));

    // Assess: sent once with the link's company and ticket
    await waitFor(() => expect(resultRegion()).toHaveTextContent(ADD_COMPANY_OUTCOME_MESSAGES['company-added']));
    const calls = api.callsOf('addCompanyToCampaign');
    expect(calls.map((call) => call.query)).toEqual([
      { portalId: '4410001', campaignId: 'bg-campaign-paused', domain: 'acme.test', companyName: 'Acme Inc' },
    ]);
    expect(calls[0]?.headers[PICKER_TICKET_HEADER.toLowerCase()]).toBe(TICKET);
  });

  it('adds to an active campaign without asking, Submit busy meanwhile', async () => {
    // Prepare
    const reply = deferred();
    const { api, user } = renderPicker({ addCompanyToCampaign: () => reply.promise });
    await user.selectOptions(await campaignSelect(), 'bg-campaign-spring');

    // Act
    await user.click(submitButton());

    // Assess
    await waitFor(() => expect(api.callsOf('addCompanyToCampaign')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submitting' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Select Campaign' })).toBeDisabled();
    reply.resolve({ payload: { message: 'company-added' } });
    await waitFor(() => expect(resultRegion()).toHaveTextContent(ADD_COMPANY_OUTCOME_MESSAGES['company-added']));
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Select Campaign' })).toBeEnabled();
  });

  it.each([
    [
      'company-added',
      'The campaign has been added to your customer-relationship account. You can now close this window.',
    ],
    ['no-match', "No match found for this company in our Database. We couldn't add this company to the campaign."],
    [
      'company-limit-reached',
      "The selected campaign has reached the maximum number of companies that can be added to it. We couldn't add this company to the campaign.",
    ],
    ['already-added', ADD_COMPANY_OUTCOME_MESSAGES['already-added']],
  ] as const)('shows the %s outcome in the live region', async (outcome, text) => {
    // Prepare
    const { user } = renderPicker({ addCompanyToCampaign: () => ({ payload: { message: outcome } }) });
    await user.selectOptions(await campaignSelect(), 'bg-campaign-spring');

    // Act
    await user.click(submitButton());

    // Assess
    await waitFor(() => expect(resultRegion()).toHaveTextContent(text));
    expect(resultRegion()).toHaveAttribute('aria-live', 'polite');
  });

  it('says the link is refused when the server refuses the ticket on Submit', async () => {
    // Prepare
    const { user } = renderPicker({
      addCompanyToCampaign: () => ({ error: 'The picker link has expired.', status: 401 }),
    });
    await user.selectOptions(await campaignSelect(), 'bg-campaign-spring');

    // Act
    await user.click(submitButton());

    // Assess
    await waitFor(() => expect(resultRegion()).toHaveTextContent(PICKER_LINK_REFUSED));
  });

  it('shows the server text of another failed Submit', async () => {
    // Prepare
    const { user } = renderPicker({
      addCompanyToCampaign: () => ({ error: 'The bidder is unavailable.', status: 502 }),
    });
    await user.selectOptions(await campaignSelect(), 'bg-campaign-spring');

    // Act
    await user.click(submitButton());

    // Assess
    await waitFor(() => expect(resultRegion()).toHaveTextContent('The bidder is unavailable.'));
  });

  it.each([
    ['/public-campaigns-picker', 'portalId, domain, companyName, ticket'],
    ['/public-campaigns-picker?portalId=abc&domain=acme.test&companyName=Acme&ticket=t', 'portalId'],
    ['/public-campaigns-picker?portalId=7&domain=acme.test&companyName=%20&ticket=t', 'companyName'],
    ['/public-campaigns-picker?portalId=7&domain=acme.test&companyName=Acme', 'ticket'],
  ])('names what %s lacks and makes no call', async (path, missing) => {
    // Prepare
    const { api } = renderPicker({}, path);

    // Act
    const alert = await screen.findByRole('alert');

    // Assess
    expect(alert).toHaveTextContent(`(missing or not valid: ${missing})`);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
