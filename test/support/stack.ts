import { readFileSync } from 'node:fs';
import type { LocalStackInfo } from '@bidgrid/cdk/local/info';

/** Env var naming the info file of the running stack (set by test/run-with-stack.ts or global setups). */
export const STACK_INFO_ENV = 'BIDGRID_STACK_INFO';

let cached: LocalStackInfo | undefined;

/** The running local stack this test process talks to. */
export function stackInfo(): LocalStackInfo {
  if (cached) return cached;
  const file = process.env[STACK_INFO_ENV];
  if (!file) throw new Error(`${STACK_INFO_ENV} is not set: run integration tests through npm test`);
  cached = JSON.parse(readFileSync(file, 'utf8')) as LocalStackInfo;
  return cached;
}
