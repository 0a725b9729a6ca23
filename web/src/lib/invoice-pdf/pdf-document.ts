import type { Block, CellAlign, TableCell, TextRun, TextStyle } from './html-blocks';
import { textWidth, toWinAnsiText, winAnsiByte, type FontName } from './font-metrics';

/**
 * A small PDF 1.4 writer for text documents: lays blocks out on US Letter pages with the standard
 * Helvetica and Courier fonts (nothing embedded, so files stay a few KB), wraps lines by the fonts'
 * metrics, breaks pages (repeating a table's header row), numbers the pages, and serialises the file
 * with a correct cross-reference table. Output is plain ASCII: text outside ASCII is written as octal
 * escapes of its WinAnsi byte.
 */
export interface PdfOptions {
  /** Document title (the viewer's window title). */
  readonly title?: string;
  readonly author?: string;
  /** Creation date written in the document info; also keeps the output reproducible. */
  readonly createdAt?: Date;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const FOOTER_SPACE = 28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - FOOTER_SPACE;
const INDENT_STEP = 18;
const CELL_PAD_X = 5;
const CELL_PAD_Y = 3;
const TABLE_FONT_SIZE = 9.5;

interface StyleSpec {
  readonly size: number;
  readonly font: FontName;
  readonly before: number;
  readonly after: number;
  readonly leading: number;
}

const STYLES: Readonly<Record<TextStyle, StyleSpec>> = {
  h1: { size: 20, font: 'bold', before: 4, after: 10, leading: 1.2 },
  h2: { size: 15, font: 'bold', before: 10, after: 6, leading: 1.2 },
  h3: { size: 12.5, font: 'bold', before: 8, after: 4, leading: 1.25 },
  h4: { size: 11, font: 'bold', before: 6, after: 3, leading: 1.25 },
  p: { size: 10, font: 'regular', before: 0, after: 6, leading: 1.35 },
  pre: { size: 9, font: 'mono', before: 0, after: 6, leading: 1.3 },
};

const FONT_RESOURCE: Readonly<Record<FontName, string>> = { regular: 'F1', bold: 'F2', mono: 'F3' };

interface Segment {
  text: string;
  font: FontName;
}
interface Line {
  segments: Segment[];
  width: number;
}

const fmt = (value: number): string => (Math.round(value * 100) / 100).toString();

/** A PDF literal string of WinAnsi text: parentheses and backslashes escaped, non-ASCII as octal. */
function pdfLiteral(text: string): string {
  let out = '(';
  for (const char of text) {
    const byte = char === '\u00a0' ? 0x20 : (winAnsiByte(char) ?? 0x3f);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** A PDF text string for the document info: ASCII as a literal, anything else as UTF-16BE hex. */
function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return pdfLiteral(text);
  let hex = '<FEFF';
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `${hex.toUpperCase()}>`;
}

const pdfDate = (date: Date): string => `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/** Splits a word that is wider than the line into pieces that fit. */
function splitLongWord(word: string, font: FontName, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of word) {
    if (current && textWidth(current + char, font, size) > maxWidth) {
      pieces.push(current);
      current = char;
    } else current += char;
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * Wraps runs into lines no wider than `maxWidth`. Spaces break lines; `\n` forces a break; a word
 * wider than a line is cut. `mono` keeps every space (preformatted text).
 */
export function wrapRuns(runs: readonly TextRun[], maxWidth: number, size: number, base: FontName): Line[] {
  const fontOf = (bold: boolean): FontName => (base === 'mono' ? 'mono' : bold ? 'bold' : base);
  const lines: Line[] = [];
  let segments: Segment[] = [];
  let width = 0;
  let pendingSpace: FontName | null = null;
  const push = (text: string, font: FontName): void => {
    const last = segments[segments.length - 1];
    if (last && last.font === font) last.text += text;
    else segments.push({ text, font });
    width += textWidth(text, font, size);
  };
  const endLine = (): void => {
    lines.push({ segments, width });
    segments = [];
    width = 0;
    pendingSpace = null;
  };
  for (const run of runs) {
    const font = fontOf(run.bold);
    run.text
      .split('\n')
      .map(toWinAnsiText)
      .forEach((part, partIndex) => {
        if (partIndex > 0) endLine();
        const tokens = base === 'mono' ? (part.match(/ |[^ ]+/g) ?? []) : (part.match(/ +|[^ ]+/g) ?? []);
        for (const token of tokens) {
          if (base !== 'mono' && token.startsWith(' ')) {
            if (segments.length > 0) pendingSpace = font;
            continue;
          }
          const spaceWidth = pendingSpace ? textWidth(' ', pendingSpace, size) : 0;
          const wordWidth = textWidth(token, font, size);
          if (segments.length > 0 && width + spaceWidth + wordWidth > maxWidth) endLine();
          else if (pendingSpace) push(' ', pendingSpace);
          pendingSpace = null;
          if (textWidth(token, font, size) > maxWidth - width) {
            const pieces = splitLongWord(token, font, size, maxWidth);
            pieces.forEach((piece, index) => {
              if (index > 0) endLine();
              push(piece, font);
            });
          } else push(token, font);
        }
      });
  }
  if (segments.length > 0) endLine();
  return lines;
}

/** Collects the drawing operators of each page while the layout moves down the pages. */
class PageWriter {
  readonly pages: string[][] = [];
  /** Distance from the page's top edge to the top of the free space. */
  cursor = MARGIN;

  constructor() {
    this.newPage();
  }

  private get ops(): string[] {
    return this.pages[this.pages.length - 1] as string[];
  }

  newPage(): void {
    this.pages.push([]);
    this.cursor = MARGIN;
  }

  get atTop(): boolean {
    return this.cursor <= MARGIN;
  }

  get spaceLeft(): number {
    return CONTENT_BOTTOM - this.cursor;
  }

  /** Starts a new page unless `height` fits (or the page is still empty). */
  ensure(height: number): void {
    if (height > this.spaceLeft && !this.atTop) this.newPage();
  }

  /** Draws a line of text with its baseline `baseline` points below the page's top edge. */
  text(x: number, baseline: number, line: Line, size: number, gray = 0): void {
    if (line.segments.length === 0) return;
    const parts = line.segments.map(
      (segment) => `/${FONT_RESOURCE[segment.font]} ${fmt(size)} Tf ${pdfLiteral(segment.text)} Tj`,
    );
    this.ops.push(`BT ${fmt(gray)} g ${fmt(x)} ${fmt(PAGE_HEIGHT - baseline)} Td ${parts.join(' ')} ET`);
  }

  rule(x1: number, x2: number, y: number, gray: number, width = 0.6): void {
    this.ops.push(
      `${fmt(gray)} G ${fmt(width)} w ${fmt(x1)} ${fmt(PAGE_HEIGHT - y)} m ${fmt(x2)} ${fmt(PAGE_HEIGHT - y)} l S`,
    );
  }

  fill(x: number, top: number, width: number, height: number, gray: number): void {
    this.ops.push(`${fmt(gray)} g ${fmt(x)} ${fmt(PAGE_HEIGHT - top - height)} ${fmt(width)} ${fmt(height)} re f`);
  }
}

function layoutText(writer: PageWriter, block: Extract<Block, { kind: 'text' }>): void {
  const style = STYLES[block.style];
  const x = MARGIN + block.indent * INDENT_STEP;
  const lineHeight = style.size * style.leading;
  const lines = wrapRuns(block.runs, PAGE_WIDTH - MARGIN - x, style.size, style.font);
  if (!writer.atTop) writer.cursor += style.before;
  lines.forEach((line, index) => {
    writer.ensure(lineHeight);
    const baseline = writer.cursor + style.size * 0.9;
    if (index === 0 && block.marker) {
      const marker = wrapRuns([{ text: block.marker, bold: false }], INDENT_STEP, style.size, 'regular')[0];
      if (marker) writer.text(x - 4 - marker.width, baseline, marker, style.size);
    }
    writer.text(x, baseline, line, style.size);
    writer.cursor += lineHeight;
  });
  writer.cursor += style.after;
}

interface LaidCell {
  width: number;
  lines: Line[];
  align: CellAlign;
  header: boolean;
}

/**
 * Column widths: each column's natural width (from cells spanning one column), never below a fair
 * minimum, scaled to the full width.
 */
function columnWidths(rows: readonly TableCell[][], columns: number): number[] {
  const natural = Array.from({ length: columns }, () => 0);
  for (const row of rows) {
    let column = 0;
    for (const cell of row) {
      if (cell.span === 1) {
        const font: FontName = cell.header ? 'bold' : 'regular';
        for (const line of cell.lines) {
          const width = line.reduce(
            (sum, run) => sum + textWidth(toWinAnsiText(run.text), run.bold ? 'bold' : font, TABLE_FONT_SIZE),
            0,
          );
          natural[column] = Math.max(natural[column] ?? 0, width + 2 * CELL_PAD_X);
        }
      }
      column += cell.span;
    }
  }
  const floor = CONTENT_WIDTH / columns / 2;
  const wanted = natural.map((width) => Math.min(CONTENT_WIDTH, Math.max(floor, width)));
  const total = wanted.reduce((sum, width) => sum + width, 0);
  return wanted.map((width) => (width * CONTENT_WIDTH) / total);
}

function layoutTable(writer: PageWriter, rows: readonly TableCell[][]): void {
  const columns = Math.max(...rows.map((row) => row.reduce((sum, cell) => sum + cell.span, 0)));
  const widths = columnWidths(rows, columns);
  // The width of each cell: the columns it spans, from where the row has got to.
  const cellWidths = rows.map((row) => {
    let column = 0;
    return row.map((cell) => {
      const width = widths.slice(column, column + cell.span).reduce((sum, value) => sum + value, 0);
      column += cell.span;
      return width;
    });
  });
  const lineHeight = TABLE_FONT_SIZE * 1.3;
  const laid: LaidCell[][] = rows.map((row, rowIndex) =>
    row.map((cell, index) => ({
      width: cellWidths[rowIndex]?.[index] ?? CONTENT_WIDTH,
      lines: cell.lines.flatMap((line) =>
        wrapRuns(
          cell.header ? line.map((run) => ({ ...run, bold: true })) : line,
          (cellWidths[rowIndex]?.[index] ?? CONTENT_WIDTH) - 2 * CELL_PAD_X,
          TABLE_FONT_SIZE,
          'regular',
        ),
      ),
      align: cell.align,
      header: cell.header,
    })),
  );
  const headerRow = laid[0]?.every((cell) => cell.header) ? laid[0] : undefined;
  if (!writer.atTop) writer.cursor += 4;

  const drawRow = (row: LaidCell[], from: number, count: number): void => {
    const top = writer.cursor;
    const height = count * lineHeight + 2 * CELL_PAD_Y;
    if (row.every((cell) => cell.header)) writer.fill(MARGIN, top, CONTENT_WIDTH, height, 0.93);
    let x = MARGIN;
    row.forEach((cell) => {
      const width = cell.width;
      cell.lines.slice(from, from + count).forEach((line, lineIndex) => {
        const free = width - 2 * CELL_PAD_X - line.width;
        const offset = cell.align === 'right' ? free : cell.align === 'center' ? free / 2 : 0;
        writer.text(
          x + CELL_PAD_X + Math.max(0, offset),
          top + CELL_PAD_Y + lineIndex * lineHeight + TABLE_FONT_SIZE * 0.9,
          line,
          TABLE_FONT_SIZE,
        );
      });
      x += width;
    });
    writer.cursor += height;
    writer.rule(MARGIN, MARGIN + CONTENT_WIDTH, writer.cursor, 0.75, 0.5);
  };

  laid.forEach((row) => {
    const total = Math.max(1, ...row.map((cell) => cell.lines.length));
    let drawn = 0;
    while (drawn < total) {
      const fits = Math.floor((writer.spaceLeft - 2 * CELL_PAD_Y) / lineHeight);
      if (fits < Math.min(total - drawn, 2) && !writer.atTop) {
        writer.newPage();
        if (headerRow && row !== headerRow)
          drawRow(headerRow, 0, Math.max(1, ...headerRow.map((cell) => cell.lines.length)));
        continue;
      }
      const count = Math.max(1, Math.min(total - drawn, fits));
      drawRow(row, drawn, count);
      drawn += count;
    }
  });
  writer.cursor += 8;
}

/** Lays the blocks out and returns the bytes of the PDF file. */
export function blocksToPdf(blocks: readonly Block[], options: PdfOptions = {}): Uint8Array<ArrayBuffer> {
  const writer = new PageWriter();
  for (const block of blocks) {
    if (block.kind === 'text') layoutText(writer, block);
    else if (block.kind === 'table') layoutTable(writer, block.rows);
    else {
      writer.ensure(14);
      writer.rule(MARGIN, MARGIN + CONTENT_WIDTH, writer.cursor + 6, 0.7);
      writer.cursor += 14;
    }
  }

  const pageCount = writer.pages.length;
  writer.pages.forEach((ops, index) => {
    const label = wrapRuns(
      [{ text: `Page ${index + 1} of ${pageCount}`, bold: false }],
      CONTENT_WIDTH,
      8,
      'regular',
    )[0];
    if (!label) return;
    ops.push(
      `BT 0.35 g ${fmt((PAGE_WIDTH - label.width) / 2)} ${fmt(MARGIN - 14)} Td /F1 8 Tf ${pdfLiteral(label.segments[0]?.text ?? '')} Tj ET`,
    );
  });

  // Objects: 1 catalog, 2 page tree, 3-5 fonts, 6 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = writer.pages.map((_, index) => 7 + index * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>');
  const info = [`/Producer ${pdfTextString('BidGrid')}`];
  if (options.title) info.push(`/Title ${pdfTextString(options.title)}`);
  if (options.author) info.push(`/Author ${pdfTextString(options.author)}`);
  if (options.createdAt && !Number.isNaN(options.createdAt.getTime()))
    info.push(`/CreationDate ${pdfLiteral(pdfDate(options.createdAt))}`);
  objects.push(`<< ${info.join(' ')} >>`);
  for (const [index, ops] of writer.pages.entries()) {
    const contentId = (pageIds[index] as number) + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const stream = ops.join('\n');
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }

  let file = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new TextEncoder().encode(file);
}
