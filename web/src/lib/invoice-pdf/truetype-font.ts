/**
 * Just enough of TrueType for embedding fonts in a PDF: reads a WOFF 1.0 file (or a plain TrueType
 * one), maps characters to glyph ids through the font's `cmap`, gives advance widths and metrics,
 * and writes a subset that keeps only the glyphs a document uses.
 *
 * The subset keeps every glyph id where it was (unused glyphs become empty), so a glyph id in the
 * content stream is the same in the original font, composite glyphs need no renumbering, and the
 * PDF maps CIDs to glyphs with `/CIDToGIDMap /Identity`. WOFF 2.0 is not read: its glyph table is
 * transformed and needs Brotli; the fonts come as WOFF 1.0 (zlib per table), which the browser can
 * inflate natively.
 */

import { inflate } from './byte-streams';

/** A font file this module cannot use. */
export class FontFormatError extends Error {
  override readonly name = 'FontFormatError';
}

type Tables = ReadonlyMap<string, Uint8Array>;

const tagAt = (bytes: Uint8Array, offset: number): string =>
  String.fromCharCode(bytes[offset] ?? 0, bytes[offset + 1] ?? 0, bytes[offset + 2] ?? 0, bytes[offset + 3] ?? 0);

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The tables of a WOFF 1.0 or plain TrueType file, decompressed. */
export async function readFontTables(bytes: Uint8Array): Promise<Tables> {
  if (bytes.length < 12) throw new FontFormatError('Not a font file: too short');
  const data = view(bytes);
  const signature = tagAt(bytes, 0);
  const tables = new Map<string, Uint8Array>();
  if (signature === 'wOFF') {
    if (tagAt(bytes, 4) === 'OTTO') throw new FontFormatError('CFF outlines cannot be embedded as TrueType');
    const count = data.getUint16(12);
    const pending: Array<Promise<void>> = [];
    for (let index = 0; index < count; index++) {
      const entry = 44 + index * 20;
      const tag = tagAt(bytes, entry);
      const offset = data.getUint32(entry + 4);
      const compressed = data.getUint32(entry + 8);
      const original = data.getUint32(entry + 12);
      const raw = bytes.subarray(offset, offset + compressed);
      if (compressed === original) tables.set(tag, raw);
      else
        pending.push(
          inflate(raw).then((table) => {
            if (table.length !== original) throw new FontFormatError(`WOFF table ${tag} inflated to the wrong size`);
            tables.set(tag, table);
          }),
        );
    }
    await Promise.all(pending);
    return tables;
  }
  if (signature === 'wOF2') throw new FontFormatError('WOFF 2.0 is not supported: use the .woff file');
  if (data.getUint32(0) !== 0x00010000 && signature !== 'true') {
    throw new FontFormatError(`Not a TrueType font (signature ${JSON.stringify(signature)})`);
  }
  const count = data.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    const offset = data.getUint32(record + 8);
    tables.set(tagAt(bytes, record), bytes.subarray(offset, offset + data.getUint32(record + 12)));
  }
  return tables;
}

/** Character -> glyph id from the best Unicode `cmap` subtable (format 12, else format 4). */
function readCmap(cmap: Uint8Array): Map<number, number> {
  const data = view(cmap);
  const count = data.getUint16(2);
  const candidates: Array<{ offset: number; format: number; rank: number }> = [];
  for (let index = 0; index < count; index++) {
    const record = 4 + index * 8;
    const platform = data.getUint16(record);
    const encoding = data.getUint16(record + 2);
    const offset = data.getUint32(record + 4);
    const format = data.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode || (format !== 4 && format !== 12)) continue;
    candidates.push({ offset, format, rank: format === 12 ? 0 : 1 });
  }
  candidates.sort((a, b) => a.rank - b.rank);
  const best = candidates[0];
  const map = new Map<number, number>();
  if (!best) return map;
  if (best.format === 12) {
    const groups = data.getUint32(best.offset + 12);
    for (let group = 0; group < groups; group++) {
      const at = best.offset + 16 + group * 12;
      const start = data.getUint32(at);
      const end = data.getUint32(at + 4);
      const glyph = data.getUint32(at + 8);
      for (let code = start; code <= end; code++) map.set(code, glyph + code - start);
    }
    return map;
  }
  const segments = data.getUint16(best.offset + 6) / 2;
  const ends = best.offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let segment = 0; segment < segments; segment++) {
    const end = data.getUint16(ends + segment * 2);
    const start = data.getUint16(starts + segment * 2);
    const delta = data.getInt16(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = data.getUint16(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const raw = data.getUint16(rangeOffsetAt + rangeOffset + (code - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return map;
}

/** Composite glyph flags (OpenType `glyf`). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The table checksum of OpenType: the sum of big-endian uint32s, zero-padded. */
function checksum(bytes: Uint8Array): number {
  let sum = 0;
  const whole = bytes.length - (bytes.length % 4);
  const data = view(bytes);
  for (let offset = 0; offset < whole; offset += 4) sum = (sum + data.getUint32(offset)) >>> 0;
  if (whole < bytes.length) {
    let last = 0;
    for (let offset = whole; offset < whole + 4; offset++) last = (last << 8) | (bytes[offset] ?? 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** A TrueType font read for embedding. */
export class TrueTypeFont {
  readonly unitsPerEm: number;
  /** Font units: hhea ascender (positive), descender (negative), OS/2 cap height, head bounding box. */
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly bbox: readonly [number, number, number, number];
  readonly numGlyphs: number;
  private readonly cmap: Map<number, number>;
  private readonly glyphOffsets: Uint32Array;
  private readonly hmtx: DataView;
  private readonly numberOfHMetrics: number;

  private constructor(private readonly tables: Tables) {
    const table = (tag: string): Uint8Array => {
      const found = tables.get(tag);
      if (!found) throw new FontFormatError(`The font has no ${tag} table`);
      return found;
    };
    const head = view(table('head'));
    const hhea = view(table('hhea'));
    this.unitsPerEm = head.getUint16(18);
    this.bbox = [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)];
    this.ascent = hhea.getInt16(4);
    this.descent = hhea.getInt16(6);
    this.numberOfHMetrics = hhea.getUint16(34);
    this.numGlyphs = view(table('maxp')).getUint16(4);
    const os2 = tables.get('OS/2');
    this.capHeight = os2 && os2.length >= 90 && view(os2).getUint16(0) >= 2 ? view(os2).getInt16(88) : this.ascent;
    this.cmap = readCmap(table('cmap'));
    this.hmtx = view(table('hmtx'));
    table('glyf');
    const loca = view(table('loca'));
    const long = head.getInt16(50) === 1;
    this.glyphOffsets = new Uint32Array(this.numGlyphs + 1);
    for (let glyph = 0; glyph <= this.numGlyphs; glyph++) {
      this.glyphOffsets[glyph] = long ? loca.getUint32(glyph * 4) : loca.getUint16(glyph * 2) * 2;
    }
  }

  /** Reads a WOFF 1.0 or TrueType file; throws FontFormatError for anything else. */
  static async load(bytes: Uint8Array): Promise<TrueTypeFont> {
    return new TrueTypeFont(await readFontTables(bytes));
  }

  /** The glyph id of a code point, 0 (`.notdef`) when the font has none. */
  glyphId(codePoint: number): number {
    return this.cmap.get(codePoint) ?? 0;
  }

  /** Advance width of a glyph, in font units. */
  advanceWidth(glyph: number): number {
    const metric = Math.min(glyph, this.numberOfHMetrics - 1);
    return this.hmtx.getUint16(metric * 4);
  }

  private glyphData(glyph: number): Uint8Array {
    const glyf = this.tables.get('glyf') as Uint8Array;
    return glyf.subarray(this.glyphOffsets[glyph] ?? 0, this.glyphOffsets[glyph + 1] ?? 0);
  }

  /** Glyph ids a composite glyph is built from (none for a simple or empty glyph). */
  private components(glyph: number): number[] {
    const data = this.glyphData(glyph);
    if (data.length < 10 || view(data).getInt16(0) >= 0) return [];
    const glyphs: number[] = [];
    const reader = view(data);
    let offset = 10;
    let flags: number;
    do {
      flags = reader.getUint16(offset);
      glyphs.push(reader.getUint16(offset + 2));
      offset += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) offset += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) offset += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) offset += 8;
    } while (flags & MORE_COMPONENTS && offset + 4 <= data.length);
    return glyphs;
  }

  /**
   * A TrueType file holding only `glyphs` (plus `.notdef` and the parts of composite glyphs), each
   * at its original glyph id; every other glyph is empty. Hinting tables are kept as they are, since
   * the kept glyphs' instructions may call into them.
   */
  subset(glyphs: Iterable<number>): Uint8Array {
    const keep = new Set<number>([0]);
    const queue = [...glyphs];
    while (queue.length > 0) {
      const glyph = queue.pop() as number;
      if (keep.has(glyph) && glyph !== 0) continue;
      if (glyph < 0 || glyph >= this.numGlyphs) continue;
      keep.add(glyph);
      for (const part of this.components(glyph)) if (!keep.has(part)) queue.push(part);
    }

    // glyf and a long loca over the kept glyphs, each glyph padded to four bytes.
    const pieces: Uint8Array[] = [];
    const loca = new Uint8Array((this.numGlyphs + 1) * 4);
    const locaView = view(loca);
    let glyfLength = 0;
    for (let glyph = 0; glyph < this.numGlyphs; glyph++) {
      locaView.setUint32(glyph * 4, glyfLength);
      if (!keep.has(glyph)) continue;
      const data = this.glyphData(glyph);
      if (data.length === 0) continue;
      const padded = new Uint8Array(data.length + ((4 - (data.length % 4)) % 4));
      padded.set(data);
      pieces.push(padded);
      glyfLength += padded.length;
    }
    locaView.setUint32(this.numGlyphs * 4, glyfLength);
    const glyf = new Uint8Array(glyfLength);
    let at = 0;
    for (const piece of pieces) {
      glyf.set(piece, at);
      at += piece.length;
    }

    const head = new Uint8Array(this.tables.get('head') as Uint8Array);
    view(head).setUint32(8, 0); // checkSumAdjustment, set below
    view(head).setInt16(50, 1); // indexToLocFormat: long offsets
    const out = new Map<string, Uint8Array>([
      ['head', head],
      ['hhea', this.tables.get('hhea') as Uint8Array],
      ['maxp', this.tables.get('maxp') as Uint8Array],
      ['hmtx', this.tables.get('hmtx') as Uint8Array],
      ['loca', loca],
      ['glyf', glyf],
    ]);
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      const table = this.tables.get(tag);
      if (table) out.set(tag, table);
    }
    const file = writeSfnt(out);
    // OpenType: the whole file's checksum, with this field at 0, subtracted from a magic number.
    const headOffset = sfntTableOffset(file, 'head');
    view(file).setUint32(headOffset + 8, (0xb1b0afba - checksum(file)) >>> 0);
    return file;
  }
}

/** Serialises tables as a TrueType file: offset table, sorted records, four-byte aligned data. */
function writeSfnt(tables: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  let size = 12 + count * 16;
  for (const tag of tags) size += Math.ceil((tables.get(tag) as Uint8Array).length / 4) * 4;
  const file = new Uint8Array(size);
  const data = view(file);
  data.setUint32(0, 0x00010000);
  data.setUint16(4, count);
  data.setUint16(6, searchRange);
  data.setUint16(8, entrySelector);
  data.setUint16(10, count * 16 - searchRange);
  let offset = 12 + count * 16;
  tags.forEach((tag, index) => {
    const table = tables.get(tag) as Uint8Array;
    const record = 12 + index * 16;
    for (let char = 0; char < 4; char++) file[record + char] = tag.charCodeAt(char);
    data.setUint32(record + 4, checksum(table));
    data.setUint32(record + 8, offset);
    data.setUint32(record + 12, table.length);
    file.set(table, offset);
    offset += Math.ceil(table.length / 4) * 4;
  });
  return file;
}

function sfntTableOffset(file: Uint8Array, tag: string): number {
  const data = view(file);
  for (let index = 0; index < data.getUint16(4); index++) {
    const record = 12 + index * 16;
    if (tagAt(file, record) === tag) return data.getUint32(record + 8);
  }
  throw new FontFormatError(`No ${tag} table`);
}
