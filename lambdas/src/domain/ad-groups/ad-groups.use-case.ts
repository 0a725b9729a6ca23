import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { TAdGroup, ZAdGroupCreate } from '@bidgrid/shared/entities/ad-group.schema';
import type * as z from 'zod';
import type { TCreative } from '@bidgrid/shared/entities/creative.schema';
import { newId } from '@bidgrid/shared/ids';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { summariseFieldErrors } from '../../lib/validation';
import { requireAdvertiser } from '../get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import { reportToday } from '../reports/report-rows';
import { assertWritable, requireCampaign } from '../campaigns/campaign-access';
import { toPublicCreative } from '../campaigns/campaign-records.schema';
import type { TAdGroupRecord, TCreativeRecord } from '../campaigns/campaign-records.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { BidderCampaigns } from '../ports/bidder.port';
import type { CampaignReader } from '../ports/campaign.port';
import type { CreativeStorage } from '../ports/creative-storage.port';

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

function badRequest(fieldErrors: TFieldErrors): BadRequestError {
  return new BadRequestError(summariseFieldErrors(fieldErrors), fieldErrors);
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

/** Refuses changes to the creatives of a campaign 175 or more days past its end (when it exists yet). */
async function assertCampaignWritable(
  agencyId: string,
  campaignId: string,
  deps: Pick<AdGroupDeps, 'campaigns' | 'now'>,
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
  return toPublicCreative(creative, await storage.presignGet(creative.assetKey), reports);
}

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }): number =>
  b.createdAt.localeCompare(a.createdAt);

/** `GET /adGroups/adgroupbybgcampaignid/{id}`: the campaign's ad groups, newest first. */
export async function listAdGroupsByCampaign(
  input: { agencyId: string; campaignId: string },
  deps: Pick<AdGroupDeps, 'adGroups' | 'campaigns'>,
): Promise<TAdGroup[]> {
  await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  return (await deps.adGroups.listAdGroups(input.agencyId, input.campaignId)).sort(newestFirst);
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
 * its campaign, under the campaign id it generated; when the campaign exists already (the dashboard's
 * replacement) it must be that advertiser's and its media type must match (display: image, video:
 * video). A client-generated `adGroupId` is kept if new.
 */
export async function createAdGroup(
  input: { agencyId: string; username: string; body: z.output<typeof ZAdGroupCreate> },
  deps: Pick<AdGroupDeps, 'adGroups' | 'campaigns' | 'advertisers' | 'now'>,
): Promise<TAdGroup> {
  const { body } = input;
  await requireAdvertiser(input.agencyId, body.bgAdvertiserId, deps.advertisers);
  const campaign = await assertCampaignWritable(input.agencyId, body.bgCampaignId, deps);
  if (campaign) {
    const errors: TFieldErrors = {};
    if (campaign.bgAdvertiserId !== body.bgAdvertiserId) errors['bgAdvertiserId'] = [AD_GROUP_MESSAGES.notThisCampaign];
    if ((body.adGroupType === 'video') !== campaign.isVideoCampaign)
      errors['adGroupType'] = [AD_GROUP_MESSAGES.wrongType];
    if (Object.keys(errors).length > 0) throw badRequest(errors);
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

async function eachCreative(
  creatives: readonly TCreativeRecord[],
  run: (creative: TCreativeRecord) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < creatives.length; i += CREATIVE_CONCURRENCY) {
    await Promise.all(creatives.slice(i, i + CREATIVE_CONCURRENCY).map(run));
  }
}

/**
 * `DELETE /adGroups/delete`: removes the ad group. Its creatives stop serving at once (deactivated at
 * the bidder, so a client that never gets to delete them one by one leaves nothing running) and are
 * deleted by the `/creatives/delete` calls that follow (001 §4 replacement order: new ad group and
 * creatives, delete the old ad group, delete the old creatives).
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
  try {
    await eachCreative(creatives, async (creative) => {
      await deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: false });
      stopped.push(creative);
    });
  } catch (error) {
    await eachCreative(stopped, (creative) =>
      deps.bidder.updateCreative(creative.beeswaxCreativeId, { active: true }).catch((undo: unknown) => {
        deps.log.error('could not reactivate a creative after a failed ad group deletion', { error: undo });
      }),
    );
    throw error;
  }
  // At most 100 creatives an ad group (001 §9): one transaction.
  const inactive = creatives.map((c) => ({ ...c, active: false, version: c.version + 1 }));
  if ((await deps.adGroups.replaceCreatives(input.agencyId, inactive)) !== 'ok') {
    throw new ConflictError(AD_GROUP_MESSAGES.changedMeanwhile);
  }
  if (!(await deps.adGroups.deleteAdGroup(input.agencyId, adGroup))) {
    throw new NotFoundError(AD_GROUP_MESSAGES.notFound, { internalMessage: `Ad group ${adGroup.adGroupId} gone` });
  }
  return { adGroupId: adGroup.adGroupId };
}

/** `GET /creatives/creativesbyadgroupid/{id}`: the ad group's creatives, newest first. */
export async function listCreativesByAdGroup(
  input: { agencyId: string; adGroupId: string },
  deps: Pick<AdGroupDeps, 'adGroups' | 'storage'>,
): Promise<TCreative[]> {
  const adGroup = await requireAdGroup(input.agencyId, input.adGroupId, deps.adGroups);
  const creatives = await deps.adGroups.listCreatives(input.agencyId, adGroup.bgCampaignId, adGroup.adGroupId);
  return Promise.all(creatives.sort(newestFirst).map((c) => publicCreative(c, deps.storage)));
}

/**
 * `PUT /creatives/updateLandingPage`: the click URL of every creative of the ad group, at the bidder
 * first, then here in one transaction (all or none; refused when any changed meanwhile, and the
 * bidder put back).
 */
export async function updateCreativesLandingPage(
  input: { agencyId: string; adGroupId: string; landingPage: string },
  deps: AdGroupDeps,
): Promise<TCreative[]> {
  const adGroup = await requireAdGroup(input.agencyId, input.adGroupId, deps.adGroups);
  await assertCampaignWritable(input.agencyId, adGroup.bgCampaignId, deps);
  const creatives = await deps.adGroups.listCreatives(input.agencyId, adGroup.bgCampaignId, adGroup.adGroupId);
  const restore = () =>
    eachCreative(creatives, (c) =>
      deps.bidder.updateCreative(c.beeswaxCreativeId, { clickUrl: c.click_url }).catch((error: unknown) => {
        deps.log.error('could not put a creative click URL back at the bidder', { error });
      }),
    );
  try {
    await eachCreative(creatives, (c) =>
      deps.bidder.updateCreative(c.beeswaxCreativeId, { clickUrl: input.landingPage }),
    );
  } catch (error) {
    await restore();
    throw error;
  }
  const next = creatives.map((c) => ({ ...c, click_url: input.landingPage, version: c.version + 1 }));
  if ((await deps.adGroups.replaceCreatives(input.agencyId, next)) !== 'ok') {
    await restore();
    throw new ConflictError(AD_GROUP_MESSAGES.changedMeanwhile);
  }
  return Promise.all(next.sort(newestFirst).map((c) => publicCreative(c, deps.storage)));
}

/** Objects a creative owns alone: its copy under `creatives/{agency}/{creative}/`. */
export const creativeAssetPrefix = (agencyId: string, creativeId: string): string =>
  `creatives/${agencyId}/${creativeId}/`;

/**
 * `DELETE /creatives/delete`: the creative, here and at the bidder (with its line-item links), and
 * its stored asset. The body's bidder id must be the creative's.
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
    throw badRequest({ beeswaxCreativeId: ['Does not match the creative'] });
  }
  await assertCampaignWritable(input.agencyId, creative.bgCampaignId, deps);
  await deps.bidder.deleteCreative(creative.beeswaxCreativeId);
  if ((await deps.adGroups.deleteCreative(input.agencyId, creative)) !== 'ok') {
    throw new ConflictError(AD_GROUP_MESSAGES.changedMeanwhile);
  }
  if (creative.assetKey.startsWith(creativeAssetPrefix(input.agencyId, creative.bgCreativeId))) {
    try {
      await deps.storage.remove(creative.assetKey);
    } catch (error) {
      // The creative is gone for everyone; a stray object costs storage only.
      deps.log.warn('could not remove a deleted creative asset', { key: creative.assetKey, error });
    }
  }
  return { bgCreativeId: creative.bgCreativeId };
}
