import { ChakraProvider } from '@chakra-ui/react';
import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { STORAGE_KEYS, TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { abmFlowSteps, CAMPAIGN_DRAFT_KEY, setCampaignSteps } from '@/lib/campaign-flow';
import { EMPTY_FEATURE_SLOTS, FeatureSlotsContext, type TFeatureSlots } from '@/lib/feature-slots';
import { toaster } from '@/lib/toaster';
import { advance, type TWizardStepProps } from '@/lib/wizard-step';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { system } from '@/theme/system';
import { finishedDraft, makeAdvertiser, matchedRow } from '../wizard.fixtures';
import { WIZARD_MESSAGES } from '../wizard-messages';
import { Component as ManagedCampaign } from './managed-campaign';
import { lazy, useEffect } from 'react';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const acme = makeAdvertiser();
const northwind = makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-northwind', name: 'Northwind', paymentMethod: null });
const bluepeak = makeAdvertiser({
  bgAdvertiserId: 'bgAdvertiser-bluepeak',
  name: 'Bluepeak Logistics',
  hubspot_authed: true,
  hubspot_portal_id: 4410001,
});

/**
 * A Target Companies screen that always lets Next through (the real one is the targeting feature's); it
 * says which sources the draft's advertiser offers, and offers another advertiser as the real one does.
 */
function FakeTargetCompanies({ draft, changeAdvertiser, setNextHandler }: TWizardStepProps) {
  useEffect(() => {
    setNextHandler(async () => advance);
    return () => setNextHandler(null);
  }, [setNextHandler]);
  return (
    <>
      <p>Target companies screen</p>
      <p>{draft.selectedAdvertiser?.hubspot_authed ? 'HubSpot sources offered' : 'CSV only'}</p>
      <button type="button" onClick={() => void changeAdvertiser(acme)}>
        Target Acme Robotics
      </button>
    </>
  );
}

const slots: TFeatureSlots = {
  ...EMPTY_FEATURE_SLOTS,
  targetCompaniesStep: FakeTargetCompanies,
};

/** The agency's advertisers as the server has them now (a test may add a card or a CRM connection). */
let world: TAdvertiser[] = [];

function renderWizard(withSlots: TFeatureSlots = slots) {
  const api = createFakeApi({
    listAdvertisersByAgency: () => ({ payload: world }),
    getAdvertiser: ({ params }) => {
      const found = world.find((advertiser) => advertiser.bgAdvertiserId === params['id']);
      return found ? { payload: found } : { error: 'Advertiser not found.', status: 404 };
    },
    listPublicDomainLists: () => ({ payload: [] }),
    listCreativesByAdGroup: () => ({ payload: [] }),
    deleteAdGroup: ({ body }) => ({ payload: body }),
    listHubspotPages: () => ({
      payload: [
        { id: 'p1', name: 'Demo page', url: 'https://bluepeak.example/demo', state: 'PUBLISHED', pageType: 'LANDING' },
      ],
    }),
  });
  const view = renderWithApi(
    api,
    <FeatureSlotsContext.Provider value={withSlots}>
      <ManagedCampaign />
    </FeatureSlotsContext.Provider>,
    {
      path: '/campaigns/create/managed',
      session,
      extraRoutes: [{ path: '/advertisers/:id', element: <p>Advertiser page</p> }],
    },
  );
  return { api, ...view };
}

const stepsNav = () => screen.getByRole('navigation', { name: 'Campaign steps' });

let toasts: MockInstance<typeof toaster.create>;
beforeEach(() => {
  world = [northwind, acme, bluepeak];
  toasts = vi.spyOn(toaster, 'create');
  setCampaignSteps(abmFlowSteps);
  localStorage.setItem(STORAGE_KEYS.isDynamicABA, 'true');
});
afterEach(() => vi.restoreAllMocks());

describe('managed (ABM) wizard', () => {
  it('runs the ABM list sorted, with Back first and the gate of Select Advertiser for 5 s', async () => {
    // Prepare
    const user = userEvent.setup();
    renderWizard();
    await screen.findByRole('radio', { name: 'Acme Robotics' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Assess: the ABM steps with screens (Ad Group is always kept), Back on the first step, the gate.
    expect(
      within(stepsNav())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1. Select Advertiser',
      '2. Campaign Details',
      '3. Target Companies',
      '4. Landing Page',
      '5. Ad Group',
      '6. Summary',
    ]);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(toasts).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Please, select advertiser.', duration: TOAST_MS.gate }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Select Advertiser' })).toBeInTheDocument();
  });

  it('blocks an advertiser without a card with the 20 s toast whose link goes to its page', async () => {
    // Prepare
    const user = userEvent.setup();
    const { router } = renderWizard();

    // Act
    await user.click(await screen.findByRole('radio', { name: 'Northwind' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Assess: the spec's toast (000 §9: 20 s), the step stays.
    await vi.waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', duration: TOAST_MS.missingCard, closable: true }),
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Select Advertiser' })).toBeInTheDocument();
    const toast = toasts.mock.calls.find(([options]) => options.duration === TOAST_MS.missingCard)?.[0];
    const message = render(<ChakraProvider value={system}>{toast?.title}</ChakraProvider>);
    expect(message.container).toHaveTextContent(WIZARD_MESSAGES.missingCard);
    const link = within(message.container).getByRole('link', { name: 'Go to the Advertiser Detail Page' });
    expect(link).toHaveAttribute('href', '/advertisers/bgAdvertiser-northwind');

    // Act / Assess: the link is a page of the app.
    await user.click(link);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/advertisers/bgAdvertiser-northwind'));
  });

  it('takes the missing-card message away once another advertiser is picked', async () => {
    // Prepare
    const user = userEvent.setup();
    const dismissed = vi.spyOn(toaster, 'dismiss');
    renderWizard();
    await user.click(await screen.findByRole('radio', { name: 'Northwind' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ duration: TOAST_MS.missingCard })),
    );
    const id = toasts.mock.results.find((_, index) => toasts.mock.calls[index]?.[0].duration === TOAST_MS.missingCard)
      ?.value as string;

    // Act
    await user.click(screen.getByRole('radio', { name: 'Acme Robotics' }));

    // Assess
    expect(dismissed).toHaveBeenCalledWith(id);
  });

  it('goes on without picking again once the card was added meanwhile and the user came back', async () => {
    // Prepare: Northwind is picked and refused for its missing card.
    const user = userEvent.setup();
    const first = renderWizard();
    await user.click(await screen.findByRole('radio', { name: 'Northwind' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ duration: TOAST_MS.missingCard })),
    );
    first.unmount();
    // The user adds the card on the advertiser's page, then comes back with Back.
    world = world.map((advertiser) =>
      advertiser.bgAdvertiserId === northwind.bgAdvertiserId
        ? { ...advertiser, paymentMethod: { card: { last4: '4242', brand: 'visa' } } }
        : advertiser,
    );
    toasts.mockClear();
    const { api } = renderWizard();
    expect(await screen.findByRole('radio', { name: 'Northwind' })).toBeChecked();

    // Act: Next, then the CSV confirmation (Northwind has no CRM connection).
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.noCrmTitle })).getByRole('button', {
        name: WIZARD_MESSAGES.noCrmConfirm,
      }),
    );

    // Assess: the advertiser as it is now (asked of the server), not the copy the draft made.
    expect(await screen.findByRole('heading', { level: 2, name: 'Campaign Details' })).toBeInTheDocument();
    expect(toasts).not.toHaveBeenCalledWith(expect.objectContaining({ duration: TOAST_MS.missingCard }));
    expect(api.callsOf('getAdvertiser').map((call) => call.params)).toContainEqual({ id: 'bgAdvertiser-northwind' });
  });

  it('asks to confirm a CSV company list for an advertiser without a CRM connection, then sets companyIps', async () => {
    // Prepare
    const user = userEvent.setup();
    renderWizard();
    await user.click(await screen.findByRole('radio', { name: 'Acme Robotics' }));

    // Act: No first.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.noCrmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess: still on the step.
    expect(screen.getByRole('heading', { level: 2, name: 'Select Advertiser' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.customCampaignType)).toBeNull();

    // Act: then confirm.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.noCrmTitle })).getByRole('button', {
        name: WIZARD_MESSAGES.noCrmConfirm,
      }),
    );

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Campaign Details' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.customCampaignType)).toBe('companyIps');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
  });

  it('lets an ABM step be clicked when it or the one before is done, and a CRM advertiser goes straight on', async () => {
    // Prepare
    const user = userEvent.setup();
    renderWizard();
    await user.click(await screen.findByRole('radio', { name: 'Bluepeak Logistics' }));
    // Bluepeak has a CRM connection but no card in the seed; here it has one.

    // Act
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Campaign Details' });

    // Assess: step 1 is done (clickable), step 2 is current, step 3 follows an unfinished step.
    expect(within(stepsNav()).getByRole('button', { name: '1. Select Advertiser' })).toBeInTheDocument();
    expect(within(stepsNav()).queryByRole('button', { name: '3. Target Companies' })).not.toBeInTheDocument();
    expect(within(stepsNav()).getByText('2. Campaign Details')).toHaveAttribute('aria-current', 'step');

    // Act / Assess: back to step 1 by its header; step 2 can now be opened (its previous step is done).
    await user.click(within(stepsNav()).getByRole('button', { name: '1. Select Advertiser' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Select Advertiser' })).toBeInTheDocument();
    await user.click(within(stepsNav()).getByRole('button', { name: '2. Campaign Details' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Campaign Details' })).toBeInTheDocument();
  });

  it('keeps the draft and the step across a reload, and Reset clears the draft but keeps the steps', async () => {
    // Prepare
    const user = userEvent.setup();
    const first = renderWizard();
    await user.click(await screen.findByRole('radio', { name: 'Bluepeak Logistics' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Campaign Details' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Summer push');
    first.unmount();

    // Act: a reload.
    renderWizard();

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Campaign Details' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Summer push');

    // Act: Reset.
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Select Advertiser' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Bluepeak Logistics' })).not.toBeChecked();
    expect(within(stepsNav()).getAllByRole('listitem')).toHaveLength(6);
  });

  it('drops the Target Companies step when no screen is given for it', async () => {
    // Act
    renderWizard({ ...slots, targetCompaniesStep: null });
    await screen.findByRole('radio', { name: 'Acme Robotics' });

    // Assess
    expect(within(stepsNav()).queryByText('3. Target Companies')).not.toBeInTheDocument();
    expect(within(stepsNav()).getAllByRole('listitem')).toHaveLength(5);
  });

  it('keeps Next disabled while a step of another feature is still loading, so it is never passed ungated', async () => {
    // Prepare: the Target Companies chunk loads when the test says so.
    const user = userEvent.setup();
    let load: (module: { default: typeof FakeTargetCompanies }) => void = () => undefined;
    const LazyTargetCompanies = lazy(
      () => new Promise<{ default: typeof FakeTargetCompanies }>((resolve) => (load = resolve)),
    );
    localStorage.setItem(STORAGE_KEYS.isDynamicABA, 'true');
    sessionStorage.setItem(
      'campaignWizardProgress',
      JSON.stringify({ active: 'target companies', done: ['select advertiser', 'campaign details'] }),
    );
    renderWizard({ ...slots, targetCompaniesStep: LazyTargetCompanies });

    // Assess: the step is shown as loading and Next waits.
    expect(await screen.findByText('Loading the step…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Act
    await act(async () => load({ default: FakeTargetCompanies }));

    // Assess
    expect(await screen.findByText('Target companies screen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Landing Page' })).toBeInTheDocument();
  });

  it('offers the HubSpot sources and CRM pages of an advertiser connected to HubSpot meanwhile', async () => {
    // Prepare: Acme was picked without a CRM connection; the user connected it and came back to step 3.
    const user = userEvent.setup();
    sessionStorage.setItem(CAMPAIGN_DRAFT_KEY, JSON.stringify({ ...finishedDraft(), selectedAdvertiser: acme }));
    sessionStorage.setItem(
      'campaignWizardProgress',
      JSON.stringify({ active: 'target companies', done: ['select advertiser', 'campaign details'] }),
    );
    world = world.map((advertiser) =>
      advertiser.bgAdvertiserId === acme.bgAdvertiserId
        ? { ...advertiser, hubspot_authed: true, hubspot_portal_id: 4410002 }
        : advertiser,
    );

    // Act
    renderWizard();

    // Assess: the step reads the advertiser as it is now.
    expect(await screen.findByText('HubSpot sources offered')).toBeInTheDocument();

    // Act / Assess: and so does the Landing Page, which offers its CRM pages.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('radio', { name: /Demo page/ })).toBeInTheDocument();
    expect(screen.queryByText(WIZARD_MESSAGES.useCustomUrl)).not.toBeInTheDocument();
  });

  it('names what a change of advertiser clears first: Cancel keeps the old one, confirming clears it', async () => {
    // Prepare: Bluepeak's draft with its HubSpot companies, segments and ad group, on Target Companies.
    const user = userEvent.setup();
    const draft: TCampaignDraft = finishedDraft({
      selectedAdvertiser: bluepeak,
      selectedSegmentIds: ['seg-pricing'],
      foundCompanyInfo: {
        primarySegments: [matchedRow('keystone.example')],
        uniqueSegments: [matchedRow('keystone.example')],
        matches: 1,
        fromFile: false,
      },
      selectedZipCodes: ['62701'],
    });
    sessionStorage.setItem(CAMPAIGN_DRAFT_KEY, JSON.stringify(draft));
    sessionStorage.setItem(
      'campaignWizardProgress',
      JSON.stringify({
        active: 'target companies',
        done: ['select advertiser', 'campaign details', 'target companies', 'ad group page'],
      }),
    );
    const { api } = renderWizard();
    await screen.findByText('Target companies screen');

    // Act: Acme chosen on the step, then Cancel.
    await user.click(screen.getByRole('button', { name: 'Target Acme Robotics' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change the advertiser to Acme Robotics?' });
    expect(
      within(dialog).getByText('These choices belong to Bluepeak Logistics and will be cleared:'),
    ).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'What will be cleared' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Visitor and CRM re-targeting segments', 'Target companies taken from HubSpot', 'The ad group']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess: nothing changed.
    const stored = (): TCampaignDraft =>
      JSON.parse(sessionStorage.getItem(CAMPAIGN_DRAFT_KEY) ?? '{}') as TCampaignDraft;
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(stored().selectedAdvertiser?.bgAdvertiserId).toBe(bluepeak.bgAdvertiserId);
    expect(stored().createdAdGroup?.adGroupId).toBe('bg-ad-group-summer');

    // Act: again, and confirm.
    await user.click(screen.getByRole('button', { name: 'Target Acme Robotics' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Change the advertiser to Acme Robotics?' })).getByRole(
        'button',
        { name: WIZARD_MESSAGES.switchConfirm },
      ),
    );

    // Assess: Acme's draft keeps what belongs to no advertiser; Bluepeak's ad group is removed at the server.
    await vi.waitFor(() => expect(stored().selectedAdvertiser?.bgAdvertiserId).toBe(acme.bgAdvertiserId));
    expect(stored()).toMatchObject({
      selectedSegmentIds: [],
      foundCompanyInfo: null,
      createdAdGroup: null,
      selectedZipCodes: ['62701'],
    });
    await vi.waitFor(() =>
      expect(api.callsOf('deleteAdGroup').map((call) => call.body)).toEqual([{ adGroupId: 'bg-ad-group-summer' }]),
    );
    expect(JSON.parse(sessionStorage.getItem('campaignWizardProgress') ?? '{}')).toMatchObject({
      done: ['select advertiser', 'campaign details'],
    });
  });
});
