import { textWidth, toWinAnsiText, type FontName } from './font-metrics';
import type { TrueTypeFont } from './truetype-font';

/**
 * The font a piece of text is drawn in: a standard one (`regular`, `bold`, `mono`), or embedded
 * face number n (`e<n>`), `e<n>b` when it is drawn emboldened (bold text in a face that has no
 * bold of its own).
 */
export type FontKey = FontName | `e${number}` | `e${number}b`;

/** A run of text in one font. */
export interface Piece {
  readonly text: string;
  readonly font: FontKey;
}

/** A font file embedded in the PDF (one Unicode-range file of a family). */
export interface EmbeddedFace {
  /** Names the file among faces of the same PostScript name (one per Unicode range). */
  readonly id: string;
  /** PostScript name, e.g. `NotoSansJP-Regular`. */
  readonly postScriptName: string;
  readonly font: TrueTypeFont;
}

/** An embedded face as a font key names it. */
export interface FaceUse {
  readonly index: number;
  readonly face: EmbeddedFace;
  readonly emboldened: boolean;
}

/** What the layout asks about fonts. */
export interface Typeface {
  /**
   * One word (no spaces, already folded by `foldForStandardFonts`) in a standard style, as pieces
   * each drawn in one font. A word the standard fonts can draw is one piece in `font`, as before
   * embedding existed; any other word is drawn entirely in embedded faces, so it reads in one design.
   */
  pieces(word: string, font: FontName): Piece[];
  /** Width of `text` in `font` at `size`, in points. */
  width(text: string, font: FontKey, size: number): number;
  /** The embedded face of a key, or null for a standard font. */
  face(font: FontKey): FaceUse | null;
}

/** Only the standard fonts: what they cannot draw becomes '?'. */
export const STANDARD_TYPEFACE: Typeface = {
  pieces: (word, font) => [{ text: toWinAnsiText(word), font }],
  width: (text, font, size) => textWidth(text, font as FontName, size),
  face: () => null,
};

const EMBEDDED_KEY = /^e(\d+)(b?)$/;

/** Parses an embedded font key (`e3`, `e3b`). */
export function embeddedKey(font: FontKey): { index: number; emboldened: boolean } | null {
  const match = EMBEDDED_KEY.exec(font);
  return match ? { index: Number(match[1]), emboldened: match[2] === 'b' } : null;
}
