import { expect, expectAccessible, signIn, test } from './fixtures';
import { next, openCustomCampaign, passAdvertiserAndDetails, pick, stepHeading } from './wizard-helpers';

/**
 * The Role/Title layer (001 §2, §5, §9): the seeded catalogue grouped by role type in the wizard's
 * step, a 'Select all' per type that unchecking a role clears, a search, at most 20 role rows shown
 * at once, the gate; and the /roles-titles page, whose chosen roles download with their segment keys.
 */

/** A bidder segment key as the simulator makes them. */
const SEGMENT_KEY = String.raw`[A-Za-z0-9_-]+`;

test('the Role / Title step: gate, select all per type, search, 20 rows at once', async ({ page }) => {
  await openCustomCampaign(page);
  await pick(page.getByRole('checkbox', { name: /^Role \/ Title/ }));
  await page.getByRole('button', { name: 'Get Started' }).click();

  await passAdvertiserAndDetails(page, 'Roles e2e campaign');

  // The step: roles grouped by type; the longest type shows 20 of its rows and scrolls.
  await expect(stepHeading(page, 'Role/Title')).toBeVisible();
  const it = page.getByRole('region', { name: 'Information Technology' });
  const finance = page.getByRole('region', { name: 'Finance' });
  await expect(it.getByRole('group', { name: 'Information Technology roles' }).getByRole('checkbox')).toHaveCount(22);
  await expect
    .poll(() =>
      it.getByRole('group', { name: 'Information Technology roles' }).evaluate((list) => {
        const row = list.firstElementChild as HTMLElement;
        return {
          scrolls: list.scrollHeight > list.clientHeight,
          rows: Math.round(list.clientHeight / row.offsetHeight),
        };
      }),
    )
    .toEqual({ scrolls: true, rows: 20 });
  await expectAccessible(page);

  // The gate.
  await next(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please, select at least one Role/Title to continue.' }),
  ).toBeVisible();

  // Select all applies to its type only; unchecking a role clears it.
  await pick(finance.getByRole('checkbox', { name: 'Select all Finance' }));
  await expect(finance.getByRole('checkbox', { name: 'Chief Financial Officer' })).toBeChecked();
  await expect(finance.getByRole('checkbox', { name: 'Controller' })).toBeChecked();
  await expect(it.getByRole('checkbox', { name: 'Chief Information Officer' })).not.toBeChecked();
  await expect(page.getByText('10 roles selected')).toBeVisible();
  await finance.getByRole('checkbox', { name: 'Controller' }).locator('xpath=..').click();
  await expect(finance.getByRole('checkbox', { name: 'Controller' })).not.toBeChecked();
  await expect(finance.getByRole('checkbox', { name: 'Select all Finance' })).not.toBeChecked();
  await expect(finance.getByRole('checkbox', { name: 'Treasurer' })).toBeChecked();
  await expect(page.getByText('9 roles selected')).toBeVisible();

  // The search narrows what is shown, not what is chosen.
  await page.getByRole('searchbox', { name: 'Search roles and titles' }).fill('security');
  await expect(finance).toBeHidden();
  await expect(page.getByRole('region', { name: 'Sales' })).toBeHidden();
  // The checkbox input carries no text: its label (the Chakra checkbox root) does.
  await expect(it.getByRole('group', { name: 'Information Technology roles' }).locator('label')).toHaveText([
    'Chief Information Security Officer',
    'Security Analyst',
  ]);
  await pick(it.getByRole('checkbox', { name: 'Security Analyst' }));
  await page.getByRole('searchbox', { name: 'Search roles and titles' }).fill('');
  await expect(finance.getByRole('checkbox', { name: 'Treasurer' })).toBeChecked();
  await expect(page.getByText('10 roles selected')).toBeVisible();

  // Roles chosen: Next moves on, and Previous finds them still chosen.
  await next(page);
  await expect(stepHeading(page, 'Role/Title')).toBeHidden();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(it.getByRole('checkbox', { name: 'Security Analyst' })).toBeChecked();
  await expect(finance.getByRole('checkbox', { name: 'Controller' })).not.toBeChecked();
});

test('/roles-titles page: chosen roles listed with their segment keys and downloaded as a .csv', async ({ page }) => {
  await signIn(page, 'demo');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roles and Titles' }).click();
  await expect(page).toHaveURL(/\/roles-titles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Roles and Titles' })).toBeVisible();
  await expect(page.getByText('No roles chosen yet.')).toBeVisible();

  const legal = page.getByRole('region', { name: 'Legal and Compliance' });
  await pick(legal.getByRole('checkbox', { name: 'General Counsel' }));
  await pick(page.getByRole('region', { name: 'Human Resources' }).getByRole('checkbox', { name: 'Recruiter' }));

  // The table in the catalogue's order (Human Resources before Legal and Compliance).
  const rows = page.getByRole('table', { name: 'Chosen roles (2)' }).getByRole('row');
  await expect(rows).toHaveText([
    /Role Type/,
    new RegExp(`^Human Resources\\s*Recruiter\\s*${SEGMENT_KEY}$`),
    new RegExp(`^Legal and Compliance\\s*General Counsel\\s*${SEGMENT_KEY}$`),
  ]);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('roles-and-titles.csv');
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
  expect(lines).toEqual([
    'role_type,role_type_id,role,role_id,segment_key',
    expect.stringMatching(new RegExp(`^Human Resources,HR,Recruiter,HR-RECRUIT,${SEGMENT_KEY}$`)),
    expect.stringMatching(new RegExp(`^Legal and Compliance,LEGAL,General Counsel,LEGAL-GC,${SEGMENT_KEY}$`)),
    '',
  ]);
});
