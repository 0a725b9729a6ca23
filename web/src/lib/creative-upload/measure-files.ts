import { probeMedia, type TByteSource } from '@bidgrid/shared/media/media-probe';
import type { TUploadFileInfo } from '@bidgrid/shared/ad-groups/upload.schema';

/** A chosen file with what the browser measured of it (the upload rules need the dimension and duration). */
export interface TMeasuredFile extends TUploadFileInfo {
  readonly file: File;
}

/** What a measurement finds: the picture size, and a video's length in seconds. */
export interface TMeasure {
  readonly width: number;
  readonly height: number;
  readonly durationSeconds?: number | undefined;
}

/** Reads a file's bytes a range at a time (the probe reads a video's header and movie box, never all of it). */
const fileSource = (file: File): TByteSource => ({
  size: file.size,
  read: async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
});

/** Reads an image's natural size by decoding it; rejects for a file the browser cannot decode. */
export function measureImage(file: File): Promise<TMeasure> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      reject(new Error(`${file.name} is not a readable image`));
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

/** How long the browser may take to read a video's metadata before the file counts as unreadable. */
const VIDEO_METADATA_MS = 10_000;

/**
 * Reads a video's picture size and duration from its metadata; rejects when the browser cannot read it
 * (or says nothing within 10 s: some engines never answer for a file they cannot play).
 */
export function measureVideo(file: File): Promise<TMeasure> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const finish = (): void => {
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`${file.name} is not a readable video`));
    }, VIDEO_METADATA_MS);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      const measured = { width: video.videoWidth, height: video.videoHeight, durationSeconds: video.duration };
      finish();
      resolve(measured);
    };
    video.onerror = () => {
      finish();
      reject(new Error(`${file.name} is not a readable video`));
    };
    video.src = url;
  });
}

/**
 * Measures a creative file the way the server checks it: its header bytes through the shared media
 * probe (an image's size, an mp4's picture size and duration). A file the probe cannot read is
 * decoded by the browser instead; rejects when neither can read it.
 */
export async function measureFile(file: File): Promise<TMeasure> {
  const probed = await probeMedia(fileSource(file)).catch(() => null);
  if (probed?.width && probed.height) {
    return { width: probed.width, height: probed.height, durationSeconds: probed.durationSeconds ?? undefined };
  }
  return file.type.startsWith('video/') ? measureVideo(file) : measureImage(file);
}

/**
 * Measures the files of a batch that `worthMeasuring` picks (by default images and videos; a screen passes
 * the kind its media type takes, since the rules refuse the others by type before any size matters). An
 * image that cannot be measured gets 0x0, so the upload rules refuse it with their wrong-dimension
 * message; a video that cannot be read keeps no size (the server refuses it).
 */
export async function measureFiles(
  files: readonly File[],
  measure: (file: File) => Promise<TMeasure> = measureFile,
  worthMeasuring: (file: File) => boolean = (file) => /^(image|video)\//.test(file.type),
): Promise<TMeasuredFile[]> {
  return Promise.all(
    files.map(async (file): Promise<TMeasuredFile> => {
      const base = { file, name: file.name, type: file.type, size: file.size };
      const image = file.type.startsWith('image/');
      if (!worthMeasuring(file)) return base;
      try {
        const { width, height, durationSeconds } = await measure(file);
        return durationSeconds === undefined ? { ...base, width, height } : { ...base, width, height, durationSeconds };
      } catch {
        return image ? { ...base, width: 0, height: 0 } : base;
      }
    }),
  );
}
