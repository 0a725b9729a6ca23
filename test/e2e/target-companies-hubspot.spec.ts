import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { pick } from './wizard-helpers';
import { forgetCompanyLookups } from '../support/local-data';

/**
 * Target Companies from HubSpot (001 §2): the seeded demo advertiser Bluepeak Logistics is connected to
 * the CRM simulator's portal 4410001 (the seed walks the simulator's authorization page), whose
 * companies carry tiers, target-account flags and domains the company matcher partly knows.
 */

/** 001 §2: the loading text of Target Companies. */
const MATCHING_TEXT = "We're getting your company information. This may take a few minutes...";
const TIER_GATE = 'Select a HubSpot Ideal Customer Profile Tier.';
const LIST_GATE = 'Select a List to get Companies.';

/** The gate toast (an error toast is an alert) with its text. */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Opens Target Companies from the sidebar, as a person would. */
async function openTargetCompanies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Target Companies' }).click();
  await expect(page).toHaveURL(/\/target-companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Target Companies' })).toBeVisible();
}

test('HubSpot Tiers: the gate, then tier 1 target accounts fetched, matched and toggled', async ({ page }) => {
  // Prepare
  await signIn(page, 'demo');
  await openTargetCompanies(page);
  await pick(page.getByRole('radio', { name: 'HubSpot Tiers' }));
  await expect(page.getByRole('combobox', { name: 'Advertiser' })).toHaveValue('bgAdvertiser-demo-bluepeak');
  await expect(page.getByRole('checkbox', { name: 'Tier 1' })).toBeVisible();
  await expectAccessible(page);

  // Act / Assess: no tier chosen.
  await page.getByRole('button', { name: 'Get Companies' }).click();
  await expect(toast(page, TIER_GATE)).toBeVisible();

  // Act: tier 1, target accounts only.
  await pick(page.getByRole('checkbox', { name: 'Tier 1' }));
  await pick(page.getByRole('checkbox', { name: 'Get Target Accounts Only' }));
  await page.getByRole('button', { name: 'Get Companies' }).click();

  // Assess: the table of matched and unmatched companies, each miss with its reason.
  const table = page.getByRole('table', { name: 'Target companies' });
  await expect(table).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ companies matched, \d+ included$/)).toBeVisible();
  await expect(table.getByText('Matched').first()).toBeVisible();
  await expect(table.getByText('Not matched').first()).toBeVisible();
  await expectAccessible(page);

  // Act / Assess: a matched company can be left out.
  const firstInclude = table.getByRole('checkbox', { name: /^Include /, disabled: false }).first();
  await expect(firstInclude).toBeChecked();
  await firstInclude.click();
  await expect(firstInclude).not.toBeChecked();
});

test('HubSpot Lists: the gate, then the companies of a chosen list, with the loading text while they come', async ({
  page,
  stack,
}) => {
  // Prepare
  await signIn(page, 'demo');
  await openTargetCompanies(page);
  await pick(page.getByRole('radio', { name: 'HubSpot Lists' }));
  await expect(page.getByRole('checkbox', { name: 'Closed Won 2026 (40)' })).toBeVisible();

  // Act / Assess: no list chosen.
  await page.getByRole('button', { name: 'Get Companies' }).click();
  await expect(toast(page, LIST_GATE)).toBeVisible();

  // Act: the company matcher waits, so the work under way is seen.
  await pick(page.getByRole('checkbox', { name: 'Closed Won 2026 (40)' }));
  // Cached look-ups (of an earlier test or a retry) would not wait for the held vendor.
  await forgetCompanyLookups(stack);
  const hold = await fetch(`${stack.simulators.companyMatch}/__hold`, { method: 'POST' });
  expect(hold.ok).toBe(true);
  try {
    await page.getByRole('button', { name: 'Get Companies' }).click();
    await expect(page.getByRole('status').filter({ hasText: MATCHING_TEXT })).toContainText('1 of 1 lists');
    await expectAccessible(page);
  } finally {
    await fetch(`${stack.simulators.companyMatch}/__hold`, { method: 'DELETE' });
  }

  // Assess
  const table = page.getByRole('table', { name: 'Target companies' });
  await expect(table).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ companies matched, \d+ included$/)).toBeVisible();
});
