/**
 * ZIP code entry (001 §2): typed or uploaded codes, where each line may hold comma-separated codes.
 * Codes are trimmed, blanks dropped and duplicates removed, keeping the first occurrence's order.
 */

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
