import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { TCreative, ZCreativeChangeForm } from '@bidgrid/shared/ad-groups/creative.schema';
import type * as z from '@bidgrid/shared/zod';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import type { UploadedFile } from '../../kernel/multipart';
import { invalidRequest } from '../../kernel/validation';
import { atBidderThenStore } from '../vendors/bidder-first';
import { assertWritable } from '../campaigns/campaign-access';
import type { TCreativeRecord } from '../campaigns/campaign-records.schema';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import { reportToday } from '../reports/report-rows';
import {
  AD_GROUP_MESSAGES,
  bidderCreativeName,
  clearAwayOldCreative,
  publicCreative,
  requireAdGroup,
} from './ad-groups.use-case';
import {
  createBidderCreative,
  isVideo,
  linkToEveryLineItem,
  mediaTypeError,
  placeAsset,
  removingAssetOnFailure,
} from './create-creative.use-case';
import type { CreateCreativeDeps } from './create-creative.use-case';
import type { BidderCampaigns } from '../ports/bidder.port';

/** Ports of the change: those of a creation, and the bidder's creative updates. */
export type ChangeCreativeDeps = Omit<CreateCreativeDeps, 'bidder'> & {
  bidder: Pick<BidderCampaigns, 'createCreative' | 'updateCreative' | 'deleteCreative' | 'linkCreative'>;
};

/** Texts of the change rules the spec states without one (ours). */
export const CHANGE_CREATIVE_MESSAGES = {
  notThisAdGroup: 'Does not match the creative',
  sendTheFile: 'Send the new file (or its sourceUrl) to change the size, type or dimensions',
} as const;

/** The validated fields of `POST /creatives/change`; the file part arrives apart. */
export type TCreativeChangeInput = Omit<z.output<typeof ZCreativeChangeForm>, 'file'>;

/**
 * `POST /creatives/change` (form data, 001 §7): replaces the fields, and with a new file (the `file`
 * part or a `sourceUrl`) the asset, of the creative `bg_creative_id` of the caller's agency (another
 * agency's answers 404). The form names the creative's own ad group and advertiser (400 otherwise),
 * and the file keeps to its ad group's media type and the upload rules, as on creation.
 *
 * The bidder never changes a creative's file (a new file is a new creative), so a new asset is a new
 * bidder creative, linked to every line item of the campaign, while the old one is switched off; then
 * the stored creative is replaced (only if nobody changed it meanwhile: 409) and keeps its id, reports
 * and place; only then is the old bidder creative deleted and its asset removed. A failure on the way
 * deletes the new bidder creative and switches the old one back, so the campaign serves exactly one of
 * the two. Without a new file only the name, description and click URL change; the declared size,
 * type and dimensions must be the stored ones.
 */
export async function changeCreative(
  input: { agencyId: string; form: TCreativeChangeInput; file: UploadedFile | undefined },
  deps: ChangeCreativeDeps,
): Promise<TCreative> {
  const { agencyId, form, file } = input;
  const creative = await deps.adGroups.getCreative(agencyId, form.bg_creative_id);
  if (!creative) {
    throw new NotFoundError(AD_GROUP_MESSAGES.creativeNotFound, {
      internalMessage: `Creative ${form.bg_creative_id} not in agency ${agencyId}`,
    });
  }
  const advertiser = await requireAdvertiser(agencyId, form.bg_advertiser_id, deps.advertisers);
  const adGroup = await requireAdGroup(agencyId, form.adGroupId, deps.adGroups);

  const errors: TFieldErrors = {};
  if (advertiser.beeswaxAdvertiserId !== form.advertiser_id)
    errors['advertiser_id'] = [AD_GROUP_MESSAGES.notThisAdvertiser];
  if (creative.bgAdvertiserId !== advertiser.bgAdvertiserId)
    errors['bg_advertiser_id'] = [AD_GROUP_MESSAGES.notThisAdvertiser];
  if (creative.adGroupId !== adGroup.adGroupId) errors['adGroupId'] = [CHANGE_CREATIVE_MESSAGES.notThisAdGroup];
  if (form.bgCampaignId !== undefined && form.bgCampaignId !== creative.bgCampaignId) {
    errors['bgCampaignId'] = [AD_GROUP_MESSAGES.notThisCampaign];
  }
  if (file && form.sourceUrl) errors['file'] = ['Send either a file or a sourceUrl, not both'];
  const newAsset = file !== undefined || form.sourceUrl !== undefined;
  const video = isVideo(form.mimetype);
  const mediaError = mediaTypeError(video, adGroup.adGroupType);
  if (mediaError) {
    errors['mimetype'] = [mediaError];
  } else if (
    !newAsset &&
    (form.mimetype !== creative.creativeType ||
      form.size !== creative.size ||
      form.width !== creative.width ||
      form.height !== creative.height)
  ) {
    errors['file'] = [CHANGE_CREATIVE_MESSAGES.sendTheFile];
  }
  if (Object.keys(errors).length > 0) throw invalidRequest(errors);

  const campaign = await deps.campaigns.getCampaign(agencyId, creative.bgCampaignId);
  if (campaign) assertWritable(campaign, reportToday(deps.now()));

  const fields = {
    name: form.name,
    description: form.description,
    click_url: form.click_url,
    version: creative.version + 1,
  };
  const replace = async (next: TCreativeRecord): Promise<TCreativeRecord> => {
    if ((await deps.adGroups.replaceCreatives(agencyId, [next])) !== 'ok') {
      throw new ConflictError(AD_GROUP_MESSAGES.changedMeanwhile);
    }
    return next;
  };
  /** The creative as stored now (ours from before, or a change that won meanwhile). */
  const stored = async (): Promise<TCreativeRecord> =>
    (await deps.adGroups.getCreative(agencyId, creative.bgCreativeId).catch(() => creative)) ?? creative;

  /**
   * A failure while another change or a deletion won the race (it may have deleted the very bidder
   * creative this change was updating) is that race's 409, not a vendor error: the user reloads.
   */
  const orChangedMeanwhile = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ConflictError) throw error;
      const now = await deps.adGroups.getCreative(agencyId, creative.bgCreativeId).catch(() => undefined);
      if (now === null || (now !== undefined && now.version !== creative.version)) {
        throw new ConflictError(AD_GROUP_MESSAGES.changedMeanwhile, { cause: error });
      }
      throw error;
    }
  };

  if (!newAsset) {
    const next = await orChangedMeanwhile(() =>
      atBidderThenStore(
        {
          what: `creative ${creative.bgCreativeId}`,
          atBidder: () =>
            deps.bidder.updateCreative(creative.beeswaxCreativeId, {
              name: bidderCreativeName(form.name),
              clickUrl: form.click_url,
            }),
          store: () => replace({ ...creative, ...fields }),
          async undoAtBidder() {
            const now = await stored();
            await deps.bidder.updateCreative(now.beeswaxCreativeId, {
              name: bidderCreativeName(now.name),
              clickUrl: now.click_url,
            });
          },
        },
        deps.log,
      ),
    );
    return publicCreative(next, deps.storage);
  }

  const { key: assetKey, asset } = await placeAsset(agencyId, creative.bgCreativeId, form, file, deps);
  let created: number | undefined;
  const next = await removingAssetOnFailure(
    assetKey,
    'could not remove the asset of a failed creative change',
    deps,
    () =>
      orChangedMeanwhile(() =>
        atBidderThenStore(
          {
            what: `creative ${creative.bgCreativeId}`,
            async atBidder() {
              created = await createBidderCreative(
                {
                  beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
                  bgCreativeId: creative.bgCreativeId,
                  form,
                  assetKey,
                  contentType: asset.contentType,
                  video,
                  active: creative.active,
                },
                deps,
              );
              // The line items served the old creative already: linking is all they need.
              await linkToEveryLineItem(
                { agencyId, bgCampaignId: campaign?.bgCampaignId, beeswaxCreativeId: created },
                deps,
              );
              await deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: false });
            },
            store: () =>
              replace({
                ...creative,
                ...fields,
                beeswaxCreativeId: created as number,
                height: form.height,
                width: form.width,
                creativeType: asset.contentType,
                duration: video ? asset.durationSeconds : null,
                size: form.size,
                assetKey,
              }),
            async undoAtBidder() {
              if (created !== undefined) await deps.bidder.deleteCreative(created);
              const now = await stored();
              if (now.beeswaxCreativeId === creative.beeswaxCreativeId) {
                await deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: now.active });
              }
            },
          },
          deps.log,
        ),
      ),
  );
  await clearAwayOldCreative(agencyId, creative, 'replaced', deps);
  return publicCreative(next, deps.storage);
}
