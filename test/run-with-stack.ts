/**
 * Runs the integration suite and the browser suite, one after the other (2 cores: never both at
 * once), each against its OWN fresh local stack (free ports, in-memory data): integration tests add
 * and change data in the demo world, and the browser tests must see the demo world as seeded.
 * Exits non-zero if either fails; always stops the stacks.
 *
 * `--only integration|e2e` runs one suite; arguments after `--` go to that suite's runner, e.g.
 * `npx tsx test/run-with-stack.ts --only e2e -- --repeat-each=5` (what `npm run test:e2e:repeat`
 * does after building the web app) or `-- test/e2e/billing.spec.ts`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, spawnStack } from './support/spawn-stack';
import { STACK_INFO_ENV } from './support/stack';

const bin = (name: string): string => join(repoRoot, 'node_modules/.bin', name);

const { values, positionals } = parseArgs({
  options: { only: { type: 'string' } },
  allowPositionals: true,
});
if (values.only !== undefined && values.only !== 'integration' && values.only !== 'e2e') {
  throw new Error(`--only takes integration or e2e, not ${values.only}`);
}
if (positionals.length > 0 && values.only === undefined) {
  throw new Error('Arguments for a runner need --only integration|e2e: they go to that suite alone');
}

/** Starts a stack, runs `command` with BIDGRID_STACK_INFO pointing at it, stops it; true when it passed. */
async function runAgainstFreshStack(web: 'build' | 'none', command: string, args: string[]): Promise<boolean> {
  const stack = await spawnStack({ web });
  console.log(`local stack ready in ${(stack.readyMs / 1000).toFixed(1)} s (${stack.info.apiUrl})`);
  const started = Date.now();
  try {
    const run = spawnSync(bin(command), args, {
      cwd: repoRoot,
      env: { ...process.env, [STACK_INFO_ENV]: stack.infoFile },
      stdio: 'inherit',
    });
    const minutes = (Date.now() - started) / 60_000;
    console.log(`${command} ${run.status === 0 ? 'passed' : 'failed'} in ${minutes.toFixed(1)} min`);
    return run.status === 0;
  } finally {
    await stack.stop();
  }
}

const integration =
  values.only === 'e2e' ||
  (await runAgainstFreshStack('none', 'vitest', [
    'run',
    '--project',
    'integration',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/integration.json',
    ...positionals,
  ]));
const e2e =
  values.only === 'integration' ||
  (await runAgainstFreshStack('build', 'playwright', ['test', '-c', 'test/playwright.config.ts', ...positionals]));
process.exit(integration && e2e ? 0 : 1);
