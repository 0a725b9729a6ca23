import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const require = createRequire(import.meta.url);

// The font packages' folders for import.meta.glob, as in vite.config.ts (Vite's config loader warns
// on importing one config from another without an extension, which TypeScript here cannot write).
const fontFileAliases = Object.fromEntries(
  ['noto-sans', 'noto-sans-jp', 'noto-sans-sc', 'noto-sans-kr'].map((family) => [
    `@fontsource-files/${family}`,
    join(dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files'),
  ]),
);

/** The `web` vitest project: component and unit tests of the SPA in jsdom. */
export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': srcDir, ...fontFileAliases } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
