/**
 * Creative files for tests, made in code: the headers the media probe reads, padded to the size a
 * test needs. Not playable or viewable; true to the formats where the probe looks.
 */

/** A PNG: signature and IHDR of `width` x `height`, then padding to `size` bytes. */
export function pngBytes(width: number, height: number, size = 1000): Uint8Array {
  const out = Buffer.alloc(Math.max(size, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(out, 0);
  out.writeUInt32BE(13, 8);
  out.write('IHDR', 12, 'ascii');
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out[24] = 8;
  out[25] = 2;
  return new Uint8Array(out);
}

/** An SVG with a script: what an attacker sends labelled image/png. */
export function svgWithScript(size = 1000): Uint8Array {
  const text = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
  return new Uint8Array(Buffer.from(text.padEnd(size, ' ')));
}

function box(type: string, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
}

/**
 * An MP4 of `seconds` at `width` x `height`: `ftyp`, `moov` (`mvhd`, one `trak` with its `tkhd`) and
 * an `mdat` of `mediaBytes`, the movie box before the media (fast start) or after it.
 */
export function mp4Bytes(options: {
  width: number;
  height: number;
  seconds: number;
  mediaBytes?: number;
  moovFirst?: boolean;
  majorBrand?: string;
}): Uint8Array {
  const ftyp = Buffer.alloc(16);
  ftyp.write(options.majorBrand ?? 'isom', 0, 'ascii');
  ftyp.writeUInt32BE(512, 4);
  ftyp.write(options.majorBrand ?? 'isom', 8, 'ascii');
  ftyp.write('mp41', 12, 'ascii');
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(options.seconds * 1000), 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(options.width * 65536, 76);
  tkhd.writeUInt32BE(options.height * 65536, 80);
  const moov = box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd), box('mdia', Buffer.alloc(16))));
  const mdat = box('mdat', Buffer.alloc(options.mediaBytes ?? 1000));
  const parts = options.moovFirst === false ? [box('ftyp', ftyp), mdat, moov] : [box('ftyp', ftyp), moov, mdat];
  return new Uint8Array(Buffer.concat(parts));
}
