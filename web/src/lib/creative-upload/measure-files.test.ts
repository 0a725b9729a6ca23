import { describe, expect, it } from 'vitest';
import { mp4File, pngFile } from '@/test/media-files';
import { measureFile, measureFiles } from './measure-files';

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
