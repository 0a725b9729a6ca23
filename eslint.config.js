import { readdirSync } from 'node:fs';
// One lint setup for the whole repo: strict TypeScript rules, React hooks, no import cycles, and
// the import boundaries of ARCHITECTURE.md (shared <- lambdas, shared <- web, web never imports
// lambdas or cdk, lambdas never import web or cdk, web features never import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '.data/**',
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
      // `import { z }` keeps all of zod (443 KB minified) in every bundle; the namespace import lets
      // esbuild and Vite drop what is unused (83 KB). Types may still come from `import type { z }`.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > :matches(ImportSpecifier[imported.name='z'][importKind!='type'], ImportDefaultSpecifier)",
          message: "Use `import * as z from 'zod'`: the named import defeats tree-shaking (443 KB vs 83 KB a bundle).",
        },
      ],
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
            {
              // ARCHITECTURE.md: use cases get their ports from lambdas/src/domain/ports; the entry
              // file wires adapters in. Type imports count too: a port is declared once, in domain.
              target: './lambdas/src/domain',
              from: [
                './lambdas/src/adapters',
                './lambdas/src/http',
                './lambdas/src/ws',
                './lambdas/src/jobs',
                './lambdas/src/config.ts',
                './lambdas/src/lib/http.ts',
                './lambdas/src/lib/ws.ts',
              ],
              message:
                'The domain never imports adapters, entry files, config or the request middleware: declare a port in lambdas/src/domain/ports and let the entry file wire the adapter in.',
            },
            ...featureZones,
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
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bidgrid/lambdas', '@bidgrid/lambdas/*', '@bidgrid/cdk', '@bidgrid/cdk/*'],
              message: 'web never imports lambdas or cdk.',
            },
            { group: ['../../../*'], message: 'Use the @/ alias instead of deep relative paths.' },
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
          patterns: [
            {
              group: ['@bidgrid/web', '@bidgrid/web/*', '@bidgrid/cdk', '@bidgrid/cdk/*'],
              message: 'lambdas never import web or cdk.',
            },
          ],
        },
      ],
      // Configuration is read once in lambdas/src/config.ts.
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
            {
              group: ['@bidgrid/web', '@bidgrid/web/*', '@bidgrid/cdk', '@bidgrid/cdk/*'],
              message: 'lambdas never import web or cdk.',
            },
            {
              group: ['@aws-sdk/*', 'stripe', '@hubspot/*', '@middy/*', 'aws-jwt-verify', 'aws-jwt-verify/*'],
              message: 'The domain does no I/O: reach vendors and AWS through a port (lambdas/src/domain/ports).',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures must destructure their (empty) dependencies.
    files: ['test/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['lambdas/src/config.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
