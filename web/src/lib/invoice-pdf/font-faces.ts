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
  load(slice: FontSlice): Promise<Uint8Array>;
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

// fontkit 2 reads any Uint8Array (pdfkit 0.20 passes it one); its types still ask for Node's Buffer.
const parse = (bytes: Uint8Array): Font => withFreshGlyphs(create(bytes as Parameters<typeof create>[0]) as Font);

const fontOf = (source: FontSource, slice: FontSlice): Promise<Font> =>
  cached(parsedFonts, source, slice.url, () => source.load(slice).then(parse));

/** The files that may hold `need`, best first: by family order, the bold weight where the family has one. */
async function candidates(need: Need, source: FontSource): Promise<Array<{ slice: FontSlice; emboldened: boolean }>> {
  const codePoint = need.char.codePointAt(0) ?? 0;
  const found: Array<{ slice: FontSlice; emboldened: boolean }> = [];
  for (const family of familiesFor(need.char)) {
    const catalog = await cached(catalogs, source, family, () => source.catalog(family));
    const weight = need.bold && catalog.weights.includes(700) ? 700 : 400;
    for (const slice of catalog.slices) {
      if (slice.weight === weight && sliceCovers(slice, codePoint)) {
        found.push({ slice, emboldened: need.bold && weight === 400 });
      }
    }
  }
  return found;
}

/**
 * Finds a face for every character: the first file of `candidates` that has its glyph. Files load in
 * rounds, all of a round in parallel (each character's next candidate), so a document fetches only the
 * files its characters need.
 */
export async function pickFaces(needs: readonly Need[], source: FontSource = browserFontSource): Promise<FacePicker> {
  const chosen = new Map<string, Face>();
  const keyOf = (need: Need): string => `${need.bold ? 'b' : 'r'}${need.char}`;
  const unique = [...new Map(needs.map((need) => [keyOf(need), need])).values()];
  let pending = await Promise.all(unique.map(async (need) => ({ need, options: await candidates(need, source) })));
  while (pending.length > 0) {
    const round = pending.filter((item) => item.options.length > 0);
    const fonts = await Promise.all(
      round.map((item) => fontOf(source, (item.options[0] as { slice: FontSlice }).slice)),
    );
    pending = [];
    round.forEach((item, index) => {
      const [option, ...rest] = item.options;
      const font = fonts[index] as Font;
      if (option && font.hasGlyphForCodePoint(item.need.char.codePointAt(0) ?? 0)) {
        const key = option.slice.file.replace(/\.woff$/, '');
        chosen.set(keyOf(item.need), { key, font, emboldened: option.emboldened });
      } else if (rest.length > 0) {
        pending.push({ need: item.need, options: rest });
      }
    });
  }
  return (char, bold) => chosen.get(keyOf({ char, bold })) ?? null;
}
