import { describe, expect, it } from 'vitest';
import { mp4Bytes, pngBytes, svgWithScript } from '../test-media';
import { bytesSource, probeMedia } from './media-probe';
import type { TByteSource } from './media-probe';

/** A source that counts what was read, as a ranged GET on S3 would. */
function countingSource(data: Uint8Array): TByteSource & { bytesRead: () => number } {
  let read = 0;
  return {
    size: data.length,
    async read(offset, length) {
      const chunk = data.subarray(offset, offset + length);
      read += chunk.length;
      return chunk;
    },
    bytesRead: () => read,
  };
}

describe('probeMedia', () => {
  it('reads an image type and size from its bytes', async () => {
    await expect(probeMedia(bytesSource(pngBytes(300, 250)))).resolves.toEqual({
      type: 'image/png',
      width: 300,
      height: 250,
      durationSeconds: null,
    });
  });

  it('refuses what is not a creative type, whatever it is called: an SVG with a script, text, nothing', async () => {
    await expect(probeMedia(bytesSource(svgWithScript()))).resolves.toBeNull();
    await expect(
      probeMedia(bytesSource(new TextEncoder().encode('<html><script>x</script></html>'))),
    ).resolves.toBeNull();
    await expect(probeMedia(bytesSource(new Uint8Array(0)))).resolves.toBeNull();
    // A PNG signature cut short before its size.
    await expect(probeMedia(bytesSource(pngBytes(300, 250).subarray(0, 12)))).resolves.toBeNull();
  });

  it("reads an MP4's duration from mvhd and its size from the track header, movie box first or last", async () => {
    for (const moovFirst of [true, false]) {
      await expect(
        probeMedia(bytesSource(mp4Bytes({ width: 640, height: 360, seconds: 15.5, moovFirst }))),
      ).resolves.toEqual({ type: 'video/mp4', width: 640, height: 360, durationSeconds: 15.5 });
    }
  });

  it('reads a large video by ranges: its head and its movie box, not its media', async () => {
    const video = mp4Bytes({ width: 640, height: 360, seconds: 30, mediaBytes: 8 * 1024 * 1024, moovFirst: false });
    const source = countingSource(video);
    await expect(probeMedia(source)).resolves.toMatchObject({ durationSeconds: 30 });
    expect(source.bytesRead()).toBeLessThan(200 * 1024);
  });

  it('accepts a QuickTime file that is also an MP4, refuses a QuickTime-only one, one without a movie header and one cut short', async () => {
    await expect(
      probeMedia(bytesSource(mp4Bytes({ width: 640, height: 360, seconds: 15, majorBrand: 'qt  ' }))),
    ).resolves.toMatchObject({ type: 'video/mp4' });
    const quicktime = Buffer.from(mp4Bytes({ width: 640, height: 360, seconds: 15, majorBrand: 'qt  ' }));
    quicktime.write('qt  ', 20, 'ascii'); // the only other brand too
    await expect(probeMedia(bytesSource(new Uint8Array(quicktime)))).resolves.toBeNull();
    const full = mp4Bytes({ width: 640, height: 360, seconds: 15, moovFirst: false });
    await expect(probeMedia(bytesSource(full.subarray(0, full.length - 40)))).resolves.toBeNull();
    const noMovie = Buffer.from(mp4Bytes({ width: 640, height: 360, seconds: 15 }));
    noMovie.write('free', 28, 'ascii'); // moov renamed: no movie box at all
    await expect(probeMedia(bytesSource(new Uint8Array(noMovie)))).resolves.toBeNull();
  });
});
