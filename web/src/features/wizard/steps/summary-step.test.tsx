import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { fakeRealtime } from '@/test/fake-realtime';
import { demoAgency, fakeSession } from '@/test/render';
import { finishedDraft, makeCampaign, matchedRow } from '../wizard.fixtures';
import { WIZARD_MESSAGES } from '../wizard-messages';
import { stepHarness } from './step-harness';
import { SummaryStep } from './summary-step';
import type { TWizardFlow } from '@/lib/wizard-step';
import type { TStepName } from '@bidgrid/shared/constants';
import { stepsWithLayers } from '../wizard-flow';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

async function renderSummary(
  flow: TWizardFlow = 'managed',
  draft = finishedDraft(),
  layers: TStepName[] = [],
  handlers: FakeHandlers = {},
) {
  const api = createFakeApi({
    updateCreativesLandingPage: () => ({ payload: [] }),
    recordCampaignEvent: ({ body }) => ({
      payload: { bgCampaignId: (body as { bgCampaignId: string }).bgCampaignId, recorded: true },
    }),
    createCampaignTemplate: ({ body }) => ({
      payload: {
        ...(body as object),
        id: 'tpl-new',
        agencyId: 'bgAgency-demo',
        createdBy: 'demo',
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    }),
    updateCampaignTemplate: ({ params, body }) => ({
      payload: {
        ...(body as object),
        id: params['id'],
        agencyId: 'bgAgency-demo',
        createdBy: 'demo',
        createdAt: '2026-11-20T09:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    }),
    ...handlers,
  });
  const realtime = fakeRealtime();
  realtime.client.start();
  const finish = vi.fn();
  const goToStep = vi.fn();
  const harness = stepHarness(SummaryStep, {
    draft,
    flow,
    context: { finish, goToStep, steps: stepsWithLayers(flow, layers) },
  });
  renderWithApi(
    api,
    <RealtimeContext.Provider value={realtime.client}>
      <harness.Harness />
    </RealtimeContext.Provider>,
    { path: '/wizard', session },
  );
  await screen.findByText('Advertiser');
  return { api, realtime, finish, goToStep, ...harness };
}

describe('Summary step', () => {
  it('shows what the campaign costs and creates before the user confirms', async () => {
    // Act
    await renderSummary(
      'managed',
      finishedDraft({
        foundCompanyInfo: {
          primarySegments: [],
          uniqueSegments: [matchedRow('a.com'), matchedRow('b.com'), matchedRow('c.com', false)],
          matches: 3,
          fromFile: true,
        },
      }),
    );

    // Assess
    const costs = screen.getByRole('region', { name: 'What this campaign will cost and create' });
    expect(within(costs).getByText('$50.00')).toBeInTheDocument();
    expect(within(costs).getByText('$500.00 over 10 days')).toBeInTheDocument();
    expect(within(costs).getAllByText('2')).toHaveLength(2); // accounts and line items
  });

  it("asks 'Create Campaign?', sends createCampaign with progress, then shows the pixel; Finish ends the flow", async () => {
    // Prepare
    const user = userEvent.setup();
    const { next, realtime, api, finish } = await renderSummary();

    // Act: Next asks first; No stays without sending anything.
    let pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Create Campaign?' })).getByRole('button', { name: 'No' }),
    );
    expect(await pending).toEqual({ advance: false });
    expect(realtime.sockets.flatMap((socket) => socket.calls)).toHaveLength(0);
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    // Act: Yes sends.
    pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Create Campaign?' })).getByRole('button', { name: 'Yes' }),
    );
    const { socket, message } = await realtime.sentCall();
    socket.receive({ reqID: message['reqID'], done: 3, total: 10 });

    // Assess: the payload and the progress.
    expect(message).toMatchObject({
      action: 'createCampaign',
      bgCampaignId: 'bg-campaign-summer',
      beeswaxCampaign: { active: false, budget_type: 2, advertiser_id: 101 },
      creativeIds: ['bgCreative-1', 'bgCreative-2'],
      campaignType: 'managed',
    });
    expect(await screen.findByText('3 of 10 line items created')).toBeInTheDocument();

    // Act: the server answers.
    socket.receive({
      event: 'campaignCreated',
      reqID: message['reqID'],
      success: true,
      payload: makeCampaign(),
      error: null,
    });

    // Assess: the success dialog with the conversion pixel; the wizard stays until Finish.
    expect(await pending).toEqual({ advance: false });
    const done = await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.campaignCreated });
    expect(within(done).getByLabelText('Conversion pixel')).toHaveTextContent(
      'https://bidder.example/px/77?order=[ORDER]',
    );
    await vi.waitFor(() => expect(api.callsOf('recordCampaignEvent')).toHaveLength(1));
    expect(api.callsOf('recordCampaignEvent')[0]?.body).toEqual({
      bgCampaignId: 'bg-campaign-summer',
      beeswaxAdvertiserId: 101,
      campaignName: 'Summer push',
    });
    await user.click(within(done).getByRole('button', { name: 'Finish' }));
    expect(finish).toHaveBeenCalledTimes(1);
  });

  it('gives every creative the landing page the Summary shows before the campaign is created', async () => {
    // Prepare: the landing page changed after the Ad Group step made the creatives with the old one.
    const user = userEvent.setup();
    const changed = 'https://acme.example/winter?utm_campaign=winter&utm_content=banner&utm_medium=display';
    const { next, realtime, api } = await renderSummary('custom', finishedDraft({ landingPage: changed }));
    expect(screen.getByText(changed)).toBeInTheDocument();

    // Act
    void next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Create Campaign?' })).getByRole('button', { name: 'Yes' }),
    );
    const { message } = await realtime.sentCall();

    // Assess: the one landing page of the draft on every creative of its ad group, before the creation.
    expect(api.callsOf('updateCreativesLandingPage').map((call) => call.body)).toEqual([
      { adGroupId: 'bg-ad-group-summer', landingPage: changed },
    ]);
    expect(message).toMatchObject({ action: 'createCampaign', creativeIds: ['bgCreative-1', 'bgCreative-2'] });
  });

  it('creates nothing when the landing page cannot be given to the creatives', async () => {
    // Prepare
    const user = userEvent.setup();
    const { next, realtime } = await renderSummary('custom', finishedDraft(), [], {
      updateCreativesLandingPage: () => ({ error: 'The bidder is unavailable.', status: 502 }),
    });

    // Act
    const pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Create Campaign?' })).getByRole('button', { name: 'Yes' }),
    );

    // Assess
    expect(await pending).toEqual({ advance: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('The bidder is unavailable.');
    expect(realtime.sockets.flatMap((socket) => socket.calls)).toHaveLength(0);
  });

  it("shows the server's reason when the creation fails, and stays", async () => {
    // Prepare
    const user = userEvent.setup();
    const { next, realtime } = await renderSummary();

    // Act
    const pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Create Campaign?' })).getByRole('button', { name: 'Yes' }),
    );
    const { socket, message } = await realtime.sentCall();
    socket.receive({
      event: 'campaignCreationError',
      reqID: message['reqID'],
      success: false,
      payload: null,
      error: 'The bidder refused the campaign.',
      status: 502,
    });

    // Assess
    expect(await pending).toEqual({ advance: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('The bidder refused the campaign.');
    expect(screen.queryByRole('alertdialog', { name: WIZARD_MESSAGES.campaignCreated })).not.toBeInTheDocument();
  });

  it('sends a draft without its ad group back to the Ad Group step', async () => {
    // Prepare
    const user = userEvent.setup();
    const { next, goToStep, realtime } = await renderSummary('custom', finishedDraft({ createdAdGroup: null }));

    // Act
    const pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Create Campaign?' })).getByRole('button', { name: 'Yes' }),
    );

    // Assess
    expect(await pending).toEqual({ advance: false, message: 'Please, upload creative assets to continue.' });
    expect(goToStep).toHaveBeenCalledWith('ad group page');
    expect(realtime.sockets.flatMap((socket) => socket.calls)).toHaveLength(0);
  });

  it("saves a template on 'Update/Create Campaign Template?' and says so", async () => {
    // Prepare
    const user = userEvent.setup();
    const { next, api } = await renderSummary('createTemplate', finishedDraft({ campaignTemplateName: 'Evergreen' }));

    // Act
    const pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Update/Create Campaign Template?' })).getByRole('button', {
        name: 'Yes',
      }),
    );

    // Assess
    expect(await pending).toEqual({ advance: false });
    expect(
      await screen.findByRole('alertdialog', { name: 'Campaign Template Created Successfully!' }),
    ).toBeInTheDocument();
    expect(api.callsOf('createCampaignTemplate')[0]?.body).toMatchObject({
      templateName: 'Evergreen',
      templateSteps: [],
      bgAdvertiserId: 'bgAdvertiser-acme',
    });
  });

  it("saves an edited template under the update rule on 'Save' and says 'Campaign Template Updated Successfully!'", async () => {
    // Prepare: a template saved with Target Companies and Zip Codes, edited down to Target Companies.
    const user = userEvent.setup();
    const companies = {
      primarySegments: [],
      uniqueSegments: [matchedRow('bluepeaklogistics.com')],
      matches: 1,
      fromFile: true,
    };
    const { next, api, finish } = await renderSummary(
      'editTemplate',
      finishedDraft({
        campaignTemplateName: 'Evergreen',
        foundCompanyInfo: companies,
        selectedZipCodes: ['10001', '62701'],
        campaignTemplate: {
          id: 'tpl-1',
          templateSteps: ['target companies', 'zip codes'],
          updatedAt: '2026-11-20T10:00:00.000Z',
        },
      }),
      ['target companies'],
    );

    // Act
    const pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Update/Create Campaign Template?' })).getByRole('button', {
        name: 'Yes',
      }),
    );

    // Assess: a PUT of that template, the dropped step's data cleared, the kept one's sent.
    expect(await pending).toEqual({ advance: false });
    const done = await screen.findByRole('alertdialog', { name: WIZARD_MESSAGES.templateUpdated });
    expect(api.callsOf('createCampaignTemplate')).toHaveLength(0);
    const [call] = api.callsOf('updateCampaignTemplate');
    expect(call?.params).toEqual({ id: 'tpl-1' });
    expect(call?.body).toMatchObject({
      templateName: 'Evergreen',
      templateSteps: ['target companies'],
      updatedAt: '2026-11-20T10:00:00.000Z',
      selectedZipCodes: [],
      foundCompanyInfo: { uniqueSegments: [{ domain: 'bluepeaklogistics.com' }] },
    });
    await user.click(within(done).getByRole('button', { name: 'Finish' }));
    expect(finish).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason when the edited template changed elsewhere, and stays", async () => {
    // Prepare
    const user = userEvent.setup();
    const { next } = await renderSummary(
      'editTemplate',
      finishedDraft({
        campaignTemplateName: 'Evergreen',
        campaignTemplate: { id: 'tpl-1', templateSteps: [], updatedAt: '2026-11-20T10:00:00.000Z' },
      }),
      [],
      {
        updateCampaignTemplate: () => ({
          error: 'This campaign template was changed since you opened it. Please open it again to edit it.',
          status: 409,
        }),
      },
    );

    // Act
    const pending = next();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Update/Create Campaign Template?' })).getByRole('button', {
        name: 'Yes',
      }),
    );

    // Assess
    expect(await pending).toEqual({ advance: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This campaign template was changed since you opened it.',
    );
    expect(screen.queryByRole('alertdialog', { name: WIZARD_MESSAGES.templateUpdated })).not.toBeInTheDocument();
  });
});
