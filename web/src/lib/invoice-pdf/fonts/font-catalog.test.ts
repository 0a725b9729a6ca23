import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES, familiesFor, loadCatalog, parseUnicodeRange, sliceCovers } from './font-catalog';

describe('font catalogs', () => {
  it.each(FONT_FAMILIES)('%s: every range of the package has a served file per weight', async (family) => {
    // Act
    const catalog = await loadCatalog(family);

    // Assess
    expect(catalog.slices.length).toBeGreaterThan(0);
    for (const slice of catalog.slices) {
      expect(slice.url, slice.file).toMatch(/\.woff(\?.*)?$/);
      expect(slice.ranges.length).toBeGreaterThan(0);
    }
    for (const weight of catalog.weights) {
      expect(catalog.slices.some((slice) => slice.weight === weight)).toBe(true);
    }
    expect(catalog.licenseUrl).toBeTruthy();
  });

  it('finds the file of a character by its ranges', async () => {
    // Act
    const notoSans = await loadCatalog('noto-sans');
    const japanese = await loadCatalog('noto-sans-jp');
    const files = (slices: typeof notoSans.slices, char: string, weight = 400) =>
      slices.filter((s) => s.weight === weight && sliceCovers(s, char.codePointAt(0) ?? 0)).map((s) => s.file);

    // Assess
    expect(files(notoSans.slices, 'Ł')).toEqual(['noto-sans-latin-ext-400-normal.woff']);
    expect(files(notoSans.slices, 'Ω', 700)).toEqual(['noto-sans-greek-700-normal.woff']);
    expect(files(notoSans.slices, 'Ж')).toEqual(['noto-sans-cyrillic-400-normal.woff']);
    expect(files(japanese.slices, '株')).toEqual(['noto-sans-jp-117-400-normal.woff']);
    expect(files(notoSans.slices, 'क')).toEqual(['noto-sans-devanagari-400-normal.woff']);
    expect(files((await loadCatalog('noto-sans-arabic')).slices, 'م', 700)).toEqual([
      'noto-sans-arabic-arabic-700-normal.woff',
    ]);
  });

  it('parses CSS unicode-range lists', () => {
    expect(parseUnicodeRange('U+0304, U+0100-02BA,U+1e00-1e9f')).toEqual([
      [0x100, 0x2ba],
      [0x304, 0x304],
      [0x1e00, 0x1e9f],
    ]);
  });

  it('looks for Arabic in Noto Sans Arabic, Hangul in KR, kana in JP, Han in JP then SC then KR, and the rest in Noto Sans first', () => {
    expect(familiesFor('م')).toEqual(['noto-sans-arabic']);
    expect(familiesFor('한')).toEqual(['noto-sans-kr']);
    expect(familiesFor('あ')).toEqual(['noto-sans-jp']);
    expect(familiesFor('社')).toEqual(['noto-sans-jp', 'noto-sans-sc', 'noto-sans-kr']);
    expect(familiesFor('Ω')[0]).toBe('noto-sans');
  });
});
