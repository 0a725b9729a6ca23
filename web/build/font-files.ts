import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The font packages whose files the invoice PDF may embed (`src/lib/invoice-pdf/fonts`). */
export const FONT_PACKAGES = ['noto-sans', 'noto-sans-jp', 'noto-sans-sc', 'noto-sans-kr', 'noto-sans-arabic'] as const;

/**
 * `@fontsource-files/<family>`: the `files/` folder of a font package, wherever npm put it, for the
 * Vite build and every vitest project that loads the font catalogs (`import.meta.glob` takes aliases
 * but not package names).
 */
export const fontFileAliases: Record<string, string> = Object.fromEntries(
  FONT_PACKAGES.map((family) => [
    `@fontsource-files/${family}`,
    join(dirname(require.resolve(`@fontsource/${family}/package.json`)), 'files'),
  ]),
);
