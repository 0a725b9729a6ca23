import bidiFactory from 'bidi-js';
import type { Face, FacePicker } from './font-faces';

/** A piece of text drawn in one face, left to right after the others of its text. */
export interface TextRun {
  readonly text: string;
  readonly face: Face | null;
  /**
   * Indic text, whose glyphs are not in the characters' order (a vowel sign drawn before its
   * consonant): the PDF gives its characters as ActualText. Arabic needs none: its glyphs are in visual
   * order, which extractors reverse.
   */
  readonly shaped: boolean;
}

const bidi = bidiFactory();

/** Characters that stay in the run before them when its face has them: spaces and combining marks. */
const JOINS = /[\p{Zs}\p{M}\u200c\u200d]/u;
/**
 * Scripts fontkit lays out right to left itself (it reverses a run whose first script is one of
 * these), so such runs are handed over in logical order.
 */
const FONTKIT_RTL =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;

const SHAPED =
  /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}]/u;

interface Unit {
  text: string;
  face: Face | null;
  level: number;
}

/**
 * `text` (one line of the invoice, in an English, left-to-right document) as runs to draw left to
 * right: split where the face or the bidi level changes, runs ordered by the Unicode bidi algorithm
 * (bidi-js). Arabic words keep their logical order, because fontkit shapes and reverses them; other
 * right-to-left runs (neutrals between Arabic words) are reversed here, with mirrored brackets.
 * A line that wraps is ordered as a whole, not line by line (names and descriptions are short).
 */
export function textRuns(text: string, pick: FacePicker, bold: boolean): TextRun[] {
  const { levels } = bidi.getEmbeddingLevels(text, 'ltr');
  const units: Unit[] = [];
  let index = 0;
  for (const char of text) {
    const level = levels[index] ?? 0;
    index += char.length;
    const last = units[units.length - 1];
    const codePoint = char.codePointAt(0) ?? 0;
    if (last && last.level === level && JOINS.test(char) && last.face?.font.hasGlyphForCodePoint(codePoint)) {
      last.text += char;
      continue;
    }
    const face = pick(char, bold);
    if (last && last.level === level && last.face?.key === face?.key && last.face?.emboldened === face?.emboldened) {
      last.text += char;
    } else {
      units.push({ text: char, face, level });
    }
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence at or above it.
  const highest = Math.max(0, ...units.map((unit) => unit.level));
  const lowestOdd = Math.min(...units.map((unit) => unit.level).filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < units.length; start++) {
      if ((units[start] as Unit).level < level) continue;
      let end = start;
      while (end + 1 < units.length && (units[end + 1] as Unit).level >= level) end++;
      units.splice(start, end - start + 1, ...units.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return units.flatMap((unit): TextRun[] => {
    const shaped = SHAPED.test(unit.text);
    if (unit.level % 2 === 0) return [{ text: unit.text, face: unit.face, shaped }];
    if (FONTKIT_RTL.test(unit.text)) {
      // fontkit reverses each piece it lays out; words are reversed here, so a line may wrap between them.
      return unit.text
        .split(/(\s+)/)
        .filter(Boolean)
        .reverse()
        .map((text) => ({ text, face: unit.face, shaped }));
    }
    const mirrored = Array.from(unit.text, (char) => bidi.getMirroredCharacter(char) ?? char);
    return [{ text: mirrored.reverse().join(''), face: unit.face, shaped: false }];
  });
}
