import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { TFoundEmailsInfo } from '@bidgrid/shared/targeting/company.schema';
import type { TPublicListSelection } from '@bidgrid/shared/lists/domain-list.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { BadRequestError } from '../../kernel/errors';
import { invalidRequest } from '../../kernel/validation';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import type { TRemadeLayer } from './campaign-records.schema';
import type { TBidderTargeting } from '../ports/bidder.port';
import type { TLayerTrace } from '../ports/campaign-creation.port';

/**
 * The targeting layers beyond geography (001 §1: publication lists, roles and titles, visitor and CRM
 * retargeting segments), as a campaign's creation and a later layer change see them. Each layer
 * checks that what was chosen belongs to the caller's advertiser (or is public) and turns it into
 * its part of every line item's bidder targeting. One seam per layer, so each is built and tested
 * on its own and both ways in (creation, change after launch) use the same one.
 */

/** What a layer is resolved from: the caller's agency, the campaign's advertiser and the choices. */
export interface TLayerRequest {
  readonly agencyId: string;
  readonly username: string;
  readonly advertiser: TAdvertiserRecord;
  readonly bgCampaignId: string;
  /** The campaign's name, for what a layer makes in its name ('Hashed Emails for {name}'); the id when absent. */
  readonly campaignName?: string;
  /** The campaign's max bid (USD CPM): what per-domain CPM bids of split lists are relative to. */
  readonly maxBid: number;
  readonly targeting: TTargetingSelections;
  readonly publicDomainLists: readonly TPublicListSelection[];
  readonly foundEmailsInfo: TFoundEmailsInfo | undefined;
}

/**
 * What a layer makes at the bidder before the line items: its targeting, how to undo it, and its
 * trace: the ids the creation journals so that, should its request die, the recovery can undo it
 * through `TargetingLayerUndos` (the closure `undo` dies with the request).
 */
export interface TMadeLayer {
  readonly targeting: TBidderTargeting;
  readonly undo: () => Promise<void>;
  readonly trace: TLayerTrace;
}

/**
 * Undoes, from its journaled trace, what a layer made for a creation whose request died (the
 * recovery, or the retry that claims it after the lease). Idempotent: a thing already gone is fine.
 */
export type LayerUndo = (agencyId: string, ref: TLayerTrace['ref']) => Promise<void>;

/** The undo of every layer that makes something (`make`), by layer name. */
export type TargetingLayerUndos = Partial<Record<keyof TargetingLayers, LayerUndo>>;

/**
 * A resolved layer. `targeting` is known from what exists already (checked, read-only). `make`, when
 * present, makes what the layer needs at the bidder first (a CRM e-mail segment); it runs under the
 * creation's claim, its targeting joins `targeting`, and its `undo` runs when the creation fails.
 */
export interface TLayerPlan {
  readonly targeting: TBidderTargeting;
  /**
   * The layer's choices as the campaign stores and shows them, when the layer knows more than the
   * payload said (segment names read from its store): they replace the payload's in the stored
   * targeting, so the 'Campaign Targeting Selections' panel names them.
   */
  readonly selections?: Partial<TTargetingSelections>;
  readonly make?: () => Promise<TMadeLayer>;
}

/**
 * One layer: checks and resolves the choices it owns, or throws a BadRequestError whose field errors
 * name the payload fields (`targetingInfo.domain_list`, `publicDomainLists`, ...). A choice that is not
 * the caller's (another agency's list or segment) is treated as not found.
 */
export type TargetingLayer = (request: TLayerRequest) => Promise<TLayerPlan>;

/** Every layer beyond geography. */
export interface TargetingLayers {
  /** `targetingInfo.domain_list` (custom lists) and `publicDomainLists` (SINGLE and SPLIT). */
  readonly publicationLists: TargetingLayer;
  /** `targetingInfo.role_title_segments`. */
  readonly roleTitles: TargetingLayer;
  /** `targetingInfo.retargeting_segments` (visitor and CRM segments made before). */
  readonly retargetingSegments: TargetingLayer;
  /** `foundEmailsInfo.emailsToHash`: e-mails hashed into a new bidder segment of the campaign. */
  readonly crmEmails: TargetingLayer;
}

/** The message of a layer whose store is not built yet. */
export const LAYER_NOT_AVAILABLE = 'This targeting layer is not available yet.';

/** The payload fields each layer owns, for a layer that is not built: none of them may be chosen. */
const LAYER_FIELDS: Record<keyof TargetingLayers, (request: TLayerRequest) => Record<string, number>> = {
  publicationLists: (r) => ({
    'targetingInfo.domain_list': r.targeting.domain_list.length,
    publicDomainLists: r.publicDomainLists.length,
  }),
  roleTitles: (r) => ({ 'targetingInfo.role_title_segments': r.targeting.role_title_segments.length }),
  retargetingSegments: (r) => ({ 'targetingInfo.retargeting_segments': r.targeting.retargeting_segments.length }),
  crmEmails: (r) => ({ 'foundEmailsInfo.emailsToHash': r.foundEmailsInfo?.emailsToHash.length ?? 0 }),
};

/** A layer that is not built: it refuses any choice, so nothing unchecked reaches the bidder. */
export function unavailableLayer(layer: keyof TargetingLayers): TargetingLayer {
  return async (request) => {
    const fieldErrors: TFieldErrors = {};
    for (const [field, chosen] of Object.entries(LAYER_FIELDS[layer](request))) {
      if (chosen > 0) fieldErrors[field] = [LAYER_NOT_AVAILABLE];
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw invalidRequest(fieldErrors);
    }
    return { targeting: {} };
  };
}

/** Every layer refusing choices: what a deployment wires for layers it does not have yet. */
export const UNAVAILABLE_LAYERS: TargetingLayers = {
  publicationLists: unavailableLayer('publicationLists'),
  roleTitles: unavailableLayer('roleTitles'),
  retargetingSegments: unavailableLayer('retargetingSegments'),
  crmEmails: unavailableLayer('crmEmails'),
};

/** Two targetings as one: lists add up (any of them), audience groups add up (each must match). */
export function mergeTargeting(a: TBidderTargeting, b: TBidderTargeting): TBidderTargeting {
  const merged: TBidderTargeting = { ...a, ...b };
  const domainListIds = [...new Set([...(a.domainListIds ?? []), ...(b.domainListIds ?? [])])];
  const audiences = [...(a.audiences ?? []), ...(b.audiences ?? [])].filter((group) => group.length > 0);
  if (domainListIds.length > 0) merged.domainListIds = domainListIds;
  else delete merged.domainListIds;
  if (audiences.length > 0) merged.audiences = audiences;
  else delete merged.audiences;
  return merged;
}

/**
 * Resolves every layer of a request. All layers are checked (field errors of every layer come back
 * together) before anything is made.
 */
export async function planLayers(
  layers: TargetingLayers,
  request: TLayerRequest,
): Promise<{
  targeting: TBidderTargeting;
  selections: Partial<TTargetingSelections>;
  makes: Array<() => Promise<TMadeLayer>>;
}> {
  const names = Object.keys(LAYER_FIELDS) as Array<keyof TargetingLayers>;
  const settled = await Promise.allSettled(names.map((name) => layers[name](request)));
  const fieldErrors: TFieldErrors = {};
  for (const outcome of settled) {
    if (outcome.status === 'rejected') {
      if (!(outcome.reason instanceof BadRequestError) || !outcome.reason.fieldErrors) throw outcome.reason;
      Object.assign(fieldErrors, outcome.reason.fieldErrors);
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw invalidRequest(fieldErrors);
  }
  const plans = settled.map((outcome) => (outcome as PromiseFulfilledResult<TLayerPlan>).value);
  return {
    targeting: plans.reduce<TBidderTargeting>((all, plan) => mergeTargeting(all, plan.targeting), {}),
    selections: Object.assign({}, ...plans.map((plan) => plan.selections ?? {})) as Partial<TTargetingSelections>,
    makes: plans.flatMap((plan) => (plan.make ? [plan.make] : [])),
  };
}

/**
 * Makes what the layers need at the bidder, in order, handing the traces made so far to `journal`
 * after each (so a request that dies leaves them for the recovery); a failure undoes what was made
 * before it and rethrows. The caller undoes the whole (`undoMade`) when a later step of its own fails.
 */
export async function makeLayers(
  makes: ReadonlyArray<() => Promise<TMadeLayer>>,
  hooks: { journal: (traces: TLayerTrace[]) => Promise<void>; onUndoError: (error: unknown) => void },
): Promise<{ targeting: TBidderTargeting; made: TMadeLayer[] }> {
  const made: TMadeLayer[] = [];
  const onUndoError = hooks.onUndoError;
  try {
    for (const make of makes) {
      made.push(await make());
      await hooks.journal(made.map((layer) => layer.trace));
    }
  } catch (error) {
    await undoMade(made, onUndoError);
    throw error;
  }
  return { targeting: made.reduce<TBidderTargeting>((all, m) => mergeTargeting(all, m.targeting), {}), made };
}

/**
 * Layers whose made targeting the campaign keeps (`madeTargeting`): what they made is not written in
 * the stored selections (the CRM e-mails are not kept), so a later targeting change cannot make it
 * again and must send it as it is. The split-bid list of publication lists is not among them: the
 * stored `domain_list` (with its CPM bids) makes it again on a change, and the campaign keeps the
 * current one in `remadeLayers` so that the change deletes it once the new one is stored.
 */
const KEPT_LAYERS: ReadonlySet<TLayerTrace['layer']> = new Set(['crmEmails']);

/** The targeting of the made layers a campaign keeps for later changes (see `KEPT_LAYERS`). */
export function keptTargetingOf(made: readonly TMadeLayer[]): TBidderTargeting {
  return made
    .filter((layer) => KEPT_LAYERS.has(layer.trace.layer))
    .reduce<TBidderTargeting>((all, layer) => mergeTargeting(all, layer.targeting), {});
}

/**
 * The made layers a targeting change makes again (those not in `KEPT_LAYERS`: the split-bids list),
 * as the campaign keeps them (`remadeLayers`): what each adds to the targeting and its trace.
 */
export function remadeLayersOf(made: readonly TMadeLayer[]): TRemadeLayer[] {
  return made
    .filter((layer) => !KEPT_LAYERS.has(layer.trace.layer))
    .map((layer) => ({
      layer: layer.trace.layer,
      ref: layer.trace.ref,
      targeting: {
        ...(layer.targeting.audiences?.length ? { audiences: layer.targeting.audiences } : {}),
        ...(layer.targeting.domainListIds?.length ? { domainListIds: layer.targeting.domainListIds } : {}),
      },
    }));
}

/** The targeting the campaign's re-made layers add to every line item. */
export const remadeTargetingOf = (remade: readonly TRemadeLayer[] | undefined): TBidderTargeting =>
  (remade ?? []).reduce<TBidderTargeting>((all, layer) => mergeTargeting(all, layer.targeting), {});

/** Undoes made layers, newest first; an undo that fails is reported and does not stop the others. */
export async function undoMade(made: readonly TMadeLayer[], onError: (error: unknown) => void): Promise<void> {
  for (const layer of [...made].reverse()) await layer.undo().catch(onError);
}
