import { foldForStandardFonts, needsEmbeddedFont, textWidth, toWinAnsiText, type FontName } from './font-metrics';
import {
  familiesFor,
  loadCatalog,
  sliceCovers,
  type FamilyCatalog,
  type FontFamilyId,
  type FontSlice,
} from './fonts/font-catalog';
import { TrueTypeFont } from './truetype-font';
import { embeddedKey, type EmbeddedFace, type FontKey, type Piece, type Typeface } from './typeface';

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

/** Text the layout will draw, in its standard style. */
export interface DrawnText {
  readonly text: string;
  readonly font: FontName;
}

interface Face extends EmbeddedFace {
  readonly slice: FontSlice;
}

interface Found {
  readonly face: Face;
  readonly emboldened: boolean;
}

// Parsed fonts per source, kept for the page's life: an export of many invoices reads each file once.
const parsedFonts = new WeakMap<FontSource, Map<string, Promise<TrueTypeFont>>>();
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

const fontOf = (source: FontSource, slice: FontSlice): Promise<TrueTypeFont> =>
  cached(parsedFonts, source, slice.url, () => source.load(slice).then((bytes) => TrueTypeFont.load(bytes)));
const catalogOf = (source: FontSource, family: FontFamilyId): Promise<FamilyCatalog> =>
  cached(catalogs, source, family, () => source.catalog(family));

/** A character to find, and whether it is drawn bold. */
interface Need {
  readonly char: string;
  readonly bold: boolean;
}
const needKey = (need: Need): string => `${need.bold ? 'b' : 'r'}${need.char}`;

/**
 * Finds a face for every character: the first family of `familiesFor` whose file for its range has
 * the glyph, in the bold weight where the family has one (emboldened otherwise). Files load in
 * rounds, all of a round in parallel: each character's next candidate file, until every character
 * is found or out of candidates.
 */
async function findFaces(needs: readonly Need[], source: FontSource): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  const progress = new Map(needs.map((need) => [needKey(need), { need, family: 0, slice: 0 }]));
  for (;;) {
    // Choose each character's next candidate file.
    const chosen: Array<{ key: string; need: Need; slice: FontSlice; emboldened: boolean }> = [];
    for (const [key, state] of progress) {
      const families = familiesFor(state.need.char);
      const codePoint = state.need.char.codePointAt(0) ?? 0;
      let pick: { slice: FontSlice; emboldened: boolean } | undefined;
      while (!pick && state.family < families.length) {
        const catalog = await catalogOf(source, families[state.family] as FontFamilyId);
        const weight = state.need.bold && catalog.weights.includes(700) ? 700 : 400;
        const candidates = catalog.slices.filter((s) => s.weight === weight && sliceCovers(s, codePoint));
        const slice = candidates[state.slice];
        if (slice) pick = { slice, emboldened: state.need.bold && weight !== 700 };
        else {
          state.family++;
          state.slice = 0;
        }
      }
      if (pick) chosen.push({ key, need: state.need, ...pick });
      else progress.delete(key);
    }
    if (chosen.length === 0) return found;
    const fonts = await Promise.all(chosen.map((c) => fontOf(source, c.slice)));
    chosen.forEach((choice, index) => {
      const font = fonts[index] as TrueTypeFont;
      if (font.glyphId(choice.need.char.codePointAt(0) ?? 0) > 0) {
        found.set(choice.key, {
          face: { slice: choice.slice, id: choice.slice.file, postScriptName: choice.slice.postScriptName, font },
          emboldened: choice.emboldened,
        });
        progress.delete(choice.key);
      } else {
        const state = progress.get(choice.key);
        if (state) state.slice++;
      }
    });
  }
}

/**
 * A typeface for `texts`: standard fonts for every word they can draw, and for the other words the
 * embedded faces that hold their characters, fetched (only the files needed) from `source`. A
 * character no face has is drawn as '?'.
 */
export async function loadTypeface(
  texts: readonly DrawnText[],
  source: FontSource = browserFontSource,
): Promise<Typeface> {
  const needs = new Map<string, Need>();
  for (const { text, font } of texts) {
    for (const word of foldForStandardFonts(text).split(/[ \n]+/)) {
      if (!needsEmbeddedFont(word)) continue;
      for (const char of word) {
        const need = { char, bold: font === 'bold' };
        needs.set(needKey(need), need);
      }
    }
  }
  const found = await findFaces([...needs.values()], source);
  // '?' stands in for what no face has; it needs a face too, in the weights that miss something.
  const missingBold = new Set([...needs.values()].filter((n) => !found.has(needKey(n))).map((n) => n.bold));
  if (missingBold.size > 0) {
    for (const [key, value] of await findFaces(
      [...missingBold].map((bold) => ({ char: '?', bold })),
      source,
    )) {
      found.set(key, value);
    }
  }

  const faces: Face[] = [];
  const faceIndex = new Map<Face['slice'], number>();
  const keyOf = (hit: Found): FontKey => {
    let index = faceIndex.get(hit.face.slice);
    if (index === undefined) {
      index = faces.push(hit.face) - 1;
      faceIndex.set(hit.face.slice, index);
    }
    return hit.emboldened ? `e${index}b` : `e${index}`;
  };

  return {
    pieces(word, font) {
      if (!needsEmbeddedFont(word)) return [{ text: toWinAnsiText(word), font }];
      const bold = font === 'bold';
      const pieces: Array<{ text: string; font: FontKey }> = [];
      for (const char of word) {
        const hit = found.get(needKey({ char, bold }));
        const fallback = found.get(needKey({ char: '?', bold }));
        const piece: Piece = hit
          ? { text: char, font: keyOf(hit) }
          : fallback
            ? { text: '?', font: keyOf(fallback) }
            : { text: '?', font };
        const last = pieces[pieces.length - 1];
        if (last && last.font === piece.font) last.text += piece.text;
        else pieces.push({ ...piece });
      }
      return pieces;
    },
    width(text, font, size) {
      const key = embeddedKey(font);
      if (!key) return textWidth(text, font as FontName, size);
      const face = faces[key.index] as Face;
      let units = 0;
      for (const char of text) units += face.font.advanceWidth(face.font.glyphId(char.codePointAt(0) ?? 0));
      return (units * size) / face.font.unitsPerEm;
    },
    face(font) {
      const key = embeddedKey(font);
      const face = key ? faces[key.index] : undefined;
      return key && face ? { index: key.index, face, emboldened: key.emboldened } : null;
    },
  };
}
