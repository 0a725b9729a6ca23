import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { TCreativeMimeType } from '@bidgrid/shared/entities/common.schema';
import { unsupportedTypeMessage } from '@bidgrid/shared/validation/messages';
import { BadRequestError } from '../../lib/errors';
import { probeMedia } from '../../lib/media-probe';
import type { TByteSource } from '../../lib/media-probe';
import { summariseFieldErrors } from '../../lib/validation';

/** What the checks found: the type to store and serve the asset with, and a video's duration. */
export interface TCheckedAsset {
  contentType: TCreativeMimeType;
  width: number;
  height: number;
  /** Seconds, from the MP4's movie header (video only). */
  durationSeconds: number | null;
}

function refuse(fieldErrors: TFieldErrors): never {
  throw new BadRequestError(summariseFieldErrors(fieldErrors), fieldErrors);
}

/**
 * The one check of a creative's asset, for a file sent in the request and for an object in the bucket
 * alike (a presigned upload, a template's or another creative's asset): the bytes must be one of the
 * creative types (magic bytes: an SVG or a page labelled image/png is not an image), the type the
 * client declared, and of the declared size (an image exactly; a video's track either way round, as
 * a rotated phone video plays). Sizes in bytes and the allowed dimensions were checked on the declared
 * values by the form schema (001 §5), and the declared values are what the file now proves. `field`
 * names where the asset came from (`file` or `sourceUrl`) for the 400's field errors.
 */
export async function checkCreativeAsset(
  declared: { fileName: string; mimetype: TCreativeMimeType; width: number; height: number },
  source: TByteSource,
  field: 'file' | 'sourceUrl',
): Promise<TCheckedAsset> {
  const media = await probeMedia(source);
  if (!media) return refuse({ [field]: [unsupportedTypeMessage(declared.fileName, '')] });
  if (media.type !== declared.mimetype) {
    return refuse({ mimetype: [`The file is ${media.type}, not ${declared.mimetype}`] });
  }
  const { width, height } = media;
  if (media.type === 'video/mp4') {
    const matches =
      width === null ||
      height === null ||
      (width === declared.width && height === declared.height) ||
      (width === declared.height && height === declared.width);
    if (!matches)
      return refuse({ width: [`The video is ${width}x${height}, not ${declared.width}x${declared.height}`] });
  } else if (width !== declared.width || height !== declared.height) {
    return refuse({ width: [`The image is ${width}x${height}, not ${declared.width}x${declared.height}`] });
  }
  return {
    contentType: media.type,
    width: declared.width,
    height: declared.height,
    durationSeconds: media.durationSeconds === null ? null : Math.round(media.durationSeconds * 100) / 100,
  };
}
