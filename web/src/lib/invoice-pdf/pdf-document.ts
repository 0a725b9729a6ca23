import { deflate } from './byte-streams';
import type { Block, CellAlign, TableCell, TextRun, TextStyle } from './html-blocks';
import {
  foldForStandardFonts,
  needsEmbeddedFont,
  textWidth,
  toWinAnsiText,
  winAnsiByte,
  type FontName,
} from './font-metrics';
import { STANDARD_TYPEFACE, type EmbeddedFace, type FontKey, type Piece, type Typeface } from './typeface';

/**
 * A small PDF 1.4 writer for text documents: lays blocks out on US Letter pages, wraps lines by the
 * fonts' metrics, breaks pages (repeating a table's header row), numbers the pages, and serialises the
 * file with a correct cross-reference table.
 *
 * Text the standard Helvetica and Courier fonts can draw (WinAnsi) uses them, nothing embedded, so a
 * Latin invoice stays a few KB of plain ASCII, its text written as octal escapes of WinAnsi bytes.
 * Words with other characters (Łódź, Ωmega, 株式会社) are drawn in embedded TrueType subsets (only the
 * glyphs used) as Type0 / CIDFontType2 fonts with Identity-H encoding and a ToUnicode map, so their
 * text can be selected, searched and copied; the typeface (`embedded-fonts.ts`) says which.
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
/** Embedded face n is the page resource `F<n + 4>`. */
const EMBEDDED_RESOURCE_BASE = 4;
/** Stroke width of emboldened text (a face without a bold of its own), as a share of the font size. */
const EMBOLDEN = 0.03;

interface Segment {
  text: string;
  font: FontKey;
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

const piecesWidth = (pieces: readonly Piece[], typeface: Typeface, size: number): number =>
  pieces.reduce((sum, piece) => sum + typeface.width(piece.text, piece.font, size), 0);

/** Splits a word (its pieces) that is wider than the line into lines of pieces that fit. */
function splitLongWord(word: readonly Piece[], typeface: Typeface, size: number, maxWidth: number): Piece[][] {
  const lines: Piece[][] = [];
  let current: Array<{ text: string; font: FontKey }> = [];
  for (const piece of word) {
    for (const char of piece.text) {
      const last = current[current.length - 1];
      const next =
        last?.font === piece.font
          ? [...current.slice(0, -1), { text: last.text + char, font: piece.font }]
          : [...current, { text: char, font: piece.font }];
      if (current.length > 0 && piecesWidth(next, typeface, size) > maxWidth) {
        lines.push(current);
        current = [{ text: char, font: piece.font }];
      } else current = next;
    }
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

/**
 * Wraps runs into lines no wider than `maxWidth`. Spaces break lines; `\n` forces a break; a word
 * wider than a line is cut. `mono` keeps every space (preformatted text).
 */
export function wrapRuns(
  runs: readonly TextRun[],
  maxWidth: number,
  size: number,
  base: FontName,
  typeface: Typeface = STANDARD_TYPEFACE,
): Line[] {
  const fontOf = (bold: boolean): FontName => (base === 'mono' ? 'mono' : bold ? 'bold' : base);
  const lines: Line[] = [];
  let segments: Segment[] = [];
  let width = 0;
  let pendingSpace: FontName | null = null;
  const push = (text: string, font: FontKey): void => {
    const last = segments[segments.length - 1];
    if (last && last.font === font) last.text += text;
    else segments.push({ text, font });
    width += typeface.width(text, font, size);
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
      .map(foldForStandardFonts)
      .forEach((part, partIndex) => {
        if (partIndex > 0) endLine();
        const tokens = base === 'mono' ? (part.match(/ |[^ ]+/g) ?? []) : (part.match(/ +|[^ ]+/g) ?? []);
        for (const token of tokens) {
          if (base !== 'mono' && token.startsWith(' ')) {
            if (segments.length > 0) pendingSpace = font;
            continue;
          }
          const word = token === ' ' ? [{ text: ' ', font }] : typeface.pieces(token, font);
          const spaceWidth = pendingSpace ? textWidth(' ', pendingSpace, size) : 0;
          const wordWidth = piecesWidth(word, typeface, size);
          if (segments.length > 0 && width + spaceWidth + wordWidth > maxWidth) endLine();
          else if (pendingSpace) push(' ', pendingSpace);
          pendingSpace = null;
          if (wordWidth > maxWidth - width) {
            splitLongWord(word, typeface, size, maxWidth).forEach((pieces, index) => {
              if (index > 0) endLine();
              for (const piece of pieces) push(piece.text, piece.font);
            });
          } else for (const piece of word) push(piece.text, piece.font);
        }
      });
  }
  if (segments.length > 0) endLine();
  return lines;
}

/** A face's glyphs the document draws: glyph id -> the text it stands for (for the ToUnicode map). */
type GlyphUse = Map<number, string>;

/** Collects the drawing operators of each page while the layout moves down the pages. */
class PageWriter {
  readonly pages: string[][] = [];
  /** Distance from the page's top edge to the top of the free space. */
  cursor = MARGIN;
  /** Embedded faces drawn with, by face index. */
  readonly used = new Map<number, { face: EmbeddedFace; glyphs: GlyphUse }>();

  constructor(readonly typeface: Typeface) {
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
    const parts = line.segments.map((segment) => {
      const use = this.typeface.face(segment.font);
      if (!use) return `/${FONT_RESOURCE[segment.font as FontName]} ${fmt(size)} Tf ${pdfLiteral(segment.text)} Tj`;
      const show = `/F${use.index + EMBEDDED_RESOURCE_BASE} ${fmt(size)} Tf ${this.glyphString(use.index, use.face, segment.text)} Tj`;
      // Fill and stroke the outlines (render mode 2) to embolden a face that has no bold.
      return use.emboldened ? `${fmt(gray)} G ${fmt(size * EMBOLDEN)} w 2 Tr ${show} 0 Tr` : show;
    });
    this.ops.push(`BT ${fmt(gray)} g ${fmt(x)} ${fmt(PAGE_HEIGHT - baseline)} Td ${parts.join(' ')} ET`);
  }

  /** The glyph ids of `text` in an embedded face as a hex string (Identity-H: two bytes a glyph). */
  private glyphString(index: number, face: EmbeddedFace, text: string): string {
    let entry = this.used.get(index);
    if (!entry) {
      entry = { face, glyphs: new Map() };
      this.used.set(index, entry);
    }
    let hex = '<';
    for (const char of text) {
      const glyph = face.font.glyphId(char.codePointAt(0) ?? 0);
      if (!entry.glyphs.has(glyph)) entry.glyphs.set(glyph, char);
      hex += glyph.toString(16).padStart(4, '0');
    }
    return `${hex.toUpperCase()}>`;
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
  const lines = wrapRuns(block.runs, PAGE_WIDTH - MARGIN - x, style.size, style.font, writer.typeface);
  if (!writer.atTop) writer.cursor += style.before;
  lines.forEach((line, index) => {
    writer.ensure(lineHeight);
    const baseline = writer.cursor + style.size * 0.9;
    if (index === 0 && block.marker) {
      const marker = wrapRuns(
        [{ text: block.marker, bold: false }],
        INDENT_STEP,
        style.size,
        'regular',
        writer.typeface,
      )[0];
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

/** Width of one line of text unwrapped, in points. */
function measure(text: string, font: FontName, size: number, typeface: Typeface): number {
  const folded = foldForStandardFonts(text);
  // Exactly as before fonts were embedded when the standard fonts draw it all.
  if (!needsEmbeddedFont(folded)) return textWidth(toWinAnsiText(folded), font, size);
  return (folded.match(/ +|[^ ]+/g) ?? []).reduce(
    (sum, token) =>
      sum +
      (token.startsWith(' ')
        ? textWidth(token, font, size)
        : piecesWidth(typeface.pieces(token, font), typeface, size)),
    0,
  );
}

/**
 * Column widths: each column's natural width (from cells spanning one column), never below a fair
 * minimum, scaled to the full width.
 */
function columnWidths(rows: readonly TableCell[][], columns: number, typeface: Typeface): number[] {
  const natural = Array.from({ length: columns }, () => 0);
  for (const row of rows) {
    let column = 0;
    for (const cell of row) {
      if (cell.span === 1) {
        const font: FontName = cell.header ? 'bold' : 'regular';
        for (const line of cell.lines) {
          const width = line.reduce(
            (sum, run) => sum + measure(run.text, run.bold ? 'bold' : font, TABLE_FONT_SIZE, typeface),
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
  const widths = columnWidths(rows, columns, writer.typeface);
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
          writer.typeface,
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

/** Every text the layout of `blocks` draws, in its standard font: what a typeface must cover. */
export function textsToDraw(blocks: readonly Block[]): Array<{ text: string; font: FontName }> {
  const texts: Array<{ text: string; font: FontName }> = [];
  for (const block of blocks) {
    if (block.kind === 'text') {
      const base = STYLES[block.style].font;
      for (const run of block.runs) {
        texts.push({ text: run.text, font: base === 'mono' ? 'mono' : run.bold ? 'bold' : base });
      }
      if (block.marker) texts.push({ text: block.marker, font: 'regular' });
    } else if (block.kind === 'table') {
      for (const cell of block.rows.flat()) {
        for (const run of cell.lines.flat()) {
          texts.push({ text: run.text, font: cell.header || run.bold ? 'bold' : 'regular' });
        }
      }
    }
  }
  return texts;
}

/** Six capital letters naming a subset (PDF 9.6.4), derived from its content so output is reproducible. */
function subsetTag(name: string, glyphs: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const code of [...name].map((c) => c.charCodeAt(0)).concat(glyphs)) {
    hash ^= code;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let tag = '';
  for (let index = 0; index < 6; index++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + index * 7919;
  }
  return tag;
}

/** UTF-16BE hex of a text, as a ToUnicode map writes destination strings. */
const utf16Hex = (text: string): string => {
  let hex = '';
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return hex.toUpperCase();
};

/** The ToUnicode CMap of an embedded face: each glyph id used -> the text it stands for. */
function toUnicodeCMap(glyphs: GlyphUse): string {
  const entries = [...glyphs].sort((a, b) => a[0] - b[0]);
  const chunks: string[] = [];
  // At most 100 mappings per bfchar section (PDF 9.10.3 / the CMap spec).
  for (let index = 0; index < entries.length; index += 100) {
    const part = entries.slice(index, index + 100);
    chunks.push(
      `${part.length} beginbfchar\n${part
        .map(([glyph, text]) => `<${glyph.toString(16).padStart(4, '0').toUpperCase()}> <${utf16Hex(text)}>`)
        .join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMapName get /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** `/W` of a CIDFont: runs of consecutive glyph ids with their widths (1/1000 em). */
function glyphWidths(face: EmbeddedFace, glyphs: readonly number[]): string {
  const scale = 1000 / face.font.unitsPerEm;
  const runs: string[] = [];
  let start = -1;
  let widths: number[] = [];
  const flush = (): void => {
    if (start >= 0) runs.push(`${start} [${widths.join(' ')}]`);
  };
  glyphs.forEach((glyph, index) => {
    if (index === 0 || glyph !== (glyphs[index - 1] as number) + 1) {
      flush();
      start = glyph;
      widths = [];
    }
    widths.push(Math.round(face.font.advanceWidth(glyph) * scale));
  });
  flush();
  return `[${runs.join(' ')}]`;
}

type PdfObject = string | { readonly dictionary: string; readonly data: Uint8Array };

/** The five objects of an embedded face, numbered from `first`: Type0, CIDFont, descriptor, file, ToUnicode. */
async function embeddedFontObjects(face: EmbeddedFace, glyphs: GlyphUse, first: number): Promise<PdfObject[]> {
  const used = [...glyphs.keys()].sort((a, b) => a - b);
  const name = `${subsetTag(face.id, used)}+${face.postScriptName}`;
  const program = face.font.subset(used);
  const compressed = await deflate(program);
  const scale = 1000 / face.font.unitsPerEm;
  const units = (value: number): number => Math.round(value * scale);
  const [xMin, yMin, xMax, yMax] = face.font.bbox;
  const cmap = toUnicodeCMap(glyphs);
  return [
    `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${first + 1} 0 R] /ToUnicode ${first + 4} 0 R >>`,
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${first + 2} 0 R /DW 1000 /W ${glyphWidths(face, used)} /CIDToGIDMap /Identity >>`,
    `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [${units(xMin)} ${units(yMin)} ${units(xMax)} ${units(yMax)}] /ItalicAngle 0 /Ascent ${units(face.font.ascent)} /Descent ${units(face.font.descent)} /CapHeight ${units(face.font.capHeight)} /StemV 80 /FontFile2 ${first + 3} 0 R >>`,
    {
      dictionary: `<< /Length ${compressed.length} /Length1 ${program.length} /Filter /FlateDecode >>`,
      data: compressed,
    },
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  ];
}

/** Joins byte chunks. */
function concatBytes(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Lays the blocks out and returns the bytes of the PDF file. `typeface` says which words need
 * embedded fonts (default: none, what the standard fonts cannot draw becomes '?').
 */
export async function blocksToPdf(
  blocks: readonly Block[],
  options: PdfOptions = {},
  typeface: Typeface = STANDARD_TYPEFACE,
): Promise<Uint8Array<ArrayBuffer>> {
  const writer = new PageWriter(typeface);
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

  // Objects: 1 catalog, 2 page tree, 3-5 standard fonts, 6 info, then a page and its content per
  // page, then five objects per embedded face.
  const objects: PdfObject[] = [];
  const pageIds = writer.pages.map((_, index) => 7 + index * 2);
  const embedded = [...writer.used.entries()].sort((a, b) => a[0] - b[0]);
  const firstFontId = 7 + pageCount * 2;
  const fontResources = [
    '/F1 3 0 R /F2 4 0 R /F3 5 0 R',
    ...embedded.map(([index], order) => `/F${index + EMBEDDED_RESOURCE_BASE} ${firstFontId + order * 5} 0 R`),
  ].join(' ');
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
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << ${fontResources} >> >> /Contents ${contentId} 0 R >>`,
    );
    const stream = ops.join('\n');
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  for (const [order, [, { face, glyphs }]] of embedded.entries()) {
    objects.push(...(await embeddedFontObjects(face, glyphs, firstFontId + order * 5)));
  }

  // Everything but font programs is ASCII; a file with binary streams says so in its second line.
  const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [ascii('%PDF-1.4\n')];
  if (embedded.length > 0) chunks.push(new Uint8Array([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  let length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const add = (chunk: Uint8Array): void => {
    chunks.push(chunk);
    length += chunk.length;
  };
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    if (typeof body === 'string') add(ascii(`${index + 1} 0 obj\n${body}\nendobj\n`));
    else {
      add(ascii(`${index + 1} 0 obj\n${body.dictionary}\nstream\n`));
      add(body.data);
      add(ascii('\nendstream\nendobj\n'));
    }
  });
  const xrefOffset = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  add(ascii(tail));
  return concatBytes(chunks);
}
