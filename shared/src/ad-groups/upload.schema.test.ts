import { describe, expect, it } from 'vitest';
import { checkUploadBatch, checkUploadFile, videoDurationNote } from './upload.schema';
import type { TUploadFileInfo } from './upload.schema';

const image = (over: Partial<TUploadFileInfo> = {}): TUploadFileInfo => ({
  name: 'banner.png',
  type: 'image/png',
  size: 120_000,
  width: 300,
  height: 250,
  ...over,
});
const video = (over: Partial<TUploadFileInfo> = {}): TUploadFileInfo => ({
  name: 'spot.mp4',
  type: 'video/mp4',
  size: 20_000_000,
  durationSeconds: 30,
  ...over,
});

describe('checkUploadFile', () => {
  it('accepts allowed images on display campaigns and mp4 videos on video campaigns', () => {
    expect(checkUploadFile(image(), 'display')).toEqual({ valid: true, kind: 'image', note: null });
    expect(checkUploadFile(image({ type: 'image/gif', width: 728, height: 90 }), 'display').valid).toBe(true);
    expect(checkUploadFile(video(), 'video')).toEqual({ valid: true, kind: 'video', note: null });
  });

  it('refuses the wrong kind for the campaign', () => {
    expect(checkUploadFile(image(), 'video')).toEqual({
      valid: false,
      message: 'Because you chose a video campaign, you are only able to upload videos for this campaign, not images.',
    });
    expect(checkUploadFile(video(), 'display')).toEqual({
      valid: false,
      message:
        'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
    });
  });

  it('refuses files of no accepted type', () => {
    expect(checkUploadFile(video({ name: 'clip.mov', type: 'video/quicktime' }), 'video')).toEqual({
      valid: false,
      message: 'File of an unsupported type: clip.mov, video/quicktime.',
    });
    expect(checkUploadFile(image({ name: 'brief.pdf', type: 'application/pdf' }), 'display')).toEqual({
      valid: false,
      message: 'File of an unsupported type: brief.pdf, application/pdf.',
    });
  });

  it('refuses images of a size not in the list', () => {
    expect(checkUploadFile(image({ width: 301, height: 250 }), 'display')).toEqual({
      valid: false,
      message: 'File with the wrong dimension: banner.png, 301x250.',
    });
  });

  it('refuses images over 800000 bytes and videos over 250 MB', () => {
    expect(checkUploadFile(image({ size: 800_000 }), 'display').valid).toBe(true);
    expect(checkUploadFile(image({ size: 800_001 }), 'display')).toEqual({
      valid: false,
      message: 'File with the wrong size: banner.png, 800001 bytes.',
    });
    expect(checkUploadFile(video({ size: 250 * 1024 * 1024 }), 'video').valid).toBe(true);
    expect(checkUploadFile(video({ size: 262_144_001 }), 'video')).toEqual({
      valid: false,
      message: 'File with the wrong size: spot.mp4, 262144001 bytes.',
    });
  });

  it('notes an unusual video duration, rounded to seconds', () => {
    expect(checkUploadFile(video({ durationSeconds: 21.6 }), 'video')).toEqual({
      valid: true,
      kind: 'video',
      note: 'The video creative has an unusual duration - 22 seconds. The most common durations are 15 and 30 seconds.',
    });
    expect(videoDurationNote(14.6)).toBeNull();
    expect(videoDurationNote(undefined)).toBeNull();
  });
});

describe('checkUploadBatch', () => {
  it('splits a batch into valid and invalid files, de-duplicated by name', () => {
    // Prepare
    const files = [
      image(),
      image({ size: 1 }),
      image({ name: 'wide.png', width: 1, height: 1 }),
      video({ name: 'a.mp4' }),
    ];
    // Act
    const batch = checkUploadBatch(files, 'display');
    // Assess
    expect(batch.valid).toEqual([files[0]]);
    expect(batch.invalid.map((entry) => entry.message)).toEqual([
      'File with the wrong dimension: wide.png, 1x1.',
      'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
    ]);
  });

  it('skips names already in the ad group and collects notes', () => {
    const batch = checkUploadBatch(
      [video({ name: 'old.mp4' }), video({ name: 'new.mp4', durationSeconds: 45 })],
      'video',
      ['old.mp4'],
    );
    expect(batch.valid.map((file) => file.name)).toEqual(['new.mp4']);
    expect(batch.notes).toEqual([
      'The video creative has an unusual duration - 45 seconds. The most common durations are 15 and 30 seconds.',
    ]);
  });

  it('keeps at most 100 files per ad group', () => {
    const existing = Array.from({ length: 98 }, (_, i) => `old-${i}.png`);
    const batch = checkUploadBatch(
      [image({ name: 'a.png' }), image({ name: 'b.png' }), image({ name: 'c.png' })],
      'display',
      existing,
    );
    expect(batch.valid.map((file) => file.name)).toEqual(['a.png', 'b.png']);
    expect(batch.invalid).toEqual([
      { file: image({ name: 'c.png' }), message: 'You can upload up to 100 files per ad group.' },
    ]);
  });
});
