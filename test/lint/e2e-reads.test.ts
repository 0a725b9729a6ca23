import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spawn-stack';

/**
 * Browser tests never read the page once to decide or compare (CONTRIBUTING.md, "Browser tests"):
 * lint refuses the one-shot Playwright reads outside a retrying callback. This proves the rule bites,
 * by linting probe specs as if they stood in test/e2e.
 */
const eslint = new ESLint({ cwd: repoRoot });

/** The restricted-syntax findings (and parse errors) of a probe; other rules' findings are not the point here. */
async function messagesFor(code: string, file = 'test/e2e/probe.spec.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === null || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const spec = (body: string): string =>
  [
    "import { expect, test } from '@playwright/test';",
    "import { readWhenReady } from './fixtures';",
    "test('probe', async ({ page }) => {",
    "  const rows = page.getByRole('table').locator('tbody tr');",
    body,
    '  await readWhenReady(async () => 1, "x");',
    '});',
    '',
  ].join('\n');

describe('one-shot page reads in browser tests', () => {
  it.each([
    'expect(await rows.allInnerTexts()).toEqual(["a"]);',
    'expect(await rows.allTextContents()).toEqual(["a"]);',
    'expect(await rows.count()).toBe(2);',
    'if (await rows.first().isVisible()) await rows.first().click();',
    'expect(await rows.first().isChecked()).toBe(true);',
    'expect(await rows.first().getAttribute("aria-label")).toBe("x");',
    'expect(await rows.first().textContent()).toBe("x");',
    'expect(await rows.first().innerText()).toBe("x");',
    'expect(await page.getByLabel("Name").inputValue()).toBe("x");',
    'expect(await rows.evaluateAll((nodes) => nodes.length)).toBe(2);',
  ])('refuses %s', async (line) => {
    const messages = await messagesFor(spec(`  ${line}`));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^no-restricted-syntax: One-shot read of the page/);
  });

  it('refuses comparing one page.evaluate', async () => {
    const messages = await messagesFor(spec('  expect(await page.evaluate(() => localStorage.length)).toBe(0);'));
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-syntax: `expect\(await page\.evaluate/)]);
  });

  it('allows the same reads inside expect.poll and readWhenReady, and retrying assertions', async () => {
    const messages = await messagesFor(
      spec(
        [
          '  await expect.poll(() => rows.count()).toBe(2);',
          '  await expect.poll(async () => [...new Set(await rows.allInnerTexts())]).toEqual(["a"]);',
          '  await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);',
          '  const label = await readWhenReady(() => rows.first().getAttribute("aria-label"), "the label");',
          '  expect(label).toBe("x");',
          '  await expect(rows).toHaveText(["a", "b"]);',
          '  await expect(rows).toHaveCount(2);',
        ].join('\n'),
      ),
    );
    expect(messages).toEqual([]);
  });

  it('allows a read after a retrying assertion through the documented escape hatch', async () => {
    const messages = await messagesFor(
      spec(
        [
          '  await expect(rows).toHaveCount(2);',
          '  // eslint-disable-next-line no-restricted-syntax -- toHaveCount above waited for the rows',
          '  const texts = await rows.allInnerTexts();',
          '  expect(texts).toHaveLength(2);',
        ].join('\n'),
      ),
    );
    expect(messages).toEqual([]);
  });

  it('keeps the zod import rule in browser tests', async () => {
    const named = await messagesFor(`import { z } from '@bidgrid/shared/zod';\nexport const s = z.string();\n`);
    expect(named).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Use `import \* as z from '@bidgrid\/shared\/zod'`/),
    ]);
  });

  it('leaves other test suites alone', async () => {
    const messages = await messagesFor(
      'export async function n(rows: { count(): Promise<number> }): Promise<number> {\n  return rows.count();\n}\n',
      'test/integration/probe.test.ts',
    );
    expect(messages).toEqual([]);
  });
});
