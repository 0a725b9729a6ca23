import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { createBigAgency } from '../support/big-agency';
import { expect, expectAccessible, readWhenReady, signIn, test } from './fixtures';

/** The bytes of a finished download. */
async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

test.describe('billing', () => {
  test('exports two selected invoices as two PDFs named after them', async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'demo Invoices' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table.locator('tbody tr')).not.toHaveCount(0);
    const exportButton = page.getByRole('button', { name: 'Export' });
    await expect(exportButton).toBeDisabled();
    await expectAccessible(page);

    const boxes = table.locator('tbody').getByRole('checkbox');
    await expect(boxes.nth(1)).toBeVisible();
    const ids: string[] = [];
    for (const index of [0, 1]) {
      const box = boxes.nth(index);
      const label = await readWhenReady(() => box.getAttribute('aria-label'), 'the invoice checkbox label');
      expect(label).toMatch(/^Select invoice \S+$/);
      ids.push(label.replace(/^Select invoice /, ''));
      await box.check();
    }
    await expect(page.getByText('2 selected')).toBeVisible();

    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await exportButton.click();
    await expect.poll(() => downloads.length).toBe(2);
    // Named by the invoice number as the grids show it (upper-cased, 'Invoice-BGINV-….pdf').
    expect(ids.every((id) => /^BGINV-[0-9A-F]+$/.test(id))).toBe(true);
    expect(downloads.map((download) => download.suggestedFilename()).sort()).toEqual(
      ids.map((id) => `Invoice-${id}.pdf`).sort(),
    );
    for (const download of downloads) {
      const bytes = await bytesOf(download);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    }
    await expect(exportButton).toBeEnabled();
  });

  test('the advertiser page opens its invoices, filtered, and the back arrow returns', async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto('/advertisers/bgAdvertiser-demo-acme');
    await page.getByRole('button', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices\?advertiser=bgAdvertiser-demo-acme$/);
    // Named exactly: until the invoices page has rendered, the advertiser page is still shown (the router
    // renders in a transition), and its 'Switch advertiser' and 'Advertiser information' would match a
    // loose name, a strict-mode violation that fails at once instead of being retried.
    await expect(page.getByRole('combobox', { name: 'Advertiser', exact: true })).toHaveValue('bgAdvertiser-demo-acme');
    // Retried until the filtered rows are in: at least one, and all of them Acme's (an empty table or the
    // unfiltered one shown first do not pass).
    const names = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr td:last-child');
    await expect.poll(async () => [...new Set(await names.allInnerTexts())]).toEqual(['Acme Robotics']);

    await page.getByRole('button', { name: 'Back' }).click();
    // Back on the advertiser page, whose dashboard puts the chosen campaign in the URL (000 §2).
    await expect(page).toHaveURL(/\/advertisers\/bgAdvertiser-demo-acme(\?campaignId=[\w-]+)?$/);
  });

  test("exports the billing logs to 'export.csv' with a BOM, quoted strings and ';'", async ({ page }) => {
    await signIn(page, 'demo');
    await page.goto('/allbillinglogs');
    await expect(page.getByRole('heading', { level: 1, name: 'All Billing Logs' })).toBeVisible();
    const table = page.getByRole('table', { name: 'All Billing Logs' });
    await expect(table.locator('tbody tr').first()).toContainText('$');
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('export.csv');
    const bytes = await bytesOf(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '"Date";"Type";"Invoice";"Source";"Amount";"Description";"Campaign Name";"Campaign Id";"Advertiser Id";"Advertiser Name";"Card Last 4 Digits";"Statement Descriptor"',
    );
    const first = lines[1] ?? '';
    expect(first).toMatch(/^"[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)";/);
    expect(first.split('";"')).toHaveLength(12);
    expect(first).toMatch(/;"\$[\d,]+\.\d{2}";/);
  });

  test('internal staff see the segments logs grid and can export it', async ({ page }) => {
    await signIn(page, 'ops-admin');
    await page.goto('/segments-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Segments Logs' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Segments Logs' });
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow.locator('td')).toHaveCount(4);
    await expect(firstRow.locator('td').first()).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/,
    );
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('export.csv');
    const text = (await bytesOf(download)).toString('utf8');
    expect(text.startsWith('\uFEFF"Date";"Subdomain";"IP Segment";"Original Domains"\r\n')).toBe(true);
  });

  test('shows every billing log of an agency with more than one page of them (issue 9 §6)', async ({ page }) => {
    // An agency of its own, with 150 logs (the list answers 100 a page): the demo world stays as seeded.
    const big = await createBigAgency({ logs: 150, invoices: 0 });
    await signIn(page, big.username, big.password);
    await page.goto('/allbillinglogs');
    await expect(page.getByRole('heading', { level: 1, name: 'All Billing Logs' })).toBeVisible();
    const table = page.getByRole('table', { name: 'All Billing Logs' });

    // Every log is in once the second page has joined the first, and the note about more is gone.
    await expect(page.getByText('1–10 of 150')).toBeVisible();
    await expect(page.getByText(/^Loading more/)).toHaveCount(0);
    await page.getByLabel('Rows per page').selectOption('100');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('101–150 of 150')).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(50);
    // Newest first: the second screen ends with the oldest log.
    await expect(table.locator('tbody tr').last()).toContainText('Delivered spend, charge 149');
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const lines = (await bytesOf(download)).subarray(3).toString('utf8').split('\r\n');
    expect(lines.filter((line) => line.includes('Delivered spend, charge '))).toHaveLength(150);
  });
});
