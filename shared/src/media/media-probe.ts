import { imageSize } from './image-size';

/**
 * What a creative file really is, read from its bytes rather than from what the client says:
 * the type from its magic bytes (only the types a creative may have: PNG, JPEG, GIF and WebP images,
 * MP4 video), the pixel size from the image header or the MP4 track header, and an MP4's duration
 * from its movie header (`mvhd`). It reads through ranged reads, so a 250 MB video costs a few
 * kilobytes: the start of the file and the `moov` box wherever it is (start or end). It lives in
 * `shared` because the browser reads the chosen files the same way before it uploads them.
 */

/** The types a creative file may be (001 §5: images/gifs for display, mp4 for video). */
export type TProbedType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'video/mp4';

/** What the bytes say. `durationSeconds` is for video only. */
export interface TProbedMedia {
  type: TProbedType;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/** Reads bytes of one object: `length` bytes from `offset` (fewer at its end). */
export interface TByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A source over bytes in memory (a file part of the request). */
export function bytesSource(data: Uint8Array): TByteSource {
  return { size: data.length, read: async (offset, length) => data.subarray(offset, offset + length) };
}

/** How much is read at once: the head of the file, and each box header window. */
const WINDOW = 64 * 1024;
/** Images are read whole up to this (a JPEG's size can sit behind a long EXIF block). */
const IMAGE_READ_LIMIT = 1024 * 1024;
/** Reads an MP4 may take before it counts as unreadable (a crafted file of a million tiny boxes). */
const MAX_READS = 64;
/** Brands of the MP4 family (ISO base media, MPEG-4, AVC, Apple's M4V): QuickTime's `qt  ` alone is not one. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash']);

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

function imageType(head: Uint8Array): TProbedType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const gif = ascii(head, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A big-endian reader over a byte array (DataView without the offset bookkeeping). */
const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** One box: where its payload starts and ends, and its four-letter type. */
interface TBox {
  type: string;
  start: number;
  payload: number;
  end: number;
}

/** Reads windows of an object, each at most once, and counts the reads. */
class WindowedReader {
  private reads = 0;
  private readonly cache = new Map<number, Uint8Array>();

  constructor(private readonly source: TByteSource) {}

  /** `length` bytes at `offset` (fewer at the end of the object); null once the read budget is spent. */
  async bytes(offset: number, length: number): Promise<Uint8Array | null> {
    const out = new Uint8Array(Math.max(0, Math.min(length, this.source.size - offset)));
    let filled = 0;
    while (filled < out.length) {
      const at = offset + filled;
      const windowStart = at - (at % WINDOW);
      let window = this.cache.get(windowStart);
      if (!window) {
        if (++this.reads > MAX_READS) return null;
        window = await this.source.read(windowStart, WINDOW);
        this.cache.set(windowStart, window);
      }
      const chunk = window.subarray(at - windowStart, at - windowStart + (out.length - filled));
      if (chunk.length === 0) return null;
      out.set(chunk, filled);
      filled += chunk.length;
    }
    return out;
  }

  /** The box whose header starts at `offset`, inside a parent ending at `limit`; null when malformed. */
  async box(offset: number, limit: number): Promise<TBox | null> {
    if (offset + 8 > limit) return null;
    const head = await this.bytes(offset, 16);
    if (!head || head.length < 8) return null;
    const size32 = view(head).getUint32(0);
    const type = ascii(head, 4, 8);
    let payload = offset + 8;
    let size = size32;
    if (size32 === 1) {
      if (head.length < 16) return null;
      size = Number(view(head).getBigUint64(8));
      payload = offset + 16;
    } else if (size32 === 0) {
      size = limit - offset;
    }
    const end = offset + size;
    if (size < payload - offset || end > limit) return null;
    return { type, start: offset, payload, end };
  }

  /** The children of a box (or of the file) of the given type, in order. */
  async *children(start: number, end: number): AsyncGenerator<TBox | null> {
    for (let offset = start; offset < end;) {
      const child = await this.box(offset, end);
      yield child;
      if (!child) return;
      offset = child.end;
    }
  }
}

/** Duration in seconds from an `mvhd` payload (version 0: 32-bit fields, version 1: 64-bit). */
function movieDuration(payload: Uint8Array): number | null {
  const data = view(payload);
  if (payload.length < 20) return null;
  const version = payload[0];
  const [timescale, duration] =
    version === 1
      ? payload.length >= 32
        ? [data.getUint32(20), Number(data.getBigUint64(24))]
        : [0, 0]
      : [data.getUint32(12), data.getUint32(16)];
  return timescale > 0 && duration > 0 ? duration / timescale : null;
}

/** Width and height (16.16 fixed point) from a `tkhd` payload; null for a track without pictures. */
function trackSize(payload: Uint8Array): { width: number; height: number } | null {
  const at = payload[0] === 1 ? 88 : 76;
  if (payload.length < at + 8) return null;
  const width = view(payload).getUint32(at) / 65536;
  const height = view(payload).getUint32(at + 4) / 65536;
  return width > 0 && height > 0 ? { width: Math.round(width), height: Math.round(height) } : null;
}

async function probeMp4(reader: WindowedReader, size: number): Promise<TProbedMedia | null> {
  const ftyp = await reader.box(0, size);
  if (!ftyp || ftyp.type !== 'ftyp' || ftyp.end - ftyp.payload < 8) return null;
  const brands = await reader.bytes(ftyp.payload, ftyp.end - ftyp.payload);
  if (!brands) return null;
  const named = [ascii(brands, 0, 4)];
  for (let i = 8; i + 4 <= brands.length; i += 4) named.push(ascii(brands, i, i + 4));
  if (!named.some((brand) => MP4_BRANDS.has(brand))) return null;

  for await (const top of reader.children(0, size)) {
    if (!top) return null;
    if (top.type !== 'moov') continue;
    let durationSeconds: number | null = null;
    let picture: { width: number; height: number } | null = null;
    for await (const child of reader.children(top.payload, top.end)) {
      if (!child) return null;
      if (child.type === 'mvhd') {
        const payload = await reader.bytes(child.payload, Math.min(child.end - child.payload, 120));
        durationSeconds = payload ? movieDuration(payload) : null;
      } else if (child.type === 'trak' && !picture) {
        for await (const part of reader.children(child.payload, child.end)) {
          if (!part) return null;
          if (part.type !== 'tkhd') continue;
          const payload = await reader.bytes(part.payload, Math.min(part.end - part.payload, 104));
          picture = payload ? trackSize(payload) : null;
          break;
        }
      }
    }
    if (durationSeconds === null) return null;
    return { type: 'video/mp4', width: picture?.width ?? null, height: picture?.height ?? null, durationSeconds };
  }
  return null;
}

/**
 * What an object is, by its bytes; null when it is none of the creative types or its header cannot
 * be read (an SVG, a script, a PNG cut short, an MP4 without a movie header).
 */
export async function probeMedia(source: TByteSource): Promise<TProbedMedia | null> {
  const reader = new WindowedReader(source);
  const head = await reader.bytes(0, Math.min(WINDOW, source.size));
  if (!head || head.length === 0) return null;
  const image = imageType(head);
  if (image) {
    const whole = head.length < source.size ? await reader.bytes(0, Math.min(source.size, IMAGE_READ_LIMIT)) : head;
    const size = whole ? imageSize(whole) : null;
    return size ? { type: image, width: size.width, height: size.height, durationSeconds: null } : null;
  }
  return probeMp4(reader, source.size);
}
