import { randomUUID } from 'node:crypto';
import { MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import type * as z from '@bidgrid/shared/zod';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { VIDEO_MIME_TYPES } from '@bidgrid/shared/constants';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { MISSING_PAYMENT_METHOD_MESSAGE } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { ZCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import { MAX_CRM_EMAILS } from '@bidgrid/shared/targeting/company.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { geoOptionOf, regionCodeOf } from '@bidgrid/shared/targeting/geo-options';
import { zId } from '@bidgrid/shared/ids';
import { groupEmails } from '@bidgrid/shared/realtime/campaign-create-parts';
import { campaignDetailsSchema, companyLimit } from '@bidgrid/shared/campaigns/campaign-details.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { zipCountryOf } from '@bidgrid/shared/targeting/zip-codes';
import { domainEntryKey, parseDomainEntry } from '@bidgrid/shared/lists/domain-entry';
import { BadRequestError, ConflictError, NotFoundError, ToldServerError, VendorError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { collectFieldErrors, summariseFieldErrors } from '../../kernel/validation';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { BidderCreationLookup, TBidderTargeting } from '../ports/bidder.port';
import type { CampaignCreationRepository, TCreationClaim } from '../ports/campaign-creation.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { CompanyLookupCache } from '../ports/company-lookup-cache.port';
import type { CompanyMatcher } from '../ports/company-matcher.port';
import type { AppMetrics } from '../ports/metrics.port';
import { AD_GROUP_MESSAGES } from '../ad-groups/ad-groups.use-case';
import { matchedRanges } from '../targeting/match-companies.use-case';
import { toPublicCampaign } from './campaign-records.schema';
import type { TCampaignRecord } from './campaign-records.schema';
import { createCampaign, CreationOutOfTimeError, LINE_ITEM_CONCURRENCY } from './create-campaign.use-case';
import { poolSettled } from '../vendors/bidder-first';
import { CREATION_LEASE_MS, keepLease, undoInterruptedCreation } from './create-campaign-recovery';
import { keptTargetingOf, makeLayers, mergeTargeting, planLayers, remadeLayersOf, undoMade } from './targeting-layers';
import type { TargetingLayers, TargetingLayerUndos, TMadeLayer } from './targeting-layers';
import type { CreateCampaignDeps, TNewCampaign, TNewLineItem } from './create-campaign.use-case';

/** The creation payload as the handlers hand it over (validated by the shared schema). */
export type TCampaignCreateRequest = z.output<typeof ZCampaignCreate>;

/** User messages of the creation rules the spec states without a text (ours, in the spec's tone). */
export const CREATE_CAMPAIGN_MESSAGES = {
  noIncludedCompany: 'Please, include at least one matched company.',
  tooManyCompanies: (limit: number) => `This campaign can target at most ${limit} companies.`,
  tooManyForThisCall: (limit: number) =>
    `At most ${limit} companies can be sent this way; the createCampaign realtime event takes more.`,
  outOfTime: 'Creating this campaign took too long, so nothing was made. Please try again.',
  oneAdGroup: 'The creatives must be of one ad group of this campaign.',
  inactiveCreative: 'This creative was removed with its ad group.',
  creativeNotFound: 'Creative not found.',
  missingChunks: 'Part of the campaign did not arrive. Please try again.',
  tooManyEmails: (limit: number) => `At most ${limit} e-mail addresses.`,
  busy: 'This campaign is being created already. Please wait a moment and try again.',
  otherAdvertiser: 'A campaign with this id exists already for another advertiser.',
  adServerFailed:
    'The ad server did not answer as expected, so the campaign was not created and nothing was saved. Please try again in a few minutes.',
  notMatched: (domain: string) => `${domain} did not match any company: match the companies again.`,
} as const;

/**
 * After a failed creation, deletes what the bidder made under our id that the creation never heard
 * of: a create whose reply was lost (a timeout after the bidder did it) leaves a campaign, or a line
 * item under it, whose id the in-process undo does not know. The bidder lists both by our id. Every
 * deletion is tried; the first failure is rethrown (the claim's journal then stays for the recovery).
 */
async function sweepUnanswered(
  beeswaxAdvertiserId: number,
  bgCampaignId: string,
  bidder: CreateCampaignRequestDeps['bidder'],
): Promise<void> {
  const failures: unknown[] = [];
  for (const campaignId of await bidder.findCampaignIds(beeswaxAdvertiserId, bgCampaignId)) {
    const lineItemIds = await bidder.listLineItemIds(campaignId);
    await poolSettled(lineItemIds, LINE_ITEM_CONCURRENCY, (id) =>
      bidder.deleteLineItem(id).catch((error: unknown) => void failures.push(error)),
    );
    // A campaign keeps its line items at the bidder: it goes only once they are gone.
    if (failures.length === 0) await bidder.deleteCampaign(campaignId).catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
}

/**
 * A vendor failure of the creation's bidder work, once it is undone, as what the user is told: the
 * generic 5xx text would leave them guessing whether a campaign half exists.
 */
function toldCreationFailure(error: unknown): unknown {
  if (!(error instanceof VendorError)) return error;
  return new ToldServerError(502, 'VENDOR_ERROR', CREATE_CAMPAIGN_MESSAGES.adServerFailed, {
    internalMessage: error.message,
    cause: error,
  });
}

/** Ports of the creation from a payload. */
export interface CreateCampaignRequestDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'putNewCampaign'>;
  advertisers: AdvertiserReader;
  adGroups: Pick<AdGroupRepository, 'getAdGroup' | 'getCreative'>;
  creation: CampaignCreationRepository;
  /** The creation's calls, and the look-ups that undo an interrupted earlier attempt. */
  bidder: CreateCampaignDeps['bidder'] & BidderCreationLookup;
  /**
   * The company-matching vendor and its look-up cache: a line item targets the IP ranges the server's
   * own match holds for its company's domain, never the ones a request carries.
   */
  matcher: CompanyMatcher;
  lookupCache: CompanyLookupCache;
  /** The layers beyond geography: each checks its choices belong to the caller and resolves them. */
  layers: TargetingLayers;
  /** The undo of what a layer made, for an interrupted attempt this request undoes first. */
  layerUndos: TargetingLayerUndos;
  /** Counts the campaigns this request made (and their time) and the creations it began and undid. */
  metrics: Pick<AppMetrics, 'campaignCreated' | 'campaignCreationFailed'>;
  now: () => Date;
  /** Waits between looks at a creation another request is making; tests pass one that does not sleep. */
  sleep?: (ms: number) => Promise<void>;
  log: Logger;
  /** How long a claim holds unrenewed (default `CREATION_LEASE_MS`; the local fault stack shortens it). */
  leaseMs?: number;
}

/** Who asks, what, and how the answer is awaited. */
export interface TCreateCampaignRequestInput {
  agencyId: string;
  username: string;
  request: TCampaignCreateRequest;
  /** Line items done of total, while the bidder works. */
  progress?: (done: number, total: number) => void;
  /** How long to wait for a concurrent request making the same campaign (REST: within its 29 s). */
  waitMs?: number;
  /**
   * How this way in may run: the most companies it takes (REST answers within 29 s, the realtime
   * Lambda runs minutes) and how long the bidder work may take before it stops and is undone, so a
   * Lambda's timeout never cuts a creation off half made.
   */
  limits: { maxCompanies: number; bidderWorkMs: number };
}

/**
 * The most companies one `createCampaign` event takes (in chunks): the issue's 25,000, which the
 * realtime Lambda makes within its time (`ws/timeouts.ts`) at the bidder's 20 calls at once.
 */
export const REALTIME_CREATE_MAX_COMPANIES = 25_000;
/** How often a request waiting for another one's creation looks again. */
const WAIT_POLL_MS = 500;
/** The most chunks one creation call may come in (25,000 companies take about 125). */
export const MAX_CREATE_CHUNKS = 500;
/** Progress is sent again at least this often while nothing changes (storing 1,000 line items). */
export const PROGRESS_HEARTBEAT_MS = 1_000;

const isVideoType = (mime: string): boolean => (VIDEO_MIME_TYPES as readonly string[]).includes(mime);

function badRequest(fieldErrors: TFieldErrors, message?: string): BadRequestError {
  return new BadRequestError(message ?? summariseFieldErrors(fieldErrors), fieldErrors);
}

/** Campaign-details form field -> the payload field it came from, so a 400 points at what was sent. */
const FORM_TO_PAYLOAD: Record<string, string> = {
  name: 'name',
  description: 'description',
  mediaType: 'isVideoCampaign',
  dailyBudget: 'beeswaxCampaign.dailyBudget',
  maxBid: 'max_bid',
  startDate: 'beeswaxCampaign.start_date',
  endDate: 'beeswaxCampaign.end_date',
  showInHubspot: 'showInHubspot',
  maxCompanies: 'maxCompanies',
};

/** The details rules of the wizard's form (001 §5), checked again here; the estimated budget computed. */
function checkDetails(request: TCampaignCreateRequest, now: Date) {
  const parsed = campaignDetailsSchema({ flow: 'create', now, startDateGraceDays: 1 }).safeParse({
    name: request.name,
    description: request.description,
    mediaType: request.isVideoCampaign ? 'video' : 'display',
    dailyBudget: request.beeswaxCampaign.dailyBudget,
    maxBid: request.max_bid,
    startDate: request.beeswaxCampaign.start_date,
    endDate: request.beeswaxCampaign.end_date,
    showInHubspot: request.showInHubspot,
    maxCompanies: request.maxCompanies ?? null,
  });
  if (parsed.success) return parsed.data;
  const formErrors: TFieldErrors = {};
  collectFieldErrors(parsed.error.issues, 'body', formErrors);
  const fieldErrors: TFieldErrors = {};
  for (const [field, messages] of Object.entries(formErrors)) {
    fieldErrors[FORM_TO_PAYLOAD[field] ?? field] = messages;
  }
  throw badRequest(fieldErrors);
}

/** The advertiser may have campaigns: it is the caller's (404), has a card (001 §4) and is this bidder advertiser. */
async function checkAdvertiser(
  agencyId: string,
  request: TCampaignCreateRequest,
  deps: Pick<CreateCampaignRequestDeps, 'advertisers'>,
): Promise<TAdvertiserRecord> {
  const advertiser = await requireAdvertiser(agencyId, request.bgAdvertiserId, deps.advertisers);
  if (!advertiser.paymentMethod) {
    throw badRequest({ bgAdvertiserId: [MISSING_PAYMENT_METHOD_MESSAGE] }, MISSING_PAYMENT_METHOD_MESSAGE);
  }
  if (advertiser.beeswaxAdvertiserId !== request.beeswaxCampaign.advertiser_id) {
    throw badRequest({ 'beeswaxCampaign.advertiser_id': [AD_GROUP_MESSAGES.notThisAdvertiser] });
  }
  return advertiser;
}

/**
 * The creatives: each the caller's (404 otherwise), all of one ad group made under this campaign id
 * for this advertiser, still active, of the campaign's media type (001 §5 texts). Their bidder ids.
 */
async function checkCreatives(
  agencyId: string,
  request: TCampaignCreateRequest,
  deps: Pick<CreateCampaignRequestDeps, 'adGroups'>,
): Promise<number[]> {
  const ids = [...new Set(request.creativeIds)];
  const creatives = await Promise.all(ids.map((id) => deps.adGroups.getCreative(agencyId, id)));
  const errors: string[] = [];
  const adGroupIds = new Set<string>();
  for (const [index, creative] of creatives.entries()) {
    if (!creative) {
      throw new NotFoundError(CREATE_CAMPAIGN_MESSAGES.creativeNotFound, {
        internalMessage: `Creative ${ids[index] ?? ''} not in agency ${agencyId}`,
      });
    }
    adGroupIds.add(creative.adGroupId);
    if (creative.bgCampaignId !== request.bgCampaignId) errors.push(AD_GROUP_MESSAGES.notThisCampaign);
    else if (creative.bgAdvertiserId !== request.bgAdvertiserId) errors.push(AD_GROUP_MESSAGES.notThisAdvertiser);
    else if (!creative.active) errors.push(CREATE_CAMPAIGN_MESSAGES.inactiveCreative);
    else if (isVideoType(creative.creativeType) !== request.isVideoCampaign) {
      errors.push(
        request.isVideoCampaign
          ? VALIDATION_MESSAGES.videoCampaignOnlyVideos
          : VALIDATION_MESSAGES.displayCampaignOnlyImages,
      );
    }
  }
  if (errors.length === 0 && adGroupIds.size > 1) errors.push(CREATE_CAMPAIGN_MESSAGES.oneAdGroup);
  if (errors.length > 0) throw badRequest({ creativeIds: [...new Set(errors)] });
  const [adGroupId] = [...adGroupIds];
  // The ad group still exists (a deleted one's creatives are inactive, but say so plainly).
  if (adGroupId === undefined || !(await deps.adGroups.getAdGroup(agencyId, adGroupId))) {
    throw new NotFoundError(AD_GROUP_MESSAGES.notFound, { internalMessage: `Ad group ${adGroupId ?? '-'} is gone` });
  }
  return creatives.map((creative) => (creative as NonNullable<typeof creative>).beeswaxCreativeId);
}

/**
 * A region's code at the bidder (`USA/TX`): the last part of its geo option's key (`US-TX`). The
 * schema took only selections of the catalog (`ZTargetingStateRequest`); one that names none is a bug here.
 */
function regionCode(state: TTargetingSelections['geo_state'][number]): string {
  const option = geoOptionOf(state);
  if (!option) throw new Error(`${state.country_code_3}/${state.key ?? state.region_name} is not a geo option`);
  return regionCodeOf(option);
}

/**
 * The campaign's `madeTargeting` from the kept layers' targeting (`keptTargetingOf`): the audiences
 * and lists a later targeting change must send again. Undefined when there is none.
 */
export function madeTargetingOf(targeting: TBidderTargeting): TCampaignRecord['madeTargeting'] {
  const { audiences, domainListIds } = targeting;
  if (!audiences?.length && !domainListIds?.length) return undefined;
  return {
    ...(audiences?.length ? { audiences } : {}),
    ...(domainListIds?.length ? { domainListIds } : {}),
  };
}

/**
 * The geography every line item shares, in the bidder's terms (the other layers: `targeting-layers`).
 * A targeting change after launch uses it on the stored selections too.
 */
export function geoTargeting(request: Pick<TCampaignCreateRequest, 'targetingInfo'>): TBidderTargeting {
  const targeting = request.targetingInfo;
  const countries = [...new Set([...targeting.geo_country, ...targeting.geo_state.map((s) => s.country_code_3)])];
  return {
    ...(countries.length ? { countries } : {}),
    ...(targeting.geo_state.length
      ? { regions: targeting.geo_state.map((s) => ({ country: s.country_code_3, region: regionCode(s) })) }
      : {}),
    ...(targeting.geo_zip.length
      ? { zips: targeting.geo_zip.map((zip) => ({ country: zipCountryOf(zip), zip })) }
      : {}),
  };
}

/** An included company row, and where it is in the request (for a field error). */
interface TIncludedCompany {
  readonly row: TCompanyRow;
  readonly index: number;
}

/**
 * The included, matched companies, once per domain (the line item's id at the bidder is made from
 * it). A company layer that includes none is refused rather than taken as "everyone".
 */
function includedCompanies(request: TCampaignCreateRequest, limit: number | null): TIncludedCompany[] {
  const rows = request.foundCompanyInfo?.companies ?? [];
  const seen = new Set<string>();
  const included = rows.flatMap((row, index) => {
    const domain = row.domain.toLowerCase();
    if (!row.include || !row.domainInfo || seen.has(domain)) return [];
    seen.add(domain);
    return [{ row, index }];
  });
  if (rows.length > 0 && included.length === 0) {
    throw badRequest({ 'foundCompanyInfo.companies': [CREATE_CAMPAIGN_MESSAGES.noIncludedCompany] });
  }
  if (limit !== null && included.length > limit) {
    throw badRequest({ 'foundCompanyInfo.companies': [CREATE_CAMPAIGN_MESSAGES.tooManyCompanies(limit)] });
  }
  return included;
}

/** The domain the server's match keys a row's company by (`acme.com`), or null when it names no domain. */
function matchKeyOf(row: TCompanyRow): string | null {
  const parsed = parseDomainEntry(row.domainInfo?.domain ?? row.domain);
  return parsed.kind === 'domain' ? domainEntryKey(parsed) : null;
}

/**
 * The IP ranges of each included company, as the server's own match holds them for its domain (the
 * look-up cache, else the vendor again): a request's ranges are never targeted, so no client can aim
 * a line item at ranges no match gave (`0.0.0.0/0`). A company the match does not know is refused on
 * its row; every range is a valid CIDR, as the match keeps only those.
 */
async function serverRanges(
  companies: readonly TIncludedCompany[],
  deps: Pick<CreateCampaignRequestDeps, 'matcher' | 'lookupCache' | 'now'>,
): Promise<Map<number, readonly string[]>> {
  const keys = companies.map((company) => matchKeyOf(company.row));
  const found = await matchedRanges(
    keys.filter((key): key is string => key !== null),
    deps,
  );
  const ranges = new Map<number, readonly string[]>();
  const fieldErrors: TFieldErrors = {};
  companies.forEach((company, i) => {
    const key = keys[i] ?? null;
    const matched = key === null ? null : (found.get(key) ?? null);
    if (matched && matched.length > 0) ranges.set(company.index, matched);
    else {
      fieldErrors[`foundCompanyInfo.companies.${company.index}.domainInfo`] = [
        CREATE_CAMPAIGN_MESSAGES.notMatched(company.row.domainInfo?.domain ?? company.row.domain),
      ];
    }
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest(fieldErrors);
  return ranges;
}

/** Everything the creation makes, from a checked payload. */
function newCampaignOf(
  input: { agencyId: string; username: string; request: TCampaignCreateRequest; now: Date },
  advertiser: TAdvertiserRecord,
  beeswaxCreativeIds: number[],
  layers: { targeting: TBidderTargeting; selections: Partial<TTargetingSelections> },
  checked: {
    details: ReturnType<typeof checkDetails>;
    companies: readonly TIncludedCompany[];
    ranges: ReadonlyMap<number, readonly string[]>;
  },
): TNewCampaign {
  const { request } = input;
  const { details } = checked;
  const limit = companyLimit(details.maxCompanies);
  const shared = mergeTargeting(geoTargeting(request), layers.targeting);
  const fromFile = request.foundCompanyInfo?.fromFile ?? false;
  const base = { bgCampaignId: request.bgCampaignId, bgAdvertiserId: advertiser.bgAdvertiserId, line_item_spend: 0 };
  const lineItems: TNewLineItem[] =
    checked.companies.length > 0
      ? checked.companies.map(({ row: company, index }) => {
          const ranges = checked.ranges.get(index) ?? [];
          return {
            key: company.domain.toLowerCase(),
            record: {
              ...base,
              line_item_name: (company.companyName ?? company.domainInfo?.companyName ?? company.domain).slice(
                0,
                MAX_BIDDER_NAME,
              ),
              active: true,
              hubspotCompanyId: company.hubspotCompanyId ?? null,
              fromFile,
              domain: company.domain,
              segmentCount: ranges.length,
            },
            targeting: { ...shared, ipRanges: [...ranges] },
          };
        })
      : [
          {
            key: 'all',
            record: {
              ...base,
              line_item_name: details.name.slice(0, MAX_BIDDER_NAME),
              active: true,
              hubspotCompanyId: null,
              fromFile: false,
              domain: null,
              segmentCount: 0,
            },
            targeting: shared,
          },
        ];
  return {
    campaign: {
      bgCampaignId: request.bgCampaignId,
      bgAdvertiserId: advertiser.bgAdvertiserId,
      agencyId: zId('agency').parse(input.agencyId),
      name: details.name,
      description: details.description ?? '',
      // 001 §9: new campaigns are inactive.
      active: false,
      archived: false,
      start_date: details.startDate,
      end_date: details.endDate,
      daily_budget: details.dailyBudget,
      campaign_budget: details.estimatedBudget,
      maxBid: details.maxBid,
      maxCompanies: limit,
      showInHubspot: details.showInHubspot,
      isVideoCampaign: details.isVideoCampaign,
      accounts: checked.companies.length,
      campaignType: request.campaignType,
      createdBy: input.username,
      createdAt: input.now.toISOString(),
    },
    beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
    lineItems,
    targeting: { ...request.targetingInfo, ...layers.selections },
    beeswaxCreativeIds,
  };
}

/** An existing campaign answers a repeat, unless the id was used for another advertiser. */
function repeatAnswer(campaign: TCampaignRecord, request: TCampaignCreateRequest): TCampaign {
  if (campaign.bgAdvertiserId !== request.bgAdvertiserId)
    throw new ConflictError(CREATE_CAMPAIGN_MESSAGES.otherAdvertiser);
  return toPublicCampaign(campaign, []);
}

/**
 * `POST /campaign/create` and the `createCampaign` event (001 §4, §7): checks the payload whole
 * against the caller's agency (advertiser with a card and this bidder id, creatives of its ad group
 * under this campaign id, media type, details rules, companies), then makes the campaign inactive at
 * the bidder with one line item per included, matched company (its IP ranges; one line item without a
 * company layer), the shared targeting, every creative linked to every line item, and stores it. A
 * failure at any step leaves nothing at the bidder or in the tables (`createCampaign`).
 *
 * Idempotent on `bgCampaignId`: a campaign that exists answers the request; otherwise a conditional
 * claim lets one request make it while a concurrent one waits (up to `waitMs`) and answers the
 * campaign the first made, or takes over when the first failed.
 */
export async function createCampaignFromRequest(
  input: TCreateCampaignRequestInput,
  deps: CreateCampaignRequestDeps,
): Promise<TCampaign> {
  const { agencyId, request } = input;
  const startedAt = deps.now().getTime();
  const elapsedMs = (): number => deps.now().getTime() - startedAt;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const existing = await deps.campaigns.getCampaign(agencyId, request.bgCampaignId);
  if (existing) return repeatAnswer(existing, request);

  if ((request.foundCompanyInfo?.companies.length ?? 0) > input.limits.maxCompanies) {
    throw badRequest({
      'foundCompanyInfo.companies': [CREATE_CAMPAIGN_MESSAGES.tooManyForThisCall(input.limits.maxCompanies)],
    });
  }
  const advertiser = await checkAdvertiser(agencyId, request, deps);
  const creativeIds = await checkCreatives(agencyId, request, deps);
  const layerPlan = await planLayers(deps.layers, {
    agencyId,
    username: input.username,
    advertiser,
    bgCampaignId: request.bgCampaignId,
    campaignName: request.name,
    maxBid: request.max_bid,
    targeting: request.targetingInfo,
    publicDomainLists: request.publicDomainLists,
    foundEmailsInfo: request.foundEmailsInfo,
  });
  const now = deps.now();
  const details = checkDetails(request, now);
  const companies = includedCompanies(request, companyLimit(details.maxCompanies));
  const ranges = await serverRanges(companies, deps);
  const planned = newCampaignOf({ ...input, now }, advertiser, creativeIds, layerPlan, { details, companies, ranges });

  const leaseMs = deps.leaseMs ?? CREATION_LEASE_MS;
  const owner = randomUUID();
  const claimKey = { agencyId, bgCampaignId: request.bgCampaignId, owner };
  const deadline = deps.now().getTime() + (input.waitMs ?? 25_000);
  let claimed: TCreationClaim | null;
  for (;;) {
    const nowMs = deps.now().getTime();
    // A short lease, renewed while we work (`keepLease`): a request that dies leaves a claim that
    // lapses within a minute, and is undone by the next claimer or the recovery job.
    claimed = await deps.creation.claim(agencyId, request.bgCampaignId, owner, {
      nowMs,
      leaseUntilMs: nowMs + leaseMs,
      beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
    });
    if (claimed) break;
    // Another request is making it: its campaign is the answer, once it is there.
    const made = await deps.campaigns.getCampaign(agencyId, request.bgCampaignId);
    if (made) return repeatAnswer(made, request);
    if (nowMs >= deadline) throw new ConflictError(CREATE_CAMPAIGN_MESSAGES.busy);
    await sleep(WAIT_POLL_MS);
  }
  /** Leaves the claim to lapse at once (not released: its journal is what the recovery undoes). */
  const lapse = (): Promise<void> =>
    deps.creation
      .journal(agencyId, request.bgCampaignId, owner, { leaseUntilMs: deps.now().getTime() - 1 })
      .then(() => undefined)
      .catch(() => undefined);
  if (claimed.interrupted) {
    // An earlier attempt died part-way: what it made goes first, so nothing is made twice.
    const undone = await undoInterruptedCreation(claimKey, claimed.interrupted, deps).catch(async (error: unknown) => {
      await lapse();
      throw new ConflictError(CREATE_CAMPAIGN_MESSAGES.busy, {
        internalMessage: 'undo of an interrupted attempt failed',
        cause: error,
      });
    });
    if (undone.finished) {
      // The earlier attempt stored its campaign before it died: that is the answer.
      await deps.creation.release(agencyId, request.bgCampaignId, owner);
      const made = await deps.campaigns.getCampaign(agencyId, request.bgCampaignId);
      if (made) return repeatAnswer(made, request);
      throw new ConflictError(CREATE_CAMPAIGN_MESSAGES.busy, { internalMessage: 'stored campaign not read back' });
    }
  }
  const lease = keepLease(deps.creation, claimKey, deps.now, deps.log, leaseMs);
  let leftAtBidder = false;

  let last = { done: 0, total: planned.lineItems.length };
  const report = (done: number, total: number): void => {
    last = { done, total };
    input.progress?.(done, total);
  };
  // Storing a thousand line items says nothing new for a while: the client still hears it is alive.
  const heartbeat = input.progress
    ? setInterval(() => report(last.done, last.total), PROGRESS_HEARTBEAT_MS)
    : undefined;
  try {
    // Made while we waited for the claim: nothing to do.
    const made = await deps.campaigns.getCampaign(agencyId, request.bgCampaignId);
    if (made) return repeatAnswer(made, request);
    const stopAt = deps.now().getTime() + input.limits.bidderWorkMs;
    const onUndoError = (error: unknown): void =>
      deps.log.error('a targeting layer made for a failed creation was not undone', {
        bgCampaignId: request.bgCampaignId,
        error,
      });
    // What a layer makes first (a CRM e-mail segment) joins every line item's targeting.
    const layersMade: { targeting: TBidderTargeting; made: TMadeLayer[] } = await makeLayers(layerPlan.makes, {
      onUndoError,
      journal: async (layersMade) => {
        const held = await deps.creation.journal(agencyId, request.bgCampaignId, owner, {
          leaseUntilMs: deps.now().getTime() + leaseMs,
          layersMade,
        });
        if (!held) throw new ConflictError(CREATE_CAMPAIGN_MESSAGES.busy, { internalMessage: 'creation claim lost' });
      },
    }).catch((error: unknown) => {
      throw toldCreationFailure(error);
    });
    const madeTargeting = madeTargetingOf(keptTargetingOf(layersMade.made));
    const remadeLayers = remadeLayersOf(layersMade.made);
    const withMade: TNewCampaign = {
      ...planned,
      campaign: {
        ...planned.campaign,
        ...(madeTargeting ? { madeTargeting } : {}),
        ...(remadeLayers.length > 0 ? { remadeLayers } : {}),
      },
      lineItems: planned.lineItems.map((item) => ({
        ...item,
        targeting: mergeTargeting(item.targeting, layersMade.targeting),
      })),
    };
    const { campaign } = await createCampaign(withMade, deps, {
      progress: report,
      // Out of time, or the lease lost (someone took the claim to undo us): stop and undo.
      outOfTime: () => lease.lost() || deps.now().getTime() > stopAt,
      journal: async (made) => {
        const held = await deps.creation.journal(agencyId, request.bgCampaignId, owner, {
          leaseUntilMs: deps.now().getTime() + leaseMs,
          ...made,
        });
        if (!held) throw new ConflictError(CREATE_CAMPAIGN_MESSAGES.busy, { internalMessage: 'creation claim lost' });
      },
      undone: (complete) => {
        leftAtBidder = !complete;
      },
    }).catch(async (error: unknown) => {
      await undoMade(layersMade.made, onUndoError);
      await sweepUnanswered(advertiser.beeswaxAdvertiserId, request.bgCampaignId, deps.bidder).catch(
        (sweepError: unknown) => {
          leftAtBidder = true;
          deps.log.error('what the bidder made unanswered for a failed creation was not deleted', {
            bgCampaignId: request.bgCampaignId,
            error: sweepError,
          });
        },
      );
      if (!(error instanceof CreationOutOfTimeError)) throw toldCreationFailure(error);
      throw new ConflictError(CREATE_CAMPAIGN_MESSAGES.outOfTime, { internalMessage: error.message, cause: error });
    });
    const durationMs = elapsedMs();
    deps.log.info('campaign created', {
      bgCampaignId: campaign.bgCampaignId,
      lineItems: planned.lineItems.length,
      creatives: creativeIds.length,
      durationMs,
    });
    deps.metrics.campaignCreated(durationMs, planned.lineItems.length);
    return toPublicCampaign(campaign, []);
  } catch (error) {
    // This request held the claim and began: whatever it made is undone (or left to the recovery).
    deps.metrics.campaignCreationFailed(elapsedMs());
    throw error;
  } finally {
    clearInterval(heartbeat);
    lease.stop();
    if (leftAtBidder) {
      // The undo left something at the bidder: the journal stays for the recovery job.
      await lapse();
    } else {
      await deps.creation.release(agencyId, request.bgCampaignId, owner).catch((error: unknown) => {
        deps.log.warn('creation claim not released (its lease ends it)', { bgCampaignId: request.bgCampaignId, error });
      });
    }
  }
}

/**
 * The `createCampaign` event in chunks (`campaignCreateParts`): a chunk before the last is kept
 * (answering null) and the last one creates the campaign from every chunk's companies and CRM
 * e-mails and its own payload. `callKey` names the call (the caller and the client's reqID): every chunk and retry of one
 * call share it, so a chunk sent twice is kept once.
 */
export async function createCampaignFromChunk(
  input: TCreateCampaignRequestInput & { callKey: string; chunk: { index: number; count: number } | undefined },
  deps: CreateCampaignRequestDeps,
): Promise<TCampaign | null> {
  const { chunk, agencyId, request, callKey } = input;
  if (!chunk || chunk.count === 1) return createCampaignFromRequest(input, deps);
  const companies = request.foundCompanyInfo?.companies ?? [];
  // Chunks hold a frame of companies each (about 200): more than this many is no campaign we make.
  if (chunk.count > MAX_CREATE_CHUNKS || companies.length > input.limits.maxCompanies) {
    throw badRequest({
      'foundCompanyInfo.companies': [CREATE_CAMPAIGN_MESSAGES.tooManyForThisCall(input.limits.maxCompanies)],
    });
  }
  if (chunk.index < chunk.count - 1) {
    // Only the caller's advertiser's chunks are kept: another agency's id is refused at once.
    await requireAdvertiser(agencyId, request.bgAdvertiserId, deps.advertisers);
    await deps.creation.putChunk(agencyId, callKey, {
      ...chunk,
      bgCampaignId: request.bgCampaignId,
      companies,
      emailGroups: request.foundEmailsInfo?.emailsToHash ?? [],
    });
    return null;
  }
  const kept = (await deps.creation.listChunks(agencyId, callKey)).filter(
    (c) => c.count === chunk.count && c.bgCampaignId === request.bgCampaignId && c.index < chunk.index,
  );
  const byIndex = new Map(kept.map((c) => [c.index, c]));
  if (byIndex.size !== chunk.count - 1) {
    throw badRequest({ 'foundCompanyInfo.companies': [CREATE_CAMPAIGN_MESSAGES.missingChunks] });
  }
  const ordered = [...byIndex.values()].sort((a, b) => a.index - b.index);
  const all = [...ordered.flatMap((c) => c.companies), ...companies];
  // A domain's e-mails may have been cut across chunks: they join into one group again.
  const emailGroups = [...ordered.flatMap((c) => c.emailGroups), ...(request.foundEmailsInfo?.emailsToHash ?? [])];
  const emailsToHash = groupEmails(emailGroups.flatMap((g) => g.emails.map((email) => ({ domain: g.domain, email }))));
  const emailCount = emailsToHash.reduce((n, group) => n + group.emails.length, 0);
  if (emailCount > MAX_CRM_EMAILS) {
    throw badRequest({ 'foundEmailsInfo.emailsToHash': [CREATE_CAMPAIGN_MESSAGES.tooManyEmails(MAX_CRM_EMAILS)] });
  }
  const whole: TCampaignCreateRequest = {
    ...request,
    foundCompanyInfo: { companies: all, fromFile: request.foundCompanyInfo?.fromFile ?? false },
    ...(emailsToHash.length > 0
      ? { foundEmailsInfo: { emailsToHash, fromFile: request.foundEmailsInfo?.fromFile ?? false } }
      : {}),
  };
  const campaign = await createCampaignFromRequest({ ...input, request: whole }, deps);
  await deps.creation.deleteChunks(agencyId, callKey, [...byIndex.keys()]).catch((error: unknown) => {
    deps.log.warn('kept chunks not deleted (their TTL will)', { error });
  });
  return campaign;
}
