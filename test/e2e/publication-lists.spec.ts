import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures';
import { next, openCustomCampaign, passAdvertiserAndDetails, pick, stepHeading } from './wizard-helpers';

/**
 * The Publication Lists layer (001 §2 "Publication Lists", §5 "Publication list create/edit") as a person
 * uses it: in a custom campaign (the gate, a SPLIT list's CPM bids, a list created in the dialog after
 * its invalid domains were refused) and on the /publication-lists page (a list created and edited).
 */

const GATE = 'Please, select required domain lists.';
const INVALID =
  "Some of your domains are not valid! Consider that domains should be without HTTP/HTTPS protocol! And have schema like '{host}'";

const toast = (page: Page, text: string): Locator => page.getByRole('alert').filter({ hasText: text });
/** A success toast (a status, not an alert), in the notifications region. */
const notice = (page: Page, text: string): Locator =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
const uniqueName = (what: string): string => `${what} ${randomUUID().slice(0, 8)}`;

/** Creates a custom list in the open panel's dialog: invalid domains first (refused), then valid ones. */
async function createList(page: Page, name: string, domains: string): Promise<void> {
  await page.getByRole('button', { name: 'Create New List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Domain List' });
  await dialog.getByRole('textbox', { name: 'List Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Domains' }).fill(`${domains} http://`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(INVALID)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: 'Domains' }).fill(domains);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page, `Domain list "${name}" created.`)).toBeVisible();
}

test('custom campaign with Publication Lists: the gate, split CPM bids, a list created and chosen', async ({
  page,
}) => {
  await openCustomCampaign(page);
  const layer = page.getByRole('checkbox', { name: /^Publication Lists/ });
  await expect(layer).toBeEnabled();
  await expect(layer).not.toHaveAccessibleName(/available with targeting layers/);
  await pick(layer);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('navigation', { name: 'Campaign steps' }).getByRole('listitem')).toHaveText([
    '1. Select Advertiser',
    '2. Campaign Details',
    '3. Publication Lists',
    '4. Landing Page',
    '5. Ad Group',
    '6. Summary',
  ]);

  await passAdvertiserAndDetails(page, 'Publication lists e2e campaign');

  // The gate.
  await expect(stepHeading(page, 'Publication Lists')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Premium Tech Publishers' })).toBeVisible();
  await next(page);
  await expect(toast(page, GATE)).toBeVisible();
  await expect(stepHeading(page, 'Publication Lists')).toBeVisible();

  // A SPLIT list: every domain at CPM 25, one changed; a cleared box holds Next.
  await pick(page.getByRole('checkbox', { name: 'Premium Tech Publishers' }));
  const bids = page.getByRole('spinbutton', { name: /^CPM bid for / });
  await expect(bids).toHaveCount(3);
  for (const index of [0, 1, 2]) await expect(bids.nth(index)).toHaveValue('25');
  const wired = page.getByRole('spinbutton', { name: 'CPM bid for wired.com' });
  await wired.fill('');
  await expect(page.getByRole('row', { name: /wired\.com/ }).getByRole('alert')).toHaveText(
    'The CPM bid must be a positive number.',
  );
  await next(page);
  // The toast (named by its title), beside the box's own message.
  await expect(page.getByRole('alert', { name: 'The CPM bid must be a positive number.' })).toBeVisible();
  await wired.fill('40');
  await expect(page.getByRole('row', { name: /wired\.com/ }).getByRole('alert')).toHaveCount(0);

  // A custom list made here is chosen at once.
  const name = uniqueName('Trade sites');
  await createList(page, name, 'industryweek.com, assemblymag.com');
  await expect(page.getByRole('checkbox', { name })).toBeChecked();
  await expectAccessible(page);

  // A reload keeps the choice and the bids (the draft); Next goes on.
  await page.reload();
  await expect(page.getByRole('checkbox', { name })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'CPM bid for wired.com' })).toHaveValue('40');
  await next(page);
  await expect(stepHeading(page, 'Landing Page')).toBeVisible();
});

test('the Publication Lists page: public lists browsed, a custom list created and edited', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Publication Lists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Publication Lists' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Advertiser' }).selectOption({ label: 'Acme Robotics' });
  await expect(page.getByText('Business & Finance Press', { exact: true })).toBeVisible();
  await expect(page.getByText('Robotics trade sites', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const name = uniqueName('Editable');
  await createList(page, name, 'industryweek.com automationworld.com');
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('2 of 2 domains active');

  // Edit: a domain deactivated, one added; a duplicate is refused first.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Domain List' });
  await dialog.getByRole('textbox', { name: 'Domain 2' }).fill('industryweek.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Some of your domains are not unique! Consider that each domain should be unique!'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Domain 2' }).fill('automationworld.com');
  const active = dialog.getByRole('checkbox', { name: 'Active: industryweek.com' });
  await active.locator('xpath=..').click();
  await expect(active).not.toBeChecked();
  await dialog.getByRole('textbox', { name: 'New Domains' }).fill('supplychaindive.com');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page, `Domain list "${name}" updated.`)).toBeVisible();
  await expect(row).toContainText('2 of 3 domains active');
});
