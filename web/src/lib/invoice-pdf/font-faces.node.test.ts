/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { pickFaces, woffToSfnt } from './font-faces';
import { fontFilePath, packageFontSource } from './font-source.fixtures';

const open = (bytes: Uint8Array): Font => create(Buffer.from(bytes)) as Font;

describe('invoice PDF fonts', () => {
  it('unwraps a WOFF file into the TrueType file fontkit reads the same glyphs from', async () => {
    // Prepare
    const woff = new Uint8Array(readFileSync(fontFilePath('noto-sans-jp', 'noto-sans-jp-117-400-normal.woff')));

    // Act
    const sfnt = await woffToSfnt(woff);

    // Assess
    const [wrapped, unwrapped] = [open(woff), open(sfnt)];
    expect(new DataView(sfnt.buffer).getUint32(0)).toBe(0x00010000);
    expect(unwrapped.numGlyphs).toBe(wrapped.numGlyphs);
    const run = (font: Font) => font.layout('株式会社').glyphs.map((glyph) => [glyph.id, glyph.advanceWidth]);
    expect(run(unwrapped)).toEqual(run(wrapped));
    expect(unwrapped.layout('株').glyphs[0]?.path.commands.length).toBe(
      wrapped.layout('株').glyphs[0]?.path.commands.length,
    );
  });

  it('fetches only the files of the characters drawn, bold from the bold file where the family has one', async () => {
    // Prepare
    const fonts = packageFontSource();

    // Act
    const pick = await pickFaces(
      [...'Łódź'].map((char) => ({ char, bold: false })).concat([{ char: '社', bold: true }]),
      fonts,
    );

    // Assess
    expect([...new Set(fonts.loaded)].sort()).toEqual([
      'noto-sans-jp-117-400-normal.woff',
      'noto-sans-latin-400-normal.woff',
      'noto-sans-latin-ext-400-normal.woff',
    ]);
    expect(pick('Ł', false)?.key).toBe('noto-sans-latin-ext-400-normal');
    expect(pick('社', true)).toMatchObject({ key: 'noto-sans-jp-117-400-normal', emboldened: true });
    expect(pick('x', false)).toBeNull();
  });
});
