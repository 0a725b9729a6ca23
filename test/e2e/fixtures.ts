import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { LocalStackInfo } from '@bidgrid/local/info';
import { SIM_RECORD_DIR_ENV } from '@bidgrid/local/simulators/simulator-server';
import { seriousAxeViolations } from '../support/axe';
import { spawnStack } from '../support/spawn-stack';
import { STACK_INFO_ENV, stackInfo } from '../support/stack';
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

/** What a page asked for that the CSP refused, as Chromium reports it on the console. */
export type CspRefusals = string[];

/**
 * The browser tests' fixtures. Each Playwright worker starts a local stack of its own (fresh
 * in-memory data, free ports, the built web app) before its first test and stops it after its last:
 * the workers run side by side, and every test still finds the demo world as seeded, changed only by
 * the tests before it in the same worker (as with one worker). The helpers of `test/support` find the
 * worker's stack through BIDGRID_STACK_INFO, which the fixture sets in the worker's process. A worker
 * that restarts after a failure starts a fresh stack.
 */
export const test = base.extend<{ cspRefusals: CspRefusals }, { stack: LocalStackInfo }>({
  stack: [
    async ({}, use: (info: LocalStackInfo) => Promise<void>, workerInfo) => {
      // Its warnings and errors beside its simulators' recordings, which a failed run prints.
      const recordDir = process.env[SIM_RECORD_DIR_ENV];
      const logFile = recordDir && join(recordDir, `e2e-worker-${workerInfo.parallelIndex + 1}.log`);
      const stack = await spawnStack({ web: 'build', ...(logFile ? { logFile } : {}) });
      process.env[STACK_INFO_ENV] = stack.infoFile;
      try {
        await use(stackInfo());
      } finally {
        await stack.stop();
      }
    },
    // Starting takes about 9 s alone, longer while the other worker's browser is busy.
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  // The web app is served with the deployed CSP (cdk/local/web/content-security-policy.ts): anything
  // it refuses in a test (a script, a call, an upload, a frame) the cloud would refuse too. Every test
  // fails on such a refusal; one that causes a refusal on purpose takes what it expected out of the list.
  cspRefusals: [
    async ({ page }, use: (refusals: CspRefusals) => Promise<void>) => {
      const refusals: CspRefusals = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() !== 'error' || !text.includes('Content Security Policy')) return;
        // Playwright's trace recorder fetches a blob: image in the page to copy it into the trace,
        // which connect-src refuses; the app shows its blob: previews through img-src and media-src.
        if (text.startsWith("Connecting to 'blob:")) return;
        refusals.push(text);
      });
      await use(refusals);
      expect(refusals, 'the CSP refused what a page asked for').toEqual([]);
    },
    { auto: true },
  ],
  baseURL: async ({}, use: (url: string) => Promise<void>) => {
    const { webUrl } = stackInfo();
    if (!webUrl) throw new Error('The local stack was started without the web app (--web none)');
    await use(webUrl);
  },
});

export { expect };
