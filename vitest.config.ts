import { defineConfig } from 'vitest/config';
import { fontFileAliases } from './web/build/font-files.ts';
import webProjects from './web/vitest.config.ts';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer.ts';

// Projects: `unit` and `unit-isolated` (beside the code, no services; the first shares modules
// between files, the second gives each file a fresh module graph), `web` and `web-isolated` (the SPA
// in jsdom, web/vitest.config.ts), and `integration` (test/, against a fresh local stack that
// test/integration/global-setup.ts starts on free ports).
export default defineConfig({
  test: {
    // One worker per core (vitest's own default in a run leaves one core to itself: on this 2-core
    // machine one worker, and the unit suite took 184 s instead of 122 s).
    maxWorkers: '100%',
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        // The invoice PDF's font catalogs glob the font packages' files through these aliases.
        resolve: { alias: fontFileAliases },
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'lambdas/src/domain/**/*.test.ts',
            'lambdas/src/kernel/**/*.test.ts',
            'lambdas/src/entry/**/*.test.ts',
            'test/lint/**/*.test.ts',
            'scripts/**/*.test.mjs',
            // The fuzz generator of test/support is itself tested, without a stack.
            'test/support/**/*.test.ts',
            // The bench's arithmetic (percentiles, verdicts, /proc parsing); the bench itself is not a test.
            'test/bench/**/*.test.ts',
            // The HubSpot app card's logic and its configure script (HubSpot's SDK not needed).
            'hubspot/**/*.test.{ts,mjs}',
            // The web app's build plugins (Node code, not the SPA's).
            'web/build/**/*.test.ts',
            // Invoice PDFs read back with Node tools (pdftotext), not in jsdom.
            'web/src/lib/invoice-pdf/**/*.node.test.ts',
          ],
          // The config's own test sets and resets the environment: isolated (below).
          exclude: ['**/node_modules/**', 'lambdas/src/kernel/config.test.ts'],
          environment: 'node',
          // Code that keeps no state between calls (rules, schemas, use cases, checks): its files share
          // their worker's modules, loaded once per worker rather than once per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: [
            // What keeps state for a warm Lambda or a running stack (clients, caches, installed faults,
            // simulators' recordings), or mocks an SDK client: each file in a fresh module graph.
            'lambdas/src/*.test.ts',
            'lambdas/src/kernel/config.test.ts',
            'lambdas/src/{adapters,http,jobs,triggers,ws}/**/*.test.ts',
            'cdk/**/*.test.ts',
            // Clients held against their simulators in-process (test/ may import both sides).
            'test/contract/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          environment: 'node',
        },
      },
      ...webProjects,
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          setupFiles: ['test/integration/worker-stack.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Two files at a time, each on its worker's own stack (global-setup.ts): 2.7 min instead of 4.9.
          maxWorkers: 2,
        },
      },
    ],
  },
});
