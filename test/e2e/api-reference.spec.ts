import { expect, expectAccessible, test } from './fixtures';

/**
 * The API reference (`{api}/reference` and its pages), as a developer reads it: generated from the
 * operation table, served by the REST gateway under its own policy (no script; the cspRefusals fixture
 * fails the test on any refusal), and accessible on every kind of page.
 */

test('the overview lists the operations by feature and leads to their page, each passing axe', async ({
  page,
  stack,
}) => {
  await page.goto(`${stack.apiUrl}/reference`);
  await expect(page.getByRole('heading', { level: 1, name: 'BidGrid API reference' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 4, name: '401 Unauthorized' })).toBeVisible();
  await expectAccessible(page);

  const operations = page.getByRole('region', { name: 'Operations' });
  await operations.getByRole('link', { name: 'GET /api/campaign/{id}', exact: true }).click();
  await expect(page).toHaveURL(/\/reference\/campaigns#op-getCampaign$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns: BidGrid API reference' })).toBeVisible();
  const operation = page.getByRole('region', { name: 'GET /api/campaign/{id}', exact: true });
  await expect(operation).toBeInViewport();
  await expect(operation.getByRole('table', { name: 'getCampaign: parameters' })).toContainText('bg-campaign-');
  await expect(
    page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Campaigns', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  // A named schema is on the same page; an error reply is described once, on the overview.
  await operation.getByRole('link', { name: 'Campaign', exact: true }).click();
  await expect(page).toHaveURL(/\/reference\/campaigns#schema-Campaign$/);
  await expect(page.getByRole('table', { name: 'Campaign', exact: true })).toBeInViewport();
  await operation.getByRole('link', { name: '404 NotFound' }).click();
  await expect(page).toHaveURL(/\/reference#response-NotFound$/);
  await expect(page.getByRole('heading', { level: 4, name: '404 NotFound' })).toBeInViewport();
});

test('the realtime page describes each action, and passes axe', async ({ page, stack }) => {
  await page.goto(`${stack.apiUrl}/reference/realtime`);
  await expect(page.getByRole('heading', { level: 2, name: 'WS createCampaign' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Connection parameters' })).toContainText('token');
  await expectAccessible(page);
});

test('a page opens on a skip link, and names the machine-readable document', async ({ page, stack }) => {
  await page.goto(`${stack.apiUrl}/reference`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the reference' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  await expect(page.getByRole('banner').getByRole('link', { name: '/openapi.json' })).toHaveAttribute(
    'href',
    '/openapi.json',
  );
  const reply = await page.request.get(`${stack.apiUrl}/openapi.json`);
  expect(reply.status()).toBe(200);
  const document = (await reply.json()) as { openapi: string; info: { version: string } };
  expect(document.openapi).toMatch(/^3\.1\./);
  await expect(page.getByRole('banner')).toContainText(document.info.version);
});
