import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's headless shell of Chromium (`chromium-headless-shell`: the same engine
 * without the browser's window machinery, about a fifth less CPU a test; Playwright's own browser
 * download cannot work here). Two workers, one per core, each with a local stack of its own (the
 * `stack` fixture of e2e/fixtures.ts); the files of a worker run one after the other. Run the web
 * build first (`npm run build -w web`).
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
    trace: 'retain-on-failure',
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
