/**
 * The fonts an invoice PDF may embed for text the standard PDF fonts cannot draw: Noto Sans (Latin
 * incl. Latin Extended and Vietnamese, Greek, Cyrillic, Devanagari; regular and bold), Noto Sans
 * Arabic (regular and bold) and Noto Sans JP, SC and KR (kana, Han, Hangul; regular, emboldened when
 * bold), all SIL Open Font License 1.1, from the `@fontsource/*` packages. Each family is split into
 * files by Unicode range, so a document fetches only the few files holding its characters; each
 * family's list loads on first use.
 */
export const FONT_FAMILIES = ['noto-sans', 'noto-sans-arabic', 'noto-sans-jp', 'noto-sans-sc', 'noto-sans-kr'] as const;
export type FontFamilyId = (typeof FONT_FAMILIES)[number];

export type FontWeight = 400 | 700;

/** One file of a family: the characters it may hold and where to fetch it. */
export interface FontSlice {
  readonly family: FontFamilyId;
  readonly weight: FontWeight;
  /** The package's name of the range (`latin-ext`, `[117]`). */
  readonly subset: string;
  /** File name in the package's `files/` folder. */
  readonly file: string;
  /** URL the web app serves it at. */
  readonly url: string;
  /** PostScript name of the font, e.g. `NotoSansJP-Regular`. */
  readonly postScriptName: string;
  /** Inclusive code point ranges, sorted. */
  readonly ranges: ReadonlyArray<readonly [number, number]>;
}

/** A family's slices, every weight. */
export interface FamilyCatalog {
  readonly family: FontFamilyId;
  /** Weights with files of their own; other weights use the nearest one, emboldened when bold. */
  readonly weights: readonly FontWeight[];
  readonly slices: readonly FontSlice[];
  /** The family's OFL licence text, served beside its files. */
  readonly licenseUrl: string;
}

/** `U+0100-02BA,U+0304` as sorted inclusive ranges. */
export function parseUnicodeRange(text: string): Array<[number, number]> {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): [number, number] => {
      const [from = '', to] = part.replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(from, 16);
      return [start, to === undefined ? start : Number.parseInt(to, 16)];
    })
    .sort((a, b) => a[0] - b[0]);
}

/** Whether a slice's ranges hold a code point. */
export function sliceCovers(slice: FontSlice, codePoint: number): boolean {
  return slice.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

const fileName = (url: string): string => url.split('/').pop() ?? url;

/**
 * A family's catalog from its package's `unicode.json` (range name -> ranges) and the URLs of its
 * files (as `import.meta.glob` gives them, keyed by path). Only the ranges in `subsets` are used;
 * each must have a file per weight, or this throws (a package upgrade that renamed files).
 */
export function buildCatalog(input: {
  family: FontFamilyId;
  /** `NotoSansJP`: `-Regular` / `-Bold` is added. */
  postScriptFamily: string;
  unicode: Readonly<Record<string, string>>;
  urls: Readonly<Record<string, string>>;
  weights: readonly FontWeight[];
  subsets: (subset: string) => boolean;
  licenseUrl: string;
}): FamilyCatalog {
  const byFile = new Map(Object.entries(input.urls).map(([path, url]) => [fileName(path), url]));
  const slices: FontSlice[] = [];
  for (const [subset, ranges] of Object.entries(input.unicode)) {
    if (!input.subsets(subset)) continue;
    for (const weight of input.weights) {
      const file = `${input.family}-${subset.replace(/^\[(\d+)\]$/, '$1')}-${weight}-normal.woff`;
      const url = byFile.get(file);
      if (!url) throw new Error(`Font file ${file} of ${input.family} is missing`);
      slices.push({
        family: input.family,
        weight,
        subset,
        file,
        url,
        postScriptName: `${input.postScriptFamily}-${weight === 700 ? 'Bold' : 'Regular'}`,
        ranges: parseUnicodeRange(ranges),
      });
    }
  }
  return { family: input.family, weights: input.weights, slices, licenseUrl: input.licenseUrl };
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const CJK =
  /[\u2e80-\u2fdf\u3000-\u303f\u3190-\u31ef\u3200-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{3ffff}]/u;

/**
 * The families to look for a character in, in order. Hangul is in KR only and kana in JP only. Han
 * characters try JP, then SC, then KR: one code point has slightly different shapes per region, and
 * a text gives no language to choose by (an invoice's names are often Japanese company names,
 * '株式会社'). Arabic is in Noto Sans Arabic only. Anything else is Noto Sans first.
 */
export function familiesFor(char: string): readonly FontFamilyId[] {
  if (ARABIC.test(char)) return ['noto-sans-arabic'];
  if (HANGUL.test(char)) return ['noto-sans-kr'];
  if (KANA.test(char)) return ['noto-sans-jp'];
  if (CJK.test(char)) return ['noto-sans-jp', 'noto-sans-sc', 'noto-sans-kr'];
  return FONT_FAMILIES;
}

/** Each family's catalog module, loaded on first use (the CJK lists are tens of KB each). */
const CATALOGS: Record<FontFamilyId, () => Promise<FamilyCatalog>> = {
  'noto-sans': () => import('./noto-sans.catalog').then((m) => m.catalog),
  'noto-sans-arabic': () => import('./noto-sans-arabic.catalog').then((m) => m.catalog),
  'noto-sans-jp': () => import('./noto-sans-jp.catalog').then((m) => m.catalog),
  'noto-sans-sc': () => import('./noto-sans-sc.catalog').then((m) => m.catalog),
  'noto-sans-kr': () => import('./noto-sans-kr.catalog').then((m) => m.catalog),
};

/** The catalog of a family. */
export function loadCatalog(family: FontFamilyId): Promise<FamilyCatalog> {
  return CATALOGS[family]();
}
