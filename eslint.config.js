import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// One lint setup for the whole repo: strict TypeScript rules, React hooks, no import cycles, and
// the import boundaries of ARCHITECTURE.md (shared <- lambdas, shared <- web, web never imports
// lambdas or cdk, lambdas never import web or cdk, web features never import each other, the local
// stack reaches lambdas only through entry files and the APIs exported for it, the CDK app never
// imports the local stack).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// From lambdas the local stack (cdk/local) may import only what lambdas exports for it on purpose:
// handler and job entry files (it also loads them by path), the job schedules, the seeding API and
// the authorizer's token check, and the bidder's wire descriptions (one description of each route
// for the client and the simulator). Globs, as the rule matches them against resolved absolute paths.
const localStackMayImport = [
  // What the CDK app knows of the Lambdas (entry file names, schedules, timeouts): the local stack too.
  '**/lambdas/src/manifest.ts',
  '**/lambdas/src/http/*.handler.ts',
  '**/lambdas/src/ws/*.handler.ts',
  // The realtime Lambdas' own timeouts (CDK sets them; the local gateway runs handlers as long).
  '**/lambdas/src/ws/timeouts.ts',
  '**/lambdas/src/jobs/*.job.ts',
  '**/lambdas/src/jobs/schedules.ts',
  '**/lambdas/src/jobs/work-queues.ts',
  '**/lambdas/src/triggers/*.trigger.ts',
  '**/lambdas/src/triggers/user-pool-triggers.ts',
  '**/lambdas/src/seeding.ts',
  '**/lambdas/src/authorizer.ts',
  // The bidder's wire descriptions (zod): the simulator validates requests against the same schemas
  // the client parses replies with.
  '**/lambdas/src/adapters/bidder/wire/**',
  // HubSpot's v3 request signature: the CRM simulator signs the card's requests with the function
  // the server verifies them with, so the two cannot drift apart.
  '**/lambdas/src/kernel/hubspot-signature.ts',
  // HubSpot's API paths (the 2026-03 dated ones): one description for the client that calls them and
  // the CRM simulator (and its OpenAPI description) that serves them, so the two cannot drift apart.
  '**/lambdas/src/adapters/crm/hubspot-paths.ts',
  // The DynamoDB throttling fault: the local gateway arms the very middleware the handlers' client runs.
  '**/lambdas/src/adapters/dynamodb-throttle.ts',
];
// A simulator's tests also drive the vendor's client against it, so both are held to one wire.
const localStackTestsMayImport = [...localStackMayImport, '**/lambdas/src/adapters/bidder/*.ts'];

/** The local stack's boundary towards lambdas, for its code or (wider) its tests. */
const localStackZone = (except) => ({
  target: './cdk/local',
  from: './lambdas/**',
  except,
  message:
    'The local stack imports from lambdas only entry files, the job and trigger tables, seeding.ts and authorizer.ts: export what a seed needs from lambdas/src/seeding.ts.',
});

// The CDK app reads the Lambdas only through their manifest (entry file names, schedules, triggers,
// timeouts, metric catalog, Stripe resources); its tests, which hold both sides to each other (the
// Lambda environment against the config parser), may reach further (a later block).
const cdkReadsLambdasZone = {
  target: ['./cdk/src', './cdk/bin', './cdk/test'],
  from: './lambdas',
  except: ['./src/manifest.ts'],
  message: 'The CDK app reads lambdas only through lambdas/src/manifest.ts: export what a stack needs from there.',
};

// zod comes from one module, `shared/src/zod.ts` (`@bidgrid/shared/zod`, relative inside shared): zod/mini
// with zod's English messages. Classic zod's methods sit on every schema, so one classic schema keeps
// all of it (about 100 KB in each Lambda bundle); zod/mini without that module has no messages
// ("Invalid input" for everything). So no file but that one names a `zod` package in any form an import
// can take: static, type-only, re-export, `import()`, `import('zod').T` in a type, `require`.
const zodSource = '/^zod(\\u002F|$)/';
const zodImports = [
  {
    selector: `:matches(ImportDeclaration, ExportAllDeclaration, ExportNamedDeclaration, ImportExpression, TSImportType)[source.value=${zodSource}], CallExpression[callee.name='require'][arguments.0.value=${zodSource}]`,
    message:
      "Import zod from '@bidgrid/shared/zod' (relative inside shared): zod/mini with English messages; classic zod keeps ~100 KB in every bundle.",
  },
  {
    // As a namespace: `import { z }` hands over zod's namespace object whole, which the bundlers keep
    // whole. Types may still come from `import type { z }`.
    selector:
      "ImportDeclaration[source.value=/(^|\\u002F)zod$/][importKind!='type'] > :matches(ImportSpecifier[imported.name='z'][importKind!='type'], ImportDefaultSpecifier)",
    message: "Use `import * as z from '@bidgrid/shared/zod'`: the named import defeats tree-shaking.",
  },
];

// The workspaces (package.json `workspaces`), for the dependency rule below, and the files of each that
// may import its devDependencies: tests, test support, benches, the local stack's tools, configs.
const rootDir = dirname(fileURLToPath(import.meta.url));
const workspaces = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).workspaces;
const devDependencyFiles = [
  '**/*.test.{ts,tsx,mjs}',
  '**/test/**',
  '**/src/test/**',
  '**/*.config.{ts,js,mjs}',
  '**/scripts/**',
  'web/build/**',
  'cdk/local/**',
  'test/**',
];

// The one clock (shared/src/clock.ts): the time of day is read through `now()` / `nowMs()`, which tests set
// (`fixClock`) and `npm run test:clock` shifts; elapsed time is `performance.now()`.
const wallClockReads = [
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: 'Read the time through `nowMs()` of @bidgrid/shared/clock (elapsed time: `performance.now()`).',
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Read the time through `now()` of @bidgrid/shared/clock (tests: `fixClock`).',
  },
  {
    selector: "CallExpression[callee.name='Date']",
    message: 'Read the time through `now()` of @bidgrid/shared/clock.',
  },
];

// Browser tests never read the page once to decide or compare: a read taken before the data arrived
// is what made a fresh-clone run fail (billing.spec.ts, rows read before the table had loaded). These
// Playwright reads are allowed only inside a retrying callback (`expect.poll(...)`, or the fixture
// `readWhenReady(...)` built on it). Escape hatch, for a read after an auto-retrying assertion has
// waited for the very thing read: `// eslint-disable-next-line no-restricted-syntax -- <that assertion>`.
const oneShotReads =
  'allInnerTexts|allTextContents|innerText|innerHTML|textContent|inputValue|getAttribute|isVisible|isHidden|isChecked|isEnabled|isDisabled|isEditable|count|boundingBox|evaluateAll';
const outsideRetryingCallbacks =
  ":not(CallExpression[callee.object.name='expect'][callee.property.name='poll'] *):not(CallExpression[callee.name='readWhenReady'] *)";
const oneShotPageReads = [
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${oneShotReads})$/]${outsideRetryingCallbacks}`,
    message:
      'One-shot read of the page: it does not wait for the data. Use an auto-retrying assertion (`await expect(locator).toHaveText([...])`, toHaveCount, toHaveAttribute, toBeChecked...), `expect.poll(() => read)` or `readWhenReady(read, what)`; see CONTRIBUTING.md "Browser tests".',
  },
  {
    selector:
      "CallExpression[callee.name='expect'] > AwaitExpression > CallExpression[callee.property.name='evaluate']",
    message:
      '`expect(await page.evaluate(...))` compares one read of the page: use `await expect.poll(() => page.evaluate(...))`.',
  },
];

// Every folder under web/src/features is a feature: it may import shared code, components and lib,
// never another feature.
const featureZones = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name: feature }) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move shared code to web/src/components or web/src/lib.',
  }));

// Imports no web file may make (repeated in the data-access block below: a later block replaces a rule's options).
const webImportPatterns = [
  {
    group: [
      '@bidgrid/lambdas',
      '@bidgrid/lambdas/*',
      '@bidgrid/cdk',
      '@bidgrid/cdk/*',
      '@bidgrid/local',
      '@bidgrid/local/*',
    ],
    message: 'web never imports lambdas, cdk or the local stack.',
  },
  { group: ['../../../*'], message: 'Use the @/ alias instead of deep relative paths.' },
];

// Imports no lambdas file may make (repeated in the domain block below: a later block replaces a rule's options).
const lambdasImportPatterns = [
  {
    group: ['@bidgrid/web', '@bidgrid/web/*', '@bidgrid/cdk', '@bidgrid/cdk/*', '@bidgrid/local', '@bidgrid/local/*'],
    message: 'lambdas never import web or cdk.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.data/**',
      // The bench's bundles (`npm run bench -- bundles`): build output, like dist.
      '.bench/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...zodImports, ...wallClockReads],
      'no-console': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@bidgrid/web', '@bidgrid/web/*'], message: 'Only the web app imports web code.' }] },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./lambdas', './web', './cdk', './test'],
              message: 'shared depends on nothing of ours.',
            },
            { target: './web', from: ['./lambdas', './cdk', './test'], message: 'web never imports lambdas or cdk.' },
            { target: './lambdas', from: ['./web', './cdk', './test'], message: 'lambdas never import web or cdk.' },
            { target: './cdk', from: ['./web', './test'], message: 'cdk never imports web or tests.' },
            localStackZone(localStackMayImport),
            {
              target: ['./cdk/src', './cdk/bin', './cdk/test'],
              from: './cdk/local',
              message: 'The CDK app never imports the local stack.',
            },
            cdkReadsLambdasZone,
            {
              // ARCHITECTURE.md: use cases get their ports from lambdas/src/domain/ports; the entry
              // file wires adapters in. Type imports count too: a port is declared once, in domain.
              target: './lambdas/src/domain',
              from: [
                './lambdas/src/adapters',
                './lambdas/src/http',
                './lambdas/src/ws',
                './lambdas/src/jobs',
                './lambdas/src/kernel/config.ts',
                './lambdas/src/entry',
              ],
              message:
                'The domain never imports adapters, entry files, config or the request middleware: declare a port in lambdas/src/domain/ports and let the entry file wire the adapter in.',
            },
            {
              // The kernel (errors, logger, config, validation, crypto, parsers) is what every layer
              // stands on; the frames that run handlers are entry/.
              target: './lambdas/src/kernel',
              from: [
                './lambdas/src/domain',
                './lambdas/src/adapters',
                './lambdas/src/entry',
                './lambdas/src/http',
                './lambdas/src/ws',
                './lambdas/src/jobs',
                './lambdas/src/triggers',
              ],
              message:
                'The kernel imports nothing above it: move what it needs into lambdas/src/kernel, or the code into entry/.',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // The CDK app's tests hold it against the Lambdas' own modules (the environment against the config
    // parser, the Stripe trim against the payments port): the CDK zones without the manifest one.
    files: ['cdk/src/**/*.test.ts', 'cdk/test/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './cdk', from: ['./web', './test'], message: 'cdk never imports web or tests.' },
            {
              target: ['./cdk/src', './cdk/test'],
              from: './cdk/local',
              message: 'The CDK app never imports the local stack.',
            },
          ],
        },
      ],
    },
  },
  {
    // A simulator's tests drive the vendor's client against it: the zones that reach cdk/local, with
    // the bidder client allowed (a later block replaces the rule's options for these files).
    files: ['cdk/local/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './cdk', from: ['./web', './test'], message: 'cdk never imports web or tests.' },
            localStackZone(localStackTestsMayImport),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Imports of our own packages go through workspace names, never deep relative paths across packages.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../*'], message: 'Use a path alias or the package name instead of deep relative paths.' },
            { group: ['@bidgrid/web', '@bidgrid/web/*'], message: 'Only the web app imports web code.' },
          ],
        },
      ],
    },
  },
  {
    // The HubSpot card is React too (18, HubSpot's UI extensions): the same hooks rules.
    files: ['hubspot/src/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webImportPatterns }],
    },
  },
  {
    // One way for a screen to talk to the server: components, routes and feature hooks use the typed hooks
    // of their feature's api/ folder; only api/ (and the app's start-up) reach the data layer itself.
    files: ['web/src/features/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    ignores: ['web/src/features/*/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webImportPatterns,
            {
              group: [
                '@apollo/*',
                '@/lib/api/*',
                '!@/lib/api/api-error',
                '@/lib/realtime/*',
                '!@/lib/realtime/realtime-errors',
              ],
              message: "Data access (REST and realtime) lives in the feature's api/ folder: call its hooks.",
            },
            {
              group: ['@bidgrid/shared/api/operations', '@bidgrid/shared/*/*.operations'],
              allowTypeImports: true,
              message: "Operations are called from the feature's api/ folder: call its hooks.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: lambdasImportPatterns,
        },
      ],
      // Configuration is read once in lambdas/src/kernel/config.ts.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config().' },
      ],
    },
  },
  {
    // The domain does no I/O of its own: vendor and AWS SDKs belong to adapters (lambdas/src/adapters).
    files: ['lambdas/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...lambdasImportPatterns,
            {
              group: [
                '@aws-sdk/*',
                '@aws-lambda-powertools/*',
                'stripe',
                '@hubspot/*',
                '@middy/*',
                'aws-jwt-verify',
                'aws-jwt-verify/*',
              ],
              message: 'The domain does no I/O: reach vendors and AWS through a port (lambdas/src/domain/ports).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/e2e/**/*.ts'],
    rules: {
      // Playwright fixtures must destructure their (empty) dependencies.
      'no-empty-pattern': 'off',
      'no-restricted-syntax': ['error', ...zodImports, ...wallClockReads, ...oneShotPageReads],
    },
  },
  {
    files: ['lambdas/src/kernel/config.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Every import resolves through its own workspace's package.json, never through what npm happened
  // to hoist: production code through the workspace's `dependencies`, tests and tools also through its
  // `devDependencies` and the root's (vitest, fast-check, Playwright: the repository's tooling).
  ...workspaces.map((workspace) => ({
    files: [`${workspace}/**/*.{ts,tsx,js,mjs}`],
    ignores: workspaces.filter((other) => other.startsWith(`${workspace}/`)).map((other) => `${other}/**`),
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: [join(rootDir, workspace), rootDir],
          devDependencies: devDependencyFiles,
          optionalDependencies: false,
          peerDependencies: true,
        },
      ],
    },
  })),
  {
    // The one module that imports zod itself, and the one clock.
    files: ['shared/src/zod.ts', 'shared/src/clock.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
