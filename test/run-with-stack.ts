/**
 * Runs the integration suite and the browser suite, one after the other (2 cores: never both at
 * once). Each worker of a suite has a fresh local stack of its own (free ports,
 * in-memory data), started and stopped by the suite's own setup: integration tests add and change
 * data in the demo world, and the browser tests must see the demo world as seeded.
 * Exits non-zero if either fails.
 *
 * Each stack's simulators record every reply they give (BIDGRID_SIM_RECORD_DIR); after each suite
 * every Stripe and HubSpot reply is held against the vendor's committed description (and HubSpot's
 * also against HubSpot's own documents where they are on this machine), and a reply that does not
 * match fails the run (`cdk/local/simulators/openapi/README.md`).
 *
 * `--only integration|e2e` runs one suite; arguments after `--` go to that suite's runner, e.g.
 * `npx tsx test/run-with-stack.ts --only e2e -- --repeat-each=5` (what `npm run test:e2e:repeat`
 * does after building the web app) or `-- test/e2e/billing.spec.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SIM_RECORD_DIR_ENV } from '@bidgrid/local/simulators/simulator-server';
import { checkRecordedReplies, hubspotDocumentsValidator } from '@bidgrid/local/simulators/openapi/vendor-descriptions';
import { repoRoot } from './support/spawn-stack';

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

/**
 * Holds the replies recorded in `dir` against the vendors' committed descriptions, and the HubSpot
 * replies also against HubSpot's own cut documents when they are on this machine; true when all match.
 */
function vendorRepliesMatch(dir: string): boolean {
  const result = checkRecordedReplies(dir);
  const counts = Object.entries(result.checked).map(([vendor, n]) => `${vendor} ${n}`);
  console.log(`vendor replies held against their committed descriptions: ${counts.join(', ') || 'none'}`);
  const failures = [...result.failures];
  const hubspotDocuments = hubspotDocumentsValidator();
  if (hubspotDocuments) {
    const own = checkRecordedReplies(dir, (vendor) => (vendor === 'hubspot' ? hubspotDocuments : undefined));
    console.log(`HubSpot replies also held against HubSpot's own documents: ${own.checked['hubspot'] ?? 0}`);
    failures.push(...own.failures.map((failure) => `${failure} (HubSpot's own documents)`));
  } else {
    console.log(
      "HubSpot's own documents are not on this machine: its replies were held against hubspot-openapi.ts alone (cdk/local/simulators/openapi/README.md)",
    );
  }
  for (const failure of failures) console.error(`vendor reply does not match: ${failure}`);
  return failures.length === 0;
}

/** How many of a stack's last error lines a failed run prints. */
const ERROR_LINES_SHOWN = 40;

/**
 * After a failed run: the last error lines each stack logged (`*.log` beside its recordings, the
 * handlers' unexpected errors with their causes), which the runner's own output does not show.
 */
function printStackErrors(dir: string): void {
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.log'))) {
    const errors = readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{"level":"error"'));
    if (errors.length === 0) continue;
    console.error(`\n${file}: the last ${Math.min(errors.length, ERROR_LINES_SHOWN)} of ${errors.length} error lines`);
    for (const line of errors.slice(-ERROR_LINES_SHOWN)) console.error(line);
  }
}

/**
 * Runs `command`, whose own setup starts its stacks (one per worker: `test/support/worker-stacks.ts`
 * for the integration suite, the `stack` fixture of `test/e2e/fixtures.ts` for the browser tests),
 * with their simulators recording into a fresh directory; then holds those replies against the
 * vendors' descriptions. True when both passed.
 */
function runRecorded(command: string, args: string[]): boolean {
  const recordDir = mkdtempSync(join(tmpdir(), 'bidgrid-sim-replies-'));
  const started = performance.now();
  try {
    const run = spawnSync(bin(command), args, {
      cwd: repoRoot,
      env: { ...process.env, [SIM_RECORD_DIR_ENV]: recordDir },
      stdio: 'inherit',
    });
    const minutes = (performance.now() - started) / 60_000;
    console.log(`${command} ${run.status === 0 ? 'passed' : 'failed'} in ${minutes.toFixed(1)} min`);
    if (run.status !== 0) printStackErrors(recordDir);
    const repliesMatch = vendorRepliesMatch(recordDir);
    return run.status === 0 && repliesMatch;
  } finally {
    rmSync(recordDir, { recursive: true, force: true });
  }
}

const integration =
  values.only === 'e2e' ||
  runRecorded('vitest', [
    'run',
    '--project',
    'integration',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/integration.json',
    ...positionals,
  ]);
const e2e =
  values.only === 'integration' ||
  runRecorded('playwright', ['test', '-c', 'test/playwright.config.ts', ...positionals]);
process.exit(integration && e2e ? 0 : 1);
