import * as z from '../zod';
import {
  ALLOWED_IMAGE_SIZES,
  COMMON_VIDEO_DURATIONS_S,
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  MAX_FILES_PER_AD_GROUP,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
} from '../constants';
import type { TMediaType } from '../constants';
import {
  VALIDATION_MESSAGES as M,
  unsupportedTypeMessage,
  unusualDurationMessage,
  wrongDimensionMessage,
  wrongSizeMessage,
} from '../common/messages';

/**
 * Creative upload checks (001 §5) as pure functions over what the browser knows of a file (and what
 * the upload handler is told before it issues a presigned URL).
 */

/** A file as the checks see it: `type` is the MIME type; `durationSeconds` for videos. */
export const ZUploadFileInfo = z.object({
  name: z.string().check(z.minLength(1)),
  type: z.string(),
  size: z.number().check(z.int(), z.nonnegative()),
  width: z.optional(z.number().check(z.int(), z.nonnegative())),
  height: z.optional(z.number().check(z.int(), z.nonnegative())),
  durationSeconds: z.optional(z.number().check(z.nonnegative())),
});
export type TUploadFileInfo = z.infer<typeof ZUploadFileInfo>;

/** Outcome of one file: valid (with the kind and an optional note) or invalid with the exact message. */
export type TUploadCheck =
  { valid: true; kind: 'image' | 'video'; note: string | null } | { valid: false; message: string };

const isImageType = (type: string): boolean => (IMAGE_MIME_TYPES as readonly string[]).includes(type);
const isMp4Type = (type: string): boolean => (VIDEO_MIME_TYPES as readonly string[]).includes(type);

/** Whether `WxH` is one of the allowed display sizes. */
export const isAllowedImageSize = (width: number, height: number): boolean =>
  (ALLOWED_IMAGE_SIZES as readonly string[]).includes(`${width}x${height}`);

/**
 * The note for a video whose duration, rounded to whole seconds, is not 15 or 30; null otherwise or
 * when the duration is unknown (the 60 s shown for a missing duration is a display default only).
 */
export function videoDurationNote(durationSeconds: number | undefined): string | null {
  if (durationSeconds === undefined || !Number.isFinite(durationSeconds)) return null;
  const seconds = Math.round(durationSeconds);
  return (COMMON_VIDEO_DURATIONS_S as readonly number[]).includes(seconds) ? null : unusualDurationMessage(seconds);
}

/**
 * Checks one file for a campaign's media type, in the order a user fixes things: kind, then (images)
 * dimension, then size. Display campaigns take images/gifs only, video campaigns mp4 videos only.
 * Images may weigh up to 800000 bytes and videos up to 250 MB (inclusive: the spec's "max"). The
 * dimension is checked when width and height are known (the browser measures them; a handler asked
 * for an upload URL may not know them).
 */
export function checkUploadFile(file: TUploadFileInfo, mediaType: TMediaType): TUploadCheck {
  const image = isImageType(file.type);
  const video = file.type.startsWith('video/');
  if (mediaType === 'video') {
    if (image) return { valid: false, message: M.videoCampaignOnlyVideos };
    if (!isMp4Type(file.type)) return { valid: false, message: unsupportedTypeMessage(file.name, file.type) };
    if (file.size > VIDEO_MAX_BYTES) return { valid: false, message: wrongSizeMessage(file.name, file.size) };
    return { valid: true, kind: 'video', note: videoDurationNote(file.durationSeconds) };
  }
  if (video) return { valid: false, message: M.displayCampaignOnlyImages };
  if (!image) return { valid: false, message: unsupportedTypeMessage(file.name, file.type) };
  if (file.width !== undefined && file.height !== undefined && !isAllowedImageSize(file.width, file.height)) {
    return { valid: false, message: wrongDimensionMessage(file.name, file.width, file.height) };
  }
  if (file.size > IMAGE_MAX_BYTES) return { valid: false, message: wrongSizeMessage(file.name, file.size) };
  return { valid: true, kind: 'image', note: null };
}

/** Result of a dropped batch: files to keep, files refused (each with its message), notes to show. */
export interface TUploadBatch<T extends TUploadFileInfo> {
  valid: T[];
  invalid: Array<{ file: T; message: string }>;
  notes: string[];
}

/**
 * Splits a dropped batch into valid and invalid assets (001 §4 "drag validation"). Files are
 * de-duplicated by name, against each other and against `existingNames` (already in the ad group),
 * silently: the first one wins. Valid files beyond 100 per ad group, counting the existing ones, are
 * refused with the too-many-files message.
 */
export function checkUploadBatch<T extends TUploadFileInfo>(
  files: readonly T[],
  mediaType: TMediaType,
  existingNames: readonly string[] = [],
): TUploadBatch<T> {
  const seen = new Set(existingNames);
  const result: TUploadBatch<T> = { valid: [], invalid: [], notes: [] };
  for (const file of files) {
    if (seen.has(file.name)) continue;
    seen.add(file.name);
    const check = checkUploadFile(file, mediaType);
    if (!check.valid) {
      result.invalid.push({ file, message: check.message });
    } else if (existingNames.length + result.valid.length >= MAX_FILES_PER_AD_GROUP) {
      result.invalid.push({ file, message: M.tooManyFiles });
    } else {
      result.valid.push(file);
      if (check.note) result.notes.push(check.note);
    }
  }
  return result;
}
