import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { STACK_INFO_ENV } from '../support/stack';

/**
 * Integration tests run against a real local stack. `npm test` starts one for all suites and names
 * its info file in BIDGRID_STACK_INFO; run alone (`npx vitest run --project integration`), this
 * starts a fresh one on free ports and stops it afterwards.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const existing = process.env[STACK_INFO_ENV];
  if (existing && existsSync(existing)) return async () => undefined;
  const stack: SpawnedStack = await spawnStack({ web: 'none' });
  process.env[STACK_INFO_ENV] = stack.infoFile;
  return () => stack.stop();
}
