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
