import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size';

describe('imageSize', () => {
  it('reads PNG, GIF, JPEG and WebP headers', () => {
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0);
    png.write('IHDR', 12, 'ascii');
    png.writeUInt32BE(300, 16);
    png.writeUInt32BE(250, 20);
    const gif = Buffer.from('GIF89a\xd8\x02\x5a\x00', 'latin1');
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x5a, 0x02, 0xd8, 0x03,
    ]);
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBPVP8X', 8, 'ascii');
    webp.writeUIntLE(159, 24, 3);
    webp.writeUIntLE(599, 27, 3);
    expect(imageSize(png)).toEqual({ width: 300, height: 250 });
    expect(imageSize(gif)).toEqual({ width: 728, height: 90 });
    expect(imageSize(jpeg)).toEqual({ width: 728, height: 90 });
    expect(imageSize(webp)).toEqual({ width: 160, height: 600 });
  });

  it('reads a JPEG whose markers are preceded by fill bytes, and skips standalone markers', () => {
    // SOI, APP0 (length 4), three 0xFF fill bytes, RST0 (no length), two fill bytes, SOF2 (progressive).
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xd0, 0xff, 0xff, 0xff, 0xc2, 0x00, 0x11,
      0x08, 0x00, 0xfa, 0x01, 0x2c, 0x03,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 300, height: 250 });
  });

  it('answers null for a JPEG cut short or with a broken segment length', () => {
    const cut = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xff, 0xc0, 0x00]);
    expect(imageSize(cut)).toBeNull();
    const zeroLength = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
    expect(imageSize(zeroLength)).toBeNull();
  });

  it('answers null for anything else', () => {
    expect(imageSize(Buffer.from('not an image at all, not even close'))).toBeNull();
    expect(imageSize(Buffer.alloc(0))).toBeNull();
  });
});
