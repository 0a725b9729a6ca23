/**
 * Advance widths (1/1000 em) of the standard PDF fonts the invoice uses, from Adobe's Helvetica and
 * Helvetica-Bold metrics for the printable ASCII range; Courier is monospaced. Needed to wrap lines:
 * standard fonts are not embedded, so the writer must know how wide the viewer will draw each glyph.
 */
export type FontName = 'regular' | 'bold' | 'mono';

// Widths of code points 32..126, in order.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];

/** Widths of the WinAnsi characters outside ASCII that have their own shape (not an accented letter). */
const SPECIAL: Readonly<Record<string, readonly [number, number]>> = {
  '€': [556, 556],
  '‚': [222, 278],
  ƒ: [556, 556],
  '„': [333, 500],
  '…': [1000, 1000],
  '†': [556, 556],
  '‡': [556, 556],
  ˆ: [333, 333],
  '‰': [1000, 1000],
  '‹': [333, 333],
  '›': [333, 333],
  Œ: [1000, 1000],
  œ: [944, 944],
  '‘': [222, 278],
  '’': [222, 278],
  '“': [333, 500],
  '”': [333, 500],
  '•': [350, 350],
  '–': [556, 556],
  '—': [1000, 1000],
  '˜': [333, 333],
  '™': [1000, 1000],
  '\u00a0': [278, 278],
  '¡': [333, 333],
  '¢': [556, 556],
  '£': [556, 556],
  '¤': [556, 556],
  '¥': [556, 556],
  '¦': [260, 280],
  '§': [556, 556],
  '¨': [333, 333],
  '©': [737, 737],
  ª: [370, 370],
  '«': [556, 556],
  '¬': [584, 584],
  '­': [333, 333],
  '®': [737, 737],
  '¯': [333, 333],
  '°': [400, 400],
  '±': [584, 584],
  '²': [333, 333],
  '³': [333, 333],
  '´': [333, 333],
  µ: [556, 611],
  '¶': [537, 556],
  '·': [278, 278],
  '¸': [333, 333],
  '¹': [333, 333],
  º: [365, 365],
  '»': [556, 556],
  '¼': [834, 834],
  '½': [834, 834],
  '¾': [834, 834],
  '¿': [611, 611],
  Æ: [1000, 1000],
  æ: [889, 889],
  Ø: [778, 778],
  ø: [611, 611],
  ß: [611, 611],
  '×': [584, 584],
  '÷': [584, 584],
  Ð: [722, 722],
  ð: [556, 611],
  Þ: [667, 667],
  þ: [556, 611],
};

const asciiWidth = (table: readonly number[], code: number): number => table[code - 32] ?? 556;

/** Width of one character (already mapped to WinAnsi) in 1/1000 em. */
export function charWidth(char: string, font: FontName): number {
  if (font === 'mono') return 600;
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  const code = char.codePointAt(0) ?? 63;
  if (code >= 32 && code <= 126) return asciiWidth(table, code);
  const special = SPECIAL[char];
  if (special) return font === 'bold' ? special[1] : special[0];
  // An accented Latin letter is as wide as its base letter (é as e, Ñ as N).
  const base = char.normalize('NFD').codePointAt(0) ?? 63;
  return base >= 32 && base <= 126 ? asciiWidth(table, base) : asciiWidth(table, 63);
}

/** Width of a text in points at `size`. */
export function textWidth(text: string, font: FontName, size: number): number {
  let total = 0;
  for (const char of text) total += charWidth(char, font);
  return (total * size) / 1000;
}

/** WinAnsiEncoding bytes of the characters above 0x7f that are not Latin-1 (0xa0..0xff map to themselves). */
const WIN_ANSI_EXTRA: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/**
 * The WinAnsi byte of a character, or null when the standard fonts cannot draw it. Callers replace such
 * characters (CJK, emoji) with '?' so a PDF never holds a glyph that would render as garbage.
 */
export function winAnsiByte(char: string): number | null {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 32 && code <= 126) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return WIN_ANSI_EXTRA[char] ?? null;
}

/**
 * Prepares text for the standard fonts: NFC, tabs as four spaces, combining marks that did not
 * compose dropped, and compatibility forms folded when that makes them encodable (ﬁ -> fi, a
 * full-width Ａ -> A). Characters WinAnsi still cannot encode (CJK, Greek, Ł...) are left as they are,
 * for an embedded font to draw.
 */
export function foldForStandardFonts(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\t') out += '    ';
    else if (winAnsiByte(char) !== null) out += char;
    else if (/\p{M}/u.test(char)) continue;
    else {
      // Decomposed or compatibility forms (ﬁ, ½ written as 1⁄2...) often have an encodable equivalent.
      const folded = char.normalize('NFKC');
      out += [...folded].every((c) => winAnsiByte(c) !== null) && folded !== char ? folded : char;
    }
  }
  return out;
}

/** Whether (folded) text holds characters the standard fonts cannot draw. */
export function needsEmbeddedFont(text: string): boolean {
  for (const char of text) if (char !== '\n' && winAnsiByte(char) === null) return true;
  return false;
}

/** Replaces what WinAnsi cannot encode (tabs become spaces, other characters '?'). */
export function toWinAnsiText(text: string): string {
  let out = '';
  for (const char of foldForStandardFonts(text)) out += winAnsiByte(char) === null ? '?' : char;
  return out;
}
