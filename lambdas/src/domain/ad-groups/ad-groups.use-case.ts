import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { TAdGroup, ZAdGroupCreate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type * as z from '@bidgrid/shared/zod';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import { newId } from '@bidgrid/shared/ids';
import { compareNewestFirst } from '@bidgrid/shared/common/list-order';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { invalidRequest } from '../../kernel/validation';
import { atBidderThenStore, eachSettled } from '../vendors/bidder-first';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import { reportToday } from '../reports/report-rows';
import { assertWritable, CAMPAIGN_MESSAGES, requireCampaign } from '../campaigns/campaign-access';
import { toPublicCreative } from '../campaigns/campaign-records.schema';
import type { TAdGroupRecord, TCreativeRecord } from '../campaigns/campaign-records.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { BidderCampaigns } from '../ports/bidder.port';
import type { CampaignReader, CampaignRepository } from '../ports/campaign.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import type { TPage, TPagedPayload, TPageRequest } from '../ports/page.port';

/** Messages of the ad-group and creative rules the spec states without a text (ours). */
export const AD_GROUP_MESSAGES = {
  notFound: 'Ad group not found.',
  creativeNotFound: 'Creative not found.',
  exists: 'This ad group already exists.',
  creativeExists: 'This creative already exists.',
  adGroupGone: 'The ad group was deleted meanwhile.',
  changedMeanwhile: 'The creatives were changed meanwhile. Please reload them and try again.',
  notThisCampaign: 'Does not match the campaign',
  notThisAdvertiser: 'Does not match the advertiser',
  wrongType: 'Does not match the campaign media type',
} as const;

/** The longest creative name the bidder takes (its `creative_name`); ours may be up to 512 characters. */
export const BIDDER_CREATIVE_NAME_MAX = 255;

/** A creative's name as the bidder takes it: ours, cut to the bidder's limit (the full name stays here). */
export const bidderCreativeName = (name: string): string => name.slice(0, BIDDER_CREATIVE_NAME_MAX);

/** Ports of the ad-group calls. */
export interface AdGroupDeps {
  adGroups: AdGroupRepository;
  campaigns: CampaignReader;
  advertisers: AdvertiserReader;
  bidder: Pick<BidderCampaigns, 'updateCreative' | 'deleteCreative'>;
  storage: Pick<CreativeStorage, 'presignGet' | 'remove'>;
  now: () => Date;
  log: Logger;
}

/** The ad group `adGroupId` of the agency, or a 404 (another agency's looks the same as none). */
export async function requireAdGroup(
  agencyId: string,
  adGroupId: string,
  adGroups: Pick<AdGroupRepository, 'getAdGroup'>,
): Promise<TAdGroupRecord> {
  const adGroup = await adGroups.getAdGroup(agencyId, adGroupId);
  if (!adGroup) {
    throw new NotFoundError(AD_GROUP_MESSAGES.notFound, {
      internalMessage: `Ad group ${adGroupId} not in agency ${agencyId}`,
    });
  }
  return adGroup;
}

/**
 * One page of the creatives of the agency's ad group `adGroupId`, in the store's order, with the ad
 * group; a 404 when the ad group is not the agency's. What every list of an ad group's creatives reads.
 */
export async function creativesPageOf(
  agencyId: string,
  adGroupId: string,
  page: TPageRequest,
  adGroups: Pick<AdGroupRepository, 'getAdGroup' | 'listCreativesPage'>,
): Promise<{ adGroup: TAdGroupRecord; page: TPage<TCreativeRecord> }> {
  const adGroup = await requireAdGroup(agencyId, adGroupId, adGroups);
  return {
    adGroup,
    page: await adGroups.listCreativesPage(agencyId, adGroup.bgCampaignId, adGroup.adGroupId, page),
  };
}

/** Refuses changes to the creatives of a campaign 175 or more days past its end (when it exists yet). */
async function assertCampaignWritable(
  agencyId: string,
  campaignId: string,
  deps: { campaigns: CampaignReader; now: () => Date },
) {
  const campaign = await deps.campaigns.getCampaign(agencyId, campaignId);
  if (campaign) assertWritable(campaign, reportToday(deps.now()));
  return campaign;
}

/** A creative as the API shows it, its asset behind a fresh presigned URL. */
export async function publicCreative(
  creative: TCreativeRecord,
  storage: Pick<CreativeStorage, 'presignGet'>,
  reports: TCreative['creativeReports'] = [],
): Promise<TCreative> {
  // The checked type, whatever the object's metadata says (its bytes were checked to be that type).
  return toPublicCreative(
    creative,
    await storage.presignGet(creative.assetKey, { contentType: creative.creativeType }),
    reports,
  );
}

const newestFirst = compareNewestFirst;

/** `GET /adGroups/adgroupbybgcampaignid/{id}`: one page of the campaign's ad groups, newest first within it. */
export async function listAdGroupsByCampaign(
  input: { agencyId: string; campaignId: string; page: TPageRequest },
  deps: { adGroups: Pick<AdGroupRepository, 'listAdGroups'>; campaigns: CampaignReader },
): Promise<TPagedPayload<TAdGroup[]>> {
  await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  const page = await deps.adGroups.listAdGroups(input.agencyId, input.campaignId, input.page);
  return { payload: [...page.items].sort(newestFirst), nextCursor: page.nextCursor };
}

/** `GET /adGroups/{id}`: one ad group. */
export async function getAdGroup(
  input: { agencyId: string; adGroupId: string },
  deps: Pick<AdGroupDeps, 'adGroups'>,
): Promise<TAdGroup> {
  return requireAdGroup(input.agencyId, input.adGroupId, deps.adGroups);
}

/**
 * `POST /adgroups/create`: an ad group of one of the caller's advertisers. The wizard makes it before
 * its campaign, under the campaign id it generated: an id nobody used yet is reserved for the
 * caller's agency, and one another agency has (made or reserved) is not found (404), so nobody builds
 * on a campaign id that is not theirs. When the campaign exists already (the dashboard's replacement)
 * it must be that advertiser's and its media type must match (display: image, video: video). A
 * client-generated `adGroupId` (its prefix checked by the schema) is kept only if new (409 otherwise).
 */
export async function createAdGroup(
  input: { agencyId: string; username: string; body: z.output<typeof ZAdGroupCreate> },
  deps: Pick<AdGroupDeps, 'adGroups' | 'advertisers' | 'now'> & {
    campaigns: Pick<CampaignRepository, 'getCampaign' | 'reserveCampaignId'>;
  },
): Promise<TAdGroup> {
  const { body } = input;
  await requireAdvertiser(input.agencyId, body.bgAdvertiserId, deps.advertisers);
  const campaign = await assertCampaignWritable(input.agencyId, body.bgCampaignId, deps);
  if (!campaign && !(await deps.campaigns.reserveCampaignId(input.agencyId, body.bgCampaignId))) {
    throw new NotFoundError(CAMPAIGN_MESSAGES.notFound, {
      internalMessage: `Campaign id ${body.bgCampaignId} belongs to another agency`,
    });
  }
  if (campaign) {
    const errors: TFieldErrors = {};
    if (campaign.bgAdvertiserId !== body.bgAdvertiserId) errors['bgAdvertiserId'] = [AD_GROUP_MESSAGES.notThisCampaign];
    if ((body.adGroupType === 'video') !== campaign.isVideoCampaign)
      errors['adGroupType'] = [AD_GROUP_MESSAGES.wrongType];
    if (Object.keys(errors).length > 0) throw invalidRequest(errors);
  }
  const adGroup: TAdGroupRecord = {
    adGroupId: body.adGroupId ?? newId('adGroup'),
    bgAdvertiserId: body.bgAdvertiserId,
    bgCampaignId: body.bgCampaignId,
    createdBy: input.username,
    name: body.name.trim(),
    description: (body.description ?? '').trim(),
    adGroupType: body.adGroupType,
    createdAt: deps.now().toISOString(),
  };
  if (!(await deps.adGroups.putNewAdGroup(input.agencyId, adGroup))) throw new ConflictError(AD_GROUP_MESSAGES.exists);
  return adGroup;
}

/** Bidder calls at once when every creative of an ad group changes. */
const CREATIVE_CONCURRENCY = 8;

/**
 * `DELETE /adGroups/delete`: removes the ad group. Its creatives stop serving at once (deactivated at
 * the bidder, so a client that never gets to delete them one by one leaves nothing running) and are
 * deleted by the `/creatives/delete` calls that follow (001 §4 replacement order: new ad group and
 * creatives, delete the old ad group, delete the old creatives). The deletion of the ad group is the
 * one store write that decides: if it fails, the creatives serve again (unless a concurrent deletion
 * removed the ad group first); once it is done, the creatives are marked inactive as they are.
 */
export async function deleteAdGroup(
  input: { agencyId: string; adGroupId: string },
  deps: AdGroupDeps,
): Promise<{ adGroupId: string }> {
  const adGroup = await requireAdGroup(input.agencyId, input.adGroupId, deps.adGroups);
  await assertCampaignWritable(input.agencyId, adGroup.bgCampaignId, deps);
  const creatives = (await deps.adGroups.listCreatives(input.agencyId, adGroup.bgCampaignId, adGroup.adGroupId)).filter(
    (c) => c.active,
  );
  const stopped: TCreativeRecord[] = [];
  await atBidderThenStore(
    {
      what: `ad group ${adGroup.adGroupId}`,
      atBidder: () =>
        eachSettled(creatives, CREATIVE_CONCURRENCY, async (creative) => {
          await deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: false });
          stopped.push(creative);
        }),
      async store() {
        if (!(await deps.adGroups.deleteAdGroup(input.agencyId, adGroup))) {
          throw new NotFoundError(AD_GROUP_MESSAGES.notFound, {
            internalMessage: `Ad group ${adGroup.adGroupId} gone`,
          });
        }
      },
      async undoAtBidder() {
        // What the store holds: an ad group still there serves its creatives; one a concurrent
        // deletion removed does not.
        const stored = await deps.adGroups.getAdGroup(input.agencyId, adGroup.adGroupId);
        if (stored) {
          await eachSettled(stopped, CREATIVE_CONCURRENCY, (creative) =>
            deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: true }),
          );
        }
      },
    },
    deps.log,
  );
  // Recorded after the fact, as they are at the bidder; no screen lists creatives of a deleted ad
  // group, and a later `/creatives/delete` removes them whatever this says.
  const inactive = creatives.map((c) => ({ ...c, active: false, version: c.version + 1 }));
  const marked = await deps.adGroups.replaceCreatives(input.agencyId, inactive).catch((error: unknown) => error);
  if (marked !== 'ok') {
    deps.log.warn('creatives of a deleted ad group not marked inactive', { adGroupId: adGroup.adGroupId, marked });
  }
  return { adGroupId: adGroup.adGroupId };
}

/** `GET /creatives/creativesbyadgroupid/{id}`: one page of the ad group's creatives, newest first within it. */
export async function listCreativesByAdGroup(
  input: { agencyId: string; adGroupId: string; page: TPageRequest },
  deps: Pick<AdGroupDeps, 'adGroups' | 'storage'>,
): Promise<TPagedPayload<TCreative[]>> {
  const { page } = await creativesPageOf(input.agencyId, input.adGroupId, input.page, deps.adGroups);
  return {
    payload: await Promise.all([...page.items].sort(newestFirst).map((c) => publicCreative(c, deps.storage))),
    nextCursor: page.nextCursor,
  };
}

/**
 * `PUT /creatives/updateLandingPage`: the click URL of every creative of the ad group, at the bidder
 * first, then here in one transaction (all or none; refused when any changed meanwhile). Whatever
 * fails after the bidder calls, the bidder is put back to the click URLs stored then.
 */
export async function updateCreativesLandingPage(
  input: { agencyId: string; adGroupId: string; landingPage: string },
  deps: AdGroupDeps,
): Promise<TCreative[]> {
  const adGroup = await requireAdGroup(input.agencyId, input.adGroupId, deps.adGroups);
  await assertCampaignWritable(input.agencyId, adGroup.bgCampaignId, deps);
  const creatives = await deps.adGroups.listCreatives(input.agencyId, adGroup.bgCampaignId, adGroup.adGroupId);
  const next = creatives.map((c) => ({ ...c, click_url: input.landingPage, version: c.version + 1 }));
  await atBidderThenStore(
    {
      what: `click URLs of ad group ${adGroup.adGroupId}`,
      atBidder: () =>
        eachSettled(creatives, CREATIVE_CONCURRENCY, (c) =>
          deps.bidder.updateCreative(c.beeswaxCreativeId, { clickUrl: input.landingPage }),
        ),
      async store() {
        if ((await deps.adGroups.replaceCreatives(input.agencyId, next)) !== 'ok') {
          throw new ConflictError(AD_GROUP_MESSAGES.changedMeanwhile);
        }
      },
      async undoAtBidder() {
        // The URLs stored now: ours from before, or those of an edit that won meanwhile.
        const stored = await deps.adGroups
          .listCreatives(input.agencyId, adGroup.bgCampaignId, adGroup.adGroupId)
          .catch(() => creatives);
        await eachSettled(stored, CREATIVE_CONCURRENCY, (c) =>
          deps.bidder.updateCreative(c.beeswaxCreativeId, { clickUrl: c.click_url }),
        );
      },
    },
    deps.log,
  );
  return Promise.all(next.sort(newestFirst).map((c) => publicCreative(c, deps.storage)));
}

/** Objects a creative owns alone: its copy under `creatives/{agency}/{creative}/`. */
export const creativeAssetPrefix = (agencyId: string, creativeId: string): string =>
  `creatives/${agencyId}/${creativeId}/`;

/**
 * Clears away, best effort, what a creative that is no longer stored (deleted, or replaced by a new
 * file) leaves behind: its bidder creative, switched off already (it serves nothing, it only clutters
 * the bidder account), and its own asset (a creative gone for everyone; a stray object costs storage
 * only). A failure is logged for a person, never thrown: the change itself is done.
 */
export async function clearAwayOldCreative(
  agencyId: string,
  creative: Pick<TCreativeRecord, 'bgCreativeId' | 'beeswaxCreativeId' | 'assetKey'>,
  how: 'deleted' | 'replaced',
  deps: { bidder: Pick<BidderCampaigns, 'deleteCreative'>; storage: Pick<CreativeStorage, 'remove'>; log: Logger },
): Promise<void> {
  try {
    await deps.bidder.deleteCreative(creative.beeswaxCreativeId);
  } catch (error) {
    deps.log.error(`could not delete a ${how} creative at the bidder; it is left inactive`, {
      beeswaxCreativeId: creative.beeswaxCreativeId,
      error,
    });
  }
  if (creative.assetKey.startsWith(creativeAssetPrefix(agencyId, creative.bgCreativeId))) {
    try {
      await deps.storage.remove(creative.assetKey);
    } catch (error) {
      deps.log.warn(`could not remove a ${how} creative asset`, { key: creative.assetKey, error });
    }
  }
}

/**
 * `DELETE /creatives/delete`: the creative, here and at the bidder (with its line-item links), and
 * its stored asset. The body's bidder id must be the creative's. A deletion can not be undone at the
 * bidder, so the creative is first switched off there (undone if the store refuses or fails), then
 * deleted here, then deleted at the bidder; if that last call fails, the creative stays off at the
 * bidder and is logged for a person to remove.
 */
export async function deleteCreative(
  input: { agencyId: string; bgCreativeId: string; beeswaxCreativeId: number },
  deps: AdGroupDeps,
): Promise<{ bgCreativeId: string }> {
  const creative = await deps.adGroups.getCreative(input.agencyId, input.bgCreativeId);
  if (!creative) {
    throw new NotFoundError(AD_GROUP_MESSAGES.creativeNotFound, {
      internalMessage: `Creative ${input.bgCreativeId} not in agency ${input.agencyId}`,
    });
  }
  if (creative.beeswaxCreativeId !== input.beeswaxCreativeId) {
    throw invalidRequest({ beeswaxCreativeId: ['Does not match the creative'] });
  }
  await assertCampaignWritable(input.agencyId, creative.bgCampaignId, deps);
  await atBidderThenStore(
    {
      what: `creative ${creative.bgCreativeId}`,
      atBidder: () => deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: false }),
      async store() {
        if ((await deps.adGroups.deleteCreative(input.agencyId, creative)) !== 'ok') {
          throw new ConflictError(AD_GROUP_MESSAGES.changedMeanwhile);
        }
      },
      async undoAtBidder() {
        const stored =
          (await deps.adGroups.getCreative(input.agencyId, creative.bgCreativeId).catch(() => creative)) ?? creative;
        await deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: stored.active });
      },
    },
    deps.log,
  );
  await clearAwayOldCreative(input.agencyId, creative, 'deleted', deps);
  return { bgCreativeId: creative.bgCreativeId };
}
