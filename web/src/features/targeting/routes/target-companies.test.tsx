import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { GENERIC_REQUEST_ERROR } from '@bidgrid/shared/api/envelope';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { RealtimeContext } from '@/lib/realtime/realtime-context';
import { REALTIME_MESSAGES } from '@/lib/realtime/realtime-errors';
import { toaster } from '@/lib/toaster';
import { fakeRealtime } from '@/test/fake-realtime';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { makeAdvertiser } from '@/test/entity-fixtures';
import { demoAgency, fakeSession } from '@/test/render';
import { MATCHING_TEXT } from '../components/company-match-blocks';
import { checkingMissesText, missesCheckFailedText } from '../components/miss-explanation-status';
import { answerMatch, interimRow } from '../company-match.fixtures';
import { Component as TargetCompaniesPage } from './target-companies';

const matched: TCompanyRow = {
  domain: 'bluepeaklogistics.com',
  include: true,
  domainInfo: {
    domain: 'bluepeaklogistics.com',
    companyName: 'Bluepeak Logistics',
    ipSegments: ['198.18.0.0/22', '198.19.0.0/24'],
  },
};
const redirect: TCompanyRow = {
  domain: 'bluepeak-freight.com',
  include: false,
  noMatch: {
    code: 'redirect',
    message:
      'bluepeak-freight.com redirects to bluepeaklogistics.com. Upload bluepeaklogistics.com if that is the company you mean.',
    suggestion: 'bluepeaklogistics.com',
  },
};

const explainedNotFound = (domain: string) => ({
  domain,
  noMatch: { code: 'not-found', message: `No company with IP ranges of its own was found for ${domain}.` },
});

function renderPage(advertisers: TAdvertiser[] = []) {
  const realtime = fakeRealtime();
  realtime.client.start();
  const api = createFakeApi({
    listAdvertisersByAgency: () => ({ payload: advertisers }),
    listHubspotLists: () => ({ payload: [{ listId: '101', name: 'Target Accounts Q4', size: 24 }] }),
  });
  const view = renderWithApi(
    api,
    <RealtimeContext.Provider value={realtime.client}>
      <TargetCompaniesPage />
    </RealtimeContext.Provider>,
    {
      path: '/target-companies',
      session: fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency }),
    },
  );
  const fileInput = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...realtime, ...view, api, fileInput };
}

const csv = (text: string, name = 'targets.csv') => new File([text], name, { type: 'text/csv' });

let toasts: MockInstance<typeof toaster.create>;
beforeEach(() => {
  toasts = vi.spyOn(toaster, 'create');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Target Companies', () => {
  it('matches the domains of a CSV with the loading text and progress, then shows each row with its status, include flag and reason', async () => {
    // Prepare
    const user = userEvent.setup();
    const { fileInput, sentCall } = renderPage();
    const opened = vi.spyOn(fileInput, 'click');

    // Act: the button opens the file chooser; the header line and carriage returns are dropped.
    await user.click(screen.getByRole('button', { name: 'Upload CSV' }));
    await user.upload(fileInput, csv('domain\r\nbluepeaklogistics.com\r\nbluepeak-freight.com\r\n\r\n'));
    const { socket, message } = await sentCall();
    socket.receive({ reqID: message['reqID'], done: 1, total: 2 });

    // Assess: loading, with progress.
    expect(opened).toHaveBeenCalled();
    expect(message).toMatchObject({
      action: 'getCSVKickfireMatches',
      domains: ['bluepeaklogistics.com', 'bluepeak-freight.com'],
    });
    expect(await screen.findByText(MATCHING_TEXT)).toBeInTheDocument();
    expect(await screen.findByText('1 of 2 domains checked')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Company matching progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    // Act: the reply.
    answerMatch({ socket, message }, [matched, redirect]);

    // Assess: the table.
    const table = await screen.findByRole('table', { name: 'Target companies' });
    expect(screen.queryByText(MATCHING_TEXT)).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 domains matched, 1 included')).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'bluepeaklogistics.com', 'Matched', 'Bluepeak Logistics', '2', '']);
    expect(within(second as HTMLElement).getByText('Not matched')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText(redirect.noMatch?.message as string)).toBeInTheDocument();
    const includeMatched = screen.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' });
    const includeRedirect = screen.getByRole('checkbox', { name: 'Include bluepeak-freight.com' });
    expect(includeMatched).toBeChecked();
    expect(includeRedirect).toBeDisabled();
    expect(includeRedirect).not.toBeChecked();

    // Act / Assess: the include flag toggles.
    await user.click(includeMatched);
    expect(includeMatched).not.toBeChecked();
    expect(screen.getByText('1 of 2 domains matched, 0 included')).toBeInTheDocument();
  });

  it('refuses anything but one .csv file, and says when a file cannot be read, for 10 s', async () => {
    // Prepare
    const user = userEvent.setup({ applyAccept: false });
    const { fileInput, sockets } = renderPage();
    const unreadable = csv('x');
    vi.spyOn(unreadable, 'text').mockRejectedValue(new Error('disk error'));

    // Act
    await user.upload(fileInput, new File(['acme.com'], 'targets.txt', { type: 'text/plain' }));
    await user.upload(fileInput, unreadable);
    await user.upload(fileInput, csv('domain\n\n'));
    await user.upload(fileInput, csv(Array.from({ length: 10_001 }, (_, i) => `d${i}.com`).join('\n')));

    // Assess
    expect(toasts.mock.calls.map(([options]) => [options.title, options.duration])).toEqual([
      [VALIDATION_MESSAGES.csvOneFile, TOAST_MS.csvError],
      [VALIDATION_MESSAGES.fileUploadError, TOAST_MS.csvError],
      ['The file has no domains.', TOAST_MS.csvError],
      ['A file can hold at most 10,000 domains; this one has 10,001.', TOAST_MS.csvError],
    ]);
    expect(VALIDATION_MESSAGES.fileUploadError).toBe('There was an error uploading your file. Please try again.');
    expect(sockets.every((s) => s.calls.length === 0)).toBe(true);
  });

  it('shows the error a failed match returned, and tries the same file again', async () => {
    // Prepare
    const user = userEvent.setup();
    const { fileInput, sentCall } = renderPage();
    await user.upload(fileInput, csv('bluepeaklogistics.com\n'));
    const first = await sentCall();

    // Act
    first.socket.receive({
      event: 'retrievedCSVKickfireMatches',
      reqID: first.message['reqID'],
      success: false,
      payload: null,
      error: GENERIC_REQUEST_ERROR,
      status: 502,
    });

    // Assess
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The company match failed.')).toBeInTheDocument();
    expect(within(alert).getByText(GENERIC_REQUEST_ERROR)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const second = await sentCall(2);
    expect(second.message['domains']).toEqual(['bluepeaklogistics.com']);
    expect(second.message['reqID']).not.toBe(first.message['reqID']);
  });

  it('says clearly that the connection dropped while matching', async () => {
    const user = userEvent.setup();
    const { fileInput, sentCall } = renderPage();
    await user.upload(fileInput, csv('bluepeaklogistics.com\n'));
    const { socket } = await sentCall();
    socket.serverClose(1006);
    expect(await screen.findByText(REALTIME_MESSAGES.connectionLost)).toBeInTheDocument();
  });

  it("offers a CRM-connected advertiser's HubSpot Lists and Tiers beside the CSV, and fetches a chosen list", async () => {
    // Prepare
    const user = userEvent.setup();
    const bluepeak = makeAdvertiser({
      bgAdvertiserId: 'bgAdvertiser-demo-bluepeak',
      name: 'Bluepeak Logistics',
      hubspot_authed: true,
      hubspot_portal_id: 4410001,
    });
    const { sentCall } = renderPage([makeAdvertiser({ name: 'Acme Robotics' }), bluepeak]);

    // Act
    await user.click(await screen.findByRole('radio', { name: 'HubSpot Lists' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Target Accounts Q4 (24)' }));
    await user.click(screen.getByRole('button', { name: 'Get Companies' }));
    const { socket, message } = await sentCall();
    socket.receive({
      event: 'retrievedCompaniesFromList',
      reqID: message['reqID'],
      success: true,
      payload: { primarySegments: [matched], uniqueSegments: [matched], matches: 1 },
      error: null,
    });

    // Assess: only the connected advertiser is offered; its list's companies are shown.
    expect(screen.getByRole('combobox', { name: 'Advertiser' })).toHaveDisplayValue('Bluepeak Logistics');
    expect(screen.queryByRole('option', { name: 'Acme Robotics' })).not.toBeInTheDocument();
    expect(message).toMatchObject({
      action: 'getCompaniesFromList',
      bgAdvertiserId: bluepeak.bgAdvertiserId,
      hubspotListId: '101',
    });
    expect(await screen.findByRole('table', { name: 'Target companies' })).toBeInTheDocument();
  });

  it('explains the misses in the background after a match, with a progress line, while the user carries on', async () => {
    // Prepare: a match with two rows the match could only say had no ranges.
    const user = userEvent.setup();
    const { fileInput, sentCall } = renderPage();
    await user.upload(fileInput, csv('bluepeaklogistics.com\nnobody.example\nquillandcrumb.com\n'));
    const match = await sentCall();
    answerMatch(match, [matched, interimRow('nobody.example'), interimRow('quillandcrumb.com')]);

    // Act: the explanation is asked, and reports progress.
    const explain = await sentCall(2);
    explain.socket.receive({ reqID: explain.message['reqID'], done: 1, total: 2 });

    // Assess: the interim sentences and the progress line; the table is usable meanwhile.
    expect(explain.message).toMatchObject({
      action: 'explainNoMatches',
      domains: ['nobody.example', 'quillandcrumb.com'],
    });
    expect(await screen.findByText(checkingMissesText(2, 1))).toBeInTheDocument();
    expect(checkingMissesText(7000, 2100)).toBe('Checking why 7,000 domains did not match… 2,100 of 7,000');
    expect(screen.getByText('No IP ranges of its own were found for nobody.example.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' }));
    expect(screen.getByText('1 of 3 domains matched, 0 included')).toBeInTheDocument();

    // Act: the explanations land.
    explain.socket.receive({
      event: 'noMatchesExplained',
      reqID: explain.message['reqID'],
      success: true,
      payload: {
        reasons: [
          explainedNotFound('nobody.example'),
          {
            domain: 'quillandcrumb.com',
            noMatch: {
              code: 'no-own-ranges',
              message: 'Quill & Crumb Bakery (quillandcrumb.com) has no IP ranges of its own.',
            },
          },
        ],
      },
      error: null,
    });

    // Assess: the final sentences, the line gone, the user's include flag kept.
    expect(
      await screen.findByText('No company with IP ranges of its own was found for nobody.example.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Quill & Crumb Bakery (quillandcrumb.com) has no IP ranges of its own.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Checking why/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No IP ranges of its own were found/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' })).not.toBeChecked();
    expect(screen.getByText('1 of 3 domains matched, 0 included')).toBeInTheDocument();
  });

  it('says when the misses could not be checked, keeps the interim reasons, and checks again', async () => {
    // Prepare
    const user = userEvent.setup();
    const { fileInput, sentCall } = renderPage();
    await user.upload(fileInput, csv('nobody.example\n'));
    const match = await sentCall();
    answerMatch(match, [interimRow('nobody.example')]);
    const first = await sentCall(2);

    // Act
    first.socket.receive({
      event: 'noMatchesExplained',
      reqID: first.message['reqID'],
      success: false,
      payload: null,
      error: GENERIC_REQUEST_ERROR,
      status: 502,
    });

    // Assess
    expect(await screen.findByText(missesCheckFailedText(1, GENERIC_REQUEST_ERROR))).toBeInTheDocument();
    expect(screen.getByText('No IP ranges of its own were found for nobody.example.')).toBeInTheDocument();

    // Act: check again, answered.
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    const second = await sentCall(3);
    second.socket.receive({
      event: 'noMatchesExplained',
      reqID: second.message['reqID'],
      success: true,
      payload: { reasons: [explainedNotFound('nobody.example')] },
      error: null,
    });

    // Assess
    expect(second.message).toMatchObject({ action: 'explainNoMatches', domains: ['nobody.example'] });
    expect(
      await screen.findByText('No company with IP ranges of its own was found for nobody.example.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('asks nothing more when no miss awaits an explanation', async () => {
    const user = userEvent.setup();
    const { fileInput, sentCall, latest } = renderPage();
    await user.upload(fileInput, csv('bluepeaklogistics.com\nbluepeak-freight.com\n'));
    const match = await sentCall();
    answerMatch(match, [matched, redirect]);
    await screen.findByRole('table', { name: 'Target companies' });
    expect((await latest()).calls).toHaveLength(1);
    expect(screen.queryByText(/Checking why/)).not.toBeInTheDocument();
  });
});
