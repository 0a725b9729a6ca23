import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's headless shell of Chromium (`chromium-headless-shell`: the same engine
 * without the browser's window machinery; the dashboard and layout specs in one worker took 2.3 min
 * instead of 2.8; Playwright's own browser download cannot work here). Two workers, one per core,
 * each with a local stack of its own (the `stack` fixture of e2e/fixtures.ts); the files of a worker
 * run one after the other. Run the web build first (`npm run build -w web`).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    headless: true,
    // A failed test keeps its trace (actions, network, console, sources) and a screenshot. The trace's
    // screencast and DOM snapshots, recorded for every test, cost a third of the suite's time (two
    // spec files in two workers: 141 s with them, 105 s without, 101 s with no trace); for them, run
    // the failing test again with `-- --trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
