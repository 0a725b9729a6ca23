import { ZCreativeMimeType } from '@bidgrid/shared/entities/common.schema';
import type {
  TCreative,
  TCreativeForm,
  TCreativeTemplate,
  TCreativeUploadUrl,
} from '@bidgrid/shared/entities/creative.schema';
import type { TUploadFileInfo } from '@bidgrid/shared/validation/upload.schema';
import type { TCreativeMaker } from './replace-ad-group';

/**
 * The calls that make a creative (000 §7, ours for the upload URL), given by the feature's `api/`
 * (`useCreativeCalls`) so the makers stay plain functions.
 */
export interface TCreativeCalls {
  /** `GET /creatives/uploadurl`: a presigned PUT URL for one file, after the server checked it. */
  uploadUrl(query: {
    bgAdvertiserId: string;
    fileName: string;
    mimetype: TCreativeForm['mimetype'];
    size: number;
  }): Promise<TCreativeUploadUrl>;
  /** `POST /creatives/upload`: the creative of an uploaded asset. */
  uploadCreative(body: TCreativeForm): Promise<TCreative>;
  /** `POST /creatives/create`: a creative from an existing asset (a template's source). */
  createCreative(body: TCreativeForm): Promise<TCreative>;
}

/** Who the new creatives belong to and where they lead. */
export interface TCreativeContext {
  readonly bgAdvertiserId: string;
  /** The bidder's advertiser id (`advertiser_id` of the creative form). */
  readonly beeswaxAdvertiserId: number;
  readonly bgCampaignId: string;
  /** The landing page every creative of the ad group clicks through to. */
  readonly clickUrl: string;
}

/** A chosen file with what the browser measured of it (the upload rules need the dimension). */
export interface TMeasuredFile extends TUploadFileInfo {
  readonly file: File;
}

/** Reads an image's natural size; rejects for a file the browser cannot decode. */
export function measureImage(file: File): Promise<{ width: number; height: number }> {
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

/** Measures the files of a batch; a file that cannot be measured keeps no dimension (the server checks it). */
export async function measureFiles(
  files: readonly File[],
  measure: (file: File) => Promise<{ width: number; height: number }> = measureImage,
): Promise<TMeasuredFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const base = { file, name: file.name, type: file.type, size: file.size };
      if (!file.type.startsWith('image/')) return base;
      try {
        return { ...base, ...(await measure(file)) };
      } catch {
        // An image the browser cannot decode has no usable size: 0x0 makes the upload rules refuse it
        // with their wrong-dimension message.
        return { ...base, width: 0, height: 0 };
      }
    }),
  );
}

/** How an asset reaches storage: a PUT of the file to the presigned URL (injected in tests). */
export type TPutFile = (url: string, headers: Record<string, string>, file: File) => Promise<void>;

const putWithFetch: TPutFile = async (url, headers, file) => {
  const response = await fetch(url, { method: 'PUT', headers, body: file });
  if (!response.ok) throw new Error(`The upload of ${file.name} failed (HTTP ${response.status}).`);
};

/**
 * A creative made from an uploaded file (architecture: uploads go through presigned URLs): ask for an
 * upload URL (the server checks the advertiser, type and size), PUT the file there, then create the
 * creative from its `sourceUrl` (`POST /creatives/upload`).
 */
export function uploadMaker(
  upload: TMeasuredFile,
  context: TCreativeContext,
  calls: TCreativeCalls,
  put: TPutFile = putWithFetch,
): TCreativeMaker {
  return async (adGroup): Promise<TCreative> => {
    const mimetype = ZCreativeMimeType.parse(upload.type);
    const target = await calls.uploadUrl({
      bgAdvertiserId: context.bgAdvertiserId,
      fileName: upload.name,
      mimetype,
      size: upload.size,
    });
    await put(target.uploadUrl, target.headers, upload.file);
    return calls.uploadCreative({
      name: upload.name,
      sourceUrl: target.sourceUrl,
      size: upload.size,
      mimetype,
      description: '',
      width: upload.width ?? 0,
      height: upload.height ?? 0,
      advertiser_id: context.beeswaxAdvertiserId,
      bg_advertiser_id: context.bgAdvertiserId,
      click_url: context.clickUrl,
      adGroupId: adGroup.adGroupId,
      duration: upload.durationSeconds,
      bgCampaignId: context.bgCampaignId,
    });
  };
}

/** A creative made from a creative template's stored asset (`POST /creatives/create` with its source). */
export function templateMaker(
  template: TCreativeTemplate,
  context: TCreativeContext,
  calls: TCreativeCalls,
): TCreativeMaker {
  return (adGroup) =>
    calls.createCreative({
      name: template.name,
      sourceUrl: template.creativeTemplateSrc,
      size: template.size_in_bytes,
      mimetype: template.creativeType,
      description: template.description,
      width: template.width,
      height: template.height,
      advertiser_id: context.beeswaxAdvertiserId,
      bg_advertiser_id: context.bgAdvertiserId,
      click_url: context.clickUrl,
      adGroupId: adGroup.adGroupId,
      duration: template.duration ?? undefined,
      bgCampaignId: context.bgCampaignId,
    });
}
