import type { Locator, Page } from '@playwright/test';
import { expect, signIn } from './fixtures';

/** The wizard's step heading (each step screen is headed at level 2). */
export const stepHeading = (page: Page, name: string): Locator =>
  page.getByRole('heading', { level: 2, name, exact: true });

/**
 * Checks a Chakra checkbox or radio as a person does: by its drawn control (the input itself sits
 * under the control, which takes the pointer).
 */
export async function pick(input: Locator): Promise<void> {
  await input.locator('xpath=..').click();
  await expect(input).toBeChecked();
}

/** Signs in as the demo user and opens the Custom Campaign page from the sidebar. */
export async function openCustomCampaign(page: Page): Promise<void> {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Custom Campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/create\/custom$/);
}

/** Chooses a CSV of company domains through the Target Companies step's Upload CSV file chooser. */
export async function uploadTargetsCsv(page: Page, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await (await chooser).setFiles({ name: 'targets.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
}
