import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { openCustomCampaign, pick, stepHeading } from './wizard-helpers';

/**
 * The State/Province layer of a custom campaign (001 §2, §5): the regions of GET /geo/options by
 * country, a 'Select all' per country, unchecking a region clears its country's, and the gate.
 */

const next = (page: Page): Promise<void> => page.getByRole('button', { name: 'Next', exact: true }).click();

/** A calendar day `offset` days from today, as the browser (same machine, same zone) sees it. */
function isoDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

test('the State / Province step: gate, select all per country, unchecking clears it', async ({ page }) => {
  await openCustomCampaign(page);
  await pick(page.getByRole('checkbox', { name: /^Geography \(State \/ Province\)/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();

  await pick(page.getByRole('radio', { name: 'Acme Robotics' }));
  await next(page);
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Regions e2e campaign');
  await page.getByRole('combobox', { name: 'Media Type' }).selectOption('display');
  await page.getByRole('spinbutton', { name: 'Daily Budget (USD)' }).fill('10');
  await page.getByLabel('Start Date').fill(isoDay(1));
  await page.getByLabel('End Date').fill(isoDay(11));
  await next(page);

  // The step, its regions grouped by country.
  await expect(stepHeading(page, 'State/Province')).toBeVisible();
  const usa = page.getByRole('region', { name: 'USA' });
  const can = page.getByRole('region', { name: 'CAN' });
  await expect(usa.getByRole('checkbox')).toHaveCount(52);
  await expect(can.getByRole('checkbox')).toHaveCount(14);
  await expectAccessible(page);

  // The gate.
  await next(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Please, select the required regions.' })).toBeVisible();

  // Select all applies to its country only; unchecking a region clears it.
  await pick(can.getByRole('checkbox', { name: 'Select all CAN' }));
  await expect(can.getByRole('checkbox', { name: 'Ontario' })).toBeChecked();
  await expect(can.getByRole('checkbox', { name: 'Yukon' })).toBeChecked();
  await expect(usa.getByRole('checkbox', { name: 'Texas' })).not.toBeChecked();
  await can.getByRole('checkbox', { name: 'Quebec' }).locator('xpath=..').click();
  await expect(can.getByRole('checkbox', { name: 'Quebec' })).not.toBeChecked();
  await expect(can.getByRole('checkbox', { name: 'Select all CAN' })).not.toBeChecked();
  await expect(can.getByRole('checkbox', { name: 'Ontario' })).toBeChecked();

  // A region chosen: Next moves on.
  await next(page);
  await expect(stepHeading(page, 'State/Province')).toBeHidden();
});
