import { nowMs } from '@bidgrid/shared/clock';
import type { Locator, Page } from '@playwright/test';
import { mp4Bytes, pngBytes } from '@bidgrid/lambdas/test-media';
import { addIsoDays, todayIso } from '@bidgrid/shared/common/iso-date';
import { expect, expectAccessible, test } from './fixtures';
import { openCustomCampaign, pick, stepHeading, uploadTargetsCsv } from './wizard-helpers';

/**
 * A display and a video campaign created end to end, as a person does it (001 §2, §4): the Custom
 * page, every fixed step, the Ad Group step uploading files made here (refused ones listed, the
 * valid ones sent to storage and made creatives at the bidder), the Summary's figures, 'Create
 * Campaign?', the success dialog with the conversion pixel, Finish, and the new campaign on its
 * advertiser's dashboard. Acme Robotics (the demo seed) has a saved card and no CRM connection.
 */
const ACME = 'bgAdvertiser-demo-acme';

const file = (name: string, mimeType: string, bytes: Uint8Array) => ({ name, mimeType, buffer: Buffer.from(bytes) });
/** The wizard's own Next: the last on the page (the ad group form's inner Next comes before it). */
const wizardNext = (page: Page): Locator => page.getByRole('button', { name: 'Next', exact: true }).last();

/** From the sidebar's Custom Campaign to the Campaign Details step, with the given layers. */
async function startCustomCampaign(page: Page, layers: readonly RegExp[]): Promise<void> {
  await openCustomCampaign(page);
  for (const layer of layers) await pick(page.getByRole('checkbox', { name: layer }));
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await pick(page.getByRole('radio', { name: 'Acme Robotics' }));
  await wizardNext(page).click();
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
}

/** Fills the Campaign Details step: ten days from tomorrow at $20 a day. */
async function fillDetails(page: Page, name: string, media: 'display' | 'video'): Promise<void> {
  const today = todayIso();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Media Type' }).selectOption(media);
  await page.getByRole('spinbutton', { name: 'Daily Budget (USD)' }).fill('20');
  await page.getByLabel('Start Date').fill(addIsoDays(today, 1));
  await page.getByLabel('End Date').fill(addIsoDays(today, 11));
  await expect(page.getByRole('textbox', { name: 'Estimated Budget' })).toHaveValue('$200.00');
  await wizardNext(page).click();
}

/** The Landing Page step with a custom URL (Acme has no CRM connection). */
async function fillLandingPage(page: Page, url: string): Promise<void> {
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom URL' }).fill(url);
  await wizardNext(page).click();
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();
}

/** Names a new ad group and chooses its files on the Ad Group step. */
async function newAdGroup(page: Page, name: string, files: ReturnType<typeof file>[]): Promise<void> {
  await page.getByRole('tab', { name: 'Create New AdGroup' }).click();
  await page.getByLabel('Ad Group Name').fill(name);
  await page.getByRole('group', { name: 'New ad group steps' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText("Choose Files to upload for this campaign's ad group", { exact: true })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles(files);
}

/** Confirms 'Create Campaign?' on the Summary, sees the success dialog with its pixel, and finishes. */
async function createAndFinish(page: Page, lastLabel: string): Promise<void> {
  await page.getByRole('button', { name: lastLabel, exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Create Campaign?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Yes' }).click();
  const success = page.getByRole('alertdialog', { name: 'Campaign was created successfully!' });
  await expect(success).toBeVisible({ timeout: 30_000 });
  await expect(success.getByLabel('Conversion pixel')).toContainText('<img');
  await expectAccessible(page);
  await success.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$|\/dashboard$/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('campaignDraft'))).toBeNull();
}

/** The new campaign is one of its advertiser's campaigns on the dashboard. */
async function expectOnDashboard(page: Page, name: string): Promise<void> {
  await page.goto(`/advertisers/${ACME}`);
  await expect(page.getByLabel('Campaigns', { exact: true }).getByRole('option', { name, exact: true })).toHaveCount(1);
}

test('a display campaign for one matched company, with its uploaded banner', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Display e2e ${nowMs()}`;
  await startCustomCampaign(page, [/^Company Domain/]);
  await fillDetails(page, name, 'display');

  // Target Companies: one of two domains matches, so one line item.
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();
  await uploadTargetsCsv(page, 'bluepeaklogistics.com\nnobody-here.example\n');
  await expect(page.getByText('1 of 2 domains matched, 1 included')).toBeVisible();
  await wizardNext(page).click();
  await fillLandingPage(page, 'https://acmerobotics.example/winter');

  // Ad Group: the saved tab's gate, then a new ad group with an allowed banner and a refused size.
  await page.getByRole('tab', { name: 'Select From Saved AdGroups' }).click();
  await wizardNext(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please, select Ad Group to continue.' })).toBeVisible();
  await newAdGroup(page, 'Winter banners', [
    file('winter-300x250.png', 'image/png', pngBytes(300, 250)),
    file('winter-123x45.png', 'image/png', pngBytes(123, 45)),
  ]);
  await expect(page.getByRole('list', { name: 'Invalid assets' }).getByRole('listitem')).toHaveText([
    'File with the wrong dimension: winter-123x45.png, 123x45.',
  ]);
  await expect(page.getByRole('list', { name: 'Valid assets', exact: true }).getByRole('listitem')).toHaveCount(1);
  await wizardNext(page).click();

  // Summary: what it costs and makes, before the question.
  await expect(stepHeading(page, 'Summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Winter banners (1 creative)')).toBeVisible();
  const figures = page.getByRole('region', { name: 'What this campaign will cost and create' });
  await expect(figures).toContainText('$20.00');
  await expect(figures).toContainText('$200.00 over 10 days');
  await expect(figures.getByText('Line items').locator('xpath=..')).toContainText('1');
  await expectAccessible(page);
  await createAndFinish(page, 'Create');
  await expectOnDashboard(page, name);
});

test('a video campaign with a 17 s mp4 and no targeting layer', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Video e2e ${nowMs()}`;
  await startCustomCampaign(page, []);
  await fillDetails(page, name, 'video');
  await fillLandingPage(page, 'https://acmerobotics.example/video');

  await newAdGroup(page, 'Winter clips', [
    file('teaser.mp4', 'video/mp4', mp4Bytes({ width: 640, height: 360, seconds: 17 })),
    file('banner.png', 'image/png', pngBytes(300, 250)),
  ]);
  const valid = page.getByRole('list', { name: 'Valid assets', exact: true });
  await expect(valid).toContainText(
    'The video creative has an unusual duration - 17 seconds. The most common durations are 15 and 30 seconds.',
  );
  await expect(page.getByRole('list', { name: 'Invalid assets' }).getByRole('listitem')).toHaveText([
    'Because you chose a video campaign, you are only able to upload videos for this campaign, not images.',
  ]);
  await wizardNext(page).click();

  await expect(stepHeading(page, 'Summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Winter clips (1 creative)')).toBeVisible();
  await createAndFinish(page, 'Create');
  await expectOnDashboard(page, name);
});
