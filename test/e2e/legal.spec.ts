import { expect, expectAccessible, signIn, test } from './fixtures';

test('the terms of use are readable without signing in, with their figures', async ({ page }) => {
  await page.goto('/terms-of-use');
  await expect(page).toHaveURL(/\/terms-of-use$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  for (const text of [
    'United States dollars (USD)',
    'within 15 days of the invoice date',
    '1% per month (12% a year)',
    'six months before the event',
    "30 days' written notice",
    '7-day cure period',
    'a stake of 25% or more',
    'Administrator accounts',
    'the State of Delaware',
  ]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Termination' }).click();
  await expect(page).toHaveURL(/#termination$/);
  await expect(page.getByRole('heading', { name: /Termination/, level: 2 })).toBeInViewport();
});

test('the privacy policy is readable without signing in, with its figures and mailbox', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const text of [
    'kept for up to 12 months',
    'up to 3 more years',
    'more than 1 year old',
    'within 30 days',
    'Rights of California visitors',
    'Rights of European visitors',
  ]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /^privacy@/ }).first()).toHaveAttribute('href', /^mailto:privacy@/);
  await expectAccessible(page);
});

test('signed-in users open the legal pages from the sidebar in a new tab', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Privacy Policy/ })
      .click(),
  ]);
  await expect(tab.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  // The same session: the shell shows the menu button in the new tab too.
  await expect(tab.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await tab.close();
});
