import { getLineItemsReport } from '@bidgrid/shared/reports/report.operations';
import { listCampaignsByAdvertiser } from '@bidgrid/shared/campaigns/campaign.operations';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TLineItemsReport } from '@bidgrid/shared/campaigns/line-item.schema';
import { accessTokenFor, callOperation } from '../support/api';
import { expect, signIn, test } from './fixtures';

/**
 * Where the keyboard focus goes (issue 15): to the page's heading after a change of page, back to what
 * opened a dialog after it closes. A screen reader reads what has the focus, so these are what it says.
 */
test.describe('focus', () => {
  test("after signing in and after a sidebar entry, the focus is on the page's heading", async ({ page }) => {
    await signIn(page, 'demo');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    // Not back on the menu button, where the closing menu would put it.
    await expect(main.getByRole('heading', { level: 1, name: 'demo Invoices' })).toBeFocused();

    // The heading is out of the Tab order: Tab goes on to the page's first control after it.
    await page.keyboard.press('Tab');
    await expect(main.getByRole('heading', { level: 1 })).not.toBeFocused();
    await expect(main.locator(':focus')).toHaveCount(1);
  });

  test('log out cancelled gives the focus back to the menu button', async ({ page }) => {
    await signIn(page, 'demo');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    const question = page.getByRole('alertdialog', { name: 'Log out from BidGrid?' });
    await expect(question).toBeVisible();

    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('Escape on the line-item status question gives the focus back to its switch, unchanged', async ({ page }) => {
    const token = await accessTokenFor('demo');
    const campaigns = await callOperation(listCampaignsByAdvertiser, {
      token,
      params: { advertiserId: 'bgAdvertiser-demo-acme' },
      query: { timeFrame: 'ALL_TIME' },
    });
    const campaign = (campaigns.body.payload as TCampaign[]).find((c) => c.name === 'Q3 ABM - Enterprise Accounts');
    if (!campaign) throw new Error('The seed has no campaign Q3 ABM - Enterprise Accounts');
    const report = await callOperation(getLineItemsReport, {
      token,
      query: { bgCampaignId: campaign.bgCampaignId, timeFrame: 'ALL_TIME' },
    });
    const lineItem = (report.body.payload as TLineItemsReport).lineItems.find((item) => item.active);
    if (!lineItem) throw new Error('The seed has no active line item');

    await signIn(page, 'demo');
    await page.goto(`/advertisers/bgAdvertiser-demo-acme?campaignId=${campaign.bgCampaignId}`);
    const toggle = page.getByRole('checkbox', { name: `Status of ${lineItem.line_item_name}` });
    await expect(toggle).toBeChecked();

    // The switch's visible part, clicked as a person would.
    await toggle.locator('xpath=..').click();
    const question = page.getByRole('alertdialog', {
      name: "Are you sure you want to update this line item's status?",
    });
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(question).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toBeChecked();
  });
});
