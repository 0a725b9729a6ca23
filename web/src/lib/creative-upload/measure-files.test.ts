import { describe, expect, it } from 'vitest';
import { measureFile, measureFiles } from './measure-files';

/** A PNG header of `width` x `height` padded to `size` bytes (what the probe reads; not decodable). */
function pngFile(name: string, width: number, height: number, size = 100): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}

/** An mp4 of `seconds` at `width` x `height`: ftyp, then moov with mvhd and a trak's tkhd. */
function mp4File(name: string, width: number, height: number, seconds: number): File {
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
    parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
    return out;
  };
  const ftyp = new Uint8Array(16);
  ftyp.set([...'isom\0\0\u0002\0isommp41'].map((c) => c.charCodeAt(0)));
  const mvhd = new Uint8Array(100);
  new DataView(mvhd.buffer).setUint32(12, 1000);
  new DataView(mvhd.buffer).setUint32(16, seconds * 1000);
  const tkhd = new Uint8Array(84);
  new DataView(tkhd.buffer).setUint32(76, width * 65536);
  new DataView(tkhd.buffer).setUint32(80, height * 65536);
  const moov = box('moov', concat(box('mvhd', mvhd), box('trak', box('tkhd', tkhd))));
  return new File([concat(box('ftyp', ftyp), moov, box('mdat', new Uint8Array(50)))], name, { type: 'video/mp4' });
}

describe('measuring chosen files', () => {
  it('reads an image size and a video size and duration from their header bytes', async () => {
    // Act
    const image = await measureFile(pngFile('banner.png', 300, 250));
    const video = await measureFile(mp4File('clip.mp4', 640, 360, 17));

    // Assess
    expect(image).toEqual({ width: 300, height: 250, durationSeconds: undefined });
    expect(video).toEqual({ width: 640, height: 360, durationSeconds: 17 });
  });

  it('gives an unreadable image 0x0 and leaves files of other kinds unread', async () => {
    // Prepare
    const broken = new File(['x'], 'broken.png', { type: 'image/png' });
    const pdf = new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' });
    const failing = async (): Promise<never> => {
      throw new Error('not decodable');
    };

    // Act
    const measured = await measureFiles([broken, pdf], failing);

    // Assess
    expect(measured.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'broken.png', width: 0, height: 0 },
      { name: 'brief.pdf', width: undefined, height: undefined },
    ]);
  });
});
