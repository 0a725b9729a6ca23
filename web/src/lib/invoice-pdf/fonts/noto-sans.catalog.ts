import licenseUrl from '@fontsource/noto-sans/LICENSE?url';
import unicode from '@fontsource/noto-sans/unicode.json';
import { buildCatalog } from './font-catalog';

// Devanagari too: fontkit shapes its conjuncts and reorders its vowel signs.
const SUBSETS = new Set([
  'latin',
  'latin-ext',
  'vietnamese',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
  'devanagari',
]);

const urls = import.meta.glob<string>(
  [
    '@fontsource-files/noto-sans/noto-sans-*-400-normal.woff',
    '@fontsource-files/noto-sans/noto-sans-*-700-normal.woff',
  ],
  { eager: true, query: '?url', import: 'default' },
);

export const catalog = buildCatalog({
  family: 'noto-sans',
  postScriptFamily: 'NotoSans',
  unicode,
  urls,
  weights: [400, 700],
  subsets: (subset) => SUBSETS.has(subset),
  licenseUrl,
});
