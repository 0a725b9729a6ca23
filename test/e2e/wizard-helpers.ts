import { now } from '@bidgrid/shared/clock';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn } from './fixtures';

/** The one-time prompt of the CRM Re-targeting page and step (a fresh browser context sees it). */
export const CRM_PROMPT = 'New Feature Available: CRM Re-targeting';

/**
 * Answers the one-time CRM prompt with 'Already updated', checking axe while it is open. The prompt
 * is modal: until it is answered the page behind it is hidden from assistive tech (and from
 * `getByRole`), so a test waits for it rather than reading the page under it.
 */
export async function dismissCrmPrompt(page: Page): Promise<void> {
  const prompt = page.getByRole('alertdialog', { name: CRM_PROMPT });
  await expect(prompt).toBeVisible();
  await expectAccessible(page);
  await prompt.getByRole('button', { name: 'Already updated' }).click();
  await expect(prompt).toBeHidden();
}

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

/** A calendar day `offset` days from today, as the browser (same machine, same zone) sees it. */
export function isoDay(offset: number): string {
  const day = now();
  day.setDate(day.getDate() + offset);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Presses the wizard's Next. */
export const next = (page: Page): Promise<void> => page.getByRole('button', { name: 'Next', exact: true }).click();

/**
 * Valid campaign details filled as a person does (display, $10 a day for ten days from tomorrow), the
 * estimated budget checked; the caller presses Next.
 */
export async function fillCampaignDetails(page: Page, campaignName: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(campaignName);
  await page.getByRole('combobox', { name: 'Media Type' }).selectOption('display');
  await page.getByRole('spinbutton', { name: 'Daily Budget (USD)' }).fill('10');
  await page.getByLabel('Start Date').fill(isoDay(1));
  await page.getByLabel('End Date').fill(isoDay(11));
  await expect(page.getByRole('textbox', { name: 'Estimated Budget' })).toHaveValue('$100.00');
}

/**
 * The first two steps done as a person does them: the advertiser chosen (Acme Robotics unless said: it
 * has a card), valid campaign details filled, then Next.
 */
export async function passAdvertiserAndDetails(
  page: Page,
  campaignName: string,
  advertiser = 'Acme Robotics',
): Promise<void> {
  await pick(page.getByRole('radio', { name: advertiser }));
  await next(page);
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await fillCampaignDetails(page, campaignName);
  await next(page);
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
