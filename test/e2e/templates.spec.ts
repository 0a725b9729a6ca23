import { nowMs } from '@bidgrid/shared/clock';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { fillCampaignDetails, isoDay, pick, stepHeading, uploadTargetsCsv } from './wizard-helpers';

/**
 * Campaign templates (001 §2 Create template, Manage campaign templates and Create from template pages,
 * §4 Template update and Template edit) as a person uses them, against the seeded demo world (Acme
 * Robotics has a card and its saved display ad group 'Evergreen display set'): a template made with
 * five layers, edited to drop its ZIP codes (gone when it is opened again), a campaign made from it with
 * every kept layer pre-filled in its step and in the Summary, and the template deleted after the question.
 */

const stepsNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Campaign steps' });
/** The wizard's own Next: the last on the page (the ad group form's inner Next comes before it). */
const next = (page: Page): Promise<void> => page.getByRole('button', { name: 'Next', exact: true }).last().click();
/** A label of the Summary's list (its `dt`), matched whole. */
const summaryLabel = (page: Page, label: string): Locator =>
  page.locator('dt').filter({ hasText: new RegExp(`^${label.replace(/[/()]/g, '\\$&')}$`) });
/** The value of the Summary's row with that label. */
const summaryValue = (page: Page, label: string): Locator =>
  summaryLabel(page, label).locator('xpath=following-sibling::dd[1]');

/** Opens a sidebar entry. */
async function openFromSidebar(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry, exact: true }).click();
}

/** The template's layers: the steps they add, in step order. */
const LAYER_STEPS = ['Role/Title', 'Target Companies', 'Publication Lists', 'Zip Codes', 'State/Province'];
const withoutZip = LAYER_STEPS.filter((step) => step !== 'Zip Codes');
const numbered = (names: readonly string[]): string[] => names.map((name, index) => `${index + 1}. ${name}`);

test('a template with five layers: created, edited without its ZIP codes, a campaign made from it, deleted', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const templateName = `Template e2e ${nowMs()}`;
  const campaignName = `${templateName} campaign`;
  await signIn(page, 'demo');

  // Create Campaign Template: the seven options, five chosen.
  await openFromSidebar(page, 'Create Campaign Template');
  await expect(page).toHaveURL(/\/create-campaign-template$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Design a Scalable Campaign Template.' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(7);
  await expectAccessible(page);
  for (const layer of [
    /^Geography \(State \/ Province\)/,
    /^Geography \(ZIP Code\)/,
    /^Publication Lists/,
    /^Company Domain/,
    /^Role \/ Title/,
  ]) {
    await pick(page.getByRole('checkbox', { name: layer }));
  }
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(stepsNav(page).getByRole('listitem')).toHaveText(
    numbered(['Select Advertiser', 'Campaign Template Details', ...LAYER_STEPS, 'Landing Page', 'Ad Group', 'Summary']),
  );

  // Select Advertiser, Campaign Template Details.
  await pick(page.getByRole('radio', { name: 'Acme Robotics' }));
  await next(page);
  await expect(stepHeading(page, 'Campaign Template Details')).toBeVisible();
  await page.getByRole('textbox', { name: 'Template Name' }).fill(templateName);
  await fillCampaignDetails(page, campaignName);
  await expectAccessible(page);
  await next(page);

  // Role/Title: one role.
  await expect(stepHeading(page, 'Role/Title')).toBeVisible();
  const finance = page.getByRole('region', { name: 'Finance' });
  await pick(finance.getByRole('checkbox', { name: 'Chief Financial Officer' }));
  await next(page);

  // Target Companies: a CSV, one of two domains matched.
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();
  await uploadTargetsCsv(page, 'bluepeaklogistics.com\nnobody-here.example\n');
  await expect(page.getByText('1 of 2 domains matched, 1 included')).toBeVisible();
  await next(page);

  // Publication Lists: a SINGLE public list.
  await expect(stepHeading(page, 'Publication Lists')).toBeVisible();
  await pick(page.getByRole('checkbox', { name: 'Business & Finance Press' }));
  await next(page);

  // Zip Codes: two codes.
  await expect(stepHeading(page, 'Zip Codes')).toBeVisible();
  await page.getByRole('textbox', { name: 'Zip codes' }).fill('10001, 62701');
  await page.getByRole('button', { name: 'Add Codes' }).click();
  await expect(page.getByRole('list', { name: 'Zip codes kept' }).getByRole('listitem')).toHaveText([
    '10001×',
    '62701×',
  ]);
  await next(page);

  // State/Province: Texas.
  await expect(stepHeading(page, 'State/Province')).toBeVisible();
  await pick(page.getByRole('region', { name: 'USA' }).getByRole('checkbox', { name: 'Texas' }));
  await next(page);

  // Landing Page, then a saved ad group.
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await page.getByRole('textbox', { name: 'Custom URL' }).fill('https://acmerobotics.example/templates');
  await next(page);
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();
  await page.getByRole('tab', { name: 'Select From Saved AdGroups' }).click();
  await page.getByRole('checkbox', { name: 'Select Evergreen display set' }).check();
  await next(page);

  // Summary: every layer, then 'Create Template'.
  await expect(stepHeading(page, 'Summary')).toBeVisible();
  await expect(summaryValue(page, 'Template Name')).toHaveText(templateName);
  await expect(summaryValue(page, 'Zip Codes')).toHaveText('10001, 62701');
  await expect(summaryValue(page, 'State/Province')).toHaveText('United States: Texas');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Template', exact: true }).click();
  const createQuestion = page.getByRole('alertdialog', { name: 'Update/Create Campaign Template?' });
  await createQuestion.getByRole('button', { name: 'Yes' }).click();
  const created = page.getByRole('alertdialog', { name: 'Campaign Template Created Successfully!' });
  await expect(created).toBeVisible();
  await created.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$|\/dashboard$/);

  // The manage page: the template's card with its optional steps.
  await openFromSidebar(page, 'Edit Campaign Templates');
  await expect(page).toHaveURL(/\/campaign-templates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Campaign Templates' })).toBeVisible();
  const card = page.getByRole('listitem', { name: templateName });
  await expect(card.getByRole('list', { name: 'Optional steps' }).getByRole('listitem')).toHaveText(LAYER_STEPS);
  await expect(card).toContainText(campaignName);
  await expectAccessible(page);

  // Edit Template: the template's steps chosen; ZIP codes dropped.
  await page.getByRole('button', { name: `Edit ${templateName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(7);
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(5);
  await expectAccessible(page);
  await dialog.getByRole('checkbox', { name: 'Geography (ZIP Code)' }).locator('xpath=..').click();
  await expect(dialog.getByRole('checkbox', { name: 'Geography (ZIP Code)' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The edit wizard, seeded from the template, ending with 'Save'.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Campaign Template' })).toBeVisible();
  await expect(stepsNav(page).getByRole('listitem')).toHaveText(
    numbered(['Select Advertiser', 'Campaign Template Details', ...withoutZip, 'Landing Page', 'Ad Group', 'Summary']),
  );
  await expect(page.getByRole('radio', { name: 'Acme Robotics' })).toBeChecked();
  await next(page);
  await expect(page.getByRole('textbox', { name: 'Template Name' })).toHaveValue(templateName);
  await next(page);
  await expect(stepHeading(page, 'Role/Title')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Publication Lists')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'State/Province')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Summary')).toBeVisible();
  await expect(summaryValue(page, 'State/Province')).toHaveText('United States: Texas');
  await expect(summaryLabel(page, 'Zip Codes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saveQuestion = page.getByRole('alertdialog', { name: 'Update/Create Campaign Template?' });
  await saveQuestion.getByRole('button', { name: 'Yes' }).click();
  const updated = page.getByRole('alertdialog', { name: 'Campaign Template Updated Successfully!' });
  await expect(updated).toBeVisible();
  await expectAccessible(page);
  await updated.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$|\/dashboard$/);

  // Opened again with ZIP codes chosen: the codes it had are gone.
  await openFromSidebar(page, 'Edit Campaign Templates');
  await expect(card.getByRole('list', { name: 'Optional steps' }).getByRole('listitem')).toHaveText(withoutZip);
  await page.getByRole('button', { name: `Edit ${templateName}` }).click();
  await dialog.getByRole('checkbox', { name: 'Geography (ZIP Code)' }).locator('xpath=..').click();
  await expect(dialog.getByRole('checkbox', { name: 'Geography (ZIP Code)' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(stepsNav(page).getByRole('listitem')).toHaveText(
    numbered(['Select Advertiser', 'Campaign Template Details', ...LAYER_STEPS, 'Landing Page', 'Ad Group', 'Summary']),
  );
  for (const step of ['Select Advertiser', 'Campaign Template Details', 'Role/Title', 'Target Companies']) {
    await expect(stepHeading(page, step)).toBeVisible();
    await next(page);
  }
  await expect(stepHeading(page, 'Publication Lists')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Zip Codes')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'zip codes' })).toHaveText('0 zip codes');
  await expect(page.getByRole('list', { name: 'Zip codes kept' }).getByRole('listitem')).toHaveCount(0);

  // Create Campaign From Template (the sidebar resets the edit): the card, then every kept layer pre-filled.
  await openFromSidebar(page, 'Create Campaign From Template');
  await expect(page.getByRole('heading', { level: 1, name: 'Select template to create campaign.' })).toBeVisible();
  const templateCard = page.getByRole('radio', { name: new RegExp(templateName) });
  // The card (the radio's drawn control) names the template and its campaign.
  await expect(templateCard.locator('xpath=..')).toContainText(campaignName);
  await expectAccessible(page);
  await pick(templateCard);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(stepsNav(page).getByRole('listitem')).toHaveText(
    numbered(['Select Advertiser', 'Campaign Details', ...withoutZip, 'Landing Page', 'Ad Group', 'Summary']),
  );
  await expect(page.getByRole('radio', { name: 'Acme Robotics' })).toBeChecked();
  await next(page);
  await expect(stepHeading(page, 'Campaign Details')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(campaignName);
  await expect(page.getByRole('spinbutton', { name: 'Daily Budget (USD)' })).toHaveValue('10');
  await expect(page.getByLabel('Start Date')).toHaveValue(isoDay(1));
  await next(page);
  await expect(stepHeading(page, 'Role/Title')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Finance' }).getByRole('checkbox', { name: 'Chief Financial Officer' }),
  ).toBeChecked();
  await expect(page.getByText('1 role selected')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Target Companies')).toBeVisible();
  await expect(page.getByText('1 of 2 domains matched, 1 included')).toBeVisible();
  await next(page);
  await expect(stepHeading(page, 'Publication Lists')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Business & Finance Press' })).toBeChecked();
  await next(page);
  await expect(stepHeading(page, 'State/Province')).toBeVisible();
  await expect(page.getByRole('region', { name: 'USA' }).getByRole('checkbox', { name: 'Texas' })).toBeChecked();
  await next(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Custom URL' })).toHaveValue('https://acmerobotics.example/templates');
  await next(page);
  await expect(stepHeading(page, 'Ad Group')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select Evergreen display set' })).toBeChecked();
  await next(page);

  // The Summary holds every kept layer; the campaign is made.
  await expect(stepHeading(page, 'Summary')).toBeVisible({ timeout: 30_000 });
  await expect(summaryValue(page, 'Campaign Name')).toHaveText(campaignName);
  await expect(summaryValue(page, 'Role/Title')).toHaveText('Chief Financial Officer');
  await expect(summaryValue(page, 'Target Companies')).toHaveText('1 of 2 companies included');
  await expect(summaryValue(page, 'Publication Lists')).toHaveText('Business & Finance Press');
  await expect(summaryValue(page, 'State/Province')).toHaveText('United States: Texas');
  await expect(summaryLabel(page, 'Zip Codes')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Campaign', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Create Campaign?' }).getByRole('button', { name: 'Yes' }).click();
  const made = page.getByRole('alertdialog', { name: 'Campaign was created successfully!' });
  await expect(made).toBeVisible({ timeout: 30_000 });
  await made.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$|\/dashboard$/);

  // Delete, after the question: No keeps it, Yes removes the card.
  await openFromSidebar(page, 'Edit Campaign Templates');
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: `Delete ${templateName}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this template?' });
  await expect(question).toBeVisible();
  await expectAccessible(page);
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toBeHidden();
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: `Delete ${templateName}` }).click();
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(`Template "${templateName}" was deleted.`)).toBeVisible();
});
