import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TLineItem } from '@bidgrid/shared/campaigns/line-item.schema';
import { toaster } from '@/lib/toaster';
import { PIXEL_NOT_READY } from '../campaign-messages';
import { ApolloProvider } from '@apollo/client/react';
import { createFakeApi, renderWithApi, type FakeHandlers } from '@/test/fake-api';
import { demoAgency, fakeSession, renderRoutes } from '@/test/render';
import { captureDownloads, textOf } from '@/test/downloads';
import {
  makeAdGroup,
  makeAdvertiser,
  makeCampaign,
  makeCreative,
  makeLineItem,
  makeLineItemReport,
  makeReport,
} from '../campaigns.fixtures';
import { CampaignsDashboard } from './campaigns-dashboard';

// The page makes a dozen calls per render on a shared, busy CPU: give async queries room.
configure({ asyncUtilTimeout: 5_000 });

const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });
const TODAY = '2026-06-15';

/** Impressions per frame, so each frame's numbers are told apart on screen. */
const IMPRESSIONS: Record<string, number> = { ALL_TIME: 90_000, '7_DAYS': 7_000, '30_DAYS': 30_000, '90_DAYS': 60_000 };

interface World {
  campaigns: TCampaign[];
  lineItems: TLineItem[];
}

/** A fake API over a mutable world, as the server keeps it. */
function dashboardApi(world: World, extra: FakeHandlers = {}) {
  const withReport = (campaign: TCampaign, impressions: number): TCampaign => ({
    ...campaign,
    campaignReports: [makeReport({ impressions })],
  });
  const handlers: FakeHandlers = {
    listCampaignsByAdvertiser: ({ query }) => ({
      payload: world.campaigns.map((c) => withReport(c, IMPRESSIONS[query['timeFrame'] ?? 'ALL_TIME'] ?? 0)),
    }),
    getCampaignDailyReport: ({ query }) => ({
      payload: world.campaigns.map((c) => withReport(c, Number((query['date'] ?? '').slice(-2)) * 10)),
    }),
    getLineItemsReport: () => ({ payload: { lineItems: world.lineItems, lineItemReports: [] } }),
    getLineItemsDailyReport: () => ({ payload: { lineItems: world.lineItems, lineItemReports: [] } }),
    getCampaignTargetingSelections: () => ({
      payload: {
        domain_list: [{ beeswaxListId: 1, name: 'Finance news' }],
        geo_country: ['USA'],
        geo_state: [
          { country_code_3: 'USA', region_name: 'Texas' },
          { country_code_3: 'USA', region_name: 'California' },
        ],
        geo_zip: [],
        role_title_segments: [],
        retargeting_segments: [],
      },
    }),
    getCampaignDelivery: () => ({
      payload: [
        { date: '2026-06-14', impressions: 400, clicks: 3, spend: 2 },
        { date: '2026-06-15', impressions: 600, clicks: 1, spend: 3.5 },
      ],
    }),
    listAdGroupsByCampaign: () => ({ payload: [makeAdGroup()] }),
    getCreativesReport: () => ({ payload: [makeCreative()] }),
    getCreativesDailyReport: () => ({ payload: [makeCreative()] }),
    updateLineItemStatus: ({ body }) => {
      const { beeswaxLineItemId, active } = body as { beeswaxLineItemId: number; active: boolean };
      world.lineItems = world.lineItems.map((li) =>
        li.beeswaxLineItemId === beeswaxLineItemId ? { ...li, active } : li,
      );
      return { payload: world.lineItems.find((li) => li.beeswaxLineItemId === beeswaxLineItemId) };
    },
    archiveCampaign: ({ body }) => {
      const { bgCampaignId, updateBody } = body as { bgCampaignId: string; updateBody: { archived: boolean } };
      world.campaigns = world.campaigns.map((c) => (c.bgCampaignId === bgCampaignId ? { ...c, ...updateBody } : c));
      return { payload: world.campaigns.find((c) => c.bgCampaignId === bgCampaignId) };
    },
    updateCampaignStatus: ({ body }) => {
      const { bgCampaignId, updateBody } = body as { bgCampaignId: string; updateBody: { active: boolean } };
      world.campaigns = world.campaigns.map((c) => (c.bgCampaignId === bgCampaignId ? { ...c, ...updateBody } : c));
      return { payload: world.campaigns.find((c) => c.bgCampaignId === bgCampaignId) };
    },
    ...extra,
  };
  return handlers;
}

function renderDashboard(world: World, extra: FakeHandlers = {}, path = '/advertisers/bgAdvertiser-acme') {
  const api = createFakeApi(dashboardApi(world, extra));
  const rendered = renderWithApi(api, <CampaignsDashboard advertiser={makeAdvertiser()} />, {
    path,
    route: '/advertisers/:id',
    session,
  });
  return { api, ...rendered };
}

const spring = makeCampaign();
const paused = makeCampaign({
  bgCampaignId: 'bg-campaign-paused',
  beeswaxCampaignId: 502,
  name: 'Paused Autumn Campaign With A Very Long Name That Goes On',
  active: false,
});
const old = makeCampaign({
  bgCampaignId: 'bg-campaign-old',
  beeswaxCampaignId: 503,
  name: 'Old',
  archived: true,
  active: false,
});

const cellsOf = (table: HTMLElement): string[][] =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );

const headersOf = (table: HTMLElement): string[] =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T12:00:00`));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Campaigns Dashboard', () => {
  it('leaves the page the user went to alone when the campaigns arrive after they left', async () => {
    // Prepare: the campaigns reply is held back, and so is the invoices page's route module.
    const world = { campaigns: [spring, paused], lineItems: [makeLineItem()] };
    let sendCampaigns = (): void => undefined;
    const campaignsSent = new Promise<void>((resolve) => (sendCampaigns = resolve));
    const handlers = dashboardApi(world);
    const api = createFakeApi({
      ...handlers,
      listCampaignsByAdvertiser: async (request) => {
        await campaignsSent;
        return handlers.listCampaignsByAdvertiser?.(request) ?? { error: 'no handler' };
      },
    });
    let loadInvoicesPage = (): void => undefined;
    const invoicesPage = new Promise<{ Component: () => ReactElement }>(
      (resolve) => (loadInvoicesPage = () => resolve({ Component: () => <p>Invoices page</p> })),
    );
    const { router } = renderRoutes(
      [
        {
          path: '/advertisers/:id',
          element: (
            <ApolloProvider client={api.apollo}>
              <CampaignsDashboard advertiser={makeAdvertiser()} />
            </ApolloProvider>
          ),
        },
        { path: '/invoices', lazy: () => invoicesPage },
      ],
      { path: '/advertisers/bgAdvertiser-acme', session },
    );
    await waitFor(() => expect(api.callsOf('listCampaignsByAdvertiser')).toHaveLength(1));

    // Act: the user clicks away to the invoices; the campaigns arrive while that page still loads.
    void router.navigate('/invoices?advertiser=bgAdvertiser-acme');
    sendCampaigns();
    await screen.findByRole('option', { name: 'Spring Launch' });
    loadInvoicesPage();

    // Assess: the invoices page, with its filter, and no campaign put into any URL.
    expect(await screen.findByText('Invoices page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/invoices?advertiser=bgAdvertiser-acme',
    );
  });

  it('chooses the first campaign, puts it in the URL and shows the toolbar and the metrics table', async () => {
    // Prepare
    const world = { campaigns: [old, spring, paused], lineItems: [makeLineItem()] };

    // Act
    const { router } = renderDashboard(world);

    // Assess
    const table = await screen.findByRole('table', { name: 'Campaign metrics' });
    expect(screen.getByRole('heading', { level: 2, name: 'Campaigns Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View All Campaigns' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?campaignId=bg-campaign-spring'));
    const selector = screen.getByRole('combobox', { name: 'Campaigns' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Spring Launch', paused.name]);
    expect(headersOf(table)).toEqual([
      'Status',
      'Name',
      'Start Date',
      'End Date',
      'Campaign Budget',
      'Matched Accounts',
      'Clicks',
      'CTR',
      'Impressions',
      'Budget Spent',
      'CPC (USD)',
      'CPM (USD)',
      'Conversions',
      'Spent Per Conversions',
      'View Through Conversions',
      'Click Through Conversions',
    ]);
    expect(cellsOf(table)).toEqual([
      [
        'ACTIVE',
        'Spring Launch',
        'Jan 1st 2026',
        'Dec 31st 2026',
        '$18,200.00',
        '12',
        '120',
        '0.40%',
        '90,000',
        '$150.00',
        '$1.25',
        '$5.00',
        '6',
        '$25.00',
        '4',
        '2',
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Archive Campaign' })).toBeDisabled();
    const targeting = await screen.findByRole('table', { name: 'Campaign Targeting Selections' });
    expect(cellsOf(targeting)[0]).toEqual(['Finance news', 'United StatesCaliforniaTexas', 'N/A', 'N/A', 'N/A']);
  });

  it("says how fresh the campaign's numbers are: the time of its last sync, or that it has none yet", async () => {
    // Prepare: the spring campaign was synced; the paused one never was.
    const world = { campaigns: [spring, paused], lineItems: [makeLineItem()] };
    const syncedAt: Record<string, string | null> = {
      [spring.bgCampaignId]: '2026-06-15T14:05:00.000Z',
      [paused.bgCampaignId]: null,
    };
    const withSync = (c: TCampaign): TCampaign => ({
      ...c,
      campaignReports: [makeReport({ syncedAt: syncedAt[c.bgCampaignId] ?? null })],
    });

    // Act
    const { router } = renderDashboard(world, {
      listCampaignsByAdvertiser: () => ({ payload: world.campaigns.map(withSync) }),
    });

    // Assess: the reader's own time zone, so only the minutes are fixed here.
    await screen.findByRole('table', { name: 'Campaign metrics' });
    expect(await screen.findByTestId('campaign-synced-at')).toHaveTextContent(
      /^Numbers as of Jun 1[56], 2026, \d{1,2}:05 (AM|PM)$/,
    );
    await router.navigate('/advertisers/bgAdvertiser-acme?campaignId=bg-campaign-paused');
    await waitFor(() => expect(screen.getByTestId('campaign-synced-at')).toHaveTextContent('Not synced yet'));
  });

  it('keeps a known campaignId, cuts the title at 40 characters and switches campaigns through the URL', async () => {
    // Prepare
    const user = userEvent.setup();
    const world = { campaigns: [spring, paused], lineItems: [] };

    // Act
    const { router } = renderDashboard(world, {}, '/advertisers/bgAdvertiser-acme?campaignId=bg-campaign-paused');

    // Assess
    const title = await screen.findByRole('heading', { level: 3, name: `${paused.name.slice(0, 40).trimEnd()}…` });
    expect(title).toHaveAttribute('title', paused.name);
    expect(screen.getByRole('button', { name: 'Archive Campaign' })).toBeEnabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaigns' }), 'Spring Launch');
    await waitFor(() => expect(router.state.location.search).toBe('?campaignId=bg-campaign-spring'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Spring Launch' })).toBeInTheDocument();
  });

  it('shows the campaign picked at once, while its line items are still on their way', async () => {
    // Prepare: the picked campaign's line items are held back until released
    const user = userEvent.setup();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lineItemsOf = (bgCampaignId: string) =>
      bgCampaignId === spring.bgCampaignId
        ? [makeLineItem({ bgCampaignId: spring.bgCampaignId, line_item_name: 'Spring line' })]
        : [makeLineItem({ bgCampaignId: paused.bgCampaignId, line_item_name: 'Paused line' })];
    const { router } = renderDashboard(
      { campaigns: [spring, paused], lineItems: [] },
      {
        getLineItemsReport: async ({ query }) => {
          const bgCampaignId = query['bgCampaignId'] ?? '';
          if (bgCampaignId === spring.bgCampaignId) await held;
          return { payload: { lineItems: lineItemsOf(bgCampaignId), lineItemReports: [] } };
        },
      },
      '/advertisers/bgAdvertiser-acme?campaignId=bg-campaign-paused',
    );
    expect(await screen.findByText('Paused line')).toBeInTheDocument();

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaigns' }), 'Spring Launch');

    // Assess: the picked campaign is on screen before its line items arrive (a navigation run as a
    // transition once kept the old campaign for 5 s while a panel's request was under way)
    await waitFor(() => expect(router.state.location.search).toBe('?campaignId=bg-campaign-spring'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Spring Launch' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('Spring line')).toBeInTheDocument();
  });

  it('refetches for another frame and for a custom day only when the day changes', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderDashboard({ campaigns: [spring], lineItems: [makeLineItem()] });
    const table = await screen.findByRole('table', { name: 'Campaign metrics' });
    await waitFor(() => expect(cellsOf(table)[0]?.[8]).toBe('90,000'));

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time Frame' }), '7_DAYS');

    // Assess
    await waitFor(() => expect(cellsOf(screen.getByRole('table', { name: 'Campaign metrics' }))[0]?.[8]).toBe('7,000'));
    expect(api.callsOf('listCampaignsByAdvertiser').map((call) => call.query['timeFrame'])).toEqual([
      'ALL_TIME',
      '7_DAYS',
    ]);
    expect(api.callsOf('getLineItemsReport').map((call) => call.query['timeFrame'])).toEqual(['ALL_TIME', '7_DAYS']);

    // Act: a custom day (today by default), then another day, then the same day again
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time Frame' }), 'CUSTOM_DATE');
    await waitFor(() => expect(api.callsOf('getCampaignDailyReport')).toHaveLength(1));
    const day = screen.getByLabelText('Custom date');
    fireEvent.change(day, { target: { value: '2026-06-03' } });
    await waitFor(() => expect(cellsOf(screen.getByRole('table', { name: 'Campaign metrics' }))[0]?.[8]).toBe('30'));
    fireEvent.change(day, { target: { value: '2026-06-03' } });
    fireEvent.change(day, { target: { value: '' } });

    // Assess
    expect(api.callsOf('getCampaignDailyReport').map((call) => call.query['date'])).toEqual([TODAY, '2026-06-03']);
    expect(api.callsOf('getLineItemsDailyReport').map((call) => call.query['date'])).toEqual([TODAY, '2026-06-03']);
    expect(api.callsOf('getCampaignDelivery').at(-1)?.query).toEqual({
      bgCampaignId: 'bg-campaign-spring',
      timeFrame: 'CUSTOM_DATE',
      date: '2026-06-03',
    });
  });

  it('archives an inactive campaign after confirmation, says so for 5 s and moves to the next campaign', async () => {
    // Prepare
    const user = userEvent.setup();
    const create = vi.spyOn(toaster, 'create');
    const world = { campaigns: [paused, spring], lineItems: [] };
    const { api, router } = renderDashboard(world);
    await screen.findByRole('heading', { level: 3, name: `${paused.name.slice(0, 40).trimEnd()}…` });

    // Act
    await user.click(screen.getByRole('button', { name: 'Archive Campaign' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: `Are you sure you want to archive "${paused.name}" campaign?`,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    // Assess
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ title: `Campaign "${paused.name}" is successfully archived.`, duration: 5_000 }),
      ),
    );
    expect(api.callsOf('archiveCampaign')[0]?.body).toEqual({
      bgCampaignId: 'bg-campaign-paused',
      updateBody: { archived: true },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?campaignId=bg-campaign-spring'));
    expect(within(screen.getByRole('combobox', { name: 'Campaigns' })).getAllByRole('option')).toHaveLength(1);
  });

  it("says 'All campaigns are archived' with a way to the full list", async () => {
    // Prepare
    const user = userEvent.setup();

    // Act
    renderDashboard({ campaigns: [old], lineItems: [] });

    // Assess
    expect(await screen.findByText('All campaigns are archived')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View All Campaigns' }));
    expect(await screen.findByRole('dialog', { name: '"Acme Outdoor" Advertiser Campaigns' })).toBeInTheDocument();
  });

  it("copies a conversion pixel snippet with the bidder's tag URL of the campaign", async () => {
    // Prepare
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDashboard({ campaigns: [spring], lineItems: [] });

    // Act
    await user.click(await screen.findByRole('button', { name: 'Copy Conversion Pixel' }));

    // Assess
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]?.[0]).toContain(
      'src="https://cnv.event.prod.bidr.io/log/cnv?tag_id=7781&amp;buzz_key=bidgridlocal&amp;value=[VALUE]',
    );
    expect(writeText.mock.calls[0]?.[0]).toMatch(/^<!-- BidGrid conversion pixel: Spring Launch -->\n<img /);
  });

  it('keeps Copy Conversion Pixel disabled, saying why, for a campaign the bidder gave no tag', async () => {
    // Prepare: a campaign made before the bidder gave tags (an event id, no tag URL)
    const legacy = { ...spring, conversion_tag_url: null };
    renderDashboard({ campaigns: [legacy], lineItems: [] });

    // Act
    const button = await screen.findByRole('button', { name: 'Copy Conversion Pixel' });

    // Assess
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', PIXEL_NOT_READY);
  });
});

describe('Line-item report', () => {
  const fromFile = makeLineItem({
    beeswaxLineItemId: 9002,
    line_item_name: 'Initech Incorporated International Holdings',
    active: false,
    hubspotCompanyId: null,
    fromFile: true,
    lineItemReports: [makeLineItemReport(9002, { impressions: 50, ctr: 1.5, cpc_usd: 0.5 })],
  });

  it('shows the fixed columns, the default metrics and N/A, and adds a hidden metric', async () => {
    // Prepare
    const user = userEvent.setup();
    renderDashboard({ campaigns: [spring], lineItems: [makeLineItem(), fromFile] });
    const table = await screen.findByRole('table', { name: 'Line items' });

    // Assess
    expect(headersOf(table)).toEqual([
      'Status',
      'Name',
      'Source',
      'HS Company Id',
      'Impressions',
      'Clicks',
      'Conversions',
      'Spent USD',
      'Segment Count',
    ]);
    await waitFor(() => expect(cellsOf(table)).toHaveLength(2));
    expect(cellsOf(table)[1]).toEqual([
      'INACTIVE',
      'Initech Incorporated Inte…',
      'File Upload',
      'N/A',
      '50',
      'N/A',
      'N/A',
      'N/A',
      'N/A',
    ]);
    expect(cellsOf(table)[0]?.slice(2, 4)).toEqual(['HubSpot', '7700']);

    // Act
    await user.click(screen.getByRole('button', { name: 'Select Metrics' }));
    await user.click(await screen.findByRole('checkbox', { name: 'CTR' }));

    // Assess
    await waitFor(() => expect(headersOf(screen.getByRole('table', { name: 'Line items' }))).toContain('CTR'));
    expect(cellsOf(screen.getByRole('table', { name: 'Line items' }))[1]?.at(-1)).toBe('1.50%');
  });

  it("remembers the user's metric choice for the next visit, in the spec's column order", async () => {
    // Prepare
    const user = userEvent.setup();
    const world = { campaigns: [spring], lineItems: [makeLineItem(), fromFile] };
    const first = renderDashboard(world);
    await screen.findByRole('table', { name: 'Line items' });

    // Act: CPC added, Conversions taken away
    await user.click(screen.getByRole('button', { name: 'Select Metrics' }));
    await user.click(await screen.findByRole('checkbox', { name: 'CPC (USD)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Conversions' }));
    first.unmount();
    renderDashboard(world);

    // Assess
    const table = await screen.findByRole('table', { name: 'Line items' });
    expect(headersOf(table).slice(4)).toEqual(['Impressions', 'Clicks', 'Spent USD', 'Segment Count', 'CPC (USD)']);
    expect(localStorage.getItem('bidgrid:line-item-metrics:demo')).toBe(
      '["impressions","clicks","spend","segment_count_nam","cpc_usd"]',
    );
  });

  it('asks before switching a line item and sends the inverted status', async () => {
    // Prepare
    const user = userEvent.setup();
    const { api } = renderDashboard({ campaigns: [spring], lineItems: [makeLineItem()] });
    const toggle = await screen.findByRole('checkbox', { name: 'Status of Globex Corporation' });

    // Act: No keeps everything as it was
    await user.click(toggle);
    const question = await screen.findByRole('alertdialog', {
      name: "Are you sure you want to update this line item's status?",
    });
    await user.click(within(question).getByRole('button', { name: 'No' }));

    // Assess
    expect(api.callsOf('updateLineItemStatus')).toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: 'Status of Globex Corporation' })).toBeChecked();

    // Act: Yes switches it off
    await user.click(screen.getByRole('checkbox', { name: 'Status of Globex Corporation' }));
    const again = await screen.findByRole('alertdialog', {
      name: "Are you sure you want to update this line item's status?",
    });
    await user.click(within(again).getByRole('button', { name: 'Yes' }));

    // Assess
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Status of Globex Corporation' })).not.toBeChecked(),
    );
    expect(api.callsOf('updateLineItemStatus')[0]?.body).toEqual({ beeswaxLineItemId: 9001, active: false });
    expect(api.callsOf('getLineItemsReport')).toHaveLength(2);
  });

  it.each([
    [
      'No',
      (user: ReturnType<typeof userEvent.setup>, question: HTMLElement) =>
        user.click(within(question).getByRole('button', { name: 'No' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('gives the focus back to the switch after %s, the switch as it was', async (_answer, answer) => {
    // Prepare
    const user = userEvent.setup();
    renderDashboard({ campaigns: [spring], lineItems: [makeLineItem()] });
    await user.click(await screen.findByRole('checkbox', { name: 'Status of Globex Corporation' }));
    const question = await screen.findByRole('alertdialog', {
      name: "Are you sure you want to update this line item's status?",
    });
    await waitFor(() => expect(question).toContainElement(document.activeElement as HTMLElement));

    // Act
    await answer(user, question);

    // Assess
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const toggle = screen.getByRole('checkbox', { name: 'Status of Globex Corporation' });
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).toBeChecked();
  });

  it("exports the shown columns with ';' to export.csv", async () => {
    // Prepare
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderDashboard({ campaigns: [spring], lineItems: [makeLineItem(), fromFile] });
    await screen.findByRole('checkbox', { name: 'Status of Globex Corporation' });

    // Act
    await user.click(screen.getByRole('button', { name: 'Export' }));

    // Assess
    expect(saved.map((file) => file.name)).toEqual(['export.csv']);
    const text = await textOf(saved[0]);
    expect(text).toBe(
      [
        '\uFEFF"Status";"Name";"Source";"HS Company Id";"impressions";"clicks";"conversions";"Spent USD";"segment_count_nam"',
        '"ACTIVE";"Globex Corporation";"HubSpot";"7700";"1,000";"7";"1";"$12.50";"N/A"',
        '"INACTIVE";"Initech Incorporated International Holdings";"File Upload";"N/A";"50";"N/A";"N/A";"N/A";"N/A"',
        '',
      ].join('\r\n'),
    );
  });
});

describe('paged lists (issue 9 §6)', () => {
  it('picks the newest campaign once every page is in, and shows and exports every line item of every page', async () => {
    // Prepare: the newest campaign comes on the second page; 30 line items come in pages of 20, the second
    // held back until the test lets it go
    const user = userEvent.setup();
    const newer = makeCampaign({
      bgCampaignId: 'bg-campaign-newer',
      beeswaxCampaignId: 504,
      name: 'Newer Campaign',
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    const lineItems = Array.from({ length: 30 }, (_, n) =>
      makeLineItem({
        beeswaxLineItemId: 9100 + n,
        line_item_name: `Company ${String(n).padStart(2, '0')}`,
        lineItemReports: [],
      }),
    );
    let releaseLineItems = (): void => undefined;
    const secondLineItemPage = new Promise<void>((resolve) => (releaseLineItems = resolve));
    const saved = captureDownloads();
    const { router, api } = renderDashboard(
      { campaigns: [spring, paused, newer], lineItems: [] },
      {
        listCampaignsByAdvertiser: ({ query }) =>
          query['cursor'] === 'campaigns-2'
            ? { payload: [newer], nextCursor: null }
            : { payload: [spring, paused], nextCursor: 'campaigns-2' },
        getLineItemsReport: async ({ query }) => {
          if (query['cursor'] === 'line-items-2') await secondLineItemPage;
          const start = query['cursor'] === 'line-items-2' ? 20 : 0;
          return {
            payload: { lineItems: lineItems.slice(start, start + 20), lineItemReports: [] },
            nextCursor: start === 0 ? 'line-items-2' : null,
          };
        },
      },
    );

    // Act
    await waitFor(() => expect(router.state.location.search).toBe('?campaignId=bg-campaign-newer'));
    const loadingMore = (await screen.findByText('Loading more... (20 line items loaded)')).textContent;
    const panel = screen.getByRole('region', { name: 'Campaign Metrics' });
    const exportWhileLoading = within(panel).getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    const disabledWhileLoading = exportWhileLoading.disabled;
    releaseLineItems();
    await waitFor(() => expect(screen.queryByText(/Loading more/)).not.toBeInTheDocument());
    await user.click(within(panel).getByRole('button', { name: 'Export' }));

    // Assess
    expect(loadingMore).toBe('Loading more... (20 line items loaded)');
    expect(disabledWhileLoading).toBe(true);
    expect(saved.map((file) => file.name)).toEqual(['export.csv']);
    const csv = await textOf(saved[0]);
    const names = csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(';')[1]);
    expect(names).toEqual(lineItems.map((lineItem) => `"${lineItem.line_item_name}"`));
    expect(api.callsOf('listCampaignsByAdvertiser').map((call) => call.query['cursor'])).toEqual([
      undefined,
      'campaigns-2',
    ]);
    expect(
      api
        .callsOf('getLineItemsReport')
        .filter((call) => call.query['bgCampaignId'] === 'bg-campaign-newer')
        .map((call) => call.query['cursor']),
    ).toEqual([undefined, 'line-items-2']);
  });
});
