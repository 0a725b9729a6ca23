/// <reference types="node" />
// pdf.js reads the PDFs here as a viewer would.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fontFilePath, packageFontSource } from './font-source.fixtures';
import { loadCatalog, sliceCovers, type FontFamilyId } from './fonts/font-catalog';
import { renderInvoicePdf } from './index';

const invoice = (body: string) => ({ id: 'in_1', subject: 'Invoice', body, sentAt: '2026-11-01T06:30:00Z' });
const NAMES = ['Łódź', 'Ωmega', '株式会社'];

interface PdfObject {
  readonly dictionary: string;
  readonly stream?: Uint8Array;
}

/** The objects of a PDF by number, read through its cross-reference table (streams by /Length). */
function readObjects(bytes: Uint8Array): Map<number, PdfObject> {
  const text = new TextDecoder('latin1').decode(bytes);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(3, 2 + Number(count));
  const objects = new Map<number, PdfObject>();
  entries.forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    const header = `${index + 1} 0 obj\n`;
    expect(text.startsWith(header, offset)).toBe(true);
    const start = offset + header.length;
    const streamAt = text.indexOf('\nstream\n', start);
    const endAt = text.indexOf('\nendobj\n', start);
    if (streamAt !== -1 && streamAt < endAt) {
      const dictionary = text.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
      const dataStart = streamAt + '\nstream\n'.length;
      expect(text.startsWith('\nendstream\nendobj\n', dataStart + length)).toBe(true);
      objects.set(index + 1, { dictionary, stream: bytes.subarray(dataStart, dataStart + length) });
    } else objects.set(index + 1, { dictionary: text.slice(start, endAt) });
  });
  return objects;
}

const ref = (dictionary: string, key: string): number =>
  Number(new RegExp(`/${key} \\[?(\\d+) 0 R`).exec(dictionary)?.[1]);

interface EmbeddedFont {
  readonly baseFont: string;
  readonly cidFont: string;
  readonly program: fontkit.Font;
  /** ToUnicode: glyph id -> text. */
  readonly toUnicode: Map<number, string>;
}

/** Every Type0 font of a PDF with its font program and ToUnicode map. */
function embeddedFonts(bytes: Uint8Array): EmbeddedFont[] {
  const objects = readObjects(bytes);
  return [...objects.values()]
    .filter((o) => o.dictionary.includes('/Subtype /Type0'))
    .map((type0) => {
      const cidFont = objects.get(ref(type0.dictionary, 'DescendantFonts'))?.dictionary ?? '';
      const descriptor = objects.get(ref(cidFont, 'FontDescriptor'))?.dictionary ?? '';
      const file = objects.get(ref(descriptor, 'FontFile2'))?.stream ?? new Uint8Array();
      const cmap = new TextDecoder('latin1').decode(objects.get(ref(type0.dictionary, 'ToUnicode'))?.stream);
      const toUnicode = new Map<number, string>();
      const sections = [...cmap.matchAll(/beginbfchar\n([\s\S]*?)\nendbfchar/g)].map((m) => m[1]).join('\n');
      for (const [, glyph, hex] of sections.matchAll(/<([0-9A-F]{4})> <([0-9A-F]+)>/g)) {
        const units = (hex ?? '').match(/.{4}/g)?.map((unit) => Number.parseInt(unit, 16)) ?? [];
        toUnicode.set(Number.parseInt(glyph ?? '', 16), String.fromCharCode(...units));
      }
      return {
        baseFont: /\/BaseFont \/(\S+)/.exec(type0.dictionary)?.[1] ?? '',
        cidFont,
        program: fontkit.create(inflateSync(file)) as fontkit.Font,
        toUnicode,
      };
    });
}

/** The text of every page as pdf.js extracts it (what a viewer copies or searches). */
async function extractText(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return pages;
}

const FAMILY_OF: Record<string, FontFamilyId> = {
  NotoSans: 'noto-sans',
  NotoSansJP: 'noto-sans-jp',
  NotoSansSC: 'noto-sans-sc',
  NotoSansKR: 'noto-sans-kr',
};

/** The source files (fontkit) of a family and weight that could hold `char`. */
async function sourceFonts(postScriptName: string, char: string): Promise<fontkit.Font[]> {
  const [familyName = '', style] = postScriptName.split('-');
  const family = FAMILY_OF[familyName] as FontFamilyId;
  const weight = style === 'Bold' ? 700 : 400;
  const catalog = await loadCatalog(family);
  return catalog.slices
    .filter((slice) => slice.weight === weight && sliceCovers(slice, char.codePointAt(0) ?? 0))
    .map((slice) => fontkit.create(readFileSync(fontFilePath(family, slice.file))) as fontkit.Font);
}

describe('invoice PDFs with text beyond Latin-1', () => {
  it("prints 'Łódź', 'Ωmega' and '株式会社' so that a viewer extracts them back", async () => {
    // Prepare
    const body = `<h1>Invoice</h1><table><tr><th>Advertiser</th><td>${NAMES.join(' ')}</td></tr></table><p>${NAMES.join(', ')} paid.</p>`;

    // Act
    const bytes = await renderInvoicePdf(invoice(body), packageFontSource());
    const [text = ''] = await extractText(bytes);

    // Assess
    expect(text).toContain('Łódź Ωmega 株式会社');
    expect(text).toContain('Łódź, Ωmega, 株式会社 paid.');
    expect(text).not.toContain('?');
  });

  it('embeds TrueType subsets as CIDFontType2 with Identity-H, the fonts’ own glyph ids and a ToUnicode map', async () => {
    // Act
    const bytes = await renderInvoicePdf(invoice(`<p>${NAMES.join(' ')}</p>`), packageFontSource());
    const file = new TextDecoder('latin1').decode(bytes);
    const fonts = embeddedFonts(bytes);

    // Assess: every glyph drawn maps back to its character, which has exactly that glyph id and outline in the source font
    expect(file).toContain('/Encoding /Identity-H');
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    const mapped = new Set<string>();
    for (const font of fonts) {
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+NotoSans(JP|SC|KR)?-(Regular|Bold)$/);
      expect(font.cidFont).toContain('/Subtype /CIDFontType2');
      expect(font.cidFont).toContain('/CIDToGIDMap /Identity');
      for (const [glyph, char] of font.toUnicode) {
        mapped.add(char);
        const embedded = font.program.getGlyph(glyph);
        const sources = await sourceFonts(font.baseFont.slice(7), char);
        const match = sources.find((source) => source.glyphForCodePoint(char.codePointAt(0) ?? 0).id === glyph);
        expect(match, `${char} as glyph ${glyph} of ${font.baseFont}`).toBeDefined();
        expect(embedded.path.toSVG()).toBe(match?.getGlyph(glyph).path.toSVG());
        expect(embedded.path.commands.length, char).toBeGreaterThan(0);
      }
    }
    expect([...mapped].sort()).toEqual([...new Set(NAMES.join(''))].sort());
  });

  it('fetches only the font files that hold the characters used', async () => {
    // Prepare
    const latinOnly = packageFontSource();
    const polish = packageFontSource();
    const japanese = packageFontSource();

    // Act
    await renderInvoicePdf(invoice('<p>Café Olé – “ok”</p>'), latinOnly);
    await renderInvoicePdf(invoice('<p>Łódź</p>'), polish);
    await renderInvoicePdf(invoice('<p>株式会社</p>'), japanese);

    // Assess
    expect(latinOnly.loaded).toEqual([]);
    expect(polish.loaded.sort()).toEqual(['noto-sans-latin-400-normal.woff', 'noto-sans-latin-ext-400-normal.woff']);
    expect(japanese.loaded).toEqual(['noto-sans-jp-117-400-normal.woff']);
  });

  it('uses the bold file for bold Latin, Greek and Cyrillic and emboldens CJK, which has one weight', async () => {
    // Act
    const source = packageFontSource();
    const bytes = await renderInvoicePdf(invoice('<p><b>Ωmega 株式会社</b></p>'), source);
    const file = new TextDecoder('latin1').decode(bytes);
    const [text = ''] = await extractText(bytes);

    // Assess
    expect(source.loaded.sort()).toEqual([
      'noto-sans-greek-700-normal.woff',
      'noto-sans-jp-117-400-normal.woff',
      'noto-sans-latin-700-normal.woff',
    ]);
    expect(embeddedFonts(bytes).map((f) => f.baseFont.slice(7))).toEqual([
      'NotoSans-Bold',
      'NotoSans-Bold',
      'NotoSansJP-Regular',
    ]);
    expect(file).toMatch(/2 Tr \/F\d+ 10 Tf <[0-9A-F]+> Tj 0 Tr/);
    expect(text).toContain('Ωmega 株式会社');
  });

  it("draws a character no font has as '?', in the word's font", async () => {
    // Act
    const bytes = await renderInvoicePdf(invoice('<p>Ω\u{1F600} and \u{1F600}</p>'), packageFontSource());
    const [text = ''] = await extractText(bytes);

    // Assess
    expect(text).toContain('Ω? and ?');
  });

  it('wraps long CJK text within the page by the embedded font’s widths', async () => {
    // Prepare: 200 ideographs, one word with no spaces: it must be cut to fit the 504-point line
    const long = '株式会社'.repeat(50);

    // Act
    const bytes = await renderInvoicePdf(invoice(`<p>${long}</p>`), packageFontSource());
    const document = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
    const content = await (await document.getPage(1)).getTextContent();
    const items = content.items.filter((item) => 'str' in item && item.str.includes('株'));

    // Assess: 10 pt ideographs are 10 pt wide: 50 to a line, over 4 lines
    expect(items.length).toBeGreaterThanOrEqual(4);
    for (const item of items) {
      if (!('transform' in item)) continue;
      expect((item.transform[4] as number) + item.width).toBeLessThanOrEqual(612 - 54 + 0.01);
    }
    expect(items.map((item) => ('str' in item ? item.str : '')).join('')).toBe(long);
    await document.destroy();
  });
});
