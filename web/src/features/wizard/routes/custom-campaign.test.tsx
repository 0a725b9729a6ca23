import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TOAST_MS } from '@bidgrid/shared/constants';
import { readCampaignSteps } from '@/lib/campaign-flow';
import { EMPTY_FEATURE_SLOTS, FeatureSlotsContext, type TFeatureSlots } from '@/lib/feature-slots';
import { toaster } from '@/lib/toaster';
import type { TWizardStepProps } from '@/lib/wizard-step';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdvertiser } from '../wizard.fixtures';
import { WIZARD_MESSAGES } from '../wizard-messages';
import { Component as CustomCampaign } from './custom-campaign';
import { Component as CreateCampaignTemplate } from './create-campaign-template';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const slots: TFeatureSlots = {
  ...EMPTY_FEATURE_SLOTS,
  targetCompaniesStep: (_props: TWizardStepProps) => <p>Target companies screen</p>,
};

/** Acme has a card; Northwind has none. */
const ADVERTISERS = [
  makeAdvertiser(),
  makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-northwind', name: 'Northwind Analytics', paymentMethod: null }),
];

function renderPage(page: React.ReactElement, path: string) {
  const api = createFakeApi({
    listAdvertisersByAgency: () => ({ payload: ADVERTISERS }),
    getAdvertiser: ({ params }) => ({ payload: ADVERTISERS.find((a) => a.bgAdvertiserId === params['id']) }),
  });
  return renderWithApi(api, <FeatureSlotsContext.Provider value={slots}>{page}</FeatureSlotsContext.Provider>, {
    path,
    session,
    extraRoutes: [{ path: '/dashboard', element: <p>Dashboard</p> }],
  });
}

const LAYERS = [
  'Geography (State / Province)',
  'Geography (ZIP Code)',
  'Publication Lists',
  'Company Domain',
  'Role / Title',
  'Visitors Re-targeting Segments',
  'CRM Re-targeting Segments',
];

describe('Custom campaign page', () => {
  it('offers the seven layers, only those with a screen enabled, each other with its hint', () => {
    // Act
    renderPage(<CustomCampaign />, '/campaigns/create/custom');

    // Assess
    expect(screen.getByRole('heading', { level: 1, name: WIZARD_MESSAGES.customHeading })).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(7);
    for (const label of LAYERS) {
      const box = screen.getByRole('checkbox', { name: new RegExp(`^${label.replace(/[()/]/g, '\\$&')}`) });
      if (label === 'Company Domain') expect(box).toBeEnabled();
      else expect(box).toBeDisabled();
    }
    expect(screen.getAllByText(`(${WIZARD_MESSAGES.layerUnavailable})`)).toHaveLength(6);
  });

  it('starts the wizard with the fixed steps and Company Domain, setting customCampaignType = companyIps', async () => {
    // Prepare
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.customCampaignType, 'stale');
    renderPage(<CustomCampaign />, '/campaigns/create/custom');

    // Act
    await user.click(screen.getByRole('checkbox', { name: /^Company Domain/ }));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    // Assess
    const nav = await screen.findByRole('navigation', { name: 'Campaign steps' });
    expect(
      within(nav)
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
    expect(localStorage.getItem(STORAGE_KEYS.customCampaignType)).toBe('companyIps');
    expect(readCampaignSteps()).toHaveLength(6);

    // Act / Assess: Back on the first step returns to the choice.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: WIZARD_MESSAGES.customHeading })).toBeInTheDocument();
  });

  it('removes customCampaignType without Company Domain and runs the fixed steps only', async () => {
    // Prepare
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.customCampaignType, 'companyIps');
    renderPage(<CustomCampaign />, '/campaigns/create/custom');

    // Act
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    // Assess
    await screen.findByRole('navigation', { name: 'Campaign steps' });
    expect(localStorage.getItem(STORAGE_KEYS.customCampaignType)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('Back goes to the dashboard', async () => {
    // Prepare
    const user = userEvent.setup();
    renderPage(<CustomCampaign />, '/campaigns/create/custom');

    // Act
    await user.click(screen.getByRole('button', { name: 'Back' }));

    // Assess
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });
});

describe('Create Campaign Template page', () => {
  it("offers the same options and runs 'Campaign Template Details'", async () => {
    // Prepare
    const user = userEvent.setup();
    renderPage(<CreateCampaignTemplate />, '/create-campaign-template');
    expect(screen.getByRole('heading', { level: 1, name: WIZARD_MESSAGES.templateHeading })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);

    // Act
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    // Assess
    const nav = await screen.findByRole('navigation', { name: 'Campaign steps' });
    expect(within(nav).getByText('2. Campaign Template Details')).toBeInTheDocument();
  });

  it('needs no card: a template saves no campaign', async () => {
    // Prepare
    const user = userEvent.setup();
    const toasts = vi.spyOn(toaster, 'create');
    renderPage(<CreateCampaignTemplate />, '/create-campaign-template');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    // Act: Northwind has no card.
    await user.click(await screen.findByRole('radio', { name: 'Northwind Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Campaign Template Details' })).toBeInTheDocument();
    expect(toasts).not.toHaveBeenCalledWith(expect.objectContaining({ duration: TOAST_MS.missingCard }));
  });
});

describe('Custom campaign wizard', () => {
  it('needs a card: an advertiser without one gets the 20 s toast and the step stays', async () => {
    // Prepare
    const user = userEvent.setup();
    const toasts = vi.spyOn(toaster, 'create');
    renderPage(<CustomCampaign />, '/campaigns/create/custom');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    // Act
    await user.click(await screen.findByRole('radio', { name: 'Northwind Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Assess
    await vi.waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ duration: TOAST_MS.missingCard })),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Select Advertiser' })).toBeInTheDocument();
  });
});
