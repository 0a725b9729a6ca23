import { ZCreativeMimeType } from '@bidgrid/shared/common/common.schema';
import type {
  TCreative,
  TCreativeForm,
  TCreativeTemplate,
  TCreativeUploadUrl,
} from '@bidgrid/shared/ad-groups/creative.schema';
import type { TAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TMeasuredFile } from './measure-files';

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

/** Makes one creative of a new ad group (an upload, or a copy of a template's asset). */
export type TCreativeMaker = (adGroup: TAdGroup) => Promise<TCreative>;

/** Bytes of one upload sent so far, of all of it. */
export type TUploadProgress = (loaded: number, total: number) => void;

/** How an asset reaches storage: a PUT of the file to the presigned URL (injected in tests). */
export type TPutFile = (
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress?: TUploadProgress,
) => Promise<void>;

/**
 * PUTs a file with XMLHttpRequest, whose upload events report bytes sent (fetch reports none), so a
 * screen can show each file's progress. Rejects on an HTTP error, a network failure or an abort.
 */
export const putWithProgress: TPutFile = (url, headers, file, onProgress) =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(file.size, file.size);
        resolve();
      } else {
        reject(new Error(`The upload of ${file.name} failed (HTTP ${request.status}).`));
      }
    };
    request.onerror = () => reject(new Error(`The upload of ${file.name} failed: the storage could not be reached.`));
    request.onabort = () => reject(new Error(`The upload of ${file.name} was stopped.`));
    request.send(file);
  });

/**
 * Puts a chosen file into storage (architecture: uploads go through presigned URLs): asks for an upload
 * URL (the server checks the advertiser, type and size), PUTs the file there, and answers the `sourceUrl`
 * the creative and template calls take.
 */
export async function uploadAsset(
  upload: TMeasuredFile,
  bgAdvertiserId: string,
  calls: Pick<TCreativeCalls, 'uploadUrl'>,
  put: TPutFile = putWithProgress,
  onProgress?: TUploadProgress,
): Promise<string> {
  const target = await calls.uploadUrl({
    bgAdvertiserId,
    fileName: upload.name,
    mimetype: ZCreativeMimeType.parse(upload.type),
    size: upload.size,
  });
  await put(target.uploadUrl, target.headers, upload.file, onProgress);
  return target.sourceUrl;
}

/** The creative form of an uploaded file (`POST /creatives/upload` with its `sourceUrl`). */
export function uploadedCreativeForm(
  upload: TMeasuredFile,
  sourceUrl: string,
  context: TCreativeContext,
  adGroupId: TAdGroup['adGroupId'],
): TCreativeForm {
  return {
    name: upload.name,
    sourceUrl,
    size: upload.size,
    mimetype: ZCreativeMimeType.parse(upload.type),
    description: '',
    width: upload.width ?? 0,
    height: upload.height ?? 0,
    advertiser_id: context.beeswaxAdvertiserId,
    bg_advertiser_id: context.bgAdvertiserId,
    click_url: context.clickUrl,
    adGroupId,
    duration: upload.durationSeconds,
    bgCampaignId: context.bgCampaignId,
  };
}

/** A creative made from an uploaded file: the upload, then the creative of its `sourceUrl`. */
export function uploadMaker(
  upload: TMeasuredFile,
  context: TCreativeContext,
  calls: TCreativeCalls,
  put: TPutFile = putWithProgress,
): TCreativeMaker {
  return async (adGroup): Promise<TCreative> => {
    const sourceUrl = await uploadAsset(upload, context.bgAdvertiserId, calls, put);
    return calls.uploadCreative(uploadedCreativeForm(upload, sourceUrl, context, adGroup.adGroupId));
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
