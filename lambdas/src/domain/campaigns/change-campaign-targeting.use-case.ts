import { randomUUID } from 'node:crypto';
import { MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import type {
  TCampaignActivity,
  TCampaignCompany,
  TCampaignTargetingChangeResult,
  TCampaignTargetingEdit,
  TLayerDiff,
} from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import { MAX_COMPANIES_PER_CHANGE } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TCampaignTargetingChange } from '@bidgrid/shared/targeting/campaign-targeting-request.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { isCampaignReadOnly } from '@bidgrid/shared/campaigns/campaign-details.schema';
import { ConflictError, NotFoundError, ToldServerError, VendorError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { invalidRequest } from '../../kernel/validation';
import { atBidderThenStore, poolSettled } from '../vendors/bidder-first';
import { matchCompanies } from '../targeting/match-companies.use-case';
import type { MatchCompaniesDeps } from '../targeting/match-companies.use-case';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { BidderCampaigns, TBidderTargeting } from '../ports/bidder.port';
import type { CampaignRepository, TTargetingState } from '../ports/campaign.port';
import { pagedPayload } from '../ports/page.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import { reportToday } from '../reports/report-rows';
import { assertWritable, CAMPAIGN_MESSAGES, requireCampaign } from './campaign-access';
import type { TCampaignRecord, TLineItemRecord } from './campaign-records.schema';
import { CREATE_CAMPAIGN_MESSAGES, geoTargeting, madeTargetingOf } from './create-campaign-request.use-case';
import { lineItemOurId } from './create-campaign.use-case';
import {
  keptTargetingOf,
  makeLayers,
  mergeTargeting,
  planLayers,
  remadeLayersOf,
  remadeTargetingOf,
  undoMade,
} from './targeting-layers';
import type { TargetingLayers, TargetingLayerUndos, TLayerRequest, TMadeLayer } from './targeting-layers';
import { lineItemBidding } from './update-campaign.use-case';

/**
 * Targeting that stays editable after launch (issue 12, beyond the spec). A change adds companies
 * (matched like the wizard's CSV), removes companies and sets the layers; every line item gets its
 * whole new targeting at the bidder (the shared layers plus its company's IP ranges), new line items
 * are made with the campaign's creatives linked, removed ones are switched off first and deleted once
 * the change is stored. Nothing half-done stays: the bidder goes first, a failure part-way (or a lost
 * race at the store) puts the bidder back to what the store holds, and the store takes the change in
 * one conditional transaction (the targeting revision the editor read, the campaign's version).
 */

/** User messages of the change (ours, in the spec's tone). */
export const TARGETING_CHANGE_MESSAGES = {
  changedMeanwhile: 'The targeting of this campaign was changed meanwhile. Please reload it and try again.',
  noCompanyLayer: 'This campaign targets no companies, so companies can not be added to it.',
  notACompany: 'This line item is not a company of the campaign.',
  tooManyAtOnce: `At most ${MAX_COMPANIES_PER_CHANGE} companies can be added or removed in one change.`,
  alreadyIn: 'Already in this campaign.',
  rangesGone: (name: string) =>
    `The IP ranges of ${name} could not be found again. Please remove this company and add it again.`,
  noTargeting: 'This campaign has no targeting to change.',
  outOfTime: 'Changing the targeting of this campaign took too long, so nothing was changed. Please try again.',
  adServerFailed:
    'The ad server did not answer as expected, so the targeting was not changed. Please try again in a few minutes.',
} as const;

/** Bidder calls at once while line items change (below the bidder's concurrency cap, like creation). */
export const TARGETING_CHANGE_CONCURRENCY = 16;

/** Ports of a targeting change. */
export interface ChangeTargetingDeps {
  campaigns: Pick<
    CampaignRepository,
    'getCampaign' | 'listLineItems' | 'getTargetingState' | 'commitTargetingChange' | 'listActivityPage'
  >;
  advertisers: AdvertiserReader;
  adGroups: Pick<AdGroupRepository, 'listCampaignCreatives'>;
  bidder: Pick<BidderCampaigns, 'createLineItem' | 'updateLineItem' | 'deleteLineItem' | 'linkCreative'>;
  /** The layers beyond geography, the same seam the creation uses. */
  layers: TargetingLayers;
  /** Deletes what a layer made for the targeting a stored change replaced (the old split-bids list). */
  layerUndos: TargetingLayerUndos;
  /** Company matching of the added domains (the wizard's CSV matching, segments log included). */
  matching: MatchCompaniesDeps;
  now: () => Date;
  log: Logger;
}

/** Who changes what, and how the work is reported. */
export interface TChangeTargetingInput {
  agencyId: string;
  username: string;
  change: TCampaignTargetingChange;
  /** Names the run in the segments log (the call's reqID): a retried call logs a match once. */
  runKey: string;
  /** Bidder changes done of total. */
  progress?: (done: number, total: number) => void;
  /** Aborted when nobody waits any more: no further bidder call starts, and what was done is undone. */
  signal?: AbortSignal;
  /**
   * How long the bidder work may run (ms) before it stops and is undone, so the Lambda's own timeout
   * never cuts a change off half made with nobody left to undo it.
   */
  bidderWorkMs?: number;
  /** Where the change came from when not the targeting editor (recorded in the activity entry). */
  via?: TCampaignActivity['via'];
}

const isCompany = (lineItem: TLineItemRecord): boolean => lineItem.domain !== null;
const companyOf = (lineItem: TLineItemRecord): TCampaignCompany => ({
  beeswaxLineItemId: lineItem.beeswaxLineItemId,
  name: lineItem.line_item_name,
  domain: lineItem.domain ?? '',
});

/** The stored targeting of a campaign (every campaign has one from its creation). */
async function requireTargeting(
  agencyId: string,
  campaignId: string,
  deps: Pick<ChangeTargetingDeps, 'campaigns'>,
): Promise<TTargetingState> {
  const state = await deps.campaigns.getTargetingState(agencyId, campaignId);
  if (!state) throw new NotFoundError(TARGETING_CHANGE_MESSAGES.noTargeting);
  return state;
}

/**
 * What the targeting editor starts from (`GET /campaign/targetingEdit/{id}`): the stored selections
 * and their revision, the campaign's companies, its limit and whether it can still change.
 */
export async function getCampaignTargetingEdit(
  input: { agencyId: string; campaignId: string },
  deps: Pick<ChangeTargetingDeps, 'campaigns' | 'now'>,
): Promise<TCampaignTargetingEdit> {
  const campaign = await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  const [state, lineItems] = await Promise.all([
    requireTargeting(input.agencyId, input.campaignId, deps),
    deps.campaigns.listLineItems(input.agencyId, input.campaignId),
  ]);
  const companies = lineItems.filter(isCompany);
  return {
    bgCampaignId: campaign.bgCampaignId,
    revision: state.revision,
    targeting: state.targeting,
    companies: companies.map(companyOf).sort((a, b) => a.name.localeCompare(b.name)),
    hasCompanyLayer: companies.length > 0,
    maxCompanies: campaign.maxCompanies,
    readOnly: isCampaignReadOnly(campaign.end_date, reportToday(deps.now())),
  };
}

/** `GET /campaign/activity/{id}`: one page of the campaign's activity log, newest first. */
export async function listCampaignActivity(
  input: { agencyId: string; campaignId: string; page: TPageRequest },
  deps: { campaigns: Pick<CampaignRepository, 'getCampaign' | 'listActivityPage'> },
): Promise<TPagedPayload<TCampaignActivity[]>> {
  await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  return pagedPayload(await deps.campaigns.listActivityPage(input.agencyId, input.campaignId, input.page));
}

/** The names a layer's entries are shown by (the targeting panel's), for the activity log. */
const LAYER_NAMES: Record<TLayerDiff['layer'], (t: TTargetingSelections) => string[]> = {
  domain_list: (t) => t.domain_list.map((l) => l.name),
  geo_state: (t) => t.geo_state.map((s) => `${s.region_name} (${s.country_code_3})`),
  geo_zip: (t) => t.geo_zip,
  role_title_segments: (t) => t.role_title_segments.map((r) => r.role_name),
  retargeting_segments: (t) => t.retargeting_segments.map((s) => s.segment_name ?? s.segment_key),
};

/** What each layer gained and lost between two selections (layers without a change left out). */
export function layerDiffs(before: TTargetingSelections, after: TTargetingSelections): TLayerDiff[] {
  return (Object.keys(LAYER_NAMES) as Array<TLayerDiff['layer']>).flatMap((layer) => {
    const was = new Set(LAYER_NAMES[layer](before));
    const now = new Set(LAYER_NAMES[layer](after));
    const added = [...now].filter((name) => !was.has(name));
    const removed = [...was].filter((name) => !now.has(name));
    return added.length || removed.length ? [{ layer, added, removed }] : [];
  });
}

/** The selections as stored: countries derived from the chosen regions, ZIPs trimmed and once each. */
function normalise(targeting: TTargetingSelections): TTargetingSelections {
  return {
    ...targeting,
    geo_country: [...new Set([...targeting.geo_country, ...targeting.geo_state.map((s) => s.country_code_3)])],
    geo_zip: [...new Set(targeting.geo_zip.map((zip) => zip.trim()).filter((zip) => zip.length > 0))],
  };
}

/** The removals: line items of this campaign that are companies. */
function checkRemovals(ids: readonly number[], lineItems: readonly TLineItemRecord[]): TLineItemRecord[] {
  const byId = new Map(lineItems.map((li) => [li.beeswaxLineItemId, li]));
  const removed: TLineItemRecord[] = [];
  for (const id of new Set(ids)) {
    const lineItem = byId.get(id);
    // Another campaign's (or agency's) line item is simply not one of this campaign's.
    if (!lineItem) throw new NotFoundError(CAMPAIGN_MESSAGES.lineItemNotFound);
    if (!isCompany(lineItem)) throw invalidRequest({ removeLineItemIds: [TARGETING_CHANGE_MESSAGES.notACompany] });
    removed.push(lineItem);
  }
  return removed;
}

/** A company line item's IP ranges: as stored, or (line items stored before they were kept) matched again. */
async function rangesOf(lineItem: TLineItemRecord, deps: Pick<ChangeTargetingDeps, 'matching'>): Promise<string[]> {
  if (lineItem.ipRanges) return lineItem.ipRanges;
  if (lineItem.domain === null) return [];
  const found = await deps.matching.matcher.ranges(lineItem.domain);
  if (found.outcome !== 'ranges' || found.ranges.length === 0) {
    throw new ConflictError(TARGETING_CHANGE_MESSAGES.rangesGone(lineItem.line_item_name));
  }
  return found.ranges;
}

/** The whole targeting of a line item: the shared layers and, for a company, its IP ranges. */
const lineItemTargeting = (shared: TBidderTargeting, ranges: readonly string[]): TBidderTargeting =>
  ranges.length > 0 ? { ...shared, ipRanges: [...ranges] } : shared;

/**
 * The `updateCampaignTargeting` event: checks the change whole (the campaign is the caller's and
 * still writable, the revision is the stored one, removals are companies of this campaign, the
 * layers pass the same checks as at creation, `maxCompanies` holds), matches the added domains,
 * then pushes it to the bidder and stores it with an activity entry. A change that changes nothing
 * (every domain already in or unmatched, the same layers) stores nothing and answers `changed: false`.
 */
export async function changeCampaignTargeting(
  input: TChangeTargetingInput,
  deps: ChangeTargetingDeps,
): Promise<TCampaignTargetingChangeResult> {
  const { agencyId, change } = input;
  const campaign = await requireCampaign(agencyId, change.bgCampaignId, deps.campaigns);
  assertWritable(campaign, reportToday(deps.now()));
  const state = await requireTargeting(agencyId, campaign.bgCampaignId, deps);
  if (state.revision !== change.revision) {
    throw new ConflictError(TARGETING_CHANGE_MESSAGES.changedMeanwhile, {
      internalMessage: `Targeting of ${campaign.bgCampaignId} at ${state.revision}, change planned on ${change.revision}`,
    });
  }
  if (change.addDomains.length + change.removeLineItemIds.length > MAX_COMPANIES_PER_CHANGE) {
    throw invalidRequest({ addDomains: [TARGETING_CHANGE_MESSAGES.tooManyAtOnce] });
  }
  const advertiser = await requireAdvertiser(agencyId, campaign.bgAdvertiserId, deps.advertisers);
  const lineItems = await deps.campaigns.listLineItems(agencyId, campaign.bgCampaignId);
  const removed = checkRemovals(change.removeLineItemIds, lineItems);
  const removedIds = new Set(removed.map((li) => li.beeswaxLineItemId));
  const kept = lineItems.filter((li) => !removedIds.has(li.beeswaxLineItemId));
  const hadCompanies = lineItems.some(isCompany);
  if (hadCompanies && removed.length > 0 && !kept.some(isCompany) && change.addDomains.length === 0) {
    throw invalidRequest({ removeLineItemIds: [CREATE_CAMPAIGN_MESSAGES.noIncludedCompany] });
  }
  if (change.addDomains.length > 0 && !hadCompanies) {
    throw invalidRequest({ addDomains: [TARGETING_CHANGE_MESSAGES.noCompanyLayer] });
  }

  const selections = normalise(change.layers?.targetingInfo ?? state.targeting);
  const layerRequest: TLayerRequest = {
    agencyId,
    username: input.username,
    advertiser,
    bgCampaignId: campaign.bgCampaignId,
    maxBid: campaign.maxBid,
    targeting: selections,
    publicDomainLists: change.layers?.publicDomainLists ?? [],
    foundEmailsInfo: change.layers?.foundEmailsInfo,
  };
  // Every layer's checks first (field errors of all of them together), before anything is matched or made.
  const plan = await planLayers(deps.layers, layerRequest);

  // Matched like the wizard's CSV; a domain already in the campaign (and not removed now) is skipped.
  const notAdded: Array<{ domain: string; reason: string }> = [];
  const toAdd: TCompanyRow[] = [];
  if (change.addDomains.length > 0) {
    // The reasons of `notAdded` are the only ones the user gets: explained in full, not deferred.
    const matched = await matchCompanies(
      {
        entries: change.addDomains,
        runKey: input.runKey,
        misses: 'explain',
        ...(input.signal ? { signal: input.signal } : {}),
      },
      deps.matching,
    );
    const present = new Set(kept.flatMap((li) => (li.domain ? [li.domain.toLowerCase()] : [])));
    for (const row of matched.uniqueSegments) {
      const domain = (row.domainInfo?.domain ?? row.domain).toLowerCase();
      if (!row.domainInfo) notAdded.push({ domain: row.domain, reason: row.noMatch?.message ?? 'No match.' });
      else if (present.has(domain)) notAdded.push({ domain: row.domain, reason: TARGETING_CHANGE_MESSAGES.alreadyIn });
      else {
        present.add(domain);
        toAdd.push({ ...row, domain });
      }
    }
  }
  const companiesAfter = kept.filter(isCompany).length + toAdd.length;
  if (campaign.maxCompanies !== null && toAdd.length > 0 && companiesAfter > campaign.maxCompanies) {
    throw invalidRequest({ addDomains: [CREATE_CAMPAIGN_MESSAGES.tooManyCompanies(campaign.maxCompanies)] });
  }
  if (hadCompanies && companiesAfter === 0) {
    throw invalidRequest({ removeLineItemIds: [CREATE_CAMPAIGN_MESSAGES.noIncludedCompany] });
  }

  const diffs = layerDiffs(state.targeting, selections);
  const layersChanged =
    diffs.length > 0 ||
    plan.makes.length > 0 ||
    JSON.stringify(selections) !== JSON.stringify(normalise(state.targeting)) ||
    (change.layers?.publicDomainLists.length ?? 0) > 0;
  const unchanged = {
    bgCampaignId: campaign.bgCampaignId,
    revision: state.revision,
    targeting: state.targeting,
    added: [],
    removed: [],
    notAdded,
    lineItemsUpdated: 0,
  };
  if (!layersChanged && toAdd.length === 0 && removed.length === 0) return { ...unchanged, changed: false };

  return applyChange(
    {
      input,
      campaign,
      state,
      selections,
      layerRequest,
      plan,
      kept,
      removed,
      toAdd,
      diffs,
      layersChanged,
      notAdded,
      lineItems,
    },
    deps,
  );
}

/** A checked change, ready for the bidder and the store. */
interface TPlannedChange {
  input: TChangeTargetingInput;
  campaign: TCampaignRecord;
  state: TTargetingState;
  selections: TTargetingSelections;
  layerRequest: TLayerRequest;
  plan: Awaited<ReturnType<typeof planLayers>>;
  lineItems: TLineItemRecord[];
  kept: TLineItemRecord[];
  removed: TLineItemRecord[];
  toAdd: TCompanyRow[];
  diffs: TLayerDiff[];
  layersChanged: boolean;
  notAdded: Array<{ domain: string; reason: string }>;
}

/** The shared bidder targeting of stored selections (read-only layers: nothing made). */
async function sharedTargetingOf(
  targeting: TTargetingSelections,
  request: TLayerRequest,
  deps: Pick<ChangeTargetingDeps, 'layers'>,
): Promise<TBidderTargeting> {
  const plan = await planLayers(deps.layers, {
    ...request,
    targeting,
    publicDomainLists: [],
    foundEmailsInfo: undefined,
  });
  return mergeTargeting(geoTargeting({ targetingInfo: targeting }), plan.targeting);
}

async function applyChange(
  planned: TPlannedChange,
  deps: ChangeTargetingDeps,
): Promise<TCampaignTargetingChangeResult> {
  const { input, campaign, state, kept, removed, toAdd } = planned;
  const { agencyId } = input;
  const campaignId = campaign.bgCampaignId;
  const signal = input.signal;
  const onUndoError = (error: unknown): void =>
    deps.log.error('a targeting layer made for a failed targeting change was not undone', { campaignId, error });

  const countChanged = toAdd.length !== removed.length;
  const share = lineItemBidding(campaign, kept.length + toAdd.length);
  // Kept line items get their whole targeting again when a layer changed, their budget share when the
  // number of line items did (the campaign's budgets are shared evenly, as at creation).
  const toUpdate = planned.layersChanged || countChanged ? kept : [];
  const total = toAdd.length + toUpdate.length + removed.length;
  let done = 0;
  const step = (): void => input.progress?.(++done, total);
  const stopAt = input.bidderWorkMs === undefined ? Infinity : deps.now().getTime() + input.bidderWorkMs;
  const checkSignal = (): void => {
    signal?.throwIfAborted();
    if (deps.now().getTime() > stopAt) throw new ConflictError(TARGETING_CHANGE_MESSAGES.outOfTime);
  };

  const creatives = (await deps.adGroups.listCampaignCreatives(agencyId, campaignId)).filter((c) => c.active);
  const ranges = new Map<number, string[]>();
  await poolSettled(toUpdate, TARGETING_CHANGE_CONCURRENCY, async (lineItem) => {
    ranges.set(lineItem.beeswaxLineItemId, await rangesOf(lineItem, deps));
  });

  const made: { layers: TMadeLayer[]; lineItems: number[]; switchedOff: number[]; updated: number[] } = {
    layers: [],
    lineItems: [],
    switchedOff: [],
    updated: [],
  };
  const added: TLineItemRecord[] = [];
  const nextCampaign: TCampaignRecord = {
    ...campaign,
    accounts: kept.filter(isCompany).length + toAdd.length,
    version: campaign.version + 1,
  };
  const activity: TCampaignActivity = {
    id: randomUUID(),
    bgCampaignId: campaignId,
    at: deps.now().toISOString(),
    username: input.username,
    revision: state.revision + 1,
    addedCompanies: [],
    removedCompanies: removed.map((li) => ({ domain: li.domain ?? '', name: li.line_item_name })),
    layers: planned.diffs,
    emailSegmentMade: planned.plan.makes.length > 0,
    ...(input.via ? { via: input.via } : {}),
  };

  input.progress?.(0, total);
  await atBidderThenStore(
    {
      what: `targeting of campaign ${campaignId}`,
      async atBidder() {
        // A change runs in one request with no claim to journal on: a failure undoes in process.
        const layersMade = await makeLayers(planned.plan.makes, { onUndoError, journal: async () => undefined });
        made.layers.push(...layersMade.made);
        // What layers made for the campaign before (its CRM e-mail segment...) stays, with what this change made.
        const keptMade = mergeTargeting(campaign.madeTargeting ?? {}, keptTargetingOf(layersMade.made));
        const madeTargeting = madeTargetingOf(keptMade);
        if (madeTargeting) nextCampaign.madeTargeting = madeTargeting;
        // What this change made again (the split-bids list) replaces the campaign's current one.
        const remade = remadeLayersOf(layersMade.made);
        if (remade.length > 0) nextCampaign.remadeLayers = remade;
        else delete nextCampaign.remadeLayers;
        const shared = mergeTargeting(
          mergeTargeting(
            mergeTargeting(geoTargeting({ targetingInfo: planned.selections }), planned.plan.targeting),
            layersMade.targeting,
          ),
          keptMade,
        );
        // Removed companies stop serving first (switched off: undone by switching on again).
        await poolSettled(removed, TARGETING_CHANGE_CONCURRENCY, async (lineItem) => {
          checkSignal();
          await deps.bidder.updateLineItem(lineItem.beeswaxLineItemId, { active: false });
          made.switchedOff.push(lineItem.beeswaxLineItemId);
          step();
        });
        await poolSettled(toAdd, TARGETING_CHANGE_CONCURRENCY, async (row) => {
          checkSignal();
          const companyRanges = row.domainInfo?.ipSegments ?? [];
          const id = await deps.bidder.createLineItem({
            campaignId: campaign.beeswaxCampaignId,
            name: (row.companyName ?? row.domainInfo?.companyName ?? row.domain).slice(0, MAX_BIDDER_NAME),
            ourId: lineItemOurId(campaignId, row.domain),
            media: campaign.isVideoCampaign ? 'video' : 'display',
            dailyBudget: share.dailyBudget,
            totalBudget: share.totalBudget,
            cpmBid: share.cpmBid,
            targeting: lineItemTargeting(shared, companyRanges),
          });
          made.lineItems.push(id);
          for (const creative of creatives) await deps.bidder.linkCreative(creative.beeswaxCreativeId, id);
          // As at creation: a line item waits inactive until it has a creative.
          if (creatives.length > 0) await deps.bidder.updateLineItem(id, { active: true });
          added.push({
            beeswaxLineItemId: id,
            bgCampaignId: campaignId,
            bgAdvertiserId: campaign.bgAdvertiserId,
            line_item_name: (row.companyName ?? row.domainInfo?.companyName ?? row.domain).slice(0, MAX_BIDDER_NAME),
            active: true,
            hubspotCompanyId: null,
            fromFile: false,
            domain: row.domain,
            line_item_budget: share.totalBudget,
            line_item_spend: 0,
            segmentCount: companyRanges.length,
            ipRanges: [...companyRanges],
            version: 0,
          });
          step();
        });
        await poolSettled(toUpdate, TARGETING_CHANGE_CONCURRENCY, async (lineItem) => {
          checkSignal();
          made.updated.push(lineItem.beeswaxLineItemId);
          await deps.bidder.updateLineItem(lineItem.beeswaxLineItemId, {
            targeting: lineItemTargeting(shared, ranges.get(lineItem.beeswaxLineItemId) ?? []),
            ...(countChanged ? { dailyBudget: share.dailyBudget, totalBudget: share.totalBudget } : {}),
          });
          step();
        });
      },
      async store() {
        activity.addedCompanies.push(...added.map((li) => ({ domain: li.domain ?? '', name: li.line_item_name })));
        const stored = await deps.campaigns.commitTargetingChange(agencyId, {
          campaign: nextCampaign,
          revision: state.revision + 1,
          targeting: { ...planned.selections, ...planned.plan.selections },
          addLineItems: added,
          removeLineItems: removed,
          activity,
        });
        if (!stored) {
          throw new ConflictError(TARGETING_CHANGE_MESSAGES.changedMeanwhile, {
            internalMessage: `Targeting of ${campaignId} changed after revision ${state.revision}`,
          });
        }
      },
      async undoAtBidder() {
        await undoAtBidder(planned, made, deps, onUndoError);
      },
    },
    deps.log,
  ).catch((error: unknown) => {
    // Undone by now: the user hears that nothing changed, not the generic 5xx text.
    if (!(error instanceof VendorError)) throw error;
    throw new ToldServerError(502, 'VENDOR_ERROR', TARGETING_CHANGE_MESSAGES.adServerFailed, {
      internalMessage: error.message,
      cause: error,
    });
  });

  // Stored: what layers had made for the targeting replaced (the old split-bids list) goes, now that
  // no line item targets it. Best effort: one left behind is targeted by nothing, so it changes no bid.
  await deleteSuperseded(campaign, nextCampaign, deps);
  // Stored: the removed line items (switched off already) go at the bidder too. Best effort: one
  // left behind is off and belongs to no stored line item, so it neither serves nor shows.
  await poolSettled(removed, TARGETING_CHANGE_CONCURRENCY, (lineItem) =>
    deps.bidder.deleteLineItem(lineItem.beeswaxLineItemId).catch((error: unknown) => {
      deps.log.warn('a removed line item was switched off but not deleted at the bidder', {
        campaignId,
        beeswaxLineItemId: lineItem.beeswaxLineItemId,
        error,
      });
    }),
  );
  deps.log.info('campaign targeting changed', {
    campaignId,
    revision: state.revision + 1,
    added: added.length,
    removed: removed.length,
    updated: toUpdate.length,
  });
  return {
    bgCampaignId: campaignId,
    revision: state.revision + 1,
    changed: true,
    targeting: { ...planned.selections, ...planned.plan.selections },
    added: added.map(companyOf),
    removed: removed.map(companyOf),
    notAdded: planned.notAdded,
    lineItemsUpdated: toUpdate.length,
  };
}

/**
 * Deletes at the bidder what layers had made for the campaign's targeting before a stored change and
 * no longer belong to it (the split-bids list a change made again). A failed delete is logged: the
 * list is targeted by no line item any more.
 */
async function deleteSuperseded(
  before: TCampaignRecord,
  after: TCampaignRecord,
  deps: Pick<ChangeTargetingDeps, 'layerUndos' | 'log'>,
): Promise<void> {
  const kept = new Set((after.remadeLayers ?? []).map((layer) => JSON.stringify([layer.layer, layer.ref])));
  for (const layer of before.remadeLayers ?? []) {
    if (kept.has(JSON.stringify([layer.layer, layer.ref]))) continue;
    const undo = deps.layerUndos[layer.layer];
    if (!undo) {
      deps.log.warn('no undo for a superseded targeting layer', {
        campaignId: before.bgCampaignId,
        layer: layer.layer,
      });
      continue;
    }
    await undo(before.agencyId, layer.ref).catch((error: unknown) => {
      deps.log.warn('what a targeting layer made before the change was not deleted at the bidder', {
        campaignId: before.bgCampaignId,
        layer: layer.layer,
        ref: layer.ref,
        error,
      });
    });
  }
}

/**
 * Puts the bidder back to what the store holds (re-read: a concurrent change may have won): line
 * items made by this change deleted, kept ones sent the stored targeting and budget share again,
 * switched-off ones that the store still holds active switched on, made layers undone. Every step is
 * tried whatever failed before it; the first failure is rethrown for the log.
 */
async function undoAtBidder(
  planned: TPlannedChange,
  made: { layers: TMadeLayer[]; lineItems: number[]; switchedOff: number[]; updated: number[] },
  deps: ChangeTargetingDeps,
  onUndoError: (error: unknown) => void,
): Promise<void> {
  const { agencyId } = planned.input;
  const campaignId = planned.campaign.bgCampaignId;
  const failures: unknown[] = [];
  const attempt = (work: () => Promise<unknown>): Promise<void> =>
    work().then(
      () => undefined,
      (error: unknown) => void failures.push(error),
    );
  await poolSettled(made.lineItems, TARGETING_CHANGE_CONCURRENCY, (id) =>
    attempt(() => deps.bidder.deleteLineItem(id)),
  );
  const storedState = (await deps.campaigns.getTargetingState(agencyId, campaignId).catch(() => null)) ?? planned.state;
  const storedCampaign = (await deps.campaigns.getCampaign(agencyId, campaignId).catch(() => null)) ?? planned.campaign;
  const storedItems = await deps.campaigns.listLineItems(agencyId, campaignId).catch(() => planned.lineItems);
  const byId = new Map(storedItems.map((li) => [li.beeswaxLineItemId, li]));
  if (made.updated.length > 0) {
    await attempt(async () => {
      // The stored targeting with what layers made for it (the CRM e-mail segment, the split-bids
      // list the store names: this change's own was not stored and is undone below).
      const shared = mergeTargeting(
        mergeTargeting(
          await sharedTargetingOf(storedState.targeting, planned.layerRequest, deps),
          storedCampaign.madeTargeting ?? {},
        ),
        remadeTargetingOf(storedCampaign.remadeLayers),
      );
      const share = lineItemBidding(storedCampaign, storedItems.length);
      await poolSettled(made.updated, TARGETING_CHANGE_CONCURRENCY, async (id) => {
        const lineItem = byId.get(id);
        if (!lineItem) return;
        await attempt(async () =>
          deps.bidder.updateLineItem(id, {
            targeting: lineItemTargeting(shared, await rangesOf(lineItem, deps)),
            dailyBudget: share.dailyBudget,
            totalBudget: share.totalBudget,
          }),
        );
      });
    });
  }
  await poolSettled(made.switchedOff, TARGETING_CHANGE_CONCURRENCY, async (id) => {
    if (byId.get(id)?.active) await attempt(() => deps.bidder.updateLineItem(id, { active: true }));
  });
  await undoMade(made.layers, onUndoError);
  if (failures.length > 0) throw failures[0];
}
