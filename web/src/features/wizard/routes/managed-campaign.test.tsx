import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { STORAGE_KEYS, TOAST_MS } from '@bidgrid/shared/constants';
import { abmFlowSteps, setCampaignSteps } from '@/lib/campaign-flow';
import { EMPTY_FEATURE_SLOTS, FeatureSlotsContext, type TFeatureSlots } from '@/lib/feature-slots';
import { toaster } from '@/lib/toaster';
import { advance, type TWizardStepProps } from '@/lib/wizard-step';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdvertiser } from '../wizard.fixtures';
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

/** A Target Companies screen that always lets Next through (the real one is the targeting feature's). */
function FakeTargetCompanies({ setNextHandler }: TWizardStepProps) {
  useEffect(() => {
    setNextHandler(async () => advance);
    return () => setNextHandler(null);
  }, [setNextHandler]);
  return <p>Target companies screen</p>;
}

const slots: TFeatureSlots = {
  ...EMPTY_FEATURE_SLOTS,
  targetCompaniesStep: FakeTargetCompanies,
};

function renderWizard(withSlots: TFeatureSlots = slots) {
  const api = createFakeApi({ listAdvertisersByAgency: () => ({ payload: [northwind, acme, bluepeak] }) });
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

  it('blocks an advertiser without a card with the 20 s message linking to its page', async () => {
    // Prepare
    const user = userEvent.setup();
    const timers = vi.spyOn(window, 'setTimeout');
    renderWizard();

    // Act
    await user.click(await screen.findByRole('radio', { name: 'Northwind' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Assess
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(WIZARD_MESSAGES.missingCard);
    expect(within(alert).getByRole('link', { name: 'Go to the Advertiser Detail Page' })).toHaveAttribute(
      'href',
      '/advertisers/bgAdvertiser-northwind',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Select Advertiser' })).toBeInTheDocument();

    // Act / Assess: it is timed for 20 s and goes when the time is up.
    const timer = timers.mock.calls.find(([, delay]) => delay === TOAST_MS.missingCard);
    expect(timer).toBeDefined();
    act(() => (timer?.[0] as () => void)());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
});
