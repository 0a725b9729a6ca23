import { defineConfig } from 'vitest/config';

// Two projects: `unit` (beside the code, no services) and `integration` (test/, against a fresh
// local stack that test/integration/global-setup.ts starts on free ports).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'lambdas/src/**/*.test.ts',
            'cdk/**/*.test.ts',
            'test/lint/**/*.test.ts',
            // Clients held against their simulators in-process (test/ may import both sides).
            'test/contract/**/*.test.ts',
            'scripts/**/*.test.mjs',
            // The fuzz generator of test/support is itself tested, without a stack.
            'test/support/**/*.test.ts',
            // The bench's arithmetic (percentiles, verdicts, /proc parsing); the bench itself is not a test.
            'test/bench/**/*.test.ts',
            // The HubSpot app card's logic and its configure script (HubSpot's SDK not needed).
            'hubspot/**/*.test.{ts,mjs}',
            // The web app's build plugins (Node code, not the SPA's).
            'web/build/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          environment: 'node',
        },
      },
      './web/vitest.config.ts',
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
