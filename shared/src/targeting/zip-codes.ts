import * as z from '../zod';

/**
 * ZIP code entry (001 §2): typed or uploaded codes, where each line may hold comma-separated codes.
 * Codes are trimmed, blanks dropped and duplicates removed, keeping the first occurrence's order.
 */

/** The longest code a campaign's targeting takes (ours: ZIP+4 and postal codes of other countries fit). */
export const MAX_ZIP_CODE_LENGTH = 16;

/** A US ZIP code, or a ZIP+4. */
const US_ZIP = /^\d{5}(-\d{4})?$/;
/** A Canadian postal code (`K1A 0B1`), its space optional. */
const CA_POSTAL_CODE = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/;

/** A code as the ZIP layer keeps it: trimmed, upper-cased (postal codes are written in capitals). */
export const normalizeZipCode = (code: string): string => code.trim().toUpperCase();

/** Whether a (normalized) code is a US ZIP code or a Canadian postal code: what the bidder's ZIP targeting takes. */
export const isZipCode = (code: string): boolean => US_ZIP.test(code) || CA_POSTAL_CODE.test(code);

/** The bidder's country of a (normalized) code: five digits (and ZIP+4) are US, a postal code Canadian. */
export const zipCountryOf = (code: string): 'USA' | 'CAN' => (US_ZIP.test(code) ? 'USA' : 'CAN');

/** Ours: a ZIP layer entry that is neither a US ZIP code nor a Canadian postal code. */
export const NOT_A_ZIP_CODE = 'Not a US ZIP code or a Canadian postal code';

/** One code of a campaign's `geo_zip` (the creation payload, a targeting change, a template): what the bidder's ZIP targeting takes. */
export const ZZipCode = z
  .string()
  .check(
    z.overwrite(normalizeZipCode),
    z.minLength(1),
    z.maxLength(MAX_ZIP_CODE_LENGTH),
    z.refine(isZipCode, { error: NOT_A_ZIP_CODE }),
  );

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

/** Checks parsed codes against the targeting's rule (`ZZipCode`): the valid ones as the rule keeps them. */
export function checkZipCodes(codes: readonly string[]): TZipCodeCheck {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const code of codes) {
    const parsed = ZZipCode.safeParse(code);
    if (parsed.success) valid.push(parsed.data);
    else invalid.push(code);
  }
  const tooLong = invalid.filter((code) => code.length > MAX_ZIP_CODE_LENGTH);
  const notCodes = invalid.filter((code) => code.length <= MAX_ZIP_CODE_LENGTH);
  const reasons = [
    ...(tooLong.length > 0 ? [zipCodesTooLongMessage(tooLong)] : []),
    ...(notCodes.length > 0 ? [`${NOT_A_ZIP_CODE}: ${notCodes.join(', ')}`] : []),
  ];
  return { valid: [...new Set(valid)], invalid, message: reasons.length > 0 ? reasons.join('. ') : null };
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
