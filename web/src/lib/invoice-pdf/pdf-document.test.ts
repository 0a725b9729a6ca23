import { describe, expect, it } from 'vitest';
import type { Block } from './html-blocks';
import { textWidth } from './font-metrics';
import { blocksToPdf, wrapRuns } from './pdf-document';

const ascii = (bytes: Uint8Array): string => new TextDecoder('latin1').decode(bytes);

/** Checks the cross-reference table: each entry points at its object, startxref at the table. */
function expectConsistentXref(file: string): number {
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(file)?.[1]);
  expect(file.slice(startxref, startxref + 4)).toBe('xref');
  const [, count] = /^xref\n0 (\d+)\n/.exec(file.slice(startxref)) ?? [];
  const entries = file
    .slice(startxref)
    .split('\n')
    .slice(3, 2 + Number(count));
  entries.forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(file.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
  });
  return Number(count) - 1;
}

const paragraph = (text: string): Block => ({ kind: 'text', style: 'p', runs: [{ text, bold: false }], indent: 0 });

describe('blocksToPdf', () => {
  it('writes a valid PDF 1.4 file: header, objects at their xref offsets, trailer and EOF', async () => {
    // Act
    const file = ascii(
      await blocksToPdf([paragraph('Hello')], { title: 'Invoice', createdAt: new Date('2024-01-02T03:04:05Z') }),
    );

    // Assess
    expect(file.startsWith('%PDF-1.4\n')).toBe(true);
    expect(expectConsistentXref(file)).toBe(8);
    expect(file).toContain('/Title (Invoice)');
    expect(file).toContain('/CreationDate (D:20240102030405Z)');
    expect(file).toContain('(Hello) Tj');
    expect(file).toContain('(Page 1 of 1) Tj');
    const length = Number(/<< \/Length (\d+) >>\nstream\n/.exec(file)?.[1]);
    const streamStart = file.indexOf('stream\n') + 'stream\n'.length;
    expect(file.slice(streamStart + length, streamStart + length + 10)).toBe('\nendstream');
  });

  it('breaks long content over pages and numbers them', async () => {
    // Prepare
    const blocks = Array.from({ length: 120 }, (_, index) => paragraph(`Line ${index}`));

    // Act
    const file = ascii(await blocksToPdf(blocks));

    // Assess
    const pages = Number(/\/Count (\d+)/.exec(file)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(file).toContain(`(Page ${pages} of ${pages}) Tj`);
    expectConsistentXref(file);
  });

  it('escapes PDF syntax, writes WinAnsi characters as octal and replaces what the fonts cannot draw', async () => {
    // Act
    const file = ascii(await blocksToPdf([paragraph('a (b) \\ café – 日')], { title: 'Café' }));

    // Assess
    expect(file).toContain('(a \\(b\\) \\\\ caf\\351 \\226 ?) Tj');
    expect(file).toContain('/Title <FEFF00430061006600E9>');
    expect([...file].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
  });

  it('repeats a table header row on each new page', async () => {
    // Prepare
    const header = [{ lines: [[{ text: 'Campaign', bold: true }]], header: true, align: 'left' as const, span: 1 }];
    const rows = Array.from({ length: 90 }, (_, index) => [
      { lines: [[{ text: `Row ${index}`, bold: false }]], header: false, align: 'left' as const, span: 1 },
    ]);

    // Act
    const file = ascii(await blocksToPdf([{ kind: 'table', rows: [header, ...rows] }]));

    // Assess
    const pages = Number(/\/Count (\d+)/.exec(file)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(file.match(/\(Campaign\) Tj/g)).toHaveLength(pages);
  });

  it('lays a spanning cell over the columns it spans', async () => {
    // Prepare
    const cell = (text: string, span = 1) => ({
      lines: [[{ text, bold: false }]],
      header: false,
      align: 'right' as const,
      span,
    });

    // Act
    const file = ascii(
      await blocksToPdf([
        {
          kind: 'table',
          rows: [
            [cell('a'), cell('b'), cell('c')],
            [cell('Total', 2), cell('$5')],
          ],
        },
      ]),
    );

    // Assess: right-aligned, 'Total' ends where the second column ends, '$5' where the third does
    const xOf = (text: string): number =>
      Number(new RegExp(`([\\d.]+) [\\d.]+ Td /F1 9.5 Tf \\(${text.replace('$', '\\$')}\\)`).exec(file)?.[1]);
    expect(xOf('Total')).toBeGreaterThan(xOf('a'));
    expect(xOf('$5')).toBeGreaterThan(xOf('Total'));
    expect(xOf('b')).toBeGreaterThan(xOf('a'));
  });
});

describe('wrapRuns', () => {
  it('never makes a line wider than asked, keeps forced breaks and cuts words longer than a line', () => {
    // Prepare
    const runs = [
      { text: 'The quick brown fox jumps over the lazy dog ', bold: false },
      { text: 'again and again\nthen stops', bold: true },
      { text: ` ${'x'.repeat(80)}`, bold: false },
    ];

    // Act
    const lines = wrapRuns(runs, 100, 10, 'regular');

    // Assess
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(100.001);
    const text = lines.map((line) => line.segments.map((segment) => segment.text).join(''));
    expect(text.join('|')).toContain('again|then stops');
    expect(text.join('').replace(/ /g, '')).toBe(
      `Thequickbrownfoxjumpsoverthelazydogagainandagainthenstops${'x'.repeat(80)}`,
    );
    expect(lines[0]?.width).toBeCloseTo(textWidth(text[0] ?? '', 'regular', 10), 5);
  });
});
