import { create, type Font } from 'fontkit';
import {
  familiesFor,
  loadCatalog,
  sliceCovers,
  type FamilyCatalog,
  type FontFamilyId,
  type FontSlice,
} from './fonts/font-catalog';

/** Where the font lists and files come from: the web app's own files, or (in tests) the packages on disk. */
export interface FontSource {
  catalog(family: FontFamilyId): Promise<FamilyCatalog>;
  load(slice: FontSlice): Promise<Uint8Array<ArrayBuffer>>;
}

/** The fonts the web app serves (hashed files beside its bundles). */
export const browserFontSource: FontSource = {
  catalog: loadCatalog,
  async load(slice) {
    const response = await fetch(slice.url);
    if (!response.ok) throw new Error(`The font file ${slice.file} answered HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  },
};

/** One font file as the PDF draws with it; `emboldened` when bold text uses a regular file. */
export interface Face {
  /** Names the file in a PDF document (`registerFont`). */
  readonly key: string;
  readonly font: Font;
  readonly emboldened: boolean;
  /** Shaping substitutes glyphs that several characters share (Arabic, Devanagari): see `withFreshGlyphs`. */
  readonly shapes: boolean;
}

/** A character to draw, and whether it is drawn bold. */
export interface Need {
  readonly char: string;
  readonly bold: boolean;
}

/** The face of each character of a document; null where no file has it (drawn as the missing glyph). */
export type FacePicker = (char: string, bold: boolean) => Face | null;

// Parsed fonts and catalogs per source, kept for the page's life: an export of many invoices reads
// and parses each file once.
const parsedFonts = new WeakMap<FontSource, Map<string, Promise<Font>>>();
const catalogs = new WeakMap<FontSource, Map<FontFamilyId, Promise<FamilyCatalog>>>();

function cached<K, V>(store: WeakMap<FontSource, Map<K, V>>, source: FontSource, key: K, make: () => V): V {
  let map = store.get(source);
  if (!map) {
    map = new Map();
    store.set(source, map);
  }
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * fontkit keeps one glyph object per glyph id, holding the characters of its first use, and pdfkit maps
 * glyphs back to text by them: a glyph several letters share (Noto Sans Arabic draws medial ب and ن
 * from one dotless skeleton) would read back as the first letter everywhere. This view of a font lays
 * out every text with glyph objects of its own.
 */
function withFreshGlyphs(font: Font): Font {
  return Object.create(font, {
    layout: {
      value(this: Font & { _glyphs: object }, ...args: Parameters<Font['layout']>) {
        this._glyphs = {};
        return font.layout.apply(this, args);
      },
    },
  }) as Font;
}

/** Inflates one zlib stream (a WOFF table) with the platform's DecompressionStream. */
async function inflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A WOFF file as the TrueType file it wraps. fontkit reads WOFF itself, but inflates a table again on
 * every read of it (the glyph table once per glyph drawn): an invoice in CJK took about a second.
 */
export async function woffToSfnt(woff: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) return woff; // not 'wOFF': already a TrueType/OpenType file
  const count = view.getUint16(12);
  const tables = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const entry = 44 + index * 20;
      const [tag, offset, compressed, length, checksum] = [0, 4, 8, 12, 16].map((at) => view.getUint32(entry + at)) as [
        number,
        number,
        number,
        number,
        number,
      ];
      const raw = woff.slice(offset, offset + compressed);
      return { tag, checksum, data: compressed < length ? await inflate(raw) : raw };
    }),
  );
  const headerLength = 12 + count * 16;
  const padded = (length: number): number => (length + 3) & ~3;
  const sfnt = new Uint8Array(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const out = new DataView(sfnt.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  out.setUint32(0, view.getUint32(4)); // flavor
  out.setUint16(4, count);
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, count * 16 - power * 16);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    out.setUint32(record, table.tag);
    out.setUint32(record + 4, table.checksum);
    out.setUint32(record + 8, offset);
    out.setUint32(record + 12, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

/** The files whose glyphs shaping substitutes, so that one glyph can stand for different letters. */
const shapes = (slice: FontSlice): boolean => slice.subset === 'arabic' || slice.subset === 'devanagari';

// fontkit 2 reads any Uint8Array (pdfkit 0.20 passes it one); its types still ask for Node's Buffer.
async function parse(bytes: Uint8Array<ArrayBuffer>, slice: FontSlice): Promise<Font> {
  const font = create((await woffToSfnt(bytes)) as unknown as Parameters<typeof create>[0]) as Font;
  return shapes(slice) ? withFreshGlyphs(font) : font;
}

const fontOf = (source: FontSource, slice: FontSlice): Promise<Font> =>
  cached(parsedFonts, source, slice.url, () => source.load(slice).then((bytes) => parse(bytes, slice)));

const keyOf = (need: Need): string => `${need.bold ? 'b' : 'r'}${need.char}`;
const choices = new WeakMap<FontSource, Map<string, Promise<Face | null>>>();

/**
 * The face of `need`: the first file, by family order (in the bold weight where the family has one),
 * whose range covers the character and which has its glyph. A later family's list and files are only
 * loaded when the earlier ones lack the character.
 */
async function faceFor(need: Need, source: FontSource): Promise<Face | null> {
  const codePoint = need.char.codePointAt(0) ?? 0;
  for (const family of familiesFor(need.char)) {
    const catalog = await cached(catalogs, source, family, () => source.catalog(family));
    const weight = need.bold && catalog.weights.includes(700) ? 700 : 400;
    for (const slice of catalog.slices) {
      if (slice.weight !== weight || !sliceCovers(slice, codePoint)) continue;
      const font = await fontOf(source, slice);
      if (font.hasGlyphForCodePoint(codePoint)) {
        const key = slice.file.replace(/\.woff$/, '');
        return { key, font, emboldened: need.bold && weight === 400, shapes: shapes(slice) };
      }
    }
  }
  return null;
}

/**
 * Finds a face for every character (`faceFor`), all characters at once, so the files a document
 * needs load in parallel; choices are kept per source, so the next invoice of an export reuses them.
 */
export async function pickFaces(needs: readonly Need[], source: FontSource = browserFontSource): Promise<FacePicker> {
  const found = new Map<string, Face | null>();
  await Promise.all(
    needs.map(async (need) => {
      const key = keyOf(need);
      if (!found.has(key)) found.set(key, null);
      found.set(key, await cached(choices, source, key, () => faceFor(need, source)));
    }),
  );
  return (char, bold) => found.get(keyOf({ char, bold })) ?? null;
}
