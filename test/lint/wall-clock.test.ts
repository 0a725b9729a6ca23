import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/spawn-stack';

/**
 * The product reads the time of day only through the one clock (`shared/src/clock.ts`): lint refuses
 * every other read of the wall clock, in product code and tests alike. This proves the rule bites.
 */
const eslint = new ESLint({ cwd: repoRoot });

async function clockFindings(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === null || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

/** The reads the rule refuses, as source text (a data file: the probes are text to lint, not reads). */
const READS = readFileSync(new URL('./wall-clock-reads.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '');

const FILES = [
  'lambdas/src/domain/probe.ts',
  'web/src/lib/probe.ts',
  'shared/src/probe.ts',
  'cdk/local/probe.ts',
  'test/integration/probe.test.ts',
  'test/e2e/probe.spec.ts',
];

describe('wall-clock reads', () => {
  it.each(FILES.flatMap((file) => READS.map((read) => [read, file])))('refuses %s in %s', async (read, file) => {
    const findings = await clockFindings(`export const at = ${read};\n`, file);
    expect(findings).toEqual([expect.stringMatching(/^no-restricted-syntax: Read the time through `now/)]);
  });

  it.each(FILES)('allows the clock, dates from a value and elapsed time in %s', async (file) => {
    const code = [
      "import { now, nowMs } from '@bidgrid/shared/clock';",
      'export const a = now();',
      'export const b = new Date(nowMs() - 1000);',
      "export const c = new Date('2026-11-30T23:59:00Z');",
      'export const d = performance.now();',
      'export const e = Date.UTC(2028, 1, 29);',
      '',
    ].join('\n');
    expect(await clockFindings(code, file)).toEqual([]);
  });

  it('allows the wall clock in the clock module only', async () => {
    for (const read of READS) {
      expect(await clockFindings(`export const at = ${read};\n`, 'shared/src/clock.ts')).toEqual([]);
    }
  });
});
