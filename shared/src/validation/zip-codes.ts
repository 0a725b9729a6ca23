import * as z from '../zod';

/**
 * ZIP code entry (001 §2): typed or uploaded codes, where each line may hold comma-separated codes.
 * Codes are trimmed, blanks dropped and duplicates removed, keeping the first occurrence's order.
 */

/** The longest code a campaign's targeting takes (ours: ZIP+4 and postal codes of other countries fit). */
export const MAX_ZIP_CODE_LENGTH = 16;

/** One code of a campaign's `geo_zip` (the creation payload, a targeting change, a template). */
export const ZZipCode = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_ZIP_CODE_LENGTH));

/** Ours: codes the targeting cannot take, named. */
export const zipCodesTooLongMessage = (codes: readonly string[]): string =>
  `Zip codes can have at most ${MAX_ZIP_CODE_LENGTH} characters: ${codes.join(', ')}`;

/** Parses a text box or a CSV file's text into a clean list of codes. */
export function parseZipCodes(text: string): string[] {
  const codes = text
    .replace(/\r/g, '')
    .split('\n')
    .flatMap((line) => line.split(','))
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return [...new Set(codes)];
}

/** Adds newly entered codes to the selection without duplicates (the selection's order first). */
export function mergeZipCodes(selected: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...selected, ...added].map((code) => code.trim()).filter((code) => code !== ''))];
}

/** Entered codes sorted into those the targeting takes and those it refuses, with the refusal's text. */
export interface TZipCodeCheck {
  readonly valid: string[];
  readonly invalid: string[];
  readonly message: string | null;
}

/** Checks parsed codes against the targeting's rule (`ZZipCode`). */
export function checkZipCodes(codes: readonly string[]): TZipCodeCheck {
  const valid = codes.filter((code) => ZZipCode.safeParse(code).success);
  const invalid = codes.filter((code) => !ZZipCode.safeParse(code).success);
  return { valid, invalid, message: invalid.length > 0 ? zipCodesTooLongMessage(invalid) : null };
}

/** Codes typed into a box, read for adding: those to add, the text left in the box (the refused ones) and why. */
export interface TTypedZipCodes {
  readonly valid: string[];
  readonly rest: string;
  readonly message: string | null;
}

/** Reads the box's text: the codes that fit are added, the others stay in the box with the reason. */
export function readTypedZipCodes(text: string): TTypedZipCodes {
  const checked = checkZipCodes(parseZipCodes(text));
  return { valid: checked.valid, rest: checked.invalid.join(', '), message: checked.message };
}
