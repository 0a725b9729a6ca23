/// <reference types="node" />
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontFilePath } from './font-source.fixtures';
import { FontFormatError, TrueTypeFont } from './truetype-font';

const fileOf = (family: Parameters<typeof fontFilePath>[0], file: string): Uint8Array =>
  new Uint8Array(readFileSync(fontFilePath(family, file)));
const reference = (bytes: Uint8Array): fontkit.Font => fontkit.create(Buffer.from(bytes)) as fontkit.Font;

const LATIN_EXT = fileOf('noto-sans', 'noto-sans-latin-ext-400-normal.woff');

describe('TrueTypeFont', () => {
  it('maps characters to the glyph ids and advance widths fontkit reads from the same file', async () => {
    // Prepare
    const bytes = fileOf('noto-sans-jp', 'noto-sans-jp-117-400-normal.woff');
    const expected = reference(bytes);

    // Act
    const font = await TrueTypeFont.load(bytes);

    // Assess
    expect(font.unitsPerEm).toBe(expected.unitsPerEm);
    expect(font.numGlyphs).toBe(expected.numGlyphs);
    for (const char of '株式会社') {
      const glyph = expected.glyphForCodePoint(char.codePointAt(0) ?? 0);
      expect(font.glyphId(char.codePointAt(0) ?? 0), char).toBe(glyph.id);
      expect(font.advanceWidth(glyph.id), char).toBe(glyph.advanceWidth);
    }
    expect(font.glyphId('A'.codePointAt(0) ?? 0)).toBe(0);
  });

  it('subsets to the glyphs asked for, keeping their ids, outlines and the parts of composite glyphs', async () => {
    // Prepare: accented letters of Noto Sans are composites of a base letter and an accent
    const font = await TrueTypeFont.load(LATIN_EXT);
    const expected = reference(LATIN_EXT);
    const glyphs = [...'Łź'].map((char) => font.glyphId(char.codePointAt(0) ?? 0));
    const unused = font.glyphId('Ă'.codePointAt(0) ?? 0);

    // Act
    const subset = font.subset(glyphs);
    const actual = reference(subset);

    // Assess
    expect(subset.length).toBeLessThan(LATIN_EXT.length);
    expect(actual.numGlyphs).toBe(expected.numGlyphs);
    for (const glyph of glyphs) {
      expect(actual.getGlyph(glyph).path.toSVG()).toBe(expected.getGlyph(glyph).path.toSVG());
      expect(actual.getGlyph(glyph).path.commands.length).toBeGreaterThan(0);
      expect(actual.getGlyph(glyph).advanceWidth).toBe(expected.getGlyph(glyph).advanceWidth);
    }
    expect(actual.getGlyph(unused).path.commands).toEqual([]);
  });

  it('writes a subset whose tables and whole-file checksums are right', async () => {
    // Prepare
    const font = await TrueTypeFont.load(LATIN_EXT);

    // Act
    const subset = font.subset([font.glyphId('Ł'.codePointAt(0) ?? 0)]);

    // Assess: OpenType's rule: the file's uint32 sum, with checkSumAdjustment counted, is 0xB1B0AFBA
    const data = new DataView(subset.buffer, subset.byteOffset, subset.byteLength);
    let sum = 0;
    for (let offset = 0; offset + 4 <= subset.length; offset += 4) sum = (sum + data.getUint32(offset)) >>> 0;
    expect(sum).toBe(0xb1b0afba);
    // Each table's checksum, 'head' counted with checkSumAdjustment as 0.
    const tables = data.getUint16(4);
    const tags: string[] = [];
    for (let index = 0; index < tables; index++) {
      const record = 12 + index * 16;
      const tag = String.fromCharCode(...subset.subarray(record, record + 4));
      tags.push(tag);
      const table = subset.slice(data.getUint32(record + 8), data.getUint32(record + 8) + data.getUint32(record + 12));
      if (tag === 'head') new DataView(table.buffer).setUint32(8, 0);
      const padded = new Uint8Array(Math.ceil(table.length / 4) * 4);
      padded.set(table);
      const view = new DataView(padded.buffer);
      let tableSum = 0;
      for (let offset = 0; offset < padded.length; offset += 4) tableSum = (tableSum + view.getUint32(offset)) >>> 0;
      expect(tableSum, tag).toBe(data.getUint32(record + 4));
    }
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(['glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp']));
  });

  it('refuses WOFF 2.0 and files that are not fonts', async () => {
    // Prepare
    const woff2 = fileOf('noto-sans', 'noto-sans-latin-400-normal.woff2');

    // Act + Assess
    await expect(TrueTypeFont.load(woff2)).rejects.toThrow(FontFormatError);
    await expect(TrueTypeFont.load(new TextEncoder().encode('<html>not a font</html>'))).rejects.toThrow(
      FontFormatError,
    );
  });
});
