import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { fakeRealtime } from '@/test/fake-realtime';
import { fakeSession } from '@/test/render';
import { stepHarness } from '@/test/step-harness';
import { CUSTOM_LIST, SINGLE_LIST, SPLIT_LIST } from '../list-fixtures';
import { NO_CUSTOM_LISTS } from './publication-lists-panel';
import { PublicationListsStep } from './publication-lists-step';

const GATE = 'Please, select required domain lists.';
const INVALID =
  "Some of your domains are not valid! Consider that domains should be without HTTP/HTTPS protocol! And have schema like '{host}'";
const ACME = { bgAdvertiserId: 'bgAdvertiser-acme', beeswaxAdvertiserId: 101, name: 'Acme' };

function renderStep(custom = [CUSTOM_LIST], draft: Partial<TCampaignDraft> = {}) {
  const api = createFakeApi({
    listPublicDomainLists: () => ({ payload: [SINGLE_LIST, SPLIT_LIST] }),
    listDomainListsByAdvertiser: () => ({ payload: custom, nextCursor: null }),
  });
  const realtime = fakeRealtime();
  realtime.client.start();
  const initial = { ...newCampaignDraft(), selectedAdvertiser: ACME, ...draft } as TCampaignDraft;
  const { element, state, next } = stepHarness(PublicationListsStep, { draft: initial });
  renderWithApi(api, <RealtimeContext.Provider value={realtime.client}>{element}</RealtimeContext.Provider>, {
    path: '/campaigns/create/custom',
    session: fakeSession(),
  });
  return { api, ...realtime, state, next };
}

describe('wizard Publication Lists step', () => {
  it('gates Next until a list is chosen; a SPLIT list brings its domains at CPM 25, editable', async () => {
    // Prepare
    const user = userEvent.setup();
    const { state, next } = renderStep();
    await screen.findByRole('checkbox', { name: 'Premium Tech Publishers' });

    // Act / Assess: nothing chosen.
    expect(await next()).toEqual({ advance: false, message: GATE });

    // Act: the split list, then one domain's bid.
    await user.click(screen.getByRole('checkbox', { name: 'Premium Tech Publishers' }));
    const wired = screen.getByLabelText('CPM bid for wired.com');
    expect(wired).toHaveValue(25);
    await user.clear(wired);
    await user.type(wired, '40');

    // Assess
    expect(state.draft.selectedDomainListsIds).toEqual(['pl-tech']);
    expect(state.draft.selectedDomainLists).toEqual([
      { beeswaxListId: 30, name: 'techcrunch.com', cpmBid: 25 },
      { beeswaxListId: 31, name: 'wired.com', cpmBid: 40 },
    ]);
    expect(state.draft.publicDomainLists.map((list) => list.id)).toEqual(['pl-business', 'pl-tech']);
    expect(await next()).toEqual({ advance: true });

    // Act / Assess: a cleared bid stops Next, with the box's message; a valid one lets it go again.
    await user.clear(wired);
    expect(screen.getByText('The CPM bid must be a positive number.')).toBeInTheDocument();
    expect(await next()).toEqual({ advance: false, message: 'The CPM bid must be a positive number.' });
    await user.type(wired, '35');
    expect(await next()).toEqual({ advance: true });
    expect(state.draft.selectedDomainLists[1]?.cpmBid).toBe(35);
  });

  it("shows the empty text, and creates a list over the realtime channel with the form's rules, choosing it", async () => {
    // Prepare
    const user = userEvent.setup();
    // The advertiser's lists as the server holds them: the created list is there once it is created.
    const custom: Array<typeof CUSTOM_LIST> = [];
    const { state, sentCall } = renderStep(custom);
    await screen.findByText(NO_CUSTOM_LISTS);

    // Act: invalid domains first.
    await user.click(screen.getByRole('button', { name: 'Create New List' }));
    await user.type(screen.getByLabelText(/List Name/), 'Robotics');
    await user.type(screen.getByLabelText(/^Domains/), 'therobotreport.com nope');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();

    // Act: fixed, sent.
    await user.clear(screen.getByLabelText(/^Domains/));
    await user.type(screen.getByLabelText(/^Domains/), 'therobotreport.com, therobotreport.com robotics247.com');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const { socket, message } = await sentCall();
    expect(message).toMatchObject({
      action: 'createNewDomainList',
      bgAdvertiserId: 'bgAdvertiser-acme',
      listName: 'Robotics',
      domains: ['therobotreport.com', 'robotics247.com'],
    });
    custom.push(CUSTOM_LIST);
    socket.receive({
      event: 'newDomainListCreated',
      reqID: message['reqID'],
      success: true,
      payload: CUSTOM_LIST,
      error: null,
    });

    // Assess
    await waitFor(() => expect(state.draft.selectedDomainListsIds).toEqual(['bg-domain-list-1']));
    expect(state.draft.selectedDomainLists).toEqual([{ beeswaxListId: 7, name: 'Robotics trade sites' }]);
  });

  it('edits a list: a deactivated domain and new ones go as changes only; a chosen list keeps its new name', async () => {
    // Prepare
    const user = userEvent.setup();
    const { sentCall, state } = renderStep([CUSTOM_LIST], {
      selectedDomainListsIds: ['bg-domain-list-1'],
      selectedDomainLists: [{ beeswaxListId: 7, name: 'Robotics trade sites' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Robotics trade sites' }));

    // Act
    await user.clear(screen.getByLabelText(/List Name/));
    await user.type(screen.getByLabelText(/List Name/), 'Robotics sites');
    await user.click(screen.getByLabelText('Active: therobotreport.com'));
    await user.type(screen.getByLabelText(/New Domains/), 'automationworld.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const { socket, message } = await sentCall();
    socket.receive({
      event: 'domainListUpdated',
      reqID: message['reqID'],
      success: true,
      payload: { ...CUSTOM_LIST, name: 'Robotics sites' },
      error: null,
    });

    // Assess
    expect(message).toMatchObject({
      action: 'updateDomainList',
      beeswaxListId: 7,
      domainListId: 'bg-domain-list-1',
      listName: 'Robotics sites',
      domainsToUpdate: [{ bgItemId: 'i1', domain: 'therobotreport.com', active: false }],
      domainsToAdd: ['automationworld.com'],
    });
    await waitFor(() =>
      expect(state.draft.selectedDomainLists).toEqual([{ beeswaxListId: 7, name: 'Robotics sites' }]),
    );
  });

  it("turns a template's chosen ids into lists once the lists are loaded", async () => {
    const { state } = renderStep([CUSTOM_LIST], { selectedDomainListsIds: ['pl-business', 'bg-domain-list-1'] });
    await waitFor(() => expect(state.draft.selectedDomainLists.map((list) => list.beeswaxListId)).toEqual([20, 7]));
    expect(screen.getByRole('checkbox', { name: 'Business Press' })).toBeChecked();
  });
});
