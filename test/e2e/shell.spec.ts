// Code inside page.evaluate runs in the browser: its DOM globals need the DOM types.
/// <reference lib="dom" />
import { agency } from '@bidgrid/shared';
import { accessTokenFor, callOperation } from '../support/api';
import { createAgencyFor, createConfirmedUser, uniqueUserName } from '../support/cognito-local';
import { expect, expectAccessible, signIn, test } from './fixtures';

const SIDEBAR = [
  'Home',
  'Advertisers',
  'Invoices',
  'ABM Campaign',
  'Custom Campaign',
  'Create Campaign From Template',
  'Create Campaign Template',
  'Edit Campaign Templates',
  'Visitors Re-targeting Segments',
  'CRM Re-targeting Segments',
  'Publication Lists',
  'Ads Upload',
  'Target Companies',
  'Roles and Titles',
  'Zip Codes',
  'Support',
  'Terms of Use',
  'Privacy Policy',
  'Log out',
];

test('the header shows the menu button only to signed-in users', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'BidGrid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

  await signIn(page, 'demo');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});

/** A sidebar entry's text: its label, and for external links the screen-reader note after it. */
const entryText = (label: string): RegExp =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\(opens in a new tab\\))?$`);

test('the sidebar lists every entry of the spec in order, with the external links', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();

  await expect(nav.getByRole('listitem')).toHaveText(SIDEBAR.map(entryText));
  for (const name of ['Support', 'Terms of Use', 'Privacy Policy']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('target', '_blank');
  }
  await expect(nav.getByRole('link', { name: /^Terms of Use/ })).toHaveAttribute('href', '/terms-of-use');
  await expect(nav.getByRole('link', { name: /^Privacy Policy/ })).toHaveAttribute('href', '/privacy-policy');
  await expectAccessible(page);

  await nav.getByRole('link', { name: 'Advertisers' }).click();
  await expect(page).toHaveURL(/\/advertisers$/);
  await expect(nav).toBeHidden();
});

test('ABM Campaign from the sidebar resets campaign state and sets the ABM steps', async ({ page }) => {
  await signIn(page, 'demo');
  await page.evaluate(() => sessionStorage.setItem('campaignDraft', '{"name":"left over"}'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABM Campaign' }).click();

  await expect(page).toHaveURL(/\/campaigns\/create\/managed$/);
  await expect
    .poll(() =>
      page.evaluate(() => ({
        draft: sessionStorage.getItem('campaignDraft'),
        steps: (JSON.parse(sessionStorage.getItem('campaignSteps') ?? '[]') as Array<{ label: string }>).map(
          (step) => step.label,
        ),
      })),
    )
    .toEqual({
      draft: null,
      steps: [
        'Select Advertiser',
        'Campaign Details',
        'Target Companies',
        'CRM Re-targeting Segments',
        'Role/Title',
        'Landing Page',
        'Ad Group',
        'Summary',
      ],
    });
});

test('the logo resets campaign-creation state and goes to the dashboard', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/zip-codes');
  await page.evaluate(() => sessionStorage.setItem('campaignSteps', '[{"name":"summary page"}]'));
  await page.getByRole('link', { name: 'BidGrid' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('campaignSteps'))).toBeNull();
});

test('dashboard: playbooks, then the two fixed cards whose Create buttons start their flows', async ({ page }) => {
  const reply = await callOperation(agency.getPlaybooks, {
    token: await accessTokenFor('demo'),
  });
  const playbooks = (reply.body.payload ?? []).map((playbook) => playbook.title);
  expect(playbooks.length).toBeGreaterThan(0);
  await signIn(page, 'demo');
  // The cards in order, retried until the playbooks are in: the server's, then the two fixed ones.
  await expect
    .poll(() => page.getByRole('article').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))))
    .toEqual([...playbooks, 'Dynamic Account-Based Advertising', 'Custom Campaigns']);

  await page.evaluate(() => sessionStorage.setItem('stale', 'yes'));
  await page.getByRole('button', { name: 'Create: Dynamic Account-Based Advertising' }).click();
  await expect(page).toHaveURL(/\/campaigns\/create\/managed$/);
  await expect
    .poll(() =>
      page.evaluate(() => ({
        stale: sessionStorage.getItem('stale'),
        isDynamicABA: localStorage.getItem('isDynamicABA'),
        steps: sessionStorage.getItem('campaignSteps'),
      })),
    )
    .toMatchObject({ stale: null, isDynamicABA: 'true', steps: expect.stringContaining('target companies') });

  await page.goBack();
  await page.getByRole('button', { name: 'Create: Custom Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns\/create\/custom$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isDynamicABA'))).toBe('false');
});

test('Log out asks first, then signs out, clears storage and cookie, and lands on sign-in', async ({ page }) => {
  await signIn(page, 'demo');
  await page.evaluate(() => sessionStorage.setItem('campaignDraft', '{}'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();

  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Log out from BidGrid?')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'LOG OUT' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })))
    .toEqual({ local: 0, session: 0 });
  await expect
    .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'ACCESS_TOKEN'))
    .toBeUndefined();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in user without an agency sees the session-expired page', async ({ page }) => {
  const username = uniqueUserName('e2e-noagency');
  await createConfirmedUser(username, 'Lonely-pass-1');

  await signIn(page, username, 'Lonely-pass-1');
  await expect(page.getByText('Your session is expired, To continue, please refresh the page.')).toBeVisible();
  await expectAccessible(page);

  // Once the agency exists, the refresh the page asks for is all it takes.
  await createAgencyFor(username);
  await page.getByRole('button', { name: 'Refresh the page' }).click();
  await expect(page.getByRole('heading', { name: /The only B2B advertising platform/ })).toBeVisible();
});
