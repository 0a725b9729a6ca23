import { describe, expect, it } from 'vitest';
import type { Face } from './font-faces';
import { textRuns } from './text-runs';

/** A face per script, each "having" the characters of its script and spaces. */
const face = (key: string, has: RegExp): Face =>
  ({
    key,
    emboldened: false,
    font: { hasGlyphForCodePoint: (cp: number) => has.test(String.fromCodePoint(cp)) },
  }) as unknown as Face;
const LATIN = face('latin', /[\p{Script=Latin}\p{Script=Common}]/u);
const ARABIC = face('arabic', /[\p{Script=Arabic}\s]/u);
const DEVANAGARI = face('devanagari', /[\p{Script=Devanagari}\s]/u);
const pick = (char: string): Face =>
  /\p{Script=Arabic}/u.test(char) ? ARABIC : /\p{Script=Devanagari}/u.test(char) ? DEVANAGARI : LATIN;

const drawn = (text: string) => textRuns(text, pick, false).map((run) => [run.face?.key, run.text, run.shaped]);

describe('textRuns', () => {
  it('keeps left-to-right text in one run per face', () => {
    // Act
    const runs = drawn('Acme नमस्ते');

    // Assess
    expect(runs).toEqual([
      ['latin', 'Acme ', false],
      ['devanagari', 'नमस्ते', true],
    ]);
  });

  it('draws Arabic words right to left, each word in logical order for fontkit to shape and reverse', () => {
    // Act
    const runs = drawn('مرحبا بنك (bgAdvertiser-1)');

    // Assess: the words' order is reversed on the page; the Latin after them stays left to right
    expect(runs).toEqual([
      ['arabic', 'بنك', false],
      ['arabic', ' ', false],
      ['arabic', 'مرحبا', false],
      ['latin', ' (bgAdvertiser-1)', false],
    ]);
  });

  it('orders numbers inside Arabic as the bidi algorithm does, and mirrors brackets it reverses', () => {
    // Act
    const runs = drawn('بنك (2026) مرحبا');

    // Assess: read left to right the page shows 'مرحبا (2026) بنك': the logical ')' mirrored to '('
    expect(runs.map(([, text]) => text).join('|')).toBe('مرحبا| (|2026|)| |بنك');
    expect(runs.find(([, text]) => text === ')')).toEqual(['latin', ')', false]);
  });
});
