import licenseUrl from '@fontsource/noto-sans-arabic/LICENSE?url';
import unicode from '@fontsource/noto-sans-arabic/unicode.json';
import { buildCatalog } from './font-catalog';

// The Arabic range only (Latin comes from Noto Sans), regular and bold: the file keeps the joining
// forms and ligatures that fontkit's shaper substitutes.
const urls = import.meta.glob<string>(
  [
    '@fontsource-files/noto-sans-arabic/noto-sans-arabic-arabic-400-normal.woff',
    '@fontsource-files/noto-sans-arabic/noto-sans-arabic-arabic-700-normal.woff',
  ],
  { eager: true, query: '?url', import: 'default' },
);

export const catalog = buildCatalog({
  family: 'noto-sans-arabic',
  postScriptFamily: 'NotoSansArabic',
  unicode,
  urls,
  weights: [400, 700],
  subsets: (subset) => subset === 'arabic',
  licenseUrl,
});
