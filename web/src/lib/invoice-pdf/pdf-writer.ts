import type { Font } from 'fontkit';
import * as pdfkit from 'pdfkit';
import type { PDFDocument } from 'pdfkit';
import Helvetica from 'pdfkit/standard-fonts/Helvetica';
import HelveticaBold from 'pdfkit/standard-fonts/HelveticaBold';
import { pickFaces, type Face, type FacePicker, type FontSource, type Need } from './font-faces';
import { PAGE, type Cell, type Row } from './invoice-rows';
import { textRuns } from './text-runs';

// The browser build draws standard fonts only once registered; the Node build reads them itself.
pdfkit.registerStdFonts?.(Helvetica, HelveticaBold);

const INK = '#1a202c';
const MUTED = '#555555';
const LINE_HEIGHT = 1.4;

/** A piece of a line, in one font: a standard font's name or an embedded file's key. */
interface Piece {
  readonly text: string;
  readonly font: string;
  readonly emboldened: boolean;
  /** Drawn with its characters as ActualText (see `TextRun.shaped`). */
  readonly shaped: boolean;
  readonly width: number;
}

/** Text as pieces (words and the spaces between), each in one font, in the order they are drawn. */
type Pen = (text: string, bold: boolean) => Array<Omit<Piece, 'width'>>;

const words = (text: string): string[] => text.split(/(\s+)/).filter(Boolean);

const standardPen = (): Pen => (text, bold) =>
  words(text).map((word) => ({
    text: word,
    font: bold ? 'Helvetica-Bold' : 'Helvetica',
    emboldened: false,
    shaped: false,
  }));

/** A font of the document: one embedding of a file, and the characters each of its glyphs stands for. */
interface Embedding {
  readonly name: string;
  readonly glyphs: Map<number, string>;
}

/**
 * Embedded Noto files for `doc`. A PDF maps each glyph of an embedding to one text, so when a shaped
 * word uses a glyph already standing for other characters (Noto Sans Arabic draws medial ب and ن from
 * one dotless skeleton), the word goes into a further embedding of the same file, which keeps
 * extraction letter-exact.
 */
function embeddedPen(doc: PDFDocument, pick: FacePicker): Pen {
  const embeddings = new Map<string, Embedding[]>();
  const fontFor = (word: string, face: Face): string => {
    if (!face.shapes) {
      if (!embeddings.has(face.key)) {
        doc.registerFont(face.key, face.font);
        embeddings.set(face.key, []);
      }
      return face.key;
    }
    const glyphs = face.font
      .layout(word)
      .glyphs.map((glyph) => [glyph.id, String.fromCodePoint(...glyph.codePoints)] as const)
      .filter(([, chars]) => chars !== '');
    const known = embeddings.get(face.key) ?? [];
    embeddings.set(face.key, known);
    let embedding = known.find((candidate) =>
      glyphs.every(([id, chars]) => (candidate.glyphs.get(id) ?? chars) === chars),
    );
    if (!embedding) {
      const copy = known.length;
      embedding = { name: copy === 0 ? face.key : `${face.key}~${copy}`, glyphs: new Map() };
      // pdfkit reuses an embedding of a font it already has under the same PostScript name: a copy is
      // named apart (the same parsed font underneath).
      const font: Font =
        copy === 0
          ? face.font
          : Object.create(face.font, { postscriptName: { value: `${face.font.postscriptName}-${copy}` } });
      doc.registerFont(embedding.name, font);
      known.push(embedding);
    }
    for (const [id, chars] of glyphs) embedding.glyphs.set(id, chars);
    return embedding.name;
  };
  return (text, bold) =>
    textRuns(text, pick, bold).flatMap(({ text: run, face, shaped }) =>
      words(run).map((word) =>
        face
          ? { text: word, font: fontFor(word, face), emboldened: face.emboldened, shaped }
          : { text: word, font: bold ? 'Helvetica-Bold' : 'Helvetica', emboldened: false, shaped: false },
      ),
    );
}

/** What Windows-1252 (the standard fonts' encoding here) holds beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const inWinAnsi = (char: string): boolean =>
  (char >= ' ' && char <= '~') || (char >= '\u00a0' && char <= '\u00ff') || WIN_ANSI_EXTRA.has(char);

/**
 * The pen for `rows`: the standard fonts when they encode every character (nothing is fetched, the
 * file stays a few KB), else embedded Noto files for all the text, so it reads in one design.
 */
async function penFor(rows: readonly Row[], fonts: FontSource | undefined): Promise<(doc: PDFDocument) => Pen> {
  const cells = rows.flatMap((row) => row.cells);
  if (cells.every((cell) => Array.from(cell.text).every(inWinAnsi))) return standardPen;
  const needs: Need[] = cells.flatMap((cell) => Array.from(cell.text, (char) => ({ char, bold: cell.bold === true })));
  const pick = await pickFaces(needs, fonts);
  return (doc) => embeddedPen(doc, pick);
}

/** `cell`'s text broken into lines of pieces that fit its width (at spaces; within a word if it must). */
function layoutCell(doc: PDFDocument, pen: Pen, cell: Cell, size: number): Piece[][] {
  const measure = (text: string, font: string): number => doc.font(font).fontSize(size).widthOfString(text);
  const tokens = pen(cell.text, cell.bold === true).map((piece) => ({
    ...piece,
    width: measure(piece.text, piece.font),
  }));
  const lines: Piece[][] = [[]];
  let used = 0;
  for (const token of tokens) {
    let line = lines[lines.length - 1] as Piece[];
    const blank = /^\s+$/.test(token.text);
    if (used + token.width > cell.width && line.length > 0 && !blank) {
      line = [];
      lines.push(line);
      used = 0;
    }
    if (blank && line.length === 0) continue;
    if (token.width <= cell.width || blank) {
      line.push(token);
      used += token.width;
      continue;
    }
    // A word wider than the cell (a long id): broken between characters.
    for (const char of token.text) {
      const width = measure(char, token.font);
      if (used + width > cell.width && line.length > 0) {
        line = [];
        lines.push(line);
        used = 0;
      }
      line.push({ ...token, text: char, width });
      used += width;
    }
  }
  return lines;
}

function drawLines(doc: PDFDocument, lines: Piece[][], cell: Cell, size: number, top: number): void {
  const color = cell.muted ? MUTED : INK;
  lines.forEach((line, index) => {
    while (line.length > 0 && /^\s+$/.test((line[line.length - 1] as Piece).text)) line.pop();
    const width = line.reduce((sum, piece) => sum + piece.width, 0);
    let x = cell.align === 'right' ? cell.x + cell.width - width : cell.x;
    const baseline = top + size + index * size * LINE_HEIGHT;
    for (const piece of line) {
      doc.font(piece.font).fontSize(size).fillColor(color);
      // A family without a bold file is drawn bold by stroking its outlines as well as filling them.
      if (piece.emboldened) doc.lineWidth(size * 0.035).strokeColor(color);
      if (piece.shaped) doc.markContent('Span', { actual: piece.text });
      doc.text(piece.text, x, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        fill: true,
        stroke: piece.emboldened,
      });
      // Closed in the coordinates the text was drawn in (pdfkit flips them only around its text), as
      // poppler places the ActualText where the span ends.
      if (piece.shaped) {
        doc.save().transform(1, 0, 0, -1, 0, PAGE.height);
        doc.addContent(`/${(doc as unknown as { _font: { id: string } })._font.id} ${size} Tf`);
        doc.endMarkedContent().restore();
      }
      x += piece.width;
    }
  });
}

/** Lays `rows` out on pages (the table's head again on each page it continues on), returns the document. */
function drawRows(doc: PDFDocument, pen: Pen, rows: readonly Row[]): void {
  const bottom = PAGE.height - PAGE.margin;
  let y = PAGE.margin;
  let head: Row | null = null;
  const draw = (row: Row, laid: Piece[][][], height: number): void => {
    row.cells.forEach((cell, index) => drawLines(doc, laid[index] as Piece[][], cell, row.size, y));
    y += height;
    if (row.rule) {
      const x0 = Math.min(...row.cells.map((cell) => cell.x));
      const x1 = Math.max(...row.cells.map((cell) => cell.x + cell.width));
      doc.lineWidth(row.rule.width).strokeColor(row.rule.color).moveTo(x0, y).lineTo(x1, y).stroke();
      y += 6;
    }
  };
  const measure = (row: Row): { laid: Piece[][][]; height: number } => {
    const laid = row.cells.map((cell) => layoutCell(doc, pen, cell, row.size));
    const lines = Math.max(1, ...laid.map((cell) => cell.length));
    return { laid, height: row.size * (1 + (lines - 1) * LINE_HEIGHT) + row.size * 0.3 + row.padding };
  };
  for (const row of rows) {
    const { laid, height } = measure(row);
    if (y + height > bottom && y > PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
      if (head && !row.repeats) {
        const repeated = measure(head);
        draw(head, repeated.laid, repeated.height);
      }
    }
    draw(row, laid, height);
    if (row.repeats) head = row;
    if (row.endsTable) head = null;
  }
}

/** What the document's properties say. */
export interface PdfInfo {
  readonly title: string;
  readonly createdAt: Date;
}

/**
 * `rows` as PDF bytes (pdfkit): text in the standard fonts, or in subsets of the Noto files its
 * characters need (shaped by fontkit, so Arabic joins and Devanagari forms its conjuncts), always
 * selectable and searchable (each glyph maps back to its characters).
 */
export async function rowsToPdf(
  rows: readonly Row[],
  info: PdfInfo,
  fonts?: FontSource,
): Promise<Uint8Array<ArrayBuffer>> {
  const penOf = await penFor(rows, fonts);
  const doc = new pdfkit.PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    font: 'Helvetica',
    displayTitle: true,
    lang: 'en',
    info: { Title: info.title, Author: 'BidGrid', Creator: 'BidGrid', CreationDate: info.createdAt },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  drawRows(doc, penOf(doc), rows);
  doc.end();
  await done;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
