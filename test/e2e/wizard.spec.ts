import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { isoDay, next, openCustomCampaign, pick, stepHeading, uploadTargetsCsv } from './wizard-helpers';

/**
 * The campaign wizard (001 §2, §4, §5) as a person uses it, against the seeded demo world: Acme
 * Robotics has a saved card and no CRM connection, Northwind Analytics has no card.
 * Up to the Ad Group step; the Ad Group step and the creation itself are
 * `campaign-creation.spec.ts`'s, the upload rules `ads-upload.spec.ts`'s.
 */

const GATE = {
  advertiser: 'Please, select advertiser.',
  companies: 'Please, upload one .csv file.',
  destination: 'Please, select a destination page to continue.',
};
const MISSING_CARD =
  'The selected advertising must have a connected payment method to configure a campaign! Go to the Advertiser Detail Page to complete configuration.';

const stepsNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Campaign steps' });

/** The stepper of a flow with the Target Companies layer, sorted. */
const COMPANY_STEPS = [
  '1. Select Advertiser',
  '2. Campaign Details',
  '3. Target Companies',
  '4. Landing Page',
  '5. Ad Group',
  '6. Summary',
];

/** The ABM flow's steps: its fixed list (001 §2), every one with a screen. */
const ABM_STEPS = [
  '1. Select Advertiser',
  '2. Campaign Details',
  '3. Target Companies',
  '4. CRM Re-targeting Segments',
  '5. Role/Title',
  '6. Landing Page',
  '7. Ad Group',
  '8. Summary',
];

/** The gate toast (an error toast is an alert) with its text. */
const toast = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text });

test('custom campaign: the seven layers, then every gate message up to the Ad Group step; a reload keeps the draft', async ({
  page,
}) => {
  await openCustomCampaign(page);

  // The Custom page: seven layers, those without a screen yet disabled with their hint.
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Select all relevant types of targeting you want to include in this campaign.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(7);
  await expect(page.getByRole('checkbox', { name: /^Company Domain/ })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /^Role \/ Title/ })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /^Geography \(State \/ Province\)/ })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /^Geography \(ZIP Code\)/ })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /^Publication Lists/ })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /^Visitors Re-targeting Segments/ })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: /^CRM Re-targeting Segments/ })).toBeEnabled();
  // Every layer has its screen now: none is offered as "available with targeting layers".
  await expect(page.getByText('(available with targeting layers)')).toHaveCount(0);
  await expectAccessible(page);
  await pick(page.getByRole('checkbox', { name: /^Company Domain/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();

  // The stepper, sorted, with Back on the first step.
  await expect(stepsNav(page).getByRole('listitem')).toHaveText(COMPANY_STEPS);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('customCampaignType'))).toBe('companyIps');
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();

  // Select Advertiser: the gate, then the missing-card block with its link.
  await next(page);
  await expect(toast(page, GATE.advertiser)).toBeVisible();
  await pick(page.getByRole('radio', { name: 'Northwind Analytics' }));
  await next(page);
  const block = page.getByRole('alert').filter({ hasText: 'connected payment method' });
  await expect(block).toHaveText(MISSING_CARD);
  await expect(block.getByRole('link', { name: 'Go to the Advertiser Detail Page' })).toHaveAttribute(
    'href',
    '/advertisers/bgAdvertiser-demo-northwind',
  );
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await expectAccessible(page);
  await pick(page.getByRole('radio', { name: 'Acme Robotics' }));
  await next(page);

  // Campaign Details: every rule's text.
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Max Bid (USD)' })).toHaveValue('25');
  await next(page);
  await expect(page.getByText('Required field.')).toHaveCount(5);
  await page.getByRole('textbox', { name: 'Name' }).fill('Wizard e2e campaign');
  await page.getByRole('combobox', { name: 'Media Type' }).selectOption('display');
  await page.getByRole('spinbutton', { name: 'Daily Budget (USD)' }).fill('-3');
  await page.getByLabel('Start Date').fill(isoDay(-1));
  await page.getByLabel('End Date').fill(isoDay(-1));
  await page.getByRole('spinbutton', { name: 'Max Bid (USD)' }).fill('101');
  await next(page);
  await expect(page.getByText('Number must be positive', { exact: true })).toBeVisible();
  await expect(page.getByText('Please choose a future or current date!')).toBeVisible();
  await expect(page.getByText('The end date must be after the start date')).toBeVisible();
  await expect(page.getByText('Max Bid can not exceed $100')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Daily Budget (USD)' }).fill('1');
  await page.getByLabel('Start Date').fill(isoDay(1));
  await page.getByLabel('End Date').fill(isoDay(11));
  await page.getByRole('spinbutton', { name: 'Max Bid (USD)' }).fill('25');
  await expect(page.getByRole('textbox', { name: 'Estimated Budget' })).toHaveValue('$10.00');
  await next(page);
  await expect(page.getByText('Max Bid can not be greater than the Estimated Budget')).toBeVisible();
  await pick(page.getByRole('checkbox', { name: 'Sales Enabled Campaign' }));
  await expect(page.getByRole('spinbutton', { name: 'Max Companies' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Daily Budget (USD)' }).fill('10');
  await expect(page.getByRole('textbox', { name: 'Estimated Budget' })).toHaveValue('$100.00');
  await expectAccessible(page);

  // A reload keeps the draft and the step.
  await page.reload();
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Wizard e2e campaign');
  await expect(page.getByRole('spinbutton', { name: 'Daily Budget (USD)' })).toHaveValue('10');
  await expect(page.getByRole('checkbox', { name: 'Sales Enabled Campaign' })).toBeChecked();
  await next(page);

  // Target Companies: the gate, then a CSV matched over the realtime channel.
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();
  await next(page);
  await expect(toast(page, GATE.companies)).toBeVisible();
  await uploadTargetsCsv(page, 'domain\nbluepeaklogistics.com\nnobody-here.example\n');
  await expect(page.getByText('1 of 2 domains matched, 1 included')).toBeVisible();
  await next(page);

  // Landing Page: no CRM connection, so a custom URL; the gate and the URL rule.
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await expect(page.getByText('This advertiser is not connected to HubSpot. Please, use a custom URL.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add UTM Parameters' })).toBeDisabled();
  await next(page);
  await expect(toast(page, GATE.destination)).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom URL' }).fill('https://-acme.example/a b');
  await next(page);
  await expect(page.getByText('Invalid URL format')).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom URL' }).fill('https://acmerobotics.example/demo?old=1');
  await page.getByRole('button', { name: 'Add UTM Parameters' }).click();
  const utm = page.getByRole('dialog', { name: 'Add UTM Parameters' });
  await utm.getByRole('textbox', { name: 'Campaign' }).fill('winter');
  await utm.getByRole('textbox', { name: 'Content' }).fill('banner');
  await utm.getByRole('textbox', { name: 'Medium' }).fill('display');
  await utm.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('landing-page-url')).toHaveText(
    'https://acmerobotics.example/demo?utm_campaign=winter&utm_content=banner&utm_medium=display',
  );
  await expectAccessible(page);
  await next(page);
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();

  // The step list is done up to here; linear flows offer no step headers to click.
  await expect(stepsNav(page).getByRole('button')).toHaveCount(0);
});

test('ABM flow: the CSV confirmation without a CRM connection, and a step opens when it or the one before is done', async ({
  page,
}) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Create: Dynamic Account-Based Advertising' }).click();
  await expect(page).toHaveURL(/\/campaigns\/create\/managed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dynamic Account-Based Advertising' })).toBeVisible();
  await expect(stepsNav(page).getByRole('listitem')).toHaveText(ABM_STEPS);
  // Nothing is done yet: no later step can be opened.
  await expect(stepsNav(page).getByRole('button')).toHaveCount(0);

  await pick(page.getByRole('radio', { name: 'Acme Robotics' }));
  await next(page);
  const confirm = page.getByRole('alertdialog', { name: 'Continue without a CRM connection?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Use a CSV company list' }).click();
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('customCampaignType'))).toBe('companyIps');

  // Step 1 is done (it can be opened); step 3 follows a step not done yet (it cannot).
  await expect(stepsNav(page).getByRole('button')).toHaveText(['1. Select Advertiser']);
  await stepsNav(page).getByRole('button', { name: '1. Select Advertiser' }).click();
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Acme Robotics' })).toBeChecked();
  // Now step 2 follows a done step.
  await expect(stepsNav(page).getByRole('button')).toHaveText(['2. Campaign Details']);
  await stepsNav(page).getByRole('button', { name: '2. Campaign Details' }).click();
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();

  // Sidebar navigation clears the draft.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Advertisers' }).click();
  await expect(page).toHaveURL(/\/advertisers$/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('campaignDraft'))).toBeNull();
});
