import { test as base, expect, type Page } from '@playwright/test';
import type { LocalStackInfo } from '@bidgrid/local/info';
import { seriousAxeViolations } from '../support/axe';
import { stackInfo } from '../support/stack';
import { DEMO_PASSWORD } from '../support/api';

/** Fails on axe violations of serious or critical impact, listing them. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page), 'axe: serious or critical violations').toEqual([]);
}

/**
 * A value the test goes on with, read once the page holds it: retries `read` as `expect.poll` does
 * (the same timeout) until it gives something other than null, undefined or '', and returns that.
 * For values an assertion cannot check in place (an id to compare later, a stored token).
 */
export async function readWhenReady<T>(read: () => Promise<T | null | undefined>, what: string): Promise<T> {
  let value: T | null | undefined;
  await expect
    .poll(
      async () => {
        value = await read();
        return value !== null && value !== undefined && value !== '';
      },
      { message: `waiting for ${what}` },
    )
    .toBe(true);
  return value as T;
}

/** Signs in through the login form as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const test = base.extend<{ stack: LocalStackInfo }>({
  stack: async ({}, use: (info: LocalStackInfo) => Promise<void>) => {
    await use(stackInfo());
  },
  baseURL: async ({}, use: (url: string) => Promise<void>) => {
    const { webUrl } = stackInfo();
    if (!webUrl) throw new Error('The local stack was started without the web app (--web none)');
    await use(webUrl);
  },
});

export { expect };
