import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_DRAFT_KEY, readCampaignSteps } from '@/lib/campaign-flow';
import { EMPTY_FEATURE_SLOTS, FeatureSlotsContext, type TFeatureSlots } from '@/lib/feature-slots';
import { toaster } from '@/lib/toaster';
import type { TWizardStepProps } from '@/lib/wizard-step';
import { createFakeApi, renderWithApi, type FakeHandlers, type FakeReply } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { makeAdvertiser, makeTemplate, WINTER_AD_GROUP_TEMPLATE } from '../wizard.fixtures';
import { WIZARD_MESSAGES } from '../wizard-messages';
import { Component as CampaignTemplates } from './campaign-templates';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

/** Every targeting layer with a screen, so the step choice offers all seven. */
const screenOf =
  (text: string) =>
  (_props: TWizardStepProps): React.ReactElement => <p>{text}</p>;
const slots: TFeatureSlots = {
  ...EMPTY_FEATURE_SLOTS,
  targetCompaniesStep: screenOf('Target companies screen'),
  stateProvincesStep: screenOf('States screen'),
  zipCodesStep: screenOf('Zip codes screen'),
  roleTitlesStep: screenOf('Roles screen'),
  publicationListsStep: screenOf('Lists screen'),
  visitorsSegmentsStep: screenOf('Visitor segments screen'),
  crmSegmentsStep: screenOf('CRM segments screen'),
};

const evergreen = () =>
  makeTemplate({
    selectedAdGroupTemplate: 'bg-ad-group-template-winter',
    roleTitles: [{ roleTypeId: 'rt-it', roleId: 'r-cio' }],
    selectedZipCodes: ['10001'],
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
const videoPush = () =>
  makeTemplate({ id: 'tpl-2', templateName: 'Video push', name: 'Video campaign', templateSteps: [] });

function renderPage(list: (call: number) => FakeReply | Promise<FakeReply>, handlers: FakeHandlers = {}) {
  let calls = 0;
  const api = createFakeApi({
    listCampaignTemplatesByUser: () => list(++calls),
    listAdvertisersByAgency: () => ({ payload: [makeAdvertiser()] }),
    getAdGroupTemplate: () => ({ payload: WINTER_AD_GROUP_TEMPLATE }),
    getCampaignTemplateRoleTitles: () => ({ payload: [{ roleTypeId: 'rt-it', roleId: 'r-ciso' }] }),
    deleteCampaignTemplate: ({ body }) => ({ payload: body }),
    ...handlers,
  });
  const view = renderWithApi(
    api,
    <FeatureSlotsContext.Provider value={slots}>
      <CampaignTemplates />
    </FeatureSlotsContext.Provider>,
    {
      path: '/campaign-templates',
      session,
      extraRoutes: [{ path: '/create-campaign-template', element: <p>Template page</p> }],
    },
  );
  return { api, ...view };
}

const cardOf = (name: string): HTMLElement => screen.getByRole('listitem', { name });

describe('Manage campaign templates page', () => {
  it('shows a loading state until the templates arrive', async () => {
    // Prepare
    let answer: (reply: FakeReply) => void = () => undefined;
    renderPage(() => new Promise((resolve) => (answer = resolve)));

    // Assess: loading while the reply is held.
    expect(await screen.findByRole('status', { name: 'Loading templates' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Campaign Templates' })).toBeInTheDocument();

    // Act
    answer({ payload: [evergreen()] });

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Evergreen ABM' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading templates' })).not.toBeInTheDocument();
  });

  it("says 'It's empty here' without templates and offers Create Template", async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderPage(() => ({ payload: [] }));

    // Act
    await user.click(await screen.findByRole('button', { name: 'Create Template' }));

    // Assess
    expect(await screen.findByText('Template page')).toBeInTheDocument();
    expect(api.callsOf('listCampaignTemplatesByUser')[0]?.params).toEqual({ id: 'demo' });
  });

  it('shows why the list failed, and Try again loads it', async () => {
    // Prepare
    const user = userEvent.setup();
    renderPage((call) =>
      call === 1 ? { error: 'The store is unavailable.', status: 503 } : { payload: [evergreen()] },
    );
    const alert = (await screen.findByText('The templates could not be loaded.')).closest<HTMLElement>(
      '[role="alert"]',
    );
    if (!alert) throw new Error('The failure is not an alert.');
    expect(alert).toHaveTextContent('The store is unavailable.');

    // Act
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 2, name: 'Evergreen ABM' })).toBeInTheDocument();
  });

  it('shows each template as a card with its name, campaign and optional steps in step order', async () => {
    // Act
    renderPage(() => ({ payload: [evergreen(), videoPush()] }));

    // Assess
    const list = await screen.findByRole('list', { name: 'Campaign templates' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Evergreen ABM', 'Video push']);
    const card = cardOf('Evergreen ABM');
    expect(within(card).getByText('Evergreen campaign')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'Optional steps' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Target Companies', 'Zip Codes']);
    expect(within(cardOf('Video push')).getByText(WIZARD_MESSAGES.noOptionalSteps)).toBeInTheDocument();
  });

  it("opens 'Edit Template' with the template's steps chosen; Cancel closes it", async () => {
    // Prepare
    const user = userEvent.setup();
    renderPage(() => ({ payload: [evergreen()] }));
    const edit = await screen.findByRole('button', { name: 'Edit Evergreen ABM' });
    await vi.waitFor(() => expect(edit).toBeEnabled());

    // Act
    await user.click(edit);

    // Assess
    const dialog = await screen.findByRole('dialog', { name: WIZARD_MESSAGES.editTemplateTitle });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(7);
    const checked = within(dialog)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked);
    expect(checked.map((box) => box.closest('label')?.textContent)).toEqual(['Geography (ZIP Code)', 'Company Domain']);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();

    // Act
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readCampaignSteps()).toEqual([]);
  });

  it('Continue seeds the draft from the template with the chosen steps, its ad group and role titles, and runs the wizard', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderPage(() => ({ payload: [evergreen()] }));
    const edit = await screen.findByRole('button', { name: 'Edit Evergreen ABM' });
    await vi.waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: WIZARD_MESSAGES.editTemplateTitle });

    // Act: drop ZIP codes, add State / Province.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Geography (ZIP Code)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Geography (State / Province)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // Assess: the wizard over the chosen steps, the template's details step, the draft seeded.
    expect(await screen.findByRole('heading', { level: 1, name: WIZARD_MESSAGES.editWizardTitle })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Campaign steps' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1. Select Advertiser',
      '2. Campaign Template Details',
      '3. Target Companies',
      '4. State/Province',
      '5. Landing Page',
      '6. Ad Group',
      '7. Summary',
    ]);
    expect(screen.getByRole('radio', { name: 'Acme Robotics' })).toBeChecked();
    expect(api.callsOf('getAdGroupTemplate')[0]?.params).toEqual({ id: 'bg-ad-group-template-winter' });
    expect(api.callsOf('getCampaignTemplateRoleTitles')[0]?.params).toEqual({ id: 'tpl-1' });
    expect(JSON.parse(sessionStorage.getItem(CAMPAIGN_DRAFT_KEY) ?? '{}')).toMatchObject({
      campaignTemplateName: 'Evergreen ABM',
      campaignTemplate: {
        id: 'tpl-1',
        templateSteps: ['target companies', 'zip codes'],
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
      selectedAdGroupTemplate: { id: 'bg-ad-group-template-winter', name: 'Winter banners' },
      campaignCookieSets: { 'rt-it:r-ciso': [] },
      basicDetails: { name: 'Evergreen campaign' },
    });

    // Act: Reset empties the edit but stays in it.
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    // Assess
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: 'Acme Robotics' })).not.toBeChecked());
    expect(screen.getByRole('heading', { level: 1, name: WIZARD_MESSAGES.editWizardTitle })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(CAMPAIGN_DRAFT_KEY) ?? '{}')).toMatchObject({
      campaignTemplate: { id: 'tpl-1' },
      selectedAdvertiser: null,
    });

    // Act: Back on the first step returns to the cards.
    await user.click(screen.getByRole('button', { name: 'Back' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Campaign Templates' })).toBeInTheDocument();
  });

  it('asks before deleting; No keeps the template, Yes deletes it, says so and removes the card', async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    let kept = [evergreen(), videoPush()];
    const { api } = renderPage(() => ({ payload: kept }));
    await screen.findByRole('heading', { level: 2, name: 'Video push' });

    // Act: No.
    await user.click(screen.getByRole('button', { name: 'Delete Video push' }));
    let question = await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.deleteTemplateQuestion });
    await user.click(within(question).getByRole('button', { name: 'No' }));

    // Assess
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsOf('deleteCampaignTemplate')).toHaveLength(0);

    // Act: Yes (the server no longer lists it).
    kept = [evergreen()];
    await user.click(screen.getByRole('button', { name: 'Delete Video push' }));
    question = await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.deleteTemplateQuestion });
    await user.click(within(question).getByRole('button', { name: 'Yes' }));

    // Assess: the dialog closes once the list has reloaded without it.
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Video push' })).not.toBeInTheDocument();
    expect(api.callsOf('deleteCampaignTemplate').map((call) => call.body)).toEqual([{ id: 'tpl-2' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Evergreen ABM' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', title: 'Template "Video push" was deleted.' }),
    );
  });

  it('opens the edit without its ad group when that could not be read (only logged), to be chosen again', async () => {
    // Prepare
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = renderPage(() => ({ payload: [evergreen()] }), {
      getAdGroupTemplate: () => ({ error: 'Ad group template not found', status: 404 }),
    });
    const edit = await screen.findByRole('button', { name: 'Edit Evergreen ABM' });
    await vi.waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);

    // Act
    const dialog = await screen.findByRole('dialog', { name: WIZARD_MESSAGES.editTemplateTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: WIZARD_MESSAGES.editWizardTitle })).toBeInTheDocument();
    expect(api.callsOf('getAdGroupTemplate')).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(CAMPAIGN_DRAFT_KEY) ?? '{}')).toMatchObject({
      selectedAdGroupTemplate: null,
      campaignCookieSets: { 'rt-it:r-ciso': [] },
    });
  });

  it('keeps the card when the delete fails (the API client says why), with no success toast', async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(() => ({ payload: [evergreen()] }), {
      deleteCampaignTemplate: () => ({ error: 'Campaign template not found', status: 404 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Evergreen ABM' }));

    // Act
    const question = await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.deleteTemplateQuestion });
    await user.click(within(question).getByRole('button', { name: 'Yes' }));

    // Assess
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'Evergreen ABM' })).toBeInTheDocument();
    expect(create).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });
});
