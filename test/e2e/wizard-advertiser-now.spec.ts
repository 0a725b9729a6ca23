import { listCreativesByAdGroup } from '@bidgrid/shared/ad-groups/creative.operations';
import type { Locator, Page } from '@playwright/test';
import { pngBytes } from '@bidgrid/lambdas/test-media';
import { accessTokenFor, callOperation } from '../support/api';
import { fillCardDialog, newAdvertiser, unique } from './advertiser-seed';
import { expect, expectAccessible, readWhenReady, signIn, test } from './fixtures';
import {
  fillCampaignDetails,
  next,
  openCustomCampaign,
  passAdvertiserAndDetails,
  pick,
  stepHeading,
  uploadTargetsCsv,
} from './wizard-helpers';

/**
 * The wizard uses the advertiser as it is now (issue 26 §2; 001 §2, §4, §5): a card added while the
 * wizard waits counts without picking again, only campaign flows need a card, a change of advertiser
 * first names what it clears, a landing page changed after the Ad Group step reaches every creative,
 * typed zip codes are not lost on Next, and a CSV's lines that are no domains are named.
 */

const MISSING_CARD =
  'The selected advertising must have a connected payment method to configure a campaign! Go to the Advertiser Detail Page to complete configuration.';

/** An error toast (an alert) with its text. */
const toast = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text });
/** The Previous button of the wizard. */
const previous = (page: Page): Promise<void> => page.getByRole('button', { name: 'Previous', exact: true }).click();

test('a card added from the missing-card message counts when the user comes back with Back', async ({ page }) => {
  const advertiser = await newAdvertiser(unique('E2E Later Card'));
  await openCustomCampaign(page);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await pick(page.getByRole('radio', { name: advertiser.name }));
  await next(page);

  // The spec's toast, with its link to the advertiser's page.
  const message = toast(page, 'connected payment method');
  await expect(message).toHaveText(MISSING_CARD);
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await expectAccessible(page);
  await message.getByRole('link', { name: 'Go to the Advertiser Detail Page' }).click();
  await expect(page).toHaveURL(new RegExp(`/advertisers/${advertiser.bgAdvertiserId}$`));
  await expect(message).toHaveCount(0);

  // A card is added there.
  await page.getByRole('button', { name: 'Add/Edit Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await fillCardDialog(dialog, {
    friendlyName: 'Later card',
    email: 'billing@later.example',
    holder: 'Lee Later',
    number: '4242 4242 4242 4242',
  });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('New Payment Method Was Successfully Added!')).toBeVisible();
  await expect(page.getByText('•••• •••• •••• 4242')).toBeVisible();

  // Back to the wizard: the advertiser is still chosen and now passes.
  await page.goBack();
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await expect(page.getByRole('radio', { name: advertiser.name })).toBeChecked();
  await next(page);
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await expect(toast(page, 'connected payment method')).toHaveCount(0);
});

test('a campaign template needs no card', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Campaign Template' }).click();
  await expect(page).toHaveURL(/\/create-campaign-template$/);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await pick(page.getByRole('radio', { name: 'Northwind Analytics' }));
  await next(page);
  await expect(stepHeading(page, 'Campaign Template Details')).toBeVisible();
  await expect(toast(page, 'connected payment method')).toHaveCount(0);
});

test('changing the advertiser names what it clears first; Cancel keeps the old one', async ({ page }) => {
  await openCustomCampaign(page);
  await pick(page.getByRole('checkbox', { name: /^Visitors Re-targeting Segments/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();
  await passAdvertiserAndDetails(page, 'Advertiser switch e2e');
  await expect(stepHeading(page, 'Visitors Re-targeting Segments')).toBeVisible();
  await pick(page.getByRole('checkbox', { name: 'Pricing page visitors' }));

  // Back on Select Advertiser, another advertiser: the question names Acme's segments.
  await previous(page);
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await previous(page);
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await page.getByRole('radio', { name: 'Keystone Freight Partners' }).locator('xpath=..').click();
  const question = page.getByRole('alertdialog', { name: 'Change the advertiser to Keystone Freight Partners?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('These choices belong to Acme Robotics and will be cleared:');
  await expect(question.getByRole('list', { name: 'What will be cleared' }).getByRole('listitem')).toHaveText([
    'Visitor and CRM re-targeting segments',
  ]);
  await expectAccessible(page);

  // Cancel: Acme stays, its segment too.
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Acme Robotics' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Keystone Freight Partners' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Acme Robotics' })).toBeFocused();
  await next(page);
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await next(page);
  await expect(page.getByRole('checkbox', { name: 'Pricing page visitors' })).toBeChecked();

  // Confirmed: Keystone is chosen and Acme's segment is gone.
  await previous(page);
  await previous(page);
  await page.getByRole('radio', { name: 'Keystone Freight Partners' }).locator('xpath=..').click();
  await question.getByRole('button', { name: 'Change Advertiser' }).click();
  await expect(page.getByRole('radio', { name: 'Keystone Freight Partners' })).toBeChecked();
  await next(page);
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Visitors Re-targeting Segments')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Pricing page visitors' })).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const draft = JSON.parse(sessionStorage.getItem('campaignDraft') ?? '{}') as {
          selectedSegmentIds?: string[];
        };
        return draft.selectedSegmentIds;
      }),
    )
    .toEqual([]);
});

test('typed zip codes are added by Next, or the step says why it cannot', async ({ page }) => {
  await openCustomCampaign(page);
  await pick(page.getByRole('checkbox', { name: /^Geography \(ZIP Code\)/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();
  await passAdvertiserAndDetails(page, 'Typed zip codes e2e');
  await expect(stepHeading(page, 'Zip Codes')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Zip codes' });
  const kept = page.getByRole('list', { name: 'Zip codes kept' }).getByRole('listitem');

  // A code the targeting cannot take stays in the box with the reason; the good one is added.
  await box.fill('10001, ABCDE');
  await next(page);
  await expect(stepHeading(page, 'Zip Codes')).toBeVisible();
  await expect(box).toHaveValue('ABCDE');
  await expect(box).toHaveAccessibleDescription('Not a US ZIP code or a Canadian postal code: ABCDE');
  await expect(kept).toHaveText(['10001×']);
  await expectAccessible(page);

  // Typed and not added: Next adds them and goes on.
  await box.fill('94105\n62701');
  await next(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await previous(page);
  await expect(kept).toHaveText(['10001×', '94105×', '62701×']);
});

test("a CSV's lines that are no domains are named for 10 s, each row keeping its reason; Target Companies sets the advertiser", async ({
  page,
}) => {
  await openCustomCampaign(page);
  await pick(page.getByRole('checkbox', { name: /^Company Domain/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();
  await passAdvertiserAndDetails(page, 'Invalid domains e2e');
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();

  await uploadTargetsCsv(page, 'domain\nbluepeaklogistics.com\nAcme Corp\n');
  await expect(toast(page, 'The file loaded with the following invalid domains: Acme Corp')).toBeVisible();
  await expect(page.getByText('1 of 2 domains matched, 1 included')).toBeVisible();
  await expect(
    page.getByText('"Acme Corp" is a company name. Enter the company\'s website domain instead (like example.com).'),
  ).toBeVisible();
  await expectAccessible(page);

  // The step's advertiser choice is the draft's advertiser (CSV companies belong to none: no question).
  await page.getByRole('combobox', { name: 'Advertiser' }).selectOption({ label: 'Keystone Freight Partners' });
  await previous(page);
  await previous(page);
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Keystone Freight Partners' })).toBeChecked();
});

test('a landing page changed after the Ad Group step is the one on every creative', async ({ page }) => {
  test.setTimeout(120_000);
  await openCustomCampaign(page);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await pick(page.getByRole('radio', { name: 'Acme Robotics' }));
  await next(page);
  await fillCampaignDetails(page, unique('Landing page e2e'));
  await next(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom URL' }).fill('https://acmerobotics.example/first');
  await next(page);

  // Ad Group: a new ad group with one banner, made under the first landing page.
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();
  await page.getByRole('tab', { name: 'Create New AdGroup' }).click();
  await page.getByLabel('Ad Group Name').fill('Landing banners');
  await page.getByRole('group', { name: 'New ad group steps' }).getByRole('button', { name: 'Next' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose Files' }).click();
  await (
    await chooser
  ).setFiles({ name: 'landing-300x250.png', mimeType: 'image/png', buffer: Buffer.from(pngBytes(300, 250)) });
  await expect(page.getByRole('list', { name: 'Valid assets', exact: true }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next', exact: true }).last().click();
  await expect(stepHeading(page, 'Summary')).toBeVisible({ timeout: 30_000 });
  const adGroupId = await readWhenReady(
    () =>
      page.evaluate(() => {
        const draft = JSON.parse(sessionStorage.getItem('campaignDraft') ?? '{}') as {
          createdAdGroup?: { adGroupId?: string } | null;
        };
        return draft.createdAdGroup?.adGroupId ?? null;
      }),
    "the draft's ad group",
  );

  // Back to the Landing Page, a new URL; the Summary shows it.
  await previous(page);
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();
  await previous(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom URL' }).fill('https://acmerobotics.example/second');
  await next(page);
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).last().click();
  await expect(stepHeading(page, 'Summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('https://acmerobotics.example/second', { exact: true })).toBeVisible();

  // Created: every creative of the ad group clicks through to the page the Summary showed.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Create Campaign?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Campaign was created successfully!' })).toBeVisible({
    timeout: 30_000,
  });
  const token = await accessTokenFor('demo');
  await expect
    .poll(async () => {
      const reply = await callOperation(listCreativesByAdGroup, { token, params: { id: adGroupId } });
      return reply.body.payload?.map((creative) => creative.click_url);
    })
    .toEqual(['https://acmerobotics.example/second']);
});
