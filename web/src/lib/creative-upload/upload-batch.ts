import { TOAST_MS, type TMediaType } from '@bidgrid/shared/constants';
import { checkUploadBatch, type TUploadBatch } from '@bidgrid/shared/ad-groups/upload.schema';
import { centerToaster, toaster } from '@/lib/toaster';
import { measureFiles, type TMeasure, type TMeasuredFile } from './measure-files';
import { FILES_LOADED, REST_FILES_LOADED } from './upload-messages';

/**
 * Measures a chosen or dropped batch and splits it by the upload rules of 001 §5 (kind for the media
 * type, allowed image sizes, 800,000-byte images, 250 MB mp4, names de-duplicated against each other and
 * against `existingNames`, 100 files an ad group).
 */
export async function checkChosenFiles(
  chosen: readonly File[],
  mediaType: TMediaType,
  existingNames: readonly string[],
  measure?: (file: File) => Promise<TMeasure>,
): Promise<TUploadBatch<TMeasuredFile>> {
  // Only the kind the media type takes is read: the rest is refused by its type whatever its size.
  const measured = await measureFiles(chosen, measure, (file) =>
    mediaType === 'video' ? file.type.startsWith('video/') : file.type.startsWith('image/'),
  );
  return checkUploadBatch(measured, mediaType, existingNames);
}

/**
 * The toasts of a checked batch (001 §8, §9): each refused file a 15 s error, each unusual video
 * duration a 15 s warning beside it, then 'Successfully Loaded Files' or, when some were refused,
 * 'Rest Files are Successfully Loaded' (10 s, bottom centre) if any file was taken.
 */
export function announceBatch(batch: TUploadBatch<TMeasuredFile>): void {
  for (const invalid of batch.invalid) {
    toaster.create({ type: 'error', title: invalid.message, duration: TOAST_MS.uploadError, closable: true });
  }
  for (const note of batch.notes) {
    toaster.create({ type: 'warning', title: note, duration: TOAST_MS.uploadError, closable: true });
  }
  if (batch.valid.length > 0) {
    centerToaster.create({
      type: 'success',
      title: batch.invalid.length > 0 ? REST_FILES_LOADED : FILES_LOADED,
      duration: TOAST_MS.successLoad,
      closable: true,
    });
  }
}
