import { expect, expectAccessible, test } from './fixtures';
import { next, openCustomCampaign, passAdvertiserAndDetails, pick, stepHeading } from './wizard-helpers';

/**
 * The State/Province layer of a custom campaign (001 §2, §5): the regions of GET /geo/options by
 * country, a 'Select all' per country, unchecking a region clears its country's, and the gate.
 */

test('the State / Province step: gate, select all per country, unchecking clears it', async ({ page }) => {
  await openCustomCampaign(page);
  await pick(page.getByRole('checkbox', { name: /^Geography \(State \/ Province\)/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();

  await passAdvertiserAndDetails(page, 'Regions e2e campaign');

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
