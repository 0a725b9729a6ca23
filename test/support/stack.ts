import { readFileSync } from 'node:fs';
import type { LocalStackInfo } from '@bidgrid/local/info';

/**
 * Env var naming the info file of the stack this process talks to (set per worker:
 * test/support/worker-stacks.ts, the e2e `stack` fixture).
 */
export const STACK_INFO_ENV = 'BIDGRID_STACK_INFO';

let cached: { file: string; info: LocalStackInfo } | undefined;

/** The running local stack this process talks to (re-read when BIDGRID_STACK_INFO names another). */
export function stackInfo(): LocalStackInfo {
  const file = process.env[STACK_INFO_ENV];
  if (!file) throw new Error(`${STACK_INFO_ENV} is not set: run integration tests through npm test`);
  if (cached?.file !== file) cached = { file, info: JSON.parse(readFileSync(file, 'utf8')) as LocalStackInfo };
  return cached.info;
}

/** Forgets the stack named in the environment (after it stopped), so the next measure starts its own. */
export function forgetStack(): void {
  delete process.env.BIDGRID_STACK_INFO;
  cached = undefined;
}
