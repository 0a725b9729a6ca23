import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { THubspotPage } from '@bidgrid/shared/crm/crm.schema';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdvertiser } from '../wizard.fixtures';
import { WIZARD_MESSAGES } from '../wizard-messages';
import type { TWizardStepProps } from '@/lib/wizard-step';
import { LandingPageStep } from './landing-page-step';
import { stepHarness } from './step-harness';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const pages: THubspotPage[] = [
  {
    id: 'p1',
    name: 'Spring offer',
    url: 'https://bluepeak.example/spring?ref=old',
    state: 'PUBLISHED',
    pageType: 'LANDING',
  },
  { id: 'p2', name: 'Company blog', url: 'https://bluepeak.example/blog/post', state: 'PUBLISHED', pageType: 'BLOG' },
];

function renderStep(connected: boolean) {
  const api = createFakeApi({ listHubspotPages: () => ({ payload: pages }) });
  const draft = {
    ...newCampaignDraft(),
    selectedAdvertiser: makeAdvertiser(connected ? { hubspot_authed: true, hubspot_portal_id: 4410001 } : {}),
  };
  const harness = stepHarness(LandingPageStep, { draft });
  renderWithApi(api, <harness.Harness />, { path: '/wizard', session });
  return { api, ...harness };
}

const pressNext = async (next: () => Promise<unknown>) => {
  let outcome: unknown;
  await act(async () => {
    outcome = await next();
  });
  return outcome;
};

/** The step with what the wizard does when the advertiser as it is now arrives: a newer copy in the draft. */
function ConnectedMeanwhile(props: TWizardStepProps) {
  const connect = (): void =>
    props.updateDraft((draft) =>
      draft.selectedAdvertiser
        ? {
            ...draft,
            selectedAdvertiser: { ...draft.selectedAdvertiser, hubspot_authed: true, hubspot_portal_id: 4410001 },
          }
        : draft,
    );
  return (
    <>
      <button type="button" onClick={connect}>
        Newer copy arrives
      </button>
      <LandingPageStep {...props} />
    </>
  );
}

describe('Landing Page step', () => {
  it('offers the CRM pages once the advertiser turns out to be connected to HubSpot', async () => {
    // Prepare: the draft's copy says not connected.
    const user = userEvent.setup();
    const api = createFakeApi({ listHubspotPages: () => ({ payload: pages }) });
    const harness = stepHarness(ConnectedMeanwhile, {
      draft: { ...newCampaignDraft(), selectedAdvertiser: makeAdvertiser() },
    });
    renderWithApi(api, <harness.Harness />, { path: '/wizard', session });
    expect(screen.getByText(WIZARD_MESSAGES.useCustomUrl)).toBeInTheDocument();

    // Act
    await user.click(screen.getByRole('button', { name: 'Newer copy arrives' }));

    // Assess: its pages are offered, none chosen yet (the draft has no landing page).
    expect(await screen.findByRole('radio', { name: /Spring offer/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Custom URL' })).not.toBeChecked();
    expect(screen.queryByText(WIZARD_MESSAGES.useCustomUrl)).not.toBeInTheDocument();
  });

  it('asks an advertiser without a CRM connection for a custom URL, with the gate, the URL rule and its texts', async () => {
    // Prepare
    const user = userEvent.setup();
    const { next, api, state } = renderStep(false);
    expect(screen.getByText(WIZARD_MESSAGES.useCustomUrl)).toBeInTheDocument();
    const url = screen.getByRole('textbox', { name: 'Custom URL' });

    // Act / Assess: nothing entered.
    expect(await pressNext(next)).toEqual({
      advance: false,
      message: 'Please, select a destination page to continue.',
    });
    expect(await screen.findByText('Required field.')).toBeInTheDocument();

    // Act / Assess: a bad URL.
    await user.type(url, 'https://-acme.example/x y');
    expect(await pressNext(next)).toEqual({ advance: false });
    expect(await screen.findByText('Invalid URL format')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add UTM Parameters' })).toBeDisabled();

    // Act / Assess: a good one (trimmed) goes on; no CRM call was made.
    await user.clear(url);
    await user.type(url, '  acme.example/summer  ');
    expect(await pressNext(next)).toEqual({ advance: true });
    expect(state.draft.landingPage).toBe('acme.example/summer');
    expect(api.callsOf('listHubspotPages')).toHaveLength(0);
  });

  it("offers a connected advertiser's HubSpot pages, and the UTM builder replaces the page's query string", async () => {
    // Prepare
    const user = userEvent.setup();
    const { next, api, state } = renderStep(true);
    const spring = await screen.findByRole('radio', { name: /Spring offer/ });
    expect(screen.getByRole('button', { name: 'Add UTM Parameters' })).toBeDisabled();
    expect(await pressNext(next)).toEqual({
      advance: false,
      message: 'Please, select a destination page to continue.',
    });

    // Act
    await user.click(spring);
    await user.click(screen.getByRole('button', { name: 'Add UTM Parameters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add UTM Parameters' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findAllByText('Required field.')).toHaveLength(3);
    await user.type(within(dialog).getByRole('textbox', { name: 'Campaign' }), ' spring sale ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Content' }), 'banner');
    await user.type(within(dialog).getByRole('textbox', { name: 'Medium' }), 'display');
    await user.type(within(dialog).getByRole('textbox', { name: 'Term' }), 'b2b');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    // Assess
    const expected =
      'https://bluepeak.example/spring?utm_campaign=spring%20sale&utm_content=banner&utm_medium=display&utm_term=b2b';
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(spring).toBeChecked();
    expect(await pressNext(next)).toEqual({ advance: true });
    expect(state.draft.landingPage).toBe(expected);
    expect(state.draft.foundHubspotPages.map((page) => page.id)).toEqual(['p1', 'p2']);
    expect(api.callsOf('listHubspotPages')[0]).toMatchObject({
      params: { id: 'bgAdvertiser-acme' },
      query: { types: 'landing_page,site_page,blogPosts' },
    });
  });
});
