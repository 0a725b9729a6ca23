import { DEFAULT_SPLIT_LIST_CPM } from '@bidgrid/shared/constants';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TDomainList, TPublicList } from '@bidgrid/shared/lists/domain-list.schema';

/**
 * The Publication Lists choice of a draft (001 §2, §3): `selectedDomainListsIds` names the chosen lists
 * (a custom list's `domainListId`, a public list's `id`; what a template keeps) and
 * `selectedDomainLists` the bidder lists they stand for (the payload's `targetingInfo.domain_list`): a
 * custom list's one list, a SINGLE public list's one list, every list of a SPLIT public list, each
 * with its CPM bid (25 by default, editable per domain).
 */
export type TListSelection = Pick<TCampaignDraft, 'selectedDomainListsIds' | 'selectedDomainLists'>;

/** The bidder lists a list stands for when chosen. */
function bidderListsOf(list: TDomainList | TPublicList): TCampaignDraft['selectedDomainLists'] {
  if ('domainListId' in list) return [{ beeswaxListId: list.beeswaxListId, name: list.name }];
  if (list.listType === 'SINGLE') {
    return list.domainLists.map((bidderList) => ({ beeswaxListId: bidderList.beeswaxListId, name: list.name }));
  }
  return list.domainLists.map((bidderList) => ({
    beeswaxListId: bidderList.beeswaxListId,
    name: bidderList.name,
    cpmBid: DEFAULT_SPLIT_LIST_CPM,
  }));
}

const idOf = (list: TDomainList | TPublicList): string => ('domainListId' in list ? list.domainListId : list.id);

/** Chooses or drops a list (custom or public); a SPLIT list brings all its lists at the default CPM. */
export function toggleList(
  selection: TListSelection,
  list: TDomainList | TPublicList,
  checked: boolean,
): TListSelection {
  const id = idOf(list);
  const own = new Set(bidderListsOf(list).map((bidderList) => bidderList.beeswaxListId));
  const ids = selection.selectedDomainListsIds.filter((chosen) => chosen !== id);
  const lists = selection.selectedDomainLists.filter((chosen) => !own.has(chosen.beeswaxListId));
  return checked
    ? { selectedDomainListsIds: [...ids, id], selectedDomainLists: [...lists, ...bidderListsOf(list)] }
    : { selectedDomainListsIds: ids, selectedDomainLists: lists };
}

/** Sets the CPM bid of one split-list domain (by its bidder list). */
export function setSplitCpm(selection: TListSelection, beeswaxListId: number, cpmBid: number): TListSelection {
  return {
    ...selection,
    selectedDomainLists: selection.selectedDomainLists.map((chosen) =>
      chosen.beeswaxListId === beeswaxListId ? { ...chosen, cpmBid } : chosen,
    ),
  };
}

/**
 * The bidder lists of chosen ids whose lists are not in the selection yet (a draft seeded from a
 * template before it kept them holds only the ids): each list found among those loaded is added as if
 * chosen now; ids of lists that are gone are dropped with their bidder lists. Unchanged (the same
 * object) when nothing is missing, so a template's split-list CPM bids stay as saved.
 */
export function restoreSelection(
  selection: TListSelection,
  loaded: ReadonlyArray<TDomainList | TPublicList>,
): TListSelection {
  const held = new Set(selection.selectedDomainLists.map((chosen) => chosen.beeswaxListId));
  const byId = new Map(loaded.map((list) => [idOf(list), list]));
  const missing = selection.selectedDomainListsIds.filter((id) => {
    const list = byId.get(id);
    return !list || bidderListsOf(list).some((bidderList) => !held.has(bidderList.beeswaxListId));
  });
  if (missing.length === 0) return selection;
  // A list gone since leaves no bidder list behind (a template keeps them), so the campaign never names
  // one the bidder no longer has; held entries of lists still chosen keep their CPM bids.
  const kept = selection.selectedDomainListsIds.filter((id) => byId.has(id));
  const owned = new Set(
    kept.flatMap((id) => {
      const list = byId.get(id);
      return list ? bidderListsOf(list).map((bidderList) => bidderList.beeswaxListId) : [];
    }),
  );
  return missing.reduce<TListSelection>(
    (current, id) => {
      const list = byId.get(id);
      return list ? toggleList(current, list, true) : current;
    },
    {
      ...selection,
      selectedDomainListsIds: kept,
      selectedDomainLists: selection.selectedDomainLists.filter((chosen) => owned.has(chosen.beeswaxListId)),
    },
  );
}

/** True when the list is chosen. */
export const isChosen = (selection: TListSelection, list: TDomainList | TPublicList): boolean =>
  selection.selectedDomainListsIds.includes(idOf(list));
