import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { toaster } from '@/lib/toaster';
import { fakeRealtime } from '@/test/fake-realtime';
import { stepHarness } from '@/test/step-harness';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { makeAdvertiser } from '@/test/entity-fixtures';
import { demoAgency, fakeSession } from '@/test/render';
import { GET_COMPANIES, noHubspotItemsText, TARGET_ACCOUNTS_ONLY } from './hubspot-company-source';
import { answerMatch, interimRow } from '../company-match.fixtures';
import { TargetCompaniesStep } from './target-companies-step';

const matched: TCompanyRow = {
  domain: 'bluepeaklogistics.com',
  include: true,
  domainInfo: { domain: 'bluepeaklogistics.com', companyName: 'Bluepeak Logistics', ipSegments: ['198.18.0.0/22'] },
};
const unmatched: TCompanyRow = { domain: 'nowhere.example', include: false };

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const acme = makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-demo-acme', name: 'Acme Robotics' });
const bluepeak = makeAdvertiser({
  bgAdvertiserId: 'bgAdvertiser-demo-bluepeak',
  name: 'Bluepeak Logistics',
  hubspot_authed: true,
  hubspot_portal_id: 4410001,
});

function renderStep(initial: TCampaignDraft = newCampaignDraft(), handlers: FakeHandlers = {}) {
  const realtime = fakeRealtime();
  realtime.client.start();
  const api = createFakeApi({ listAdvertisersByAgency: () => ({ payload: [bluepeak, acme] }), ...handlers });
  const { element, state, next } = stepHarness(TargetCompaniesStep, { draft: initial });
  const view = renderWithApi(
    api,
    <RealtimeContext.Provider value={realtime.client}>{element}</RealtimeContext.Provider>,
    {
      path: '/wizard',
      session,
    },
  );
  return { ...realtime, ...view, api, state, next };
}

describe('wizard Target Companies step', () => {
  it('needs an included company, keeps the match and include flags in the draft', async () => {
    // Prepare
    const user = userEvent.setup();
    const { container, sentCall, state, next } = renderStep();

    // Act / Assess: nothing uploaded.
    expect(await next()).toEqual({ advance: false, message: VALIDATION_MESSAGES.csvOneFile });

    // Act: upload and match.
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['bluepeaklogistics.com\nnowhere.example'], 'targets.csv', { type: 'text/csv' }));
    const { socket, message } = await sentCall();
    answerMatch({ socket, message }, [matched, unmatched]);
    await screen.findByRole('table', { name: 'Target companies' });

    // Assess
    expect(state.draft.foundCompanyInfo?.fromFile).toBe(true);
    expect(state.draft.foundCompanyInfo?.uniqueSegments.map((row) => [row.domain, row.include])).toEqual([
      ['bluepeaklogistics.com', true],
      ['nowhere.example', false],
    ]);
    expect(await next()).toEqual({ advance: true });

    // Act / Assess: excluding the only match stops Next again.
    await user.click(screen.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' }));
    expect(state.draft.foundCompanyInfo?.uniqueSegments[0]?.include).toBe(false);
    expect(await next()).toEqual({ advance: false, message: VALIDATION_MESSAGES.csvOneFile });
  });

  it('puts the explained reasons in the draft when they land, with the include flags of that moment', async () => {
    // Prepare
    const user = userEvent.setup();
    const { container, sentCall, state } = renderStep();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['bluepeaklogistics.com\nnowhere.example'], 'targets.csv', { type: 'text/csv' }));
    const match = await sentCall();
    answerMatch(match, [matched, interimRow('nowhere.example')]);
    const explain = await sentCall(2);
    await user.click(await screen.findByRole('checkbox', { name: 'Include bluepeaklogistics.com' }));

    // Act
    const notFound = {
      code: 'not-found' as const,
      message: 'No company with IP ranges of its own was found for nowhere.example.',
    };
    explain.socket.receive({
      event: 'noMatchesExplained',
      reqID: explain.message['reqID'],
      success: true,
      payload: { reasons: [{ domain: 'nowhere.example', noMatch: notFound }] },
      error: null,
    });
    await screen.findByText(notFound.message);

    // Assess: both row lists explained; the match and the include flag as the user left them.
    expect(
      state.draft.foundCompanyInfo?.uniqueSegments.map((row) => [row.domain, row.include, row.noMatch?.code]),
    ).toEqual([
      ['bluepeaklogistics.com', false, undefined],
      ['nowhere.example', false, 'not-found'],
    ]);
    expect(state.draft.foundCompanyInfo?.primarySegments[1]?.noMatch).toEqual(notFound);
  });

  it('explains the misses of a draft saved before they were', async () => {
    // Act
    const { sentCall } = renderStep({
      ...newCampaignDraft(),
      foundCompanyInfo: {
        primarySegments: [matched],
        uniqueSegments: [
          matched,
          {
            ...unmatched,
            noMatch: { code: 'no-ranges', message: 'No IP ranges of its own were found for nowhere.example.' },
          },
        ],
        matches: 1,
        fromFile: true,
      },
    });

    // Assess
    const { message } = await sentCall();
    expect(message).toMatchObject({ action: 'explainNoMatches', domains: ['nowhere.example'] });
    expect(await screen.findByText('Checking why 1 domain did not match…')).toBeInTheDocument();
  });

  it('shows the match kept in the draft after a reload', async () => {
    // Act
    renderStep({
      ...newCampaignDraft(),
      foundCompanyInfo: {
        primarySegments: [matched],
        uniqueSegments: [matched, unmatched],
        matches: 1,
        fromFile: true,
      },
    });

    // Assess
    expect(await screen.findByRole('table', { name: 'Target companies' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' })).toBeChecked();
    expect(screen.getByText('1 of 2 domains matched, 1 included')).toBeInTheDocument();
  });

  it("names the file's lines that are no domains for 10 s, and matches every line so each row says why", async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    const toast = vi.spyOn(toaster, 'create');
    const { container, sentCall } = renderStep();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;

    // Act
    await user.upload(
      input,
      new File(['domain\nbluepeaklogistics.com\nAcme Corp\nacme.com/about\n'], 'targets.csv', { type: 'text/csv' }),
    );

    // Assess: 001 §5's message, as e-mail imports give it.
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'error',
          title: 'The file loaded with the following invalid domains: Acme Corp, acme.com/about',
          duration: TOAST_MS.csvError,
        }),
      ),
    );
    const { message } = await sentCall();
    expect(message).toMatchObject({
      action: 'getCSVKickfireMatches',
      domains: ['bluepeaklogistics.com', 'Acme Corp', 'acme.com/about'],
    });
  });

  it("offers the advertiser choice; choosing one there makes it the draft's advertiser, with its sources", async () => {
    // Prepare
    const user = userEvent.setup();
    const { state } = renderStep({ ...newCampaignDraft(), selectedAdvertiser: acme });
    const choice = await screen.findByRole('combobox', { name: 'Advertiser' });
    await screen.findByRole('option', { name: 'Bluepeak Logistics' });
    expect(choice).toHaveValue(acme.bgAdvertiserId);
    expect(screen.queryByRole('radio', { name: 'HubSpot Lists' })).not.toBeInTheDocument();

    // Act
    await user.selectOptions(choice, 'Bluepeak Logistics');

    // Assess: the change goes through the wizard's (which clears the previous one's data after asking).
    expect(state.advertiserChanges.map((advertiser) => advertiser.bgAdvertiserId)).toEqual([bluepeak.bgAdvertiserId]);
    expect(screen.getByRole('combobox', { name: 'Advertiser' })).toHaveValue(bluepeak.bgAdvertiserId);
    // Bluepeak is connected to HubSpot: its sources are offered, HubSpot Lists first.
    expect(await screen.findByRole('radio', { name: 'HubSpot Lists' })).toBeChecked();
  });

  describe('HubSpot sources (a CRM-connected advertiser)', () => {
    const connected = bluepeak;
    const crmRow: TCompanyRow = { ...matched, hubspotCompanyId: '11000001', companyName: 'Bluepeak Logistics' };

    function renderConnected(handlers: FakeHandlers) {
      const realtime = fakeRealtime();
      realtime.client.start();
      const api = createFakeApi({ listAdvertisersByAgency: () => ({ payload: [bluepeak, acme] }), ...handlers });
      const { element, state, next } = stepHarness(TargetCompaniesStep, {
        draft: { ...newCampaignDraft(), selectedAdvertiser: connected },
      });
      renderWithApi(api, <RealtimeContext.Provider value={realtime.client}>{element}</RealtimeContext.Provider>, {
        path: '/wizard',
        session,
      });
      return { ...realtime, api, state, next };
    }

    it('tiers: gate, then every page of the tier search (IN, plus target accounts only), kept in the draft', async () => {
      // Prepare
      const user = userEvent.setup();
      const { sentCall, sockets, state, next } = renderConnected({
        getCompanySortValues: () => ({
          payload: {
            tier_values: [
              { label: 'Tier 1', value: 'tier_1' },
              { label: 'Tier 2', value: 'tier_2' },
            ],
          },
        }),
        listHubspotLists: () => ({ payload: [] }),
      });
      await user.click(await screen.findByRole('radio', { name: 'HubSpot Tiers' }));

      // Act / Assess: no tier chosen.
      expect(await next()).toEqual({ advance: false, message: 'Select a HubSpot Ideal Customer Profile Tier.' });
      const toast = vi.spyOn(toaster, 'create');
      await user.click(await screen.findByRole('button', { name: GET_COMPANIES }));
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'error',
          title: 'Select a HubSpot Ideal Customer Profile Tier.',
          duration: 5_000,
        }),
      );
      expect(sockets.flatMap((socket) => socket.calls)).toEqual([]);

      // Act: two tiers, target accounts only, fetch two pages.
      await user.click(screen.getByRole('checkbox', { name: 'Tier 1' }));
      await user.click(screen.getByRole('checkbox', { name: TARGET_ACCOUNTS_ONLY }));
      await user.click(screen.getByRole('button', { name: GET_COMPANIES }));
      const first = await sentCall(1);
      expect(first.message).toMatchObject({
        action: 'getTargetedCompanies',
        bgAdvertiserId: connected.bgAdvertiserId,
        after: '0',
        numberResults: 100,
        filters: [
          { propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1'] },
          { propertyName: 'hs_is_target_account', operator: 'EQ', value: 'true' },
        ],
      });
      expect(
        await screen.findByText("We're getting your company information. This may take a few minutes..."),
      ).toBeInTheDocument();
      first.socket.receive({
        event: 'retrievedCompanies',
        reqID: first.message['reqID'],
        success: true,
        payload: { primarySegments: [crmRow], uniqueSegments: [crmRow], matches: 1, after: '100', total: 101 },
        error: null,
      });
      const second = await sentCall(2);
      expect(second.message).toMatchObject({ action: 'getTargetedCompanies', after: '100' });
      second.socket.receive({
        event: 'retrievedCompanies',
        reqID: second.message['reqID'],
        success: true,
        payload: { primarySegments: [unmatched], uniqueSegments: [unmatched], matches: 0, after: null, total: 101 },
        error: null,
      });
      await screen.findByRole('table', { name: 'Target companies' });

      // Assess
      expect(screen.getByText('1 of 2 companies matched, 1 included')).toBeInTheDocument();
      expect(state.draft.foundCompanyInfo).toMatchObject({ fromFile: false, matches: 1 });
      expect(state.draft.foundCompanyInfo?.uniqueSegments[0]?.hubspotCompanyId).toBe('11000001');
      expect(state.draft.companySortValues).toEqual({ tier_values: [{ label: 'Tier 1', value: 'tier_1' }] });
      expect(await next()).toEqual({ advance: true });
    });

    it('lists: the empty text, and the list gate before a fetch', async () => {
      // Prepare
      const user = userEvent.setup();
      const { next } = renderConnected({ listHubspotLists: () => ({ payload: [] }) });

      // Act / Assess
      expect(await screen.findByText(noHubspotItemsText('HubSpot Lists'))).toBeInTheDocument();
      expect(
        screen.getByText("No HubSpot Lists found linked to this advertiser's HubSpot Account."),
      ).toBeInTheDocument();
      const toast = vi.spyOn(toaster, 'create');
      await user.click(screen.getByRole('button', { name: GET_COMPANIES }));
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', title: 'Select a List to get Companies.', duration: 5_000 }),
      );
      expect(await next()).toEqual({ advance: false, message: 'Select a List to get Companies.' });
    });

    it('lists: fetches each chosen list and keeps the lists picked', async () => {
      // Prepare
      const user = userEvent.setup();
      const { sentCall, state } = renderConnected({
        listHubspotLists: () => ({
          payload: [
            { listId: '101', name: 'Target Accounts Q4', size: 24 },
            { listId: '103', name: 'Closed Won 2026', size: 40 },
          ],
        }),
      });

      // Act
      await user.click(await screen.findByRole('checkbox', { name: 'Closed Won 2026 (40)' }));
      await user.click(screen.getByRole('button', { name: GET_COMPANIES }));
      const call = await sentCall(1);
      call.socket.receive({
        event: 'retrievedCompaniesFromList',
        reqID: call.message['reqID'],
        success: true,
        payload: { primarySegments: [crmRow], uniqueSegments: [crmRow], matches: 1 },
        error: null,
      });
      await screen.findByRole('table', { name: 'Target companies' });

      // Assess
      expect(call.message).toMatchObject({ action: 'getCompaniesFromList', hubspotListId: '103' });
      expect(state.draft.hubSpotLists).toEqual([{ listId: '103', name: 'Closed Won 2026', size: 40 }]);
      expect(state.draft.foundCompanyInfo?.fromFile).toBe(false);
    });

    it("lists: explains the misses in the background like a CSV's, keeping the lists picked", async () => {
      // Prepare
      const user = userEvent.setup();
      const { sentCall, state } = renderConnected({
        listHubspotLists: () => ({ payload: [{ listId: '103', name: 'Closed Won 2026', size: 40 }] }),
      });
      const miss: TCompanyRow = {
        domain: 'quiet.example',
        include: false,
        hubspotCompanyId: '11000002',
        noMatch: { code: 'no-ranges', message: 'No IP ranges of its own were found for quiet.example.' },
      };
      await user.click(await screen.findByRole('checkbox', { name: 'Closed Won 2026 (40)' }));
      await user.click(screen.getByRole('button', { name: GET_COMPANIES }));
      const call = await sentCall(1);
      call.socket.receive({
        event: 'retrievedCompaniesFromList',
        reqID: call.message['reqID'],
        success: true,
        payload: { primarySegments: [crmRow, miss], uniqueSegments: [crmRow, miss], matches: 1 },
        error: null,
      });

      // Act
      const explain = await sentCall(2);
      const ownless = {
        code: 'no-own-ranges' as const,
        message: 'Quiet Co (quiet.example) has no IP ranges of its own.',
      };
      explain.socket.receive({
        event: 'noMatchesExplained',
        reqID: explain.message['reqID'],
        success: true,
        payload: { reasons: [{ domain: 'quiet.example', noMatch: ownless }] },
        error: null,
      });

      // Assess
      expect(explain.message).toMatchObject({ action: 'explainNoMatches', domains: ['quiet.example'] });
      expect(await screen.findByText(ownless.message)).toBeInTheDocument();
      expect(state.draft.foundCompanyInfo?.uniqueSegments[1]).toMatchObject({
        hubspotCompanyId: '11000002',
        noMatch: ownless,
      });
      expect(state.draft.hubSpotLists).toEqual([{ listId: '103', name: 'Closed Won 2026', size: 40 }]);
    });

    it('an advertiser without a CRM connection gets the CSV upload only', async () => {
      // Act
      renderStep({ ...newCampaignDraft(), selectedAdvertiser: makeAdvertiser({ hubspot_authed: false }) });

      // Assess
      expect(screen.queryByRole('radio', { name: 'HubSpot Lists' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /csv/i })).toBeInTheDocument();
    });
  });
});
