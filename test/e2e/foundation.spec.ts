import { agency } from '@bidgrid/shared';
import { accessTokenFor, callOperation } from '../support/api';
import { expect, expectAccessible, signIn, test } from './fixtures';

test('the app boots from its runtime config and shows the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(page);
});

test('a signed-out visitor of a protected page lands on sign-in', async ({ page }) => {
  await page.goto('/advertisers');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('demo signs in and sees the dashboard with playbooks from the server', async ({ page }) => {
  await signIn(page, 'demo');
  await expect(
    page.getByRole('heading', {
      name: 'The only B2B advertising platform that scales from entry-level SMB to Enterprise.',
    }),
  ).toBeVisible();
  await expect(page.getByText('Dynamic Account-Based Advertising')).toBeVisible();
  await expect(page.getByText('Custom Campaigns')).toBeVisible();
  // Every playbook the server holds is shown as a card with its title.
  const reply = await callOperation(agency.getPlaybooks, {
    token: await accessTokenFor('demo'),
  });
  const titles = (reply.body.payload ?? []).map((p) => p.title);
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expectAccessible(page);
});
