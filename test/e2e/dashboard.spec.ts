import { nowMs } from '@bidgrid/shared/clock';
import { readFile } from 'node:fs/promises';
import type { Locator, Page, Response } from '@playwright/test';
import { getCampaignDelivery, getLineItemsReport } from '@bidgrid/shared/reports/report.operations';
import { getAdvertiser } from '@bidgrid/shared/advertisers/advertiser.operations';
import { listCampaignsByAdvertiser } from '@bidgrid/shared/campaigns/campaign.operations';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TDeliveryDay } from '@bidgrid/shared/reports/delivery.schema';
import type { TLineItemsReport } from '@bidgrid/shared/campaigns/line-item.schema';
import { formatCount, formatUsd } from '@bidgrid/shared/metrics/format';
import { addIsoDays, todayIso } from '@bidgrid/shared/common/iso-date';
import { pngBanner } from '@bidgrid/local/seed/creative-assets';
import { accessTokenFor, callOperation } from '../support/api';
import { expect, expectAccessible, readWhenReady, signIn, test } from './fixtures';
import { settled } from './layout-checks';

/**
 * The campaigns dashboard against the seeded demo world (cdk/local/seed/campaigns.seed.ts): Acme has an
 * active display campaign with file-uploaded companies ('Q3 ABM - Enterprise Accounts'), an inactive one
 * ('Retargeting - Site Visitors'), an active video one ('Brand Video - Logistics Leaders'), an archived
 * one and one that ended more than 175 days ago ('Holiday Push - Last Year'); Northwind only an archived
 * one. Tests that change a campaign put it back as they found it.
 */
const ACME = 'bgAdvertiser-demo-acme';
const NORTHWIND = 'bgAdvertiser-demo-northwind';
const ENTERPRISE = 'Q3 ABM - Enterprise Accounts';
const RETARGETING = 'Retargeting - Site Visitors';
const VIDEO = 'Brand Video - Logistics Leaders';
const ARCHIVED = 'Spring Launch - Robotics Arm';
const ENDED = 'Holiday Push - Last Year';

async function advertiserName(id: string): Promise<string> {
  const reply = await callOperation(getAdvertiser, {
    token: await accessTokenFor('demo'),
    params: { id },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.payload as TAdvertiser).name;
}

async function campaignsOf(advertiserId: string): Promise<TCampaign[]> {
  const reply = await callOperation(listCampaignsByAdvertiser, {
    token: await accessTokenFor('demo'),
    params: { advertiserId },
    query: { timeFrame: 'ALL_TIME' },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.payload as TCampaign[];
}

async function campaignNamed(name: string): Promise<TCampaign> {
  const campaign = (await campaignsOf(ACME)).find((item) => item.name === name);
  if (!campaign) throw new Error(`The seed has no campaign ${name}`);
  return campaign;
}

/** Waits until the one row of the campaign metrics table shows `expected` (cells by header). */
async function expectMetrics(page: Page, expected: Record<string, string>): Promise<void> {
  const table = page.getByRole('table', { name: 'Campaign metrics' });
  await expect
    .poll(async () => {
      const headers = await table.locator('thead th').allInnerTexts();
      const cells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
      const row = new Map(headers.map((header, index) => [header.trim(), (cells[index] ?? '').trim()]));
      return Object.fromEntries(Object.keys(expected).map((header) => [header, row.get(header)]));
    })
    .toEqual(expected);
}

/** Waits for the page's own call of an operation path and returns its payload. */
async function payloadOf<T>(response: Promise<Response>): Promise<T> {
  const body = (await (await response).json()) as { success: boolean; payload: T };
  expect(body.success).toBe(true);
  return body.payload;
}

/** The delivery reply of one campaign (the dashboard may still be answering for the one shown before). */
const isDelivery =
  (campaignId: string, timeFrame = 'ALL_TIME') =>
  (response: Response): boolean => {
    const url = new URL(response.url());
    return (
      url.pathname.endsWith('/api/report/campaign/delivery') &&
      url.searchParams.get('bgCampaignId') === campaignId &&
      (url.searchParams.get('timeFrame') ?? 'ALL_TIME') === timeFrame
    );
  };

/** Sums of the daily rows, as the metrics table must show them. */
function sums(days: readonly TDeliveryDay[]): { impressions: string; clicks: string; spend: string } {
  const impressions = days.reduce((sum, day) => sum + day.impressions, 0);
  const clicks = days.reduce((sum, day) => sum + day.clicks, 0);
  // Spend is added in micros, as the server adds its daily rows, and rounded to cents only when shown.
  const micros = days.reduce((sum, day) => sum + Math.round(day.spend * 1_000_000), 0);
  return { impressions: formatCount(impressions), clicks: formatCount(clicks), spend: formatUsd(micros / 1_000_000) };
}

async function openDashboard(page: Page, advertiserId: string, campaignId?: string): Promise<void> {
  await page.goto(`/advertisers/${advertiserId}${campaignId ? `?campaignId=${campaignId}` : ''}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Campaigns Dashboard' })).toBeVisible();
}

/** Logs out through the menu as a person would (000 §2: 'Log out from BidGrid?', LOG OUT). */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'LOG OUT' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ordinal = (day: number): string =>
  day % 100 >= 11 && day % 100 <= 13
    ? `${day}th`
    : `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as const)[(day % 10) as 1] ?? 'th'}`;
const dayParts = (iso: string): [number, number, number] => iso.split('-').map(Number) as [number, number, number];
/** A day as the chart's axis writes it ('Jun 5'). */
const axisDay = (iso: string): string => `${MONTHS[dayParts(iso)[1] - 1]} ${dayParts(iso)[2]}`;
/** A day as the tooltip and tables write it ('Jun 5th 2026'). */
const longDay = (iso: string): string => {
  const [year, month, day] = dayParts(iso);
  return `${MONTHS[month - 1]} ${ordinal(day)} ${year}`;
};

/** Spend more than a cent above the daily budget is over it (the chart's rule). */
const isOver = (day: TDeliveryDay, budget: number): boolean =>
  Math.round(day.spend * 1_000_000) > Math.round(budget * 1_000_000) + 10_000;

/** What the chart's tooltip must say of a day of a campaign. */
function tooltipText(day: TDeliveryDay, campaign: TCampaign): string {
  const budgeted = day.date >= campaign.start_date && day.date <= campaign.end_date;
  return [
    longDay(day.date),
    `Impressions${formatCount(day.impressions)}`,
    `Clicks${formatCount(day.clicks)}`,
    `Spend${formatUsd(day.spend)}`,
    `Daily budget${budgeted ? formatUsd(campaign.daily_budget) : 'N/A'}`,
    budgeted && isOver(day, campaign.daily_budget) ? 'Above the daily budget' : '',
  ].join('');
}

/** The build's file of the one module that imports the charting library (web/dist's Vite manifest). */
async function chartChunkFile(): Promise<string> {
  const manifest = JSON.parse(
    await readFile(new URL('../../web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest['src/features/campaigns/components/delivery-plots.tsx'];
  if (!entry) throw new Error('The web build has no delivery-plots chunk: was the module renamed?');
  return `/${entry.file}`;
}

/** The dashboard's time-frame selector (not the dialog's). */
const dashboardFrame = (page: Page): Locator =>
  page.getByRole('region', { name: 'Campaigns Dashboard', exact: true }).getByRole('combobox', { name: 'Time Frame' });

test.describe('campaigns dashboard', () => {
  test('picks the first campaign into the URL and shows the numbers of each time frame as the daily rows add up', async ({
    page,
  }) => {
    const all = await campaignsOf(ACME);
    const first = all.find((campaign) => !campaign.archived);
    const enterprise = await campaignNamed(ENTERPRISE);
    await signIn(page, 'demo');

    await openDashboard(page, ACME);
    await expect(page).toHaveURL(new RegExp(`campaignId=${first?.bgCampaignId}`));
    const selector = page.getByRole('combobox', { name: 'Campaigns' });
    await expect(selector.locator('option')).toHaveText(all.filter((c) => !c.archived).map((c) => c.name));
    await expect(selector.locator('option', { hasText: ARCHIVED })).toHaveCount(0);

    const initialDelivery = page.waitForResponse(isDelivery(enterprise.bgCampaignId));
    await selector.selectOption({ label: ENTERPRISE });
    await expect(page).toHaveURL(new RegExp(`campaignId=${enterprise.bgCampaignId}`));
    await expect(page.getByRole('heading', { level: 3, name: ENTERPRISE, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive Campaign' })).toBeDisabled();
    const allTime = sums(await payloadOf<TDeliveryDay[]>(initialDelivery));
    await expectMetrics(page, { Impressions: allTime.impressions });
    // How fresh the numbers are: the time of the campaign's last sync (the job runs every minute, so
    // the time itself moves; its shape is what is fixed).
    await expect(page.getByTestId('campaign-synced-at')).toHaveText(
      /^Numbers as of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/,
    );
    await expect(page.getByTestId('delivery-total-impressions')).toHaveText(allTime.impressions);
    await expect(page.getByRole('table', { name: 'Campaign Targeting Selections' })).toContainText(
      'Tech & Business Publishers',
    );
    await expect(page.getByRole('table', { name: 'Line items' }).getByText('File Upload').first()).toBeVisible();
    await expectAccessible(page);

    for (const frame of ['7_DAYS', '30_DAYS'] as const) {
      const delivery = page.waitForResponse(isDelivery(enterprise.bgCampaignId, frame));
      await dashboardFrame(page).selectOption(frame);
      const days = await payloadOf<TDeliveryDay[]>(delivery);
      expect(days.length).toBe(frame === '7_DAYS' ? 7 : 30);
      const expected = sums(days);
      await expectMetrics(page, {
        Impressions: expected.impressions,
        Clicks: expected.clicks,
        'Budget Spent': expected.spend,
      });
      expect(expected.impressions).not.toBe(allTime.impressions);
      await expect(page.getByTestId('delivery-total-clicks')).toHaveText(expected.clicks);
    }

    // A custom day: the report of that one day, the same as the API's daily report says.
    const day = addIsoDays(todayIso(), -3);
    const token = await accessTokenFor('demo');
    const reply = await callOperation(getCampaignDelivery, {
      token,
      query: { bgCampaignId: enterprise.bgCampaignId, timeFrame: 'CUSTOM_DATE', date: day },
    });
    const expectedDay = sums(reply.body.payload ?? []);
    await dashboardFrame(page).selectOption('CUSTOM_DATE');
    const dailyCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/campaign/dailyreport/')) dailyCalls.push(request.url());
    });
    await page.getByLabel('Custom date').fill(day);
    await expectMetrics(page, { Impressions: expectedDay.impressions });
    expect(dailyCalls.filter((url) => url.includes(`date=${day}`))).toHaveLength(1);
    // The same day again asks for nothing.
    await page.getByLabel('Custom date').fill(day);
    await expect(page.getByTestId('delivery-total-impressions')).toHaveText(expectedDay.impressions);
    expect(dailyCalls.filter((url) => url.includes(`date=${day}`))).toHaveLength(1);
    await page.getByRole('button', { name: 'Show the numbers' }).click();
    await expect(page.getByRole('table', { name: 'Daily delivery' }).locator('tbody tr')).toHaveCount(1);
    await expectAccessible(page);
  });

  test('draws the delivery chart: dates under the bars, the numbers of a day on hover and by keyboard, the pacing', async ({
    page,
  }) => {
    const enterprise = await campaignNamed(ENTERPRISE);
    await signIn(page, 'demo');
    const delivery = page.waitForResponse(isDelivery(enterprise.bgCampaignId));
    await openDashboard(page, ACME, enterprise.bgCampaignId);
    const days = await payloadOf<TDeliveryDay[]>(delivery);
    expect(days.length).toBeGreaterThan(31);
    const first = days[0] as TDeliveryDay;
    const last = days.at(-1) as TDeliveryDay;

    // The pacing: every day of ALL_TIME is within the campaign's dates, so each has the daily budget.
    const budget = enterprise.daily_budget;
    const spentMicros = days.reduce((sum, day) => sum + Math.round(day.spend * 1_000_000), 0);
    const budgetMicros = Math.round(budget * 1_000_000) * days.length;
    const over = days.filter((day) => isOver(day, budget)).length;
    const share = Math.round((spentMicros / budgetMicros) * 100);
    const summary =
      `Spent ${formatUsd(spentMicros / 1_000_000)} of ${formatUsd(budgetMicros / 1_000_000)} budgeted for ` +
      `${days.length} days (${share === 0 && spentMicros > 0 ? '<1' : share}%); `;
    const figure = page.getByRole('figure', { name: /^Daily Delivery/ });
    await expect(figure.getByTestId('delivery-pacing')).toHaveText(
      over === 0
        ? `${summary}no day above the daily budget.`
        : new RegExp(`^${summary.replace(/[$()+.]/g, '\\$&')}${over} days? above the daily budget`),
    );

    // The plots come as the chart nears the screen.
    await figure.scrollIntoViewIfNeeded();
    const traffic = figure.getByRole('application', { name: /^Impressions and clicks per day/ });
    const spend = figure.getByRole('application', { name: /^Spend per day against the daily budget/ });
    await expect(traffic).toBeVisible();
    await expect(spend).toBeVisible();

    // Dates under the bars: the first and the last day, thinned in between so no two labels touch.
    const ticks = traffic.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
    await expect(ticks.first()).toHaveText(axisDay(first.date));
    await expect(ticks.last()).toHaveText(axisDay(last.date));
    await expect
      .poll(async () => {
        const boxes = await ticks.evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect()));
        const touching = boxes.slice(1).filter((box, index) => box.left <= (boxes[index]?.right ?? 0));
        return { shown: boxes.length > 2 && boxes.length < days.length, touching: touching.length };
      })
      .toEqual({ shown: true, touching: 0 });
    await expect(spend.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toHaveText(
      axisDay(first.date),
    );
    // The dashed daily budget over the spend bars.
    await expect(spend.locator('.recharts-reference-line line')).toHaveAttribute('stroke-dasharray', '6 4');

    // Hover over the last date: that day's numbers.
    const tooltip = page.getByTestId('delivery-tooltip');
    const tick = await readWhenReady(() => ticks.last().boundingBox(), 'the last date under the bars');
    const plot = await readWhenReady(() => traffic.boundingBox(), 'the traffic plot');
    await page.mouse.move(tick.x + tick.width / 2, plot.y + plot.height / 2);
    await expect(tooltip).toHaveText(tooltipText(last, enterprise));
    await expectAccessible(page);

    // The keyboard: focus shows the first day, the right arrow walks to the next.
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();
    await traffic.focus();
    await expect(tooltip).toHaveText(tooltipText(first, enterprise));
    await page.keyboard.press('ArrowRight');
    await expect(tooltip).toHaveText(tooltipText(days[1] as TDeliveryDay, enterprise));
    await expect(tooltip).toHaveAttribute('role', 'status');
  });

  test('asks for the charting code only on the advertiser page, as its chart nears the screen', async ({ page }) => {
    const chunk = await chartChunkFile();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === chunk) asked.push(request.url());
    });

    // Each page loaded afresh and left until the network is quiet, so a lazy chunk would have been asked.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked, 'the login page').toEqual([]);
    await signIn(page, 'demo');
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'The only B2B advertising platform that scales from entry-level SMB to Enterprise.',
      }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked, '/dashboard').toEqual([]);

    // On a short window the chart starts well below the fold: nothing until it is scrolled near. A seeded
    // campaign with months of delivery (earlier specs add newer, undelivered ones to Acme).
    const enterprise = await campaignNamed(ENTERPRISE);
    await page.setViewportSize({ width: 1280, height: 480 });
    await openDashboard(page, ACME, enterprise.bgCampaignId);
    const figure = page.getByRole('figure', { name: /^Daily Delivery/ });
    await expect(figure.getByTestId('delivery-pacing')).toBeVisible();
    await expect
      .poll(
        async () => {
          const box = await figure.boundingBox();
          return box !== null && box.y > 480 + 300;
        },
        { message: 'the chart is more than 300px below a 480px window' },
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(asked, 'the advertiser page before its chart is near').toEqual([]);
    await expect(figure.getByTestId('delivery-plot-traffic').locator('.recharts-wrapper')).toHaveCount(0);

    await figure.scrollIntoViewIfNeeded();
    await expect(figure.getByRole('application', { name: /^Impressions and clicks per day/ })).toBeVisible();
    expect(asked).toHaveLength(1);
  });

  test('switches a line item off after the question and back on', async ({ page }) => {
    const enterprise = await campaignNamed(ENTERPRISE);
    const token = await accessTokenFor('demo');
    const report = await callOperation(getLineItemsReport, {
      token,
      query: { bgCampaignId: enterprise.bgCampaignId, timeFrame: 'ALL_TIME' },
    });
    const lineItem = (report.body.payload as TLineItemsReport).lineItems.find((item) => item.active);
    if (!lineItem) throw new Error('The seed has no active line item');
    const statusOf = async (): Promise<boolean | undefined> => {
      const again = await callOperation(getLineItemsReport, {
        token,
        query: { bgCampaignId: enterprise.bgCampaignId, timeFrame: 'ALL_TIME' },
      });
      return again.body.payload?.lineItems.find((item) => item.beeswaxLineItemId === lineItem.beeswaxLineItemId)
        ?.active;
    };
    await signIn(page, 'demo');
    await openDashboard(page, ACME, enterprise.bgCampaignId);
    const toggle = page.getByRole('checkbox', { name: `Status of ${lineItem.line_item_name}` });
    // The switch's visible part (its label), clicked as a person would: Playwright then waits until it can
    // take the click, e.g. while the question's dialog is still leaving and the page ignores pointers.
    const switchControl = toggle.locator('xpath=..');
    await expect(toggle).toBeChecked();

    await switchControl.click();
    const question = page.getByRole('alertdialog', {
      name: "Are you sure you want to update this line item's status?",
    });
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toBeHidden();
    await expect(toggle).toBeChecked();
    expect(await statusOf(), "'No' changes nothing").toBe(true);

    // The server's state, polled: the switch may show the new state before the bidder and the store have it.
    await switchControl.click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(question).toBeHidden();
    await expect(toggle).not.toBeChecked();
    await expect.poll(statusOf).toBe(false);

    await switchControl.click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(toggle).toBeChecked();
    await expect.poll(statusOf).toBe(true);
  });

  test("exports the line items with ';' and adds a metric from 'Select Metrics'", async ({ page }) => {
    const enterprise = await campaignNamed(ENTERPRISE);
    await signIn(page, 'demo');
    await openDashboard(page, ACME, enterprise.bgCampaignId);
    const table = page.getByRole('table', { name: 'Line items' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'Select Metrics' }).click();
    // Readable names on screen ('CTR', 'Segment Count'); the export keeps the spec's keys.
    await expect(table.locator('thead th')).toHaveText([
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
    const chooser = page.getByRole('dialog', { name: 'Select Metrics' });
    const ctr = chooser.getByRole('checkbox', { name: 'CTR', exact: true });
    // The visible checkbox (its label), once the menu is open and its entry animation has ended, as a
    // person would click it: a click during the animation can land on the box's old place.
    await expect(chooser).toBeVisible();
    await settled(page);
    await ctr.locator('xpath=..').click();
    await expect(ctr).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(table.locator('thead th').last()).toHaveText('CTR');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: 'Campaign Metrics', exact: true })
        .getByRole('button', { name: 'Export' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('export.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '"Status";"Name";"Source";"HS Company Id";"impressions";"clicks";"conversions";"Spent USD";"segment_count_nam";"ctr"',
    );
    // One line per line item shown, after the header.
    await expect(table.locator('tbody tr')).toHaveCount(lines.filter((line) => line !== '').length - 1);
    expect(lines[1]).toMatch(/^"(ACTIVE|INACTIVE)";"[^"]+";"File Upload";"N\/A";/);

    // The choice is the user's: a reload keeps CTR; logging out forgets it (000 §2 clears local storage).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('bidgrid:line-item-metrics:demo')))
      .toBe('["impressions","clicks","conversions","spend","segment_count_nam","ctr"]');
    await page.reload();
    await expect(table.locator('thead th').last()).toHaveText('CTR');
    await logOut(page);
    await signIn(page, 'demo');
    await openDashboard(page, ACME, enterprise.bgCampaignId);
    await expect(table.locator('thead th').last()).toHaveText('Segment Count');
  });

  test('archives only after deactivating; staged Active/Archived edits are saved in the dialog; campaigns export', async ({
    page,
  }) => {
    const video = await campaignNamed(VIDEO);
    expect(video.active).toBe(true);
    await signIn(page, 'demo');
    await openDashboard(page, ACME, video.bgCampaignId);
    await expect(page.getByRole('heading', { level: 3, name: VIDEO, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive Campaign' })).toBeDisabled();

    // Deactivate in the dialog: staged, then saved.
    await page.getByRole('button', { name: 'View All Campaigns' }).click();
    const dialog = page.getByRole('dialog', { name: `"${await advertiserName(ACME)}" Advertiser Campaigns` });
    await expect(dialog.getByRole('checkbox', { name: `Active: ${VIDEO}` })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: `Archived: ${VIDEO}` })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: `Active: ${ARCHIVED}` })).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('There are no changes in rows to save.')).toBeVisible();

    await dialog.getByRole('checkbox', { name: `Active: ${VIDEO}` }).click({ force: true });
    await expect(dialog.getByRole('checkbox', { name: `Archived: ${VIDEO}` })).toBeEnabled();
    expect((await campaignNamed(VIDEO)).active).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Campaigns are successfully updated!')).toBeVisible();
    await expect.poll(async () => (await campaignNamed(VIDEO)).active).toBe(false);

    // Export: nothing ticked, then one campaign, comma-separated, in the campaigns file.
    await dialog.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByText('Please, select campaigns to export')).toBeVisible();
    await dialog.getByRole('checkbox', { name: `Export ${ARCHIVED}` }).check({ force: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bidgrid-campaigns.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '"Name","Start Date","End Date","Active","Archived","Matched Accounts","Clicks","CTR","Impressions","Budget Spent","CPC","CPM","Conversions"',
    );
    expect(lines[1]).toMatch(new RegExp(`^"${ARCHIVED}",".+",".+","No","Yes",`));
    expect(lines.slice(2)).toEqual(['']);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Now inactive: it can be archived from the dashboard.
    const archive = page.getByRole('button', { name: 'Archive Campaign' });
    await expect(archive).toBeEnabled();
    await archive.click();
    const confirm = page.getByRole('alertdialog', { name: `Are you sure you want to archive "${VIDEO}" campaign?` });
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(`Campaign "${VIDEO}" is successfully archived.`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Campaigns' }).locator('option', { hasText: VIDEO })).toHaveCount(
      0,
    );
    await expect(page).not.toHaveURL(new RegExp(`campaignId=${video.bgCampaignId}`));

    // Put it back: unarchive, then activate (Active is disabled until Archived is off). The first save's
    // 4 s message has gone by then, so the one below is this save's.
    await expect(page.getByText('Campaigns are successfully updated!')).toHaveCount(0);
    await page.getByRole('button', { name: 'View All Campaigns' }).click();
    await expect(dialog.getByRole('checkbox', { name: `Active: ${VIDEO}` })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: `Archived: ${VIDEO}` }).click({ force: true });
    await dialog.getByRole('checkbox', { name: `Active: ${VIDEO}` }).click({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Campaigns are successfully updated!')).toBeVisible();
    await expect
      .poll(async () => {
        const again = await campaignNamed(VIDEO);
        return [again.active, again.archived];
      })
      .toEqual([true, false]);
  });

  test("the edit form's messages, the start date of a started campaign, and the 175-day lock", async ({ page }) => {
    const enterprise = await campaignNamed(ENTERPRISE);
    const ended = await campaignNamed(ENDED);
    await signIn(page, 'demo');
    await openDashboard(page, ACME, enterprise.bgCampaignId);
    await page.getByRole('button', { name: 'Edit Campaign Details' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Campaign Details' });
    await expect(form.getByLabel('Start Date')).not.toBeEditable();
    await expect(form.getByLabel('Media Type')).not.toBeEditable();

    await form.getByLabel('Max Bid (USD)').fill('0');
    await expect(form.getByText('Number must be positive', { exact: true })).toBeVisible();
    await form.getByLabel('Max Bid (USD)').fill('101');
    await expect(form.getByText('Max Bid can not exceed $100')).toBeVisible();
    await form.getByLabel('End Date').fill(enterprise.start_date);
    await expect(form.getByText('The end date must be after the start date')).toBeVisible();
    await form.getByRole('textbox', { name: /^Name/ }).fill('');
    await expect(form.getByText('Required field.')).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();

    // A real save: the description only, then back as it was.
    const description = `Edited by the browser test ${nowMs()}`;
    await page.getByRole('button', { name: 'Edit Campaign Details' }).click();
    await form.getByLabel('Description').fill(description);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Campaign "${ENTERPRISE}" is successfully updated.`)).toBeVisible();
    await expect(form).toBeHidden();
    await expect.poll(async () => (await campaignNamed(ENTERPRISE)).description).toBe(description);
    await page.getByRole('button', { name: 'Edit Campaign Details' }).click();
    await form.getByLabel('Description').fill(enterprise.description);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    await openDashboard(page, ACME, ended.bgCampaignId);
    await page.getByRole('button', { name: 'Edit Campaign Details' }).click();
    await expect(form.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    await expect(form.getByLabel('End Date')).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('replaces the ad group with an uploaded banner and shows the new creatives', async ({ page }) => {
    const retargeting = await campaignNamed(RETARGETING);
    await signIn(page, 'demo');
    await openDashboard(page, ACME, retargeting.bgCampaignId);
    const list = page.getByRole('table', { name: 'Campaign Creative List' });
    await expect(list).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: /^Creatives of / })
        .locator('tbody tr')
        .first(),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Upload New AdGroup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload new AdGroup' });
    await expect(dialog.getByRole('radio', { name: 'Video' })).toBeDisabled();
    const name = `E2E banners ${nowMs().toString(36)}`;
    await dialog.getByLabel('Ad Group Name').fill(name);
    await dialog.getByLabel(/Creative files/).setInputFiles([
      { name: 'e2e-mrec.png', mimeType: 'image/png', buffer: pngBanner(300, 250, [20, 60, 140], [60, 160, 220]) },
      { name: 'e2e-odd.png', mimeType: 'image/png', buffer: pngBanner(123, 45, [20, 60, 140], [60, 160, 220]) },
    ]);
    await expect(dialog.getByRole('list', { name: 'Valid assets', exact: true })).toContainText(
      'e2e-mrec.png (300x250)',
    );
    await expect(dialog.getByRole('list', { name: 'Invalid assets', exact: true })).toContainText(
      'File with the wrong dimension: e2e-odd.png, 123x45.',
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Creatives successfully replaced.')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();

    await expect(list.getByText(name)).toBeVisible();
    const creatives = page.getByRole('table', { name: `Creatives of ${name}` });
    await expect(creatives.locator('tbody tr')).toHaveCount(1);
    const image = creatives.getByRole('img', { name: 'e2e-mrec.png' });
    await expect(image).toBeVisible();
    // The stored asset is served back.
    const src = await readWhenReady(() => image.getAttribute('src'), 'the creative image address');
    expect((await page.request.get(src)).ok()).toBe(true);
    await expect(
      list.locator('tbody > tr').filter({ has: page.getByRole('button', { name: /creatives of/ }) }),
    ).toHaveCount(1);
  });

  test("says 'All campaigns are archived' with the way to the full list", async ({ page }) => {
    await signIn(page, 'demo');
    await openDashboard(page, NORTHWIND);
    await expect(page.getByText('All campaigns are archived')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'View All Campaigns' }).click();
    const dialog = page.getByRole('dialog', { name: `"${await advertiserName(NORTHWIND)}" Advertiser Campaigns` });
    await expect(dialog.getByRole('checkbox', { name: 'Archived: Analytics Summit Invite' })).toBeChecked();
    await expectAccessible(page);
  });

  test('copies the conversion pixel of the campaign', async ({ page, context }) => {
    const enterprise = await campaignNamed(ENTERPRISE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'demo');
    await openDashboard(page, ACME, enterprise.bgCampaignId);
    await page.getByRole('button', { name: 'Copy Conversion Pixel' }).click();
    await expect(page.getByText('Conversion pixel copied to the clipboard.')).toBeVisible();
    const copied = await readWhenReady(() => page.evaluate(() => navigator.clipboard.readText()), 'the copied pixel');
    // The bidder's own tag, as the campaign read gave it (the img src escapes its ampersands).
    expect(copied).toContain(`src="${(enterprise.conversion_tag_url ?? 'missing').replaceAll('&', '&amp;')}"`);
    expect(copied).toContain('https://cnv.event.prod.bidr.io/log/cnv?tag_id=');
    expect(copied).toMatch(/^<!-- BidGrid conversion pixel: .+ -->\n<img src="https:\/\/.+" width="1" height="1"/);
  });
});
