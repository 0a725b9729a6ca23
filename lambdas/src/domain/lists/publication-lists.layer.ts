import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { DEFAULT_SPLIT_LIST_CPM } from '@bidgrid/shared/constants';
import type { TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import { invalidRequest } from '../../kernel/validation';
import type { LayerUndo, TargetingLayer, TLayerPlan } from '../campaigns/targeting-layers';
import type { BidderAudiences } from '../ports/bidder.port';
import type { DomainListRepository } from '../ports/domain-list.port';
import { bidderDomainOf } from './domain-lists.use-case';

/** Texts of the layer's checks (ours: 001 states none). */
export const PUBLICATION_LAYER_MESSAGES = {
  notFound: 'This domain list was not found.',
  publicNotFound: 'This public list was not found.',
  notInPublicList: 'This list is not part of the public list.',
  bidTooHigh: (maxBid: number) =>
    `A domain's CPM bid can be at most ten times the campaign's Max Bid ($${(maxBid * MAX_BID_MULTIPLIER).toFixed(2)}).`,
} as const;

/** The bidder's bid multipliers of list items go from 0 to 10. */
export const MAX_BID_MULTIPLIER = 10;

/** Ports of the layer. */
export interface PublicationListsLayerDeps {
  domainLists: Pick<DomainListRepository, 'listAllDomainLists' | 'listPublicLists'>;
  bidder: Pick<BidderAudiences, 'createList' | 'addListItems' | 'deleteList'>;
}

/** A split list's domain chosen for the campaign, with its CPM bid. */
interface TSplitDomain {
  domain: string;
  cpmBid: number;
}

/** Each bidder list of the public catalogue: its public list and, for a split list, its one domain. */
function publicBidderLists(catalogue: readonly TPublicList[]) {
  const byBidderId = new Map<number, { list: TPublicList; domain: string | undefined }>();
  for (const list of catalogue) {
    for (const bidderList of list.domainLists) {
      byBidderId.set(bidderList.beeswaxListId, {
        list,
        domain: list.listType === 'SPLIT' ? bidderList.publicPublications[0]?.domain : undefined,
      });
    }
  }
  return byBidderId;
}

/** The bid multiplier of a domain's CPM against the line item's bid (two decimals, as the bidder reads it). */
export const bidMultiplierOf = (cpmBid: number, maxBid: number): number =>
  Math.min(MAX_BID_MULTIPLIER, Math.max(0.01, Math.round((cpmBid / maxBid) * 100) / 100));

/**
 * The Publication Lists layer (001 §2): `targetingInfo.domain_list` names custom lists (the campaign's
 * advertiser's, under the caller's agency) and bidder lists of public lists; `publicDomainLists` names
 * public lists and their chosen bidder lists. Anything else is a field error (another agency's list is
 * not found). Custom lists and SINGLE public lists are targeted as they are (`domainListIds`, any of
 * them). The domains of SPLIT lists carry a CPM bid each (default 25): the campaign gets a domain list
 * of its own, made in `make`, whose items are those domains with the bid multiplier CPM / Max Bid, so
 * the bidder bids that CPM on each; it is deleted when the creation fails (`undo`).
 */
export function publicationListsLayer(deps: PublicationListsLayerDeps): TargetingLayer {
  return async (request): Promise<TLayerPlan> => {
    const { targeting, publicDomainLists, advertiser, agencyId, maxBid } = request;
    if (targeting.domain_list.length === 0 && publicDomainLists.length === 0) return { targeting: {} };
    const [custom, catalogue] = await Promise.all([
      targeting.domain_list.length > 0
        ? deps.domainLists.listAllDomainLists(agencyId, advertiser.bgAdvertiserId)
        : Promise.resolve([]),
      deps.domainLists.listPublicLists(),
    ]);
    const customIds = new Set(custom.map((list) => list.beeswaxListId));
    const publicLists = new Map(catalogue.map((list) => [list.id, list]));
    const publicBidder = publicBidderLists(catalogue);
    const fieldErrors: TFieldErrors = {};
    const fail = (field: string, message: string): void => {
      (fieldErrors[field] ??= []).push(message);
    };

    const listIds = new Set<number>();
    const split = new Map<string, TSplitDomain>();
    const choose = (beeswaxListId: number, cpmBid: number | undefined, field: string): void => {
      if (customIds.has(beeswaxListId)) {
        listIds.add(beeswaxListId);
        return;
      }
      const found = publicBidder.get(beeswaxListId);
      if (!found) return fail(field, PUBLICATION_LAYER_MESSAGES.notFound);
      if (found.domain === undefined) {
        listIds.add(beeswaxListId);
        return;
      }
      const bid = cpmBid ?? split.get(found.domain)?.cpmBid ?? DEFAULT_SPLIT_LIST_CPM;
      if (bid / maxBid > MAX_BID_MULTIPLIER)
        return fail(`${field}.cpmBid`, PUBLICATION_LAYER_MESSAGES.bidTooHigh(maxBid));
      split.set(bidderDomainOf(found.domain), { domain: bidderDomainOf(found.domain), cpmBid: bid });
    };

    targeting.domain_list.forEach((chosen, index) =>
      choose(chosen.beeswaxListId, chosen.cpmBid, `targetingInfo.domain_list.${index}`),
    );
    publicDomainLists.forEach((chosen, index) => {
      const list = publicLists.get(chosen.id);
      if (!list) return fail(`publicDomainLists.${index}`, PUBLICATION_LAYER_MESSAGES.publicNotFound);
      const inList = new Set(list.domainLists.map((bidderList) => bidderList.beeswaxListId));
      chosen.domainLists.forEach((bidderList, at) => {
        const field = `publicDomainLists.${index}.domainLists.${at}`;
        if (!inList.has(bidderList.beeswaxListId)) return fail(field, PUBLICATION_LAYER_MESSAGES.notInPublicList);
        // A bid given with the selection of the domain wins over the public list's entry.
        const named = targeting.domain_list.find((d) => d.beeswaxListId === bidderList.beeswaxListId);
        choose(bidderList.beeswaxListId, named?.cpmBid ?? bidderList.cpmBid, field);
      });
    });
    if (Object.keys(fieldErrors).length > 0) {
      throw invalidRequest(fieldErrors);
    }

    const fixed = listIds.size > 0 ? { domainListIds: [...listIds] } : {};
    if (split.size === 0) return { targeting: fixed };
    return {
      targeting: fixed,
      make: async () => {
        const listId = await deps.bidder.createList({
          advertiserId: advertiser.beeswaxAdvertiserId,
          name: `Split list bids of ${request.bgCampaignId}`,
          ourId: `${request.bgCampaignId}:split-bids`,
          kind: 'domain',
        });
        const undo = (): Promise<void> => deps.bidder.deleteList(listId);
        try {
          await deps.bidder.addListItems(
            listId,
            [...split.values()].map((item) => ({
              value: item.domain,
              bidMultiplier: bidMultiplierOf(item.cpmBid, maxBid),
              label: `CPM ${item.cpmBid}`,
            })),
          );
        } catch (error) {
          // The list is this layer's alone: take it back before failing. The items' failure is what
          // the creation reports; a failed delete is the bidder's own failure again.
          await undo().catch(() => undefined);
          throw error;
        }
        return {
          targeting: { domainListIds: [listId] },
          undo,
          trace: { layer: 'publicationLists', ref: { beeswaxListId: listId } },
        };
      },
    };
  };
}

/**
 * The undo of the split-bids list `publicationListsLayer` makes, from its journaled trace (a creation
 * whose request died): the campaign's own bidder list goes; one already gone is fine.
 */
export function publicationListsUndo(deps: { bidder: Pick<BidderAudiences, 'deleteList'> }): LayerUndo {
  return async (_agencyId, ref) => {
    if (typeof ref['beeswaxListId'] !== 'number') throw new Error('a split-bids list trace without its id');
    await deps.bidder.deleteList(ref['beeswaxListId']);
  };
}
