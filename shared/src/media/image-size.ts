/**
 * Pixel size of an image from its header bytes (PNG, GIF, JPEG, WebP), so an upload's declared
 * width and height can be checked against the file (001 §5 allows only some sizes). Null when the
 * format is not one of these or the header is cut short. Plain `Uint8Array`/`DataView` code: the
 * server checks uploads with it and the browser measures the chosen files with the same reading.
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (from: number, to: number): string =>
    String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
  const uint24LE = (at: number): number => data.getUint16(at, true) + ((bytes[at + 2] as number) << 16);
  // PNG: signature, then the IHDR chunk with width and height (big-endian).
  if (bytes.length >= 24 && data.getUint32(0) === 0x89504e47 && ascii(12, 16) === 'IHDR') {
    return { width: data.getUint32(16), height: data.getUint32(20) };
  }
  // GIF87a / GIF89a: logical screen size (little-endian).
  if (bytes.length >= 10 && ascii(0, 3) === 'GIF') {
    return { width: data.getUint16(6, true), height: data.getUint16(8, true) };
  }
  // JPEG: walk the segments to the first start-of-frame marker (ITU-T T.81 B.1.1).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 1 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      // Any number of 0xFF fill bytes may precede a marker (B.1.1.2); encoders and editors write them.
      while (bytes[offset + 1] === 0xff) offset += 1;
      const marker = bytes[offset + 1];
      if (marker === undefined) return null;
      // TEM and RST0-7 stand alone: no length follows.
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        offset += 2;
        continue;
      }
      if (offset + 9 > bytes.length) return null;
      const length = data.getUint16(offset + 2);
      const startOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (startOfFrame) return { height: data.getUint16(offset + 5), width: data.getUint16(offset + 7) };
      if (length < 2) return null;
      offset += 2 + length;
    }
    return null;
  }
  // WebP: RIFF container with a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk.
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    const chunk = ascii(12, 16);
    if (chunk === 'VP8 ')
      return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = data.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { width: uint24LE(24) + 1, height: uint24LE(27) + 1 };
  }
  return null;
}
