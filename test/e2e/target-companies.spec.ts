import type { Page } from '@playwright/test';
import type { LocalStackInfo } from '@bidgrid/local/info';
import { ONE_ENTRY_OF_EACH_KIND } from '../support/company-match-entries';
import { forgetCompanyLookups } from '../support/local-data';
import { expect, expectAccessible, signIn, test } from './fixtures';

/** 001 §2: the loading text of Target Companies. */
const MATCHING_TEXT = "We're getting your company information. This may take a few minutes...";

/** One line of each kind a user uploads, under the header a spreadsheet export has. */
const CSV = ['domain', ...ONE_ENTRY_OF_EACH_KIND].join('\r\n');

/**
 * Makes the company-match simulator hold its requests (`true`) or let them all go (`false`). Holding
 * first forgets the cached look-ups, so the domains are asked of the (held) vendor again.
 */
async function holdVendor(stack: LocalStackInfo, hold: boolean): Promise<void> {
  if (hold) await forgetCompanyLookups(stack);
  const res = await fetch(`${stack.simulators.companyMatch}/__hold`, { method: hold ? 'POST' : 'DELETE' });
  expect(res.ok).toBe(true);
}

/** Lets the oldest `count` held vendor requests go, once that many wait. */
async function releaseHeld(stack: LocalStackInfo, count: number): Promise<void> {
  const holdUrl = `${stack.simulators.companyMatch}/__hold`;
  await expect
    .poll(async () => ((await (await fetch(holdUrl)).json()) as { waiting: number }).waiting)
    .toBeGreaterThanOrEqual(count);
  const res = await fetch(`${stack.simulators.companyMatch}/__release`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count }),
  });
  expect(res.ok).toBe(true);
}

/** Opens Target Companies from the sidebar, as a person would. */
async function openTargetCompanies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Target Companies' }).click();
  await expect(page).toHaveURL(/\/target-companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Target Companies' })).toBeVisible();
}

/** Chooses a CSV through the Upload CSV button's file chooser. */
async function uploadCsv(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test.afterEach(async ({ stack }) => {
  await holdVendor(stack, false);
});

test('uploading a CSV shows progress, then matched and unmatched domains with the reason for each miss', async ({
  page,
  stack,
}) => {
  // Prepare: the vendor waits, so the screen is seen while the work is under way.
  await signIn(page, 'demo');
  await openTargetCompanies(page);
  await holdVendor(stack, true);

  // Act
  await uploadCsv(page, 'targets.csv', CSV);

  // Assess: loading, with progress (the name and the path need no vendor: 2 of the 8 lines are done).
  const loading = page.getByRole('status').filter({ hasText: MATCHING_TEXT });
  await expect(loading).toContainText(MATCHING_TEXT);
  await expect(loading).toContainText('2 of 8 domains checked');
  await expect(page.getByRole('progressbar', { name: 'Company matching progress' })).toHaveAttribute(
    'aria-valuenow',
    '25',
  );
  await expectAccessible(page);

  // Act: the vendor answers.
  await holdVendor(stack, false);

  // Assess: one row per domain, every spelling of bluepeaklogistics.com in one row.
  const table = page.getByRole('table', { name: 'Target companies' });
  await expect(page.getByText('1 of 7 domains matched, 1 included')).toBeVisible();
  // A row by its include box: the domain may also be another row's company name.
  const row = (domain: string) =>
    table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Include ${domain}`, exact: true }) });
  await expect(row('bluepeaklogistics.com')).toContainText('Matched');
  await expect(row('bluepeaklogistics.com')).toContainText('Bluepeak Logistics');
  await expect(page.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' })).toBeChecked();
  await expect(row('northwindanalytiics.io')).toContainText('Did you mean northwindanalytics.io?');
  await expect(row('bluepeak-freight.com')).toContainText('redirects to bluepeaklogistics.com');
  await expect(row('linkedin.com/company/bluepeak')).toContainText('not a company domain');
  await expect(row('Bluepeak Logistics')).toContainText('is a company name');
  // These two the match could only say had no ranges: their final sentences follow in the background.
  await expect(row('quillandcrumb.com')).toContainText('has no IP ranges of its own');
  await expect(row('nobody-here.example')).toContainText('No company with IP ranges of its own was found');
  for (const domain of ['bluepeak-freight.com', 'nobody-here.example']) {
    await expect(row(domain)).toContainText('Not matched');
    await expect(page.getByRole('checkbox', { name: `Include ${domain}` })).toBeDisabled();
  }

  // Act / Assess: the include flag toggles per domain.
  await page.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' }).click();
  await expect(page.getByText('1 of 7 domains matched, 0 included')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' })).not.toBeChecked();
  await expectAccessible(page);
});

test('a miss the match could only say had no ranges is explained in the background, the table usable meanwhile', async ({
  page,
  stack,
}) => {
  // Prepare: the vendor holds its requests; nothing is cached.
  await signIn(page, 'demo');
  await openTargetCompanies(page);
  await holdVendor(stack, true);
  await uploadCsv(page, 'misses.csv', ['bluepeaklogistics.com', 'quillandcrumb.com', 'nobody-here.example'].join('\n'));

  // Act: the match's requests go (one batch of ranges, then the matched company's name); the
  // explanation's company look-ups stay held.
  await releaseHeld(stack, 1);
  await releaseHeld(stack, 1);

  // Assess: the match is shown with the interim sentences and the background check's line.
  const table = page.getByRole('table', { name: 'Target companies' });
  const row = (domain: string) =>
    table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Include ${domain}`, exact: true }) });
  await expect(page.getByText('1 of 3 domains matched, 1 included')).toBeVisible();
  const checking = page.getByRole('status').filter({ hasText: 'Checking why 2 domains did not match…' });
  await expect(checking).toBeVisible();
  await expect(row('nobody-here.example')).toContainText('No IP ranges of its own were found for nobody-here.example.');
  await expect(row('quillandcrumb.com')).toContainText('No IP ranges of its own were found for quillandcrumb.com.');
  await expectAccessible(page);

  // Act: the user carries on (excludes the match) while the check runs; then the vendor answers.
  await page.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' }).click();
  await expect(page.getByText('1 of 3 domains matched, 0 included')).toBeVisible();
  await holdVendor(stack, false);

  // Assess: the final sentences replace the interim ones; the line is gone; the user's choice stays.
  await expect(row('quillandcrumb.com')).toContainText(
    'Quill & Crumb Bakery (quillandcrumb.com) has no IP ranges of its own',
  );
  await expect(row('nobody-here.example')).toContainText(
    'No company with IP ranges of its own was found for nobody-here.example.',
  );
  await expect(checking).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Include bluepeaklogistics.com' })).not.toBeChecked();
  await expect(page.getByText('1 of 3 domains matched, 0 included')).toBeVisible();
});

test('a dropped connection fails the pending match with a clear message, and the next upload works', async ({
  page,
  stack,
}) => {
  // Prepare: a match under way (the vendor holds it).
  await signIn(page, 'demo');
  await openTargetCompanies(page);
  await holdVendor(stack, true);
  await uploadCsv(page, 'one.csv', 'northwindanalytics.io\n');
  await expect(page.getByRole('status').filter({ hasText: MATCHING_TEXT })).toBeVisible();

  // Act: the network drops every socket.
  const drop = await fetch(new URL('/__local/connections/drop', stack.wsManagementUrl), { method: 'POST' });
  expect(((await drop.json()) as { dropped: number }).dropped).toBeGreaterThanOrEqual(1);

  // Assess
  const alert = page.getByRole('alert').filter({ hasText: 'The company match failed.' });
  await expect(alert).toContainText('The connection to the server was lost before the answer came. Please try again.');
  await expectAccessible(page);

  // Act: the connection comes back by itself; the same upload now goes through.
  await holdVendor(stack, false);
  await uploadCsv(page, 'one.csv', 'northwindanalytics.io\n');

  // Assess
  await expect(page.getByText('1 of 1 domain matched, 1 included')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Include northwindanalytics.io' })).toBeChecked();
});

test('a long list goes in frame-sized chunks of one call, with progress over all of it', async ({ page, stack }) => {
  // Prepare: 250 domains (two chunks of at most 200), each a subdomain the simulator matches.
  // The tab's socket opens at sign-in: listen before.
  const frames: Array<{ bytes: number; message: Record<string, unknown> }> = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      const message = JSON.parse(text) as Record<string, unknown>;
      if (message['action'] === 'getCSVKickfireMatches') frames.push({ bytes: Buffer.byteLength(text), message });
    }),
  );
  await signIn(page, 'demo');
  await openTargetCompanies(page);
  const lines = Array.from({ length: 250 }, (_, i) => `long-${i}.bluepeaklogistics.com`);
  await holdVendor(stack, true);

  // Act
  await uploadCsv(page, 'long.csv', lines.join('\n'));

  // Assess: progress counts the whole list from the first chunk on.
  await expect(page.getByRole('status').filter({ hasText: MATCHING_TEXT })).toContainText('0 of 250 domains checked');
  await holdVendor(stack, false);
  await expect(page.getByText('250 of 250 domains matched, 250 included')).toBeVisible({ timeout: 30_000 });
  expect(frames.map((f) => f.message['chunk'])).toEqual([
    { index: 0, count: 2 },
    { index: 1, count: 2 },
  ]);
  expect(new Set(frames.map((f) => f.message['reqID'])).size).toBe(1);
  for (const frame of frames) expect(frame.bytes).toBeLessThanOrEqual(30 * 1024);
  expect(frames.flatMap((f) => f.message['domains'] as string[]).sort()).toEqual([...lines].sort());
});
