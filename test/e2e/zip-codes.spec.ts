import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { next, openCustomCampaign, passAdvertiserAndDetails, pick, stepHeading } from './wizard-helpers';

/**
 * The Zip Codes layer (001 §2 "Zip Codes", §5 "CSV upload") as a person uses it: in a custom campaign
 * (its gate, a CSV with duplicates, blank lines and CRLF line ends cleaned into the kept list) and on
 * the /zip-codes page (the cleaned list downloaded as a .csv).
 */

const GATE = 'Please, enter the required zip codes.';

const toast = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text });
const keptCodes = (page: Page): Locator => page.getByRole('list', { name: 'Zip codes kept' }).getByRole('listitem');

/** Chooses a CSV through the Zip Codes entry's Upload CSV file chooser. */
async function uploadZipCsv(page: Page, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await (await chooser).setFiles({ name: 'zips.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('custom campaign with the ZIP Code layer: the gate, then a CSV cleaned into the kept codes', async ({ page }) => {
  await openCustomCampaign(page);

  // The ZIP Code layer has its screen: offered, without the "available with" hint.
  const zipLayer = page.getByRole('checkbox', { name: /^Geography \(ZIP Code\)/ });
  await expect(zipLayer).toBeEnabled();
  await expect(zipLayer).not.toHaveAccessibleName(/available with targeting layers/);
  await pick(zipLayer);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('navigation', { name: 'Campaign steps' }).getByRole('listitem')).toHaveText([
    '1. Select Advertiser',
    '2. Campaign Details',
    '3. Zip Codes',
    '4. Landing Page',
    '5. Ad Group',
    '6. Summary',
  ]);

  // Select Advertiser and Campaign Details, valid.
  await passAdvertiserAndDetails(page, 'Zip codes e2e campaign');

  // Zip Codes: the gate, then typed codes and a CSV through the same rules.
  await expect(stepHeading(page, 'Zip Codes')).toBeVisible();
  await next(page);
  await expect(toast(page, GATE)).toBeVisible();
  await expect(stepHeading(page, 'Zip Codes')).toBeVisible();
  await page.getByRole('textbox', { name: 'Zip codes' }).fill('10001');
  await page.getByRole('button', { name: 'Add Codes' }).click();
  await expect(keptCodes(page)).toHaveText(['10001×']);
  await uploadZipCsv(page, '62701, 78701\r\n\r\n 10001 \r\n78701,,94105\r\n\r\n');
  await expect(page.getByRole('status').filter({ hasText: 'zip codes' })).toHaveText('4 zip codes');
  await expect(keptCodes(page)).toHaveText(['10001×', '62701×', '78701×', '94105×']);
  await page.getByRole('button', { name: 'Remove 78701' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'zip codes' })).toHaveText('3 zip codes');
  await expectAccessible(page);

  // A reload keeps the codes (the draft), and Next goes on.
  await page.reload();
  await expect(keptCodes(page)).toHaveText(['10001×', '62701×', '94105×']);
  await next(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
});

test('/zip-codes page: a cleaned list downloaded as a .csv', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Zip Codes' }).click();
  await expect(page).toHaveURL(/\/zip-codes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zip Codes' })).toBeVisible();
  await uploadZipCsv(page, '62701,62701\r\n\r\n 78701 \r\n');
  await expect(page.getByRole('status').filter({ hasText: 'zip codes' })).toHaveText('2 zip codes');
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('zip-codes.csv');
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  expect(Buffer.concat(chunks).toString('utf8')).toBe('62701\r\n78701\r\n');
});
