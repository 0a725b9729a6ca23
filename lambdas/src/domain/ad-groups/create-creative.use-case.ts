import { randomUUID } from 'node:crypto';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { VIDEO_MIME_TYPES, MAX_FILES_PER_AD_GROUP } from '@bidgrid/shared/constants';
import type { TCreativeMimeType } from '@bidgrid/shared/common/common.schema';
import type { TCreative, TCreativeUploadUrl, ZCreativeForm } from '@bidgrid/shared/ad-groups/creative.schema';
import type * as z from '@bidgrid/shared/zod';
import { newId } from '@bidgrid/shared/ids';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { ConflictError } from '../../kernel/errors';
import { bytesSource } from '../../kernel/media-probe';
import type { Logger } from '../../kernel/logger';
import type { UploadedFile } from '../../kernel/multipart';
import { invalidRequest } from '../../kernel/validation';
import { atBidderThenStore } from '../vendors/bidder-first';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import { reportToday } from '../reports/report-rows';
import { assertWritable } from '../campaigns/campaign-access';
import type { TAdGroupRecord, TCreativeRecord, TLineItemRecord } from '../campaigns/campaign-records.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { BidderCampaigns } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import { UPLOAD_URL_SECONDS } from '../ports/creative-storage.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import {
  AD_GROUP_MESSAGES,
  bidderCreativeName,
  creativeAssetPrefix,
  publicCreative,
  requireAdGroup,
} from './ad-groups.use-case';
import { checkCreativeAsset, copySourceAsset, safeFileName } from './creative-asset';
import type { TCheckedAsset } from './creative-asset';

/** Ports of the creative uploads. */
export interface CreateCreativeDeps {
  adGroups: AdGroupRepository;
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'listLineItems'>;
  advertisers: AdvertiserReader;
  bidder: Pick<BidderCampaigns, 'createCreative' | 'deleteCreative' | 'linkCreative' | 'updateLineItem'>;
  storage: CreativeStorage;
  now: () => Date;
  log: Logger;
}

/** The validated fields of the creative form calls (001 §7); the file part arrives apart. */
export type TCreativeFormInput = Omit<z.output<typeof ZCreativeForm>, 'file'>;

/** Whether a creative of this type is a video (else a display image). */
export const isVideo = (mime: string): boolean => (VIDEO_MIME_TYPES as readonly string[]).includes(mime);

/** A 400 with these field errors, summarised as its message. */

/** The field error of a creative whose media is not its ad group's (001 §5 messages), if it is not. */
export function mediaTypeError(video: boolean, adGroupType: TAdGroupRecord['adGroupType']): string | undefined {
  if (video === (adGroupType === 'video')) return undefined;
  return adGroupType === 'video'
    ? VALIDATION_MESSAGES.videoCampaignOnlyVideos
    : VALIDATION_MESSAGES.displayCampaignOnlyImages;
}

/**
 * Makes the bidder creative of an asset already placed in the bucket (the bidder takes the file
 * itself, an upload, not a link to it) and answers its bidder id.
 */
export async function createBidderCreative(
  input: {
    beeswaxAdvertiserId: number;
    bgCreativeId: string;
    form: Pick<TCreativeFormInput, 'name' | 'width' | 'height' | 'click_url' | 'size'>;
    assetKey: string;
    contentType: string;
    video: boolean;
    active: boolean;
  },
  deps: { bidder: Pick<BidderCampaigns, 'createCreative'>; storage: Pick<CreativeStorage, 'readRange'> },
): Promise<number> {
  const { form, assetKey } = input;
  return deps.bidder.createCreative({
    advertiserId: input.beeswaxAdvertiserId,
    name: bidderCreativeName(form.name),
    ourId: input.bgCreativeId,
    media: input.video ? 'video' : 'display',
    width: form.width,
    height: form.height,
    clickUrl: form.click_url,
    file: {
      fileName: assetKey.split('/').pop() || form.name,
      contentType: input.contentType,
      bytes: await deps.storage.readRange(assetKey, 0, form.size),
    },
    active: input.active,
  });
}

/**
 * Links a bidder creative to every line item of the campaign (none when the campaign does not exist
 * yet: the wizard makes creatives first and creating the campaign links them), running `afterLink`
 * (if given) on each line item once it is linked.
 */
export async function linkToEveryLineItem(
  input: {
    agencyId: string;
    bgCampaignId: string | undefined;
    beeswaxCreativeId: number;
    afterLink?: (lineItem: TLineItemRecord) => Promise<void>;
  },
  deps: { bidder: Pick<BidderCampaigns, 'linkCreative'>; campaigns: Pick<CampaignRepository, 'listLineItems'> },
): Promise<void> {
  if (input.bgCampaignId === undefined) return;
  for (const lineItem of await deps.campaigns.listLineItems(input.agencyId, input.bgCampaignId)) {
    await deps.bidder.linkCreative(input.beeswaxCreativeId, lineItem.beeswaxLineItemId);
    await input.afterLink?.(lineItem);
  }
}

/**
 * Runs `work`, and when it fails removes the asset placed for it (best effort, logged with
 * `message`) before passing the failure on, so a failed creative call leaves no orphan object.
 */
export async function removingAssetOnFailure<T>(
  assetKey: string,
  message: string,
  deps: Pick<CreateCreativeDeps, 'storage' | 'log'>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await deps.storage.remove(assetKey).catch((removal: unknown) => {
      deps.log.warn(message, { key: assetKey, error: removal });
    });
    throw error;
  }
}

/**
 * The key of a creative's own copy of its asset: under the creative's prefix (what deleting it may
 * remove) and a part of its own, so an attempt that loses a race for the creative id, and removes
 * its copy, never removes the winner's.
 */
const assetKeyOf = (agencyId: string, creativeId: string, fileName: string): string =>
  `${creativeAssetPrefix(agencyId, creativeId)}${randomUUID().slice(0, 8)}-${safeFileName(fileName)}`;

/**
 * `GET /creatives/uploadurl`: a presigned PUT under the caller's agency for one file the rules allow
 * (type and size are checked by the query schema), recorded so the creative calls can check that the
 * object they are given is one the API issued for this agency, with the declared type and size.
 */
export async function getCreativeUploadUrl(
  input: { agencyId: string; bgAdvertiserId: string; fileName: string; mimetype: TCreativeMimeType; size: number },
  deps: Pick<CreateCreativeDeps, 'adGroups' | 'advertisers' | 'storage' | 'now'>,
): Promise<TCreativeUploadUrl> {
  await requireAdvertiser(input.agencyId, input.bgAdvertiserId, deps.advertisers);
  const key = `uploads/${input.agencyId}/${randomUUID()}/${safeFileName(input.fileName)}`;
  const { url, headers } = await deps.storage.presignPut(key, input.mimetype, input.size);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000);
  await deps.adGroups.putUpload(input.agencyId, {
    key,
    bgAdvertiserId: input.bgAdvertiserId,
    mimetype: input.mimetype,
    size: input.size,
    // Kept a day: the wizard may make creatives and templates from it well after the upload.
    expiresAt: Math.floor(now.getTime() / 1000) + 24 * 3600,
  });
  return {
    uploadUrl: url,
    method: 'PUT',
    headers,
    sourceUrl: deps.storage.urlOf(key),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Where the asset comes from: the `file` part (stored for the creative), or a `sourceUrl` naming an
 * object of this agency in the creative bucket (a presigned upload it was issued, a template's or
 * another creative's asset), copied so that each creative owns its asset and deleting one never
 * breaks another.
 */
export async function placeAsset(
  agencyId: string,
  creativeId: string,
  form: TCreativeFormInput,
  file: UploadedFile | undefined,
  deps: Pick<CreateCreativeDeps, 'adGroups' | 'storage' | 'log'>,
): Promise<{ key: string; asset: TCheckedAsset }> {
  if (file) {
    if (file.data.length !== form.size) throw invalidRequest({ size: ['size does not match the file'] });
    const asset = await checkCreativeAsset(
      { ...form, fileName: file.fileName || form.name },
      bytesSource(file.data),
      'file',
    );
    const key = assetKeyOf(agencyId, creativeId, file.fileName || form.name);
    await deps.storage.put(key, file.data, asset.contentType);
    return { key, asset };
  }
  if (!form.sourceUrl) throw invalidRequest({ sourceUrl: [VALIDATION_MESSAGES.required] });
  return copySourceAsset(
    {
      agencyId,
      sourceUrl: form.sourceUrl,
      field: 'sourceUrl',
      declared: form,
      keyFor: (fileName) => assetKeyOf(agencyId, creativeId, fileName),
    },
    deps,
  );
}

/**
 * `POST /creatives/upload` and `/creatives/create` (form data): a new creative in an ad group of the
 * caller's advertiser. Checks: the advertiser and its bidder id, the ad group (and campaign) it
 * names, the campaign's media type (001 §5 messages), 100 files at most, the asset (above). Then the
 * bidder creative, linked to every line item of the campaign when the campaign exists (the wizard
 * makes creatives first; creating the campaign links them), then the stored creative. A failure on
 * the way undoes what was done, so no half-made creative serves or shows.
 */
export async function createCreative(
  input: { agencyId: string; form: TCreativeFormInput; file: UploadedFile | undefined; requireSourceUrl: boolean },
  deps: CreateCreativeDeps,
): Promise<TCreative> {
  const { agencyId, form, file } = input;
  const advertiser = await requireAdvertiser(agencyId, form.bg_advertiser_id, deps.advertisers);
  const adGroup = await requireAdGroup(agencyId, form.adGroupId, deps.adGroups);

  const errors: TFieldErrors = {};
  if (advertiser.beeswaxAdvertiserId !== form.advertiser_id)
    errors['advertiser_id'] = [AD_GROUP_MESSAGES.notThisAdvertiser];
  if (adGroup.bgAdvertiserId !== advertiser.bgAdvertiserId) errors['adGroupId'] = [AD_GROUP_MESSAGES.notThisAdvertiser];
  if (form.bgCampaignId !== undefined && form.bgCampaignId !== adGroup.bgCampaignId) {
    errors['bgCampaignId'] = [AD_GROUP_MESSAGES.notThisCampaign];
  }
  if (file && form.sourceUrl) errors['file'] = ['Send either a file or a sourceUrl, not both'];
  if (!file && !form.sourceUrl) errors[input.requireSourceUrl ? 'sourceUrl' : 'file'] = [VALIDATION_MESSAGES.required];
  if (file && input.requireSourceUrl)
    errors['file'] = ['This call takes a sourceUrl; upload files with /creatives/upload'];
  const video = isVideo(form.mimetype);
  const mediaError = mediaTypeError(video, adGroup.adGroupType);
  if (mediaError) errors['mimetype'] = [mediaError];
  if (Object.keys(errors).length > 0) throw invalidRequest(errors);

  const campaign = await deps.campaigns.getCampaign(agencyId, adGroup.bgCampaignId);
  if (campaign) assertWritable(campaign, reportToday(deps.now()));
  const existing = await deps.adGroups.listCreatives(agencyId, adGroup.bgCampaignId, adGroup.adGroupId);
  if (existing.length >= MAX_FILES_PER_AD_GROUP) throw invalidRequest({ file: [VALIDATION_MESSAGES.tooManyFiles] });

  // A client-generated id (its prefix checked by the schema) must be new in the agency, checked
  // before anything is made; the store's conditional write settles a race.
  const bgCreativeId = form.bg_creative_id ?? newId('creative');
  if (
    existing.some((c) => c.bgCreativeId === bgCreativeId) ||
    (form.bg_creative_id !== undefined && (await deps.adGroups.getCreative(agencyId, bgCreativeId)))
  ) {
    throw new ConflictError(AD_GROUP_MESSAGES.creativeExists);
  }
  const { key: assetKey, asset } = await placeAsset(agencyId, bgCreativeId, form, file, deps);

  let beeswaxCreativeId: number | undefined;
  const build = (bidderId: number): TCreativeRecord => ({
    bgCreativeId,
    beeswaxCreativeId: bidderId,
    adGroupId: adGroup.adGroupId,
    bgAdvertiserId: advertiser.bgAdvertiserId,
    bgCampaignId: adGroup.bgCampaignId,
    name: form.name,
    description: form.description,
    height: form.height,
    width: form.width,
    creativeType: asset.contentType,
    // A video's duration is what its file says (the form's value is the browser's reading of it).
    duration: video ? asset.durationSeconds : null,
    size: form.size,
    createdAt: deps.now().toISOString(),
    click_url: form.click_url,
    assetKey,
    active: true,
    version: 0,
  });
  const record = await removingAssetOnFailure(assetKey, 'could not remove a half-made creative asset', deps, () =>
    atBidderThenStore(
      {
        what: `creative ${bgCreativeId}`,
        async atBidder() {
          beeswaxCreativeId = await createBidderCreative(
            {
              beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
              bgCreativeId,
              form,
              assetKey,
              contentType: asset.contentType,
              video,
              active: true,
            },
            deps,
          );
          await linkToEveryLineItem(
            {
              agencyId,
              bgCampaignId: campaign?.bgCampaignId,
              beeswaxCreativeId,
              // A line item waits inactive at the bidder until it has a creative: now it may serve.
              async afterLink(lineItem) {
                if (lineItem.active) await deps.bidder.updateLineItem(lineItem.beeswaxLineItemId, { active: true });
              },
            },
            deps,
          );
        },
        async store() {
          const next = build(beeswaxCreativeId as number);
          const written = await deps.adGroups.putNewCreative(agencyId, next);
          if (written !== 'ok') {
            throw new ConflictError(
              written === 'no-ad-group' ? AD_GROUP_MESSAGES.adGroupGone : AD_GROUP_MESSAGES.creativeExists,
            );
          }
          return next;
        },
        async undoAtBidder() {
          // Nothing stores a creative we failed to store: the bidder's goes (its links with it).
          if (beeswaxCreativeId !== undefined) await deps.bidder.deleteCreative(beeswaxCreativeId);
        },
      },
      deps.log,
    ),
  );
  return publicCreative(record, deps.storage);
}
