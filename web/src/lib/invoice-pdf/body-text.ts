const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  middot: '\u00b7',
};

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const codePoint = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
  });

/**
 * The lines of text an invoice's HTML body shows, for invoices stored before their facts were (their
 * PDF prints these under the subject): one line per paragraph, heading or table row, cells joined by
 * two spaces. Not an HTML renderer: the billing job's own markup is all it has to read.
 */
export function bodyTextLines(html: string): string[] {
  const text = html
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/(t[dh])\s*>/gi, '  ')
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/tr|\/li|\/table|\/thead|\/tbody|\/tfoot)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decode(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line) => line !== '');
}
