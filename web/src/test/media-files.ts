/**
 * Creative files for page tests, made in code: the header bytes the shared media probe reads (as the
 * server's `test-media.ts` makes them), padded to the size a test needs. Not decodable; the screens
 * measure files by their headers.
 */

/** A PNG of `width` x `height`, `size` bytes in all. */
export function pngFile(name: string, width: number, height: number, size = 100): File {
  const bytes = new Uint8Array(Math.max(size, 24));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

const box = (type: string, body: Uint8Array): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(body.length + 8);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  out.set(body, 8);
  return out;
};

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** An mp4 of `seconds` at `width` x `height`: ftyp, then moov (mvhd, a trak's tkhd), then the media. */
export function mp4File(name: string, width: number, height: number, seconds: number): File {
  const ftyp = new Uint8Array(16);
  ftyp.set([...'isom'].map((c) => c.charCodeAt(0)));
  ftyp.set(
    [...'isommp41'].map((c) => c.charCodeAt(0)),
    8,
  );
  const mvhd = new Uint8Array(100);
  new DataView(mvhd.buffer).setUint32(12, 1000);
  new DataView(mvhd.buffer).setUint32(16, Math.round(seconds * 1000));
  const tkhd = new Uint8Array(84);
  new DataView(tkhd.buffer).setUint32(76, width * 65536);
  new DataView(tkhd.buffer).setUint32(80, height * 65536);
  const moov = box('moov', concat(box('mvhd', mvhd), box('trak', box('tkhd', tkhd))));
  return new File([concat(box('ftyp', ftyp), moov, box('mdat', new Uint8Array(50)))], name, { type: 'video/mp4' });
}
