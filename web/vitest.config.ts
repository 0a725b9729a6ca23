import { globSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const require = createRequire(import.meta.url);

// The font packages' folders for import.meta.glob, as build/font-files.ts makes them for vite.config.ts
// (Vite's config loader warns on importing one config from another without an extension, which
// TypeScript here cannot write).
const fontFileAliases = Object.fromEntries(
  ['noto-sans', 'noto-sans-jp', 'noto-sans-sc', 'noto-sans-kr', 'noto-sans-arabic'].map((family) => [
    `@fontsource-files/${family}`,
    join(dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files'),
  ]),
);

const root = fileURLToPath(new URL('.', import.meta.url));
// `*.node.test.ts` read PDFs back with Node tools (pdftotext): they run in the root `unit` project.
const testFiles = globSync('src/**/*.test.{ts,tsx}', { cwd: root, exclude: (file) => file.endsWith('.node.test.ts') });

/**
 * Files that replace a module (`vi.mock`): a replaced package stays in a shared worker's module cache
 * and would leak into the next file, so these run isolated. Read from the files, so a new test that
 * mocks is isolated without anyone remembering to list it.
 */
export const mockingTestFiles = testFiles.filter((file) =>
  /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8')),
);

const shared = {
  plugins: [react()],
  resolve: { alias: { '@': srcDir, ...fontFileAliases } },
};

const testOptions = {
  root,
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  restoreMocks: true,
  testTimeout: 15_000,
};

/**
 * The web app's component and unit tests in jsdom, as two vitest projects:
 * - `web`: every file that replaces no module, in workers that keep their modules and document between
 *   files (`isolate: false`): React, Chakra and jsdom load once per worker, not once per file (the web
 *   tests took 305 s wall, 270 CPU seconds, isolated; 80 s wall, 82 CPU seconds so). `src/test/setup.ts` resets
 *   what a file leaves in the document (rendered trees, storage, cookies) after every test;
 * - `web-isolated`: the files that call `vi.mock`, each in a fresh module graph.
 */
export default [
  defineProject({
    ...shared,
    test: { ...testOptions, name: 'web', include: testFiles, exclude: mockingTestFiles, isolate: false },
  }),
  defineProject({
    ...shared,
    test: { ...testOptions, name: 'web-isolated', include: mockingTestFiles },
  }),
];
