import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, VIDEO_MIME_TYPES } from '@bidgrid/shared/constants';
import type { TCreativeMimeType } from '@bidgrid/shared/common/common.schema';
import { unsupportedTypeMessage } from '@bidgrid/shared/common/messages';
import { BadRequestError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { probeMedia } from '../../kernel/media-probe';
import type { TByteSource } from '../../kernel/media-probe';
import { invalidRequest } from '../../kernel/validation';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { CreativeStorage } from '../ports/creative-storage.port';

/** What the checks found: the type to store and serve the asset with, and a video's duration. */
export interface TCheckedAsset {
  contentType: TCreativeMimeType;
  width: number;
  height: number;
  /** Seconds, from the MP4's movie header (video only). */
  durationSeconds: number | null;
}

function refuse(fieldErrors: TFieldErrors): never {
  throw invalidRequest(fieldErrors);
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
  field: 'file' | 'sourceUrl' | 'creativeTemplateSrc',
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

/** A file name safe as the last part of an object key. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return (cleaned || 'asset').slice(-100);
}

/** Ports of copying an asset the bucket already holds. */
export interface CopySourceAssetDeps {
  adGroups: Pick<AdGroupRepository, 'getUpload'>;
  storage: Pick<CreativeStorage, 'keyFromUrl' | 'head' | 'readRange' | 'copy' | 'remove'>;
  log: Logger;
}

/**
 * A copy of an asset the bucket holds, named by its URL (`sourceUrl` of a presigned upload this agency
 * was issued, or the `creativeSrc`/`creativeTemplateSrc` of one of its creatives or templates), checked
 * as `checkCreativeAsset` checks a sent file, for a creative or template to own: deleting one never
 * breaks another. Keys put the agency second (`uploads/{agency}/...`, `creatives/{agency}/...`,
 * `templates/{agency}/...`), so nothing of another agency is reachable (400). An upload must have been
 * issued for the declared type; one that fails the checks is nobody's and is removed at once.
 * `field` names the form field for the 400's field errors; `keyFor` the copy's key from the file name.
 */
export async function copySourceAsset(
  input: {
    agencyId: string;
    sourceUrl: string;
    field: 'sourceUrl' | 'creativeTemplateSrc';
    declared: { name: string; mimetype: TCreativeMimeType; size: number; width: number; height: number };
    keyFor: (fileName: string) => string;
  },
  deps: CopySourceAssetDeps,
): Promise<{ key: string; asset: TCheckedAsset }> {
  const { agencyId, field, declared } = input;
  const limit = (VIDEO_MIME_TYPES as readonly string[]).includes(declared.mimetype) ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES;
  const sourceKey = deps.storage.keyFromUrl(input.sourceUrl);
  if (!sourceKey || sourceKey.split('/')[1] !== agencyId) {
    return refuse({ [field]: ['Not an asset of this account'] });
  }
  const isUpload = sourceKey.startsWith('uploads/');
  const [stored, upload] = await Promise.all([
    deps.storage.head(sourceKey),
    isUpload ? deps.adGroups.getUpload(agencyId, sourceKey) : Promise.resolve(null),
  ]);
  if (!stored) return refuse({ [field]: ['The asset was not uploaded'] });
  if (isUpload && (!upload || upload.mimetype !== declared.mimetype)) {
    return refuse({ [field]: ['Not an upload issued for this file type'] });
  }
  const fileName = sourceKey.split('/').pop() || declared.name;
  let asset: TCheckedAsset;
  try {
    if (stored.size > limit || stored.size !== declared.size) {
      refuse({ size: [`File with the wrong size: ${fileName}, ${stored.size} bytes.`] });
    }
    // Ranged reads: the header of an image, the head and the movie box of a video, never 250 MB.
    const source = {
      size: stored.size,
      read: (offset: number, length: number) => deps.storage.readRange(sourceKey, offset, length),
    };
    asset = await checkCreativeAsset({ ...declared, fileName }, source, field);
  } catch (error) {
    // A refused upload is nobody's: it goes at once rather than at the bucket's clean-up.
    if (isUpload && error instanceof BadRequestError) {
      await deps.storage.remove(sourceKey).catch((removal: unknown) => {
        deps.log.warn('could not remove a refused upload', { key: sourceKey, error: removal });
      });
    }
    throw error;
  }
  const key = input.keyFor(fileName);
  // Stored under the checked type: what the bucket serves it as.
  await deps.storage.copy(sourceKey, key, asset.contentType);
  return { key, asset };
}
