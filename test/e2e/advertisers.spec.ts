import type { Page } from '@playwright/test';
import { fillCardDialog, newAdvertiser, unique } from './advertiser-seed';
import { expect, expectAccessible, signIn, test } from './fixtures';

const CARD_NOTICE = 'The selected advertising must have a connected payment method to configure a campaign!';

/**
 * The names of the advertisers table as shown, in order, all on one page, once it lists `name`.
 * Retried as a whole: the table may still be loading or refreshing after a create, and its pager
 * (shown only above 10 rows) is switched to 100 rows whenever it appears.
 */
async function namesListing(page: Page, name: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Advertisers associated with your account' });
  const pageSize = page.getByLabel('Rows per page');
  let names: string[] = [];
  await expect
    .poll(
      async () => {
        if ((await pageSize.count()) > 0 && (await pageSize.inputValue()) !== '100') {
          await pageSize.selectOption('100');
        }
        names = await table.locator('tbody tr td:first-child').allInnerTexts();
        return names.includes(name);
      },
      { message: `the advertisers table lists ${name}` },
    )
    .toBe(true);
  return names;
}

test.describe('advertisers', () => {
  test('the list is sorted by name and a new advertiser is created with the form rules', async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto('/advertisers');
    await expect(page.getByRole('heading', { level: 1, name: 'Advertisers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Advertisers associated with your account' })).toBeVisible();
    await expect(page.getByText('No Card').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create New Advertiser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Advertiser' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Phone country code')).toHaveValue('US');
    await expectAccessible(page);

    const name = unique('E2E Maple Advertising');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Domain/ }).fill('maple.example/shop');
    await dialog.getByRole('textbox', { name: /^Phone Number/ }).fill('512 555 0123');
    await dialog.getByRole('textbox', { name: /^Address 1/ }).fill('10 Maple Street');
    await dialog.getByRole('textbox', { name: /^City/ }).fill('Austin');
    await dialog.getByRole('textbox', { name: /^State/ }).fill('TX');
    await dialog.getByRole('textbox', { name: /^Postal Code/ }).fill('78701');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Must be a valid domain without path')).toBeVisible();

    await dialog.getByRole('textbox', { name: /^Domain/ }).fill('https://maple.example');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(CARD_NOTICE)).toBeVisible();

    const names = await namesListing(page, name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }));
    expect(names).toEqual(sorted);
  });

  test('the advertiser page shows its information, breadcrumbs and a switcher that replaces the URL', async ({
    page,
  }) => {
    const advertiser = await newAdvertiser(unique('E2E Birch Media'));
    await signIn(page, 'demo');
    await page.goto('/dashboard');
    await page.goto(`/advertisers/${advertiser.bgAdvertiserId}`);

    await expect(page.getByRole('heading', { level: 1, name: 'Account information' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    await expect(crumbs.getByText(advertiser.name)).toBeVisible();
    const info = page.getByRole('table', { name: 'Advertiser information' });
    await expect(info.getByRole('row', { name: /Advertiser ID/ })).toContainText(advertiser.bgAdvertiserId);
    await expect(info.getByRole('link', { name: 'e2e-advertiser.example' })).toHaveAttribute(
      'href',
      'https://e2e-advertiser.example',
    );
    await expect(page.getByText('Not Connected')).toBeVisible();
    await expect(page.getByText('No Card')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Switch advertiser').selectOption({ label: 'Northwind Analytics' });
    await expect(page).toHaveURL(/\/advertisers\/bgAdvertiser-demo-northwind$/);
    await expect(page.getByRole('row', { name: /Phone Number/ })).toContainText('None');
    // The switch replaced the entry: Back returns to the page before the advertiser pages.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a declined card shows the Card Error, a good card is saved', async ({ page }) => {
    const advertiser = await newAdvertiser(unique('E2E Cedar Foods'));
    await signIn(page, 'demo');
    await page.goto(`/advertisers/${advertiser.bgAdvertiserId}`);
    await expect(page.getByText('No Card')).toBeVisible();

    await page.getByRole('button', { name: 'Add/Edit Payment Method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
    const add = dialog.getByRole('button', { name: 'Add' });
    await expect(add).toBeEnabled();
    await expectAccessible(page);
    await fillCardDialog(dialog, {
      friendlyName: 'Cedar main card',
      email: 'billing@cedar.example',
      holder: 'Casey Cedar',
      number: '4000 0000 0000 0002',
    });
    await add.click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Card Error');
    await expect(alert).toContainText('Your card was declined.');

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await add.click();
    await expect(page.getByText('New Payment Method Was Successfully Added!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('•••• •••• •••• 4242')).toBeVisible();
    await expect(page.getByText('Card name: Cedar main card')).toBeVisible();

    await page.goto('/advertisers');
    await namesListing(page, advertiser.name);
    const row = page.getByRole('row', { name: new RegExp(advertiser.name) });
    await expect(row).toContainText('•••• 4242');
  });

  test('connects and disconnects the CRM through the authorization page', async ({ page }) => {
    const advertiser = await newAdvertiser(unique('E2E Dogwood Labs'));
    await signIn(page, 'demo');
    await page.goto(`/advertisers/${advertiser.bgAdvertiserId}`);
    await expect(page.getByText('Not Connected')).toBeVisible();

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await page.getByRole('link', { name: /Connect Demo Agency CRM/ }).click();

    // Back through /advertisers?code=...&state=..., forwarded to the advertiser, the code exchanged and dropped.
    await expect(page.getByText('Account ID: 4410001')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/advertisers/${advertiser.bgAdvertiserId}$`));
    // The app remembered which advertiser was connecting (000 §4), which is how /advertisers forwarded the code.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('currentAdvertiserId')))
      .toBe(advertiser.bgAdvertiserId);
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Disconnect "${advertiser.name}" Advertiser from HubSpot` });
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Not Connected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  });

  test('cancelling the CRM consent returns to the advertiser with a clean address and says so', async ({ page }) => {
    const advertiser = await newAdvertiser(unique('E2E Elm Studio'));
    await signIn(page, 'demo');
    await page.goto(`/advertisers/${advertiser.bgAdvertiserId}`);
    await expect(page.getByText('Not Connected')).toBeVisible();

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();

    // Back through /advertisers?error=access_denied&state=..., forwarded without a query.
    await expect(page.getByText('The HubSpot account was not connected.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/advertisers/${advertiser.bgAdvertiserId}$`));
    // Exact: the toast's 'not connected.' matches a loose text.
    await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
    await expectAccessible(page);
    // The forwarding address was replaced: Back goes to the provider's page, not to /advertisers?error=...
    await page.goBack();
    await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  });
});
