import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@bidgrid/shared/constants';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { toaster } from '@/lib/toaster';
import { makeAdvertiser } from '@/test/entity-fixtures';
import { fakeRealtime } from '@/test/fake-realtime';
import { stepHarness } from '@/test/step-harness';
import { system } from '@/theme/system';
import { CRM_PROMPT_TITLE } from '../segment-messages';
import { CrmSegmentsStep } from './crm-segments-step';

const GATE = 'Please, choose a HubSpot List and select "Get Emails".';

function renderStep(initial: TCampaignDraft) {
  const realtime = fakeRealtime();
  realtime.client.start();
  const { element, state, next } = stepHarness(CrmSegmentsStep, { draft: initial });
  const view = render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <RealtimeContext.Provider value={realtime.client}>{element}</RealtimeContext.Provider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { ...realtime, ...view, state, next };
}

const draftOf = (hubspot_authed: boolean): TCampaignDraft => ({
  ...newCampaignDraft(),
  selectedAdvertiser: makeAdvertiser({ hubspot_authed, hubspot_portal_id: hubspot_authed ? 4410001 : null }),
});

describe('wizard CRM Re-targeting Segments step', () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.crmRetargetingPromptDismissed, 'true'));

  it('takes a CSV for an advertiser without CRM, grouping domains of 20+ and the rest as general', async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    const toast = vi.spyOn(toaster, 'create');
    const { container, state, next } = renderStep(draftOf(false));
    const big = Array.from({ length: 20 }, (_, i) => `p${i}@big.example`);
    const file = new File(
      [['email', ...big, 'a@small.example', '"b@other.example"', 'not-an-email'].join('\r\n')],
      'e.csv',
      {
        type: 'text/csv',
      },
    );

    // Act / Assess: nothing yet.
    expect(await next()).toEqual({ advance: false, message: GATE });
    expect(screen.getByText(/no HubSpot connection/)).toBeInTheDocument();
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);

    // Assess
    expect(state.draft.foundEmailsInfo).toEqual({
      emailsToHash: [
        { domain: 'big.example', emails: big },
        { domain: 'general', emails: ['a@small.example', 'b@other.example'] },
      ],
      fromFile: true,
    });
    expect(toast.mock.calls.map(([options]) => options.title)).toEqual([
      'The file loaded with the following invalid emails: not-an-email',
    ]);
    expect(screen.getByText('22 e-mail addresses in 2 groups')).toBeInTheDocument();
    // The step registers its new Next handler in an effect after the render that shows the groups.
    await vi.waitFor(async () => expect(await next()).toEqual({ advance: true }));
  });

  it("reads a chosen contact list's e-mails with Get Emails, and asks for a list first", async () => {
    // Prepare
    const user = userEvent.setup();
    const toast = vi.spyOn(toaster, 'create');
    const { sentCall, state } = renderStep(draftOf(true));
    const lists = await sentCall();
    expect(lists.message).toMatchObject({ action: 'getHubSpotLists', listType: 'contacts' });
    lists.socket.receive({
      event: 'retrievedLists',
      reqID: lists.message['reqID'],
      success: true,
      payload: [{ listId: '105', name: 'Webinar Attendees', size: 2 }],
      error: null,
    });

    // Act / Assess: no list chosen.
    await user.click(screen.getByRole('button', { name: 'Get Emails' }));
    expect(toast.mock.calls.map(([options]) => [options.title, options.duration])).toEqual([
      ['Select a List to get Contacts.', 5_000],
    ]);

    // Act: a list chosen.
    await user.selectOptions(await screen.findByLabelText('HubSpot Contact List'), 'Webinar Attendees (2)');
    await user.click(screen.getByRole('button', { name: 'Get Emails' }));
    const contacts = await sentCall(2);
    contacts.socket.receive({
      event: 'retrievedContacts',
      reqID: contacts.message['reqID'],
      success: true,
      payload: 'ann@acme.example,bob@globex.example',
      error: null,
    });

    // Assess
    expect(contacts.message).toMatchObject({ action: 'getContactsFromList', hubspotListId: '105' });
    expect(await screen.findByText('2 e-mail addresses in 1 group')).toBeInTheDocument();
    expect(state.draft.foundEmailsInfo).toEqual({
      emailsToHash: [{ domain: 'general', emails: ['ann@acme.example', 'bob@globex.example'] }],
      fromFile: false,
    });
  });

  it("says 'No HubSpot Lists found linked to this advertiser's HubSpot Account.' for a portal without contact lists", async () => {
    // Prepare
    const { sentCall } = renderStep(draftOf(true));
    const lists = await sentCall();

    // Act
    lists.socket.receive({
      event: 'retrievedLists',
      reqID: lists.message['reqID'],
      success: true,
      payload: [],
      error: null,
    });

    // Assess: 001 §8's text in place of an empty choice; a .csv can still be given.
    expect(
      await screen.findByText("No HubSpot Lists found linked to this advertiser's HubSpot Account."),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('HubSpot Contact List')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Emails CSV' })).toBeEnabled();
  });

  it("shows the CRM prompt once: 'Already updated' is remembered", async () => {
    // Prepare
    localStorage.removeItem(STORAGE_KEYS.crmRetargetingPromptDismissed);
    const user = userEvent.setup();
    const first = renderStep(draftOf(false));

    // Act
    expect(await screen.findByText(CRM_PROMPT_TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Already updated' }));
    first.unmount();
    renderStep(draftOf(false));

    // Assess
    expect(localStorage.getItem(STORAGE_KEYS.crmRetargetingPromptDismissed)).toBe('true');
    expect(screen.queryByText(CRM_PROMPT_TITLE)).not.toBeInTheDocument();
  });
});
