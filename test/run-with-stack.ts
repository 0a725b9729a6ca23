/**
 * Starts ONE fresh local stack (built web app, free ports, in-memory data) and runs the integration
 * suite and the browser suite against it, one after the other (2 cores: never both at once).
 * Exits non-zero if either fails; always stops the stack.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { spawnStack } from './support/spawn-stack';
import { STACK_INFO_ENV } from './support/stack';
import { repoRoot } from './support/spawn-stack';

const bin = (name: string): string => join(repoRoot, 'node_modules/.bin', name);

const stack = await spawnStack({ web: 'build' });
console.log(`local stack ready in ${(stack.readyMs / 1000).toFixed(1)} s at ${stack.info.webUrl}`);
const env = { ...process.env, [STACK_INFO_ENV]: stack.infoFile };
let failed = false;
try {
  const integration = spawnSync(
    bin('vitest'),
    [
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/integration.json',
    ],
    { cwd: repoRoot, env, stdio: 'inherit' },
  );
  failed ||= integration.status !== 0;
  const e2e = spawnSync(bin('playwright'), ['test', '-c', 'test/playwright.config.ts'], {
    cwd: repoRoot,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(repoRoot, 'test-results/e2e.json') },
    stdio: 'inherit',
  });
  failed ||= e2e.status !== 0;
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
