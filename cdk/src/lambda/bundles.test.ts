import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, bundleAll } from './bundles';
import { allEntries, jobEntry, operationEntry } from './entries';
import { operationsByName } from '@bidgrid/shared/api/operations';

function operation(name: string) {
  const op = operationsByName.get(name);
  if (!op) throw new Error(`No operation ${name}`);
  return op;
}

const scratch: string[] = [];
const scratchDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function fixtureRoot(): string {
  const root = scratchDir('bidgrid-bundle-src-');
  for (const dir of ['http', 'ws', 'jobs']) mkdirSync(join(root, dir));
  writeFileSync(
    join(root, 'http', 'get-health.handler.ts'),
    [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      'const label: string = `ok-${typeof DynamoDBClient}`;',
      'export const handler = async () => ({ statusCode: 200, body: label });',
    ].join('\n'),
  );
  writeFileSync(join(root, 'http', 'get-health.handler.test.ts'), 'throw new Error("tests are not entries");\n');
  writeFileSync(join(root, 'jobs', 'tick.job.ts'), 'export const handler = async (): Promise<number> => 42;\n');
  writeFileSync(join(root, 'jobs', 'schedules.ts'), 'export const schedules = [];\n');
  return root;
}

describe('Lambda entries and bundles', () => {
  it('finds handler and job files by convention, tests and helpers excluded', () => {
    // Prepare
    const root = fixtureRoot();

    // Act
    const entries = allEntries(root);

    // Assess
    expect(entries.map((e) => e.outName)).toEqual(['http/get-health', 'jobs/tick']);
    expect(operationEntry(operation('getHealth'), root)?.outName).toBe('http/get-health');
    expect(operationEntry(operation('getPlaybooks'), root)).toBeUndefined();
    expect(() => jobEntry('missing.job.ts', root)).toThrow('Missing lambdas/src/jobs/missing.job.ts');
  });

  it('bundles every entry in one pass as runnable ESM with the AWS SDK left to the runtime', async () => {
    // Prepare
    const root = fixtureRoot();
    const out = scratchDir('bidgrid-bundle-out-');

    // Act
    const sizes = bundleAll(allEntries(root), out);

    // Assess
    expect(sizes.map((s) => s.outName)).toEqual(['http/get-health', 'jobs/tick']);
    const code = readFileSync(join(out, 'http', 'get-health', BUNDLE_FILE), 'utf8');
    expect(code).toContain('@aws-sdk/client-dynamodb');
    expect(code).toContain('createRequire');
    const job = (await import(pathToFileURL(join(out, 'jobs', 'tick', BUNDLE_FILE)).href)) as {
      handler: () => Promise<number>;
    };
    expect(await job.handler()).toBe(42);
  });
});
