import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TCreative, TCreativeForm } from '@bidgrid/shared/ad-groups/creative.schema';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { apiErrorToastMs } from '@/lib/api/api-error';
import { toaster } from '@/lib/toaster';
import type { TStepOutcome, TWizardFlow } from '@/lib/wizard-step';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { pngFile } from '@/test/media-files';
import { demoAgency, fakeSession } from '@/test/render';
import { stepHarness } from '@/test/step-harness';
import {
  makeAdGroup,
  makeAdGroupTemplate,
  makeAdvertiser,
  makeCreative,
  makeCreativeTemplate,
} from '../creatives.fixtures';
import { AdGroupStep } from './ad-group-step';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const STORAGE = 'http://127.0.0.1:15569';

/** The draft of a campaign that reached the Ad Group step. */
function draftAtAdGroupStep(): TCampaignDraft {
  const draft = newCampaignDraft();
  return {
    ...draft,
    selectedAdvertiser: makeAdvertiser(),
    basicDetails: { ...draft.basicDetails, bgCampaignId: 'bg-campaign-summer', mediaType: 'display' },
    landingPage: 'https://acme.example/summer',
  };
}

/** The server: what the pipeline made, by the calls as the server would answer them. */
function stepApi(made: TCreative[], failUpload: { name: string } | null): FakeHandlers {
  return {
    listAdGroupTemplates: () => ({ payload: [makeAdGroupTemplate()] }),
    listCreativeTemplatesByAdGroupTemplate: () => ({ payload: [makeCreativeTemplate()] }),
    createAdGroup: () => ({ payload: makeAdGroup() }),
    createAdGroupTemplate: () => ({ payload: makeAdGroupTemplate({ id: 'bg-ad-group-template-summer' }) }),
    getCreativeUploadUrl: ({ query }) => ({
      payload: {
        uploadUrl: `${STORAGE}/uploads/${query['fileName']}?signature=x`,
        method: 'PUT',
        headers: { 'Content-Type': query['mimetype'] },
        sourceUrl: `${STORAGE}/uploads/${query['fileName']}`,
        expiresAt: '2026-11-26T12:00:00.000Z',
      },
    }),
    uploadCreative: () => {
      // Form bodies are not recorded as JSON: the file is the one after those already made.
      const name = ['a-300x250.png', 'b-300x250.png'][made.length] as string;
      if (failUpload?.name === name) {
        failUpload = null;
        return { error: 'The bidder refused the creative.', status: 502 };
      }
      const creative = makeCreative({ bgCreativeId: `bgCreative-${name.slice(0, 1)}`, name });
      made.push(creative);
      return { payload: creative };
    },
    createCreative: () => {
      const creative = makeCreative({ bgCreativeId: 'bgCreative-copied', name: 'leaderboard.png' });
      made.push(creative);
      return { payload: creative };
    },
    createCreativeTemplate: () => ({ payload: makeCreativeTemplate({ id: 'bg-creative-template-made' }) }),
    listCreativesByAdGroup: () => ({ payload: made }),
    deleteAdGroup: ({ body }) => ({ payload: body }),
    deleteCreative: ({ body }) => ({ payload: { bgCreativeId: (body as { bgCreativeId: string }).bgCreativeId } }),
  };
}

/** The wizard around the step: it keeps the draft and the registered Next, as the wizard does. */
function renderStep(
  options: { flow?: TWizardFlow; failUpload?: { name: string } | null; draft?: TCampaignDraft } = {},
) {
  const made: TCreative[] = [];
  const api = createFakeApi(stepApi(made, options.failUpload ?? null), {
    'PUT /uploads/a-300x250.png': () => ({ status: 200, json: {} }),
    'PUT /uploads/b-300x250.png': () => ({ status: 200, json: {} }),
  });
  const {
    element,
    state: wizard,
    next,
  } = stepHarness(AdGroupStep, {
    draft: options.draft ?? draftAtAdGroupStep(),
    flow: options.flow ?? 'managed',
  });
  const view = renderWithApi(api, element, { path: '/campaigns/create/managed', session });
  /** Presses Next: the step always registers a handler, so an outcome always comes back. */
  const pressNext = async (): Promise<TStepOutcome> => (await next()) ?? { advance: false };
  return { api, wizard, pressNext, view };
}

let toasts: MockInstance<typeof toaster.create>;
beforeEach(() => {
  toasts = vi.spyOn(toaster, 'create');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the wizard’s Ad Group step', () => {
  it('is an upload screen: an API error on it is shown 5 s, not 5.5 s (000 §8)', async () => {
    // Act
    const { view } = renderStep();
    await screen.findByRole('tab', { name: 'Create New AdGroup', selected: true });

    // Assess
    expect(apiErrorToastMs()).toBe(TOAST_MS.upload);
    view.unmount();
    expect(apiErrorToastMs()).toBe(TOAST_MS.apiError);
  });

  it('stays with the step’s messages until the new ad group has a name and a file', async () => {
    // Prepare
    const user = userEvent.setup();
    const { pressNext } = renderStep();
    await screen.findByRole('tab', { name: 'Create New AdGroup', selected: true });

    // Act
    const unnamed = await pressNext();

    // Assess
    expect(unnamed).toEqual({ advance: false });
    expect(await screen.findByText('Required field.')).toBeInTheDocument();

    // Act
    await user.type(screen.getByLabelText(/Ad Group Name/), 'Summer banners');
    const empty = await pressNext();

    // Assess
    expect(empty).toEqual({ advance: false, message: 'Please, upload creative assets to continue.' });
    expect(await screen.findByLabelText('Choose files to upload')).toBeInTheDocument();
  });

  it('makes the ad group under the draft’s campaign, resumes after a failed file, and stores createdAdGroup', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api, wizard, pressNext } = renderStep({ failUpload: { name: 'b-300x250.png' } });
    await user.type(await screen.findByLabelText(/Ad Group Name/), 'Summer banners');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.upload(await screen.findByLabelText('Choose files to upload'), [
      pngFile('a-300x250.png', 300, 250),
      pngFile('b-300x250.png', 300, 250),
    ]);
    await screen.findByText('a-300x250.png (300x250, 100 bytes)');

    // Act
    const failed = await pressNext();

    // Assess
    expect(failed).toEqual({ advance: false });
    const valid = screen.getByRole('list', { name: 'Valid assets' });
    expect(await within(valid).findByText('The bidder refused the creative.')).toBeInTheDocument();
    expect(wizard.draft.createdAdGroup).toBeNull();
    expect(api.callsOf('createAdGroup')[0]?.body).toEqual({
      bgAdvertiserId: 'bgAdvertiser-acme',
      bgCampaignId: 'bg-campaign-summer',
      name: 'Summer banners',
      description: '',
      adGroupType: 'image',
    });

    // Act
    const done = await pressNext();

    // Assess: one ad group, one template, each file uploaded once
    expect(done).toEqual({ advance: true });
    expect(api.callsOf('createAdGroup')).toHaveLength(1);
    expect(api.callsOf('createAdGroupTemplate')).toHaveLength(1);
    expect(api.callsOf('getCreativeUploadUrl')).toHaveLength(2);
    expect(wizard.draft.createdAdGroup).toEqual({
      adGroupId: 'bg-ad-group-summer',
      name: 'Summer banners',
      adGroupType: 'image',
      adGroupTemplateId: 'bg-ad-group-template-summer',
      creativeIds: ['bgCreative-a', 'bgCreative-b'],
    });
    const upload = api.fetch.mock.calls.find(([url]) => /\/api\/creatives\/upload$/.test(String(url)))?.[1]
      ?.body as FormData;
    expect(Object.fromEntries(upload.entries())).toEqual(
      expect.objectContaining<Partial<Record<keyof TCreativeForm, string>>>({
        click_url: 'https://acme.example/summer',
        bgCampaignId: 'bg-campaign-summer',
        advertiser_id: '42',
      }),
    );

    // Act: Next again just advances
    expect(await screen.findByText('Ad group "Summer banners" is ready with 2 creatives.')).toBeInTheDocument();
    const again = await pressNext();

    // Assess
    expect(again).toEqual({ advance: true });
    expect(api.callsOf('createAdGroup')).toHaveLength(1);
  });

  it('asks for a saved ad group on its tab, and makes the campaign’s ad group from the chosen template', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api, wizard, pressNext } = renderStep();
    await user.click(await screen.findByRole('tab', { name: 'Select From Saved AdGroups' }));
    await screen.findByRole('table', { name: 'Ad group templates of Acme' });

    // Act
    const unselected = await pressNext();

    // Assess
    expect(unselected).toEqual({ advance: false, message: 'Please, select Ad Group to continue.' });

    // Act
    await user.click(screen.getByRole('checkbox', { name: 'Select Evergreen banners' }));
    const done = await pressNext();

    // Assess
    expect(done).toEqual({ advance: true });
    expect(wizard.draft.selectedAdGroupTemplate?.id).toBe('bg-ad-group-template-evergreen');
    expect(wizard.draft.createdAdGroup).toEqual(
      expect.objectContaining({
        adGroupTemplateId: 'bg-ad-group-template-evergreen',
        creativeIds: ['bgCreative-copied'],
      }),
    );
    expect(api.callsOf('createAdGroupTemplate')).toHaveLength(0);
    expect(toasts).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
  });

  it('resets the new ad group when the saved tab is chosen (001 §4 use template)', async () => {
    // Prepare
    const user = userEvent.setup();
    const { wizard } = renderStep();
    await user.type(await screen.findByLabelText(/Ad Group Name/), 'Summer banners');
    await waitFor(() => expect(wizard.draft.adGroupToCreate.name).toBe('Summer banners'));

    // Act
    await user.click(screen.getByRole('tab', { name: 'Select From Saved AdGroups' }));

    // Assess
    await waitFor(() =>
      expect(wizard.draft.adGroupToCreate).toEqual({ name: '', description: '', adGroupType: 'image' }),
    );
  });

  it('in a template flow keeps the chosen saved ad group without making anything', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api, wizard, pressNext } = renderStep({ flow: 'createTemplate' });
    await user.click(await screen.findByRole('tab', { name: 'Select From Saved AdGroups' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Evergreen banners' }));

    // Act
    const outcome = await pressNext();

    // Assess
    expect(outcome).toEqual({ advance: true });
    expect(wizard.draft.selectedAdGroupTemplate?.id).toBe('bg-ad-group-template-evergreen');
    expect(api.callsOf('createAdGroup')).toHaveLength(0);
  });

  it('removes the unfinished ad group when the step is left after a failed file', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api, pressNext, view } = renderStep({ failUpload: { name: 'b-300x250.png' } });
    await user.type(await screen.findByLabelText(/Ad Group Name/), 'Summer banners');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.upload(await screen.findByLabelText('Choose files to upload'), [
      pngFile('a-300x250.png', 300, 250),
      pngFile('b-300x250.png', 300, 250),
    ]);
    await screen.findByText('b-300x250.png (300x250, 100 bytes)');
    expect(await pressNext()).toEqual({ advance: false });

    // Act
    view.unmount();

    // Assess: the ad group, then its one creative
    await waitFor(() => expect(api.callsOf('deleteCreative')).toHaveLength(1));
    expect(api.callsOf('deleteAdGroup')[0]?.body).toEqual({ adGroupId: 'bg-ad-group-summer' });
    expect(api.callsOf('deleteCreative')[0]?.body).toEqual({ bgCreativeId: 'bgCreative-a', beeswaxCreativeId: 801 });
  });

  it('removes an ad group made for another media type (the user went back and changed it)', async () => {
    // Prepare
    const draft = draftAtAdGroupStep();
    const { api, wizard } = renderStep({
      draft: {
        ...draft,
        basicDetails: { ...draft.basicDetails, mediaType: 'video' },
        createdAdGroup: {
          adGroupId: 'bg-ad-group-summer',
          name: 'Summer banners',
          adGroupType: 'image',
          adGroupTemplateId: null,
          creativeIds: ['bgCreative-a'],
        },
      },
    });

    // Assess
    await waitFor(() => expect(api.callsOf('deleteAdGroup')[0]?.body).toEqual({ adGroupId: 'bg-ad-group-summer' }));
    await waitFor(() => expect(wizard.draft.createdAdGroup).toBeNull());
    expect(await screen.findByRole('tab', { name: 'Create New AdGroup', selected: true })).toBeInTheDocument();
  });
});
