import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { expect, test } from './fixtures';

/**
 * The accessibility check every browser test makes (`expectAccessible`) on pages made for the
 * purpose: it finds text too faint to read and a button without a name, in the page itself (one
 * `axe.run`) and inside a frame (axe run in each frame), and passes the same page without them.
 */

const PAGE_HEAD = '<!doctype html><html lang="en"><title>Axe check</title><main>';

const faults = (faulty: boolean): string =>
  faulty
    ? '<p style="color:#ccc;background:#fff">Faint words</p><button><svg width="10" height="10"></svg></button>'
    : '<p style="color:#222;background:#fff">Plain words</p><button>Save</button>';

async function show(page: Page, body: string): Promise<void> {
  await page.setContent(`${PAGE_HEAD}${body}</main>`);
}

const rules = (violations: string[]): string[] => violations.map((line) => line.split(':')[0] ?? '').sort();

test('finds faint text and a nameless button in the page, and nothing once they are fixed', async ({ page }) => {
  await show(page, faults(true));
  const found = await seriousAxeViolations(page);
  await show(page, faults(false));

  expect(rules(found)).toEqual(['button-name', 'color-contrast']);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('finds them inside a frame too, and nothing once they are fixed', async ({ page }) => {
  const framed = (faulty: boolean): string =>
    `<iframe title="Inner page" srcdoc='${PAGE_HEAD}${faults(faulty).replaceAll("'", '&#39;')}</main>'></iframe>`;
  await show(page, framed(true));
  await expect(page.frameLocator('iframe').getByRole('button')).toBeAttached();
  const found = await seriousAxeViolations(page);
  await show(page, framed(false));
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Save' })).toBeAttached();

  expect(rules(found)).toEqual(['button-name', 'color-contrast']);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
