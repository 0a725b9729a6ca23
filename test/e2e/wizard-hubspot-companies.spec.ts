import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import {
  dismissCrmPrompt,
  next,
  openCustomCampaign,
  passAdvertiserAndDetails,
  pick,
  stepHeading,
} from './wizard-helpers';

/**
 * The wizard's Target Companies step with the HubSpot company source (001 §2), as a person uses it:
 * Keystone Freight Partners (the demo seed) has a saved card, which the wizard needs, and is connected
 * to the CRM simulator's portal 4410001, whose companies carry tiers and target-account flags and sit
 * in company lists. The step offers HubSpot Lists and HubSpot Tiers before CSV; what was fetched and
 * matched becomes the campaign's companies, and Next goes on to the flow's next step.
 */

const KEYSTONE = 'Keystone Freight Partners';
const TIER_GATE = 'Select a HubSpot Ideal Customer Profile Tier.';
const LIST_GATE = 'Select a List to get Companies.';
const SUMMARY = /^(\d+) of \d+ companies matched, (\d+) included$/;

/** The gate toast (an error toast is an alert) with its text. */
const toast = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text });

/** Keystone chosen on Select Advertiser, valid details (display, $10 a day for ten days from tomorrow), then Next. */
async function passKeystoneAndDetails(page: Page, campaignName: string): Promise<void> {
  await expect(stepHeading(page, 'Select Advertiser')).toBeVisible();
  await passAdvertiserAndDetails(page, campaignName, KEYSTONE);
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();
}

/** The fetched companies: the table with matched and unmatched rows, and the summary with some included. */
async function expectMatchedCompanies(page: Page): Promise<void> {
  const table = page.getByRole('table', { name: 'Target companies' });
  await expect(table).toBeVisible();
  await expect(page.getByText(SUMMARY)).toBeVisible();
  await expect(page.getByText(SUMMARY)).not.toHaveText(/, 0 included$/);
  // The table shows ten rows a page: all of them on one, so the matched rows are on screen.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
  await expect(table.getByText('Matched', { exact: true }).first()).toBeVisible();
  await expect(table.getByRole('checkbox', { name: /^Include /, disabled: false }).first()).toBeChecked();
}

test('Custom campaign with Target Companies: HubSpot Tiers of a connected advertiser with a card, matched, then the next step', async ({
  page,
}) => {
  // Prepare: the Custom page with the company layer only.
  await openCustomCampaign(page);
  await pick(page.getByRole('checkbox', { name: /^Company Domain/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();
  await passKeystoneAndDetails(page, 'Keystone tiers e2e');

  // Assess: the HubSpot sources come first, Lists chosen; the tiers are the portal's.
  await expect(page.getByRole('radio', { name: 'HubSpot Lists' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'CSV' })).not.toBeChecked();
  await pick(page.getByRole('radio', { name: 'HubSpot Tiers' }));
  await expect(page.getByRole('checkbox', { name: 'Tier 1' })).toBeVisible();
  await expectAccessible(page);

  // Act / Assess: Next before any company is the tier gate; so is Get Companies without a tier.
  await next(page);
  await expect(toast(page, TIER_GATE)).toBeVisible();
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();

  // Act: tier 1 target accounts, fetched and matched over the realtime channel.
  await pick(page.getByRole('checkbox', { name: 'Tier 1' }));
  await pick(page.getByRole('checkbox', { name: 'Get Target Accounts Only' }));
  await page.getByRole('button', { name: 'Get Companies' }).click();

  // Assess
  await expectMatchedCompanies(page);
  await expectAccessible(page);

  // Act / Assess: the companies pass the gate; the next step of this flow is the Landing Page.
  await next(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();

  // A step back shows the same companies and the same source (the draft keeps them).
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'HubSpot Tiers' })).toBeChecked();
  await expectMatchedCompanies(page);
});

test('ABM campaign: HubSpot Lists of a connected advertiser with a card, matched, then the CRM Re-targeting step', async ({
  page,
}) => {
  // Prepare: the ABM flow from the dashboard card; a connected advertiser needs no CSV confirmation.
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Create: Dynamic Account-Based Advertising' }).click();
  await expect(page).toHaveURL(/\/campaigns\/create\/managed$/);
  await passKeystoneAndDetails(page, 'Keystone lists e2e');

  // Assess: Lists is the first source; the portal's company lists are offered with their sizes.
  await expect(page.getByRole('radio', { name: 'HubSpot Lists' })).toBeChecked();
  const list = page.getByRole('checkbox', { name: 'Target Accounts Q4 (24)' });
  await expect(list).toBeVisible();

  // Act / Assess: Next and Get Companies before a list is chosen are the list gate.
  await next(page);
  await expect(toast(page, LIST_GATE)).toBeVisible();

  // Act: one list's companies.
  await pick(list);
  await page.getByRole('button', { name: 'Get Companies' }).click();

  // Assess
  await expectMatchedCompanies(page);
  await expectAccessible(page);

  // Act / Assess: the step opens with its one-time prompt over it (a fresh browser), then shows.
  await next(page);
  await dismissCrmPrompt(page);
  await expect(stepHeading(page, 'CRM Re-targeting Segments')).toBeVisible();
});
