import licenseUrl from '@fontsource/noto-sans-jp/LICENSE?url';
import unicode from '@fontsource/noto-sans-jp/unicode.json';
import { buildCatalog } from './font-catalog';

// The numbered slices only: Latin and Cyrillic come from Noto Sans. One weight: bold is emboldened
// when drawn, which halves what the web app ships (about 5 MB a weight).
const urls = import.meta.glob<string>('@fontsource-files/noto-sans-jp/noto-sans-jp-[0-9]*-400-normal.woff', {
  eager: true,
  query: '?url',
  import: 'default',
});

export const catalog = buildCatalog({
  family: 'noto-sans-jp',
  postScriptFamily: 'NotoSansJP',
  unicode,
  urls,
  weights: [400],
  subsets: (subset) => /^\[\d+\]$/.test(subset),
  licenseUrl,
});
