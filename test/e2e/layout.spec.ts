import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn } from './fixtures';
import { attachScreenshot, expectSoundLayout, expectStickyTable, layoutTest as test, SCREENS } from './layout-checks';
import { fillCampaignDetails, next, pick, stepHeading, uploadTargetsCsv } from './wizard-helpers';

/**
 * Issue 15 "tables that fit", on a 1280 x 800 laptop and a 390 x 844 phone: on each page no text is drawn
 * over other text and the page never scrolls sideways; each wide table scrolls in its own box with its
 * scrollbar drawn while its sticky column stays at the left edge, opaque and clear of the selection
 * column; axe finds nothing serious; a screenshot of each page goes with the report. Earlier specs add
 * campaigns, invoices and logs to the demo world, so the checks wait for rows, never for a count.
 */

const ACME = 'bgAdvertiser-demo-acme';
const ENTERPRISE = 'Q3 ABM - Enterprise Accounts';

/** The table's first data row (a row with a checkbox when the table has one, never the empty text). */
const firstRow = (table: Locator): Locator => table.locator('tbody > tr').first();

/** Signs in and opens Acme's dashboard on the campaign with line items, ad groups and targeting. */
async function openEnterpriseCampaign(page: Page): Promise<void> {
  await signIn(page, 'demo');
  await page.goto(`/advertisers/${ACME}`);
  const selector = page.getByRole('combobox', { name: 'Campaigns' });
  await expect(selector.locator('option', { hasText: ENTERPRISE })).toHaveCount(1);
  await selector.selectOption({ label: ENTERPRISE });
  await expect(page.getByRole('heading', { level: 3, name: ENTERPRISE, exact: true })).toBeVisible();
}

// Each test opens its own pages and waits for rows, never for a count: the tests can run on either
// worker (each on its own stack), so the two finish together instead of one running all of them last.
test.describe.configure({ mode: 'parallel' });

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    test('the advertiser page: campaign metrics, line items, chart, targeting, activity, ad groups and creatives', async ({
      page,
    }, testInfo) => {
      await openEnterpriseCampaign(page);
      const metrics = page.getByRole('table', { name: 'Campaign metrics' });
      await expect(firstRow(metrics)).toContainText('Q3 ABM');
      const lineItems = page.getByRole('table', { name: 'Line items' });
      await expect(lineItems.getByText('File Upload').first()).toBeVisible();
      await expect(page.getByRole('table', { name: 'Campaign Targeting Selections' })).toContainText(
        'Tech & Business Publishers',
      );
      await expect(
        page.getByRole('table', { name: 'Targeting Activity' }).or(page.getByText('No targeting changes yet.')),
      ).toBeVisible();
      const adGroups = page.getByRole('table', { name: 'Campaign Creative List' });
      // The first ad group starts expanded, showing its creatives.
      const creatives = page.getByRole('table', { name: /^Creatives of / }).first();
      await expect(firstRow(creatives).getByRole('img')).toBeVisible();
      const chart = page.getByRole('figure', { name: /^Daily Delivery/ });
      await chart.scrollIntoViewIfNeeded();
      await expect(chart).toHaveAttribute('aria-busy', 'false');

      await expectSoundLayout(page);
      // Neither screen has room for the chart beside the line items: it comes below them, and they take the width.
      const lineItemsPanel = page.getByRole('region', { name: 'Campaign Metrics', exact: true });
      await expect
        .poll(async () => {
          const [panel, figure] = [await lineItemsPanel.boundingBox(), await chart.boundingBox()];
          return panel && figure ? figure.y - (panel.y + panel.height) : null;
        })
        .toBeGreaterThanOrEqual(0);
      for (const table of [metrics, lineItems, adGroups, creatives]) await expectStickyTable(table);
      // The campaign metrics are wider than either screen (the issue: cut after CPM): they must scroll.
      expect(await expectStickyTable(metrics)).toBe(true);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `advertiser page, ${screen.name}`);
    });

    test('the all-campaigns dialog', async ({ page }, testInfo) => {
      await openEnterpriseCampaign(page);
      await page.getByRole('button', { name: 'View All Campaigns' }).click();
      const dialog = page.getByRole('dialog', { name: /Advertiser Campaigns$/ });
      const table = dialog.getByRole('table');
      await expect(table.getByRole('checkbox', { name: `Export ${ENTERPRISE}` })).toBeVisible();

      await expectSoundLayout(page, '[role="dialog"]');
      expect(await expectStickyTable(table)).toBe(true);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `all-campaigns dialog, ${screen.name}`);
    });

    test('the invoices', async ({ page }, testInfo) => {
      await signIn(page, 'demo');
      await page.goto('/invoices');
      const table = page.getByRole('table', { name: 'Invoices' });
      await expect(table.getByRole('checkbox', { name: /^Select invoice / }).first()).toBeVisible();

      await expectSoundLayout(page);
      await expectStickyTable(table);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `invoices, ${screen.name}`);
    });

    test('all billing logs', async ({ page }, testInfo) => {
      await signIn(page, 'demo');
      await page.goto('/allbillinglogs');
      const table = page.getByRole('table', { name: 'All Billing Logs' });
      await expect(firstRow(table)).toContainText('$');

      await expectSoundLayout(page);
      // Twelve columns: wider than a laptop too.
      expect(await expectStickyTable(table)).toBe(true);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `all billing logs, ${screen.name}`);
    });

    test('the segments logs of internal staff', async ({ page }, testInfo) => {
      await signIn(page, 'ops-admin');
      await page.goto('/segments-logs');
      const table = page.getByRole('table', { name: 'Segments Logs' });
      await expect(firstRow(table).locator('td')).toHaveCount(4);

      await expectSoundLayout(page);
      // 200 + 200 + 200 + 700 pixels at the least: wider than both screens.
      expect(await expectStickyTable(table)).toBe(true);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `segments logs, ${screen.name}`);
    });

    test('the advertisers', async ({ page }, testInfo) => {
      await signIn(page, 'demo');
      await page.goto('/advertisers');
      const table = page.getByRole('table', { name: 'Advertisers associated with your account' });
      await expect(table.getByText('Acme Robotics')).toBeVisible();

      await expectSoundLayout(page);
      await expectStickyTable(table);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `advertisers, ${screen.name}`);
    });

    test('the dashboard', async ({ page }, testInfo) => {
      await signIn(page, 'demo');
      await expect(page.getByText('Dynamic Account-Based Advertising')).toBeVisible();

      await expectSoundLayout(page);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `dashboard, ${screen.name}`);
    });

    test('the wizard: choosing the advertiser, and the target companies matched from a file', async ({
      page,
    }, testInfo) => {
      await signIn(page, 'demo');
      await page.goto('/campaigns/create/custom');
      await pick(page.getByRole('checkbox', { name: /^Company Domain/ }));
      await page.getByRole('button', { name: 'Get Started' }).click();
      await expect(page.getByRole('radio', { name: 'Acme Robotics' })).toBeVisible();

      await expectSoundLayout(page);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `wizard, select advertiser, ${screen.name}`);

      await pick(page.getByRole('radio', { name: 'Acme Robotics' }));
      await next(page);
      await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
      await fillCampaignDetails(page, 'Layout e2e campaign');
      await next(page);
      await expect(stepHeading(page, 'Target Companies')).toBeVisible();
      await uploadTargetsCsv(page, 'domain\nbluepeaklogistics.com\nnobody-here.example\n');
      await expect(page.getByText('1 of 2 domains matched, 1 included')).toBeVisible();
      const table = page.getByRole('table', { name: 'Target companies' });
      await expect(table.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' })).toBeChecked();

      await expectSoundLayout(page);
      await expectStickyTable(table);
      await expectAccessible(page);
      await attachScreenshot(page, testInfo, `wizard, target companies, ${screen.name}`);
    });
  });
}
