import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SIM_RECORD_DIR_ENV } from '@bidgrid/local/simulators/simulator-server';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { STACK_INFO_ENV } from '../support/stack';

/**
 * Integration tests run against a real local stack. `npm test` starts one for all suites and names
 * its info file in BIDGRID_STACK_INFO; run alone (`npx vitest run --project integration`), this
 * starts a fresh one on free ports and stops it afterwards, its simulators recording their replies as
 * under `test/run-with-stack.ts` (the fuzz counts the requests a vendor refused from them).
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const existing = process.env[STACK_INFO_ENV];
  if (existing && existsSync(existing)) return async () => undefined;
  process.env[SIM_RECORD_DIR_ENV] ??= mkdtempSync(join(tmpdir(), 'bidgrid-sim-replies-'));
  const stack: SpawnedStack = await spawnStack({ web: 'none' });
  process.env[STACK_INFO_ENV] = stack.infoFile;
  return () => stack.stop();
}
