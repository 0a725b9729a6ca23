/**
 * Runs the integration suite and the browser suite, one after the other (2 cores: never both at
 * once), each against its OWN fresh local stack (free ports, in-memory data): integration tests add
 * and change data in the demo world, and the browser tests must see the demo world as seeded.
 * Exits non-zero if either fails; always stops the stacks.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot, spawnStack } from './support/spawn-stack';
import { STACK_INFO_ENV } from './support/stack';

const bin = (name: string): string => join(repoRoot, 'node_modules/.bin', name);

/** Starts a stack, runs `command` with BIDGRID_STACK_INFO pointing at it, stops it; true when it passed. */
async function runAgainstFreshStack(web: 'build' | 'none', command: string, args: string[]): Promise<boolean> {
  const stack = await spawnStack({ web });
  console.log(`local stack ready in ${(stack.readyMs / 1000).toFixed(1)} s (${stack.info.apiUrl})`);
  try {
    const run = spawnSync(bin(command), args, {
      cwd: repoRoot,
      env: { ...process.env, [STACK_INFO_ENV]: stack.infoFile },
      stdio: 'inherit',
    });
    return run.status === 0;
  } finally {
    await stack.stop();
  }
}

const integration = await runAgainstFreshStack('none', 'vitest', [
  'run',
  '--project',
  'integration',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/integration.json',
]);
const e2e = await runAgainstFreshStack('build', 'playwright', ['test', '-c', 'test/playwright.config.ts']);
process.exit(integration && e2e ? 0 : 1);
