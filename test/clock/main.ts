/**
 * `npm run test:clock`: the unit suite, and the integration suite on a fresh local stack, run at the
 * moments where code that reads the wall clock or mixes local and UTC dates breaks (issue 26 §1),
 * under Debian's `faketime` (the whole process tree: Node, DynamoDB Local's JVM, cognito-local).
 * The clock is set to the moment as the suite starts and runs on, so a run at 23:59 crosses midnight
 * while it works.
 *
 * `-- --moment <name>` (repeatable) picks moments, `--suite unit|integration` runs one suite.
 * Results: one line per moment and suite, and `test-results/clock/summary.json`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../support/spawn-stack';

/** A moment: the local time faketime starts the clock at, in the zone `tz`. */
interface Moment {
  readonly name: string;
  readonly tz: string;
  readonly at: string;
  readonly why: string;
}

const MOMENTS: readonly Moment[] = [
  { name: 'month-end', tz: 'UTC', at: '2027-04-30 23:59:00', why: 'the last minute of a month' },
  { name: 'leap-day', tz: 'UTC', at: '2028-02-29 23:59:00', why: '29 February 2028, into 1 March' },
  { name: 'new-year', tz: 'UTC', at: '2027-12-31 23:59:00', why: '31 December, 23:59' },
  {
    name: 'dst-spring',
    tz: 'America/Los_Angeles',
    at: '2027-03-14 01:59:00',
    why: 'across a daylight-saving change (02:00 PST becomes 03:00 PDT)',
  },
  {
    name: 'kiritimati',
    tz: 'Pacific/Kiritimati',
    at: '2027-01-31 23:59:00',
    why: 'UTC+14: the local day and month end 14 hours before UTC',
  },
  {
    name: 'los-angeles',
    tz: 'America/Los_Angeles',
    at: '2027-12-31 16:30:00',
    why: 'UTC-8: already 1 January 2028 in UTC, still 31 December locally',
  },
];

interface SuiteResult {
  readonly moment: string;
  readonly suite: 'unit' | 'integration';
  readonly ok: boolean;
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly string[];
  readonly minutes: number;
}

const { values } = parseArgs({
  options: { moment: { type: 'string', multiple: true }, suite: { type: 'string' } },
});
const chosen = values.moment ?? MOMENTS.map((m) => m.name);
const unknown = chosen.filter((name) => !MOMENTS.some((m) => m.name === name));
if (values.suite !== undefined && values.suite !== 'unit' && values.suite !== 'integration') {
  throw new Error(`--suite takes unit or integration, not ${values.suite}`);
}
if (unknown.length > 0) {
  throw new Error(`Unknown moment(s) ${unknown.join(', ')}; known: ${MOMENTS.map((m) => m.name).join(', ')}`);
}

function ensureFaketime(): void {
  if (spawnSync('sh', ['-c', 'command -v faketime'], { stdio: 'ignore' }).status === 0) return;
  console.log('installing faketime (Debian)');
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null'],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error('faketime is needed: apt-get install faketime');
}

const resultsDir = join(repoRoot, 'test-results/clock');

/** Counts and the names of failed tests from a vitest JSON report. */
function readReport(file: string): { passed: number; failed: number; failures: string[] } {
  if (!existsSync(file)) return { passed: 0, failed: 0, failures: ['no report written'] };
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  };
  const failures = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => `${file.name.replace(`${repoRoot}/`, '')}: ${a.fullName}`),
  );
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
}

/** Epoch seconds that `date` prints for `args` in zone `tz` (the real clock: this process is not faked). */
function epochSeconds(args: readonly string[], tz: string): number {
  const out = spawnSync('date', [...args, '+%s'], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
  const seconds = Number(out.stdout.trim());
  if (out.status !== 0 || !Number.isInteger(seconds)) throw new Error(`date ${args.join(' ')}: ${out.stderr}`);
  return seconds;
}

/**
 * The moment as an offset from the real clock (`+N` seconds), not as a start time (`@...`): with a
 * start time every process starts its clock at the moment when it starts, so the test workers, the
 * stack and its emulators would disagree by minutes (a webhook signed "in the future", a ticket nine
 * minutes old at birth). With one offset the whole process tree reads the same time.
 */
function offsetTo(moment: Moment): string {
  const offset = epochSeconds(['-d', moment.at], moment.tz) - epochSeconds([], moment.tz);
  return offset >= 0 ? `+${offset}` : `${offset}`;
}

function runAt(moment: Moment, suite: SuiteResult['suite']): SuiteResult {
  const report = join(resultsDir, `${moment.name}-${suite}.json`);
  rmSync(report, { force: true });
  const command =
    suite === 'unit'
      ? [
          'npx',
          'vitest',
          'run',
          '--project',
          'unit',
          '--project',
          'web',
          '--reporter=dot',
          '--reporter=json',
          `--outputFile.json=${report}`,
        ]
      : ['npx', 'tsx', 'test/run-with-stack.ts', '--only', 'integration'];
  console.log(`\n== ${moment.name} (${moment.why}): ${suite} at ${moment.at} ${moment.tz}`);
  const started = performance.now();
  const run = spawnSync('faketime', ['-f', `${offsetTo(moment)}`, ...command], {
    cwd: repoRoot,
    stdio: 'inherit',
    // Only the time of day is faked: timers and elapsed time (the monotonic clock) run as they are.
    // libfaketime turns its pthread_cond_timedwait "monotonic fix" on by itself on this glibc, and with
    // it DynamoDB Local's JVM spins at 200% CPU and never answers (measured: off, it answers in 12 s).
    env: { ...process.env, TZ: moment.tz, FAKETIME_DONT_FAKE_MONOTONIC: '1', FAKETIME_FORCE_MONOTONIC_FIX: '0' },
  });
  const minutes = (performance.now() - started) / 60_000;
  if (suite === 'integration') {
    const written = join(repoRoot, 'test-results/integration.json');
    if (existsSync(written)) copyFileSync(written, report);
  }
  const counts = readReport(report);
  return { moment: moment.name, suite, ok: run.status === 0 && counts.failed === 0, ...counts, minutes };
}

ensureFaketime();
mkdirSync(resultsDir, { recursive: true });
const results: SuiteResult[] = [];
for (const moment of MOMENTS.filter((m) => chosen.includes(m.name))) {
  if (values.suite !== 'integration') results.push(runAt(moment, 'unit'));
  if (values.suite !== 'unit') results.push(runAt(moment, 'integration'));
}
writeFileSync(join(resultsDir, 'summary.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\n== clock suite');
for (const r of results) {
  const moment = MOMENTS.find((m) => m.name === r.moment);
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.moment.padEnd(12)} ${r.suite.padEnd(11)} ${`${moment?.at} ${moment?.tz}`.padEnd(40)} ${r.passed} passed, ${r.failed} failed (${r.minutes.toFixed(1)} min)`,
  );
  for (const failure of r.failures) console.log(`       ${failure}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
