import type { TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import type { BidderAudiences, TBidderListInput } from '../ports/bidder.port';
import type { DomainListRepository, TDomainListRecord } from '../ports/domain-list.port';
import { memoryPage } from '../test-fakes';

/**
 * An in-memory domain-list store with the real one's rules: custom lists keyed by agency and
 * advertiser (another agency's list is not found), new lists never over another, replaces only on
 * the version read. `raceOnce` makes the next replace find another version, as a concurrent edit would.
 */
export function memoryDomainLists(custom: TDomainListRecord[] = [], publicLists: TPublicList[] = []) {
  const key = (agencyId: string, advertiserId: string, id: string) => `${agencyId}|${advertiserId}|${id}`;
  const lists = new Map(custom.map((l) => [key(l.agencyId, l.bgAdvertiserId, l.domainListId), l]));
  const catalogue = new Map(publicLists.map((l) => [l.id, l]));
  let race: TDomainListRecord | undefined;
  const ofAdvertiser = (agencyId: string, advertiserId: string) =>
    [...lists.values()].filter((l) => l.agencyId === agencyId && l.bgAdvertiserId === advertiserId);
  const repo: DomainListRepository = {
    listDomainLists: async (agencyId, advertiserId, page) =>
      memoryPage(ofAdvertiser(agencyId, advertiserId), page, `domainLists/${advertiserId}`),
    listAllDomainLists: async (agencyId, advertiserId) => ofAdvertiser(agencyId, advertiserId),
    getDomainList: async (agencyId, advertiserId, id) => lists.get(key(agencyId, advertiserId, id)),
    async putNewDomainList(list) {
      const k = key(list.agencyId, list.bgAdvertiserId, list.domainListId);
      if (lists.has(k)) return 'conflict';
      lists.set(k, list);
      return 'ok';
    },
    async replaceDomainList(list, expectedVersion) {
      const k = key(list.agencyId, list.bgAdvertiserId, list.domainListId);
      if (race) {
        lists.set(k, race);
        race = undefined;
      }
      if (lists.get(k)?.version !== expectedVersion) return 'conflict';
      lists.set(k, list);
      return 'ok';
    },
    listPublicLists: async () => [...catalogue.values()],
    async putPublicList(list) {
      catalogue.set(list.id, list);
    },
  };
  return {
    repo,
    get: (agencyId: string, advertiserId: string, id: string) => lists.get(key(agencyId, advertiserId, id)),
    all: () => [...lists.values()],
    /** The next replace finds this list stored instead (another edit won the race). */
    raceOnce: (winner: TDomainListRecord) => {
      race = winner;
    },
  };
}

/** A bidder list call the fake can be told to fail. */
export type TListOp = 'createList' | 'addListItems' | 'removeListItems' | 'deleteList';

/**
 * An in-memory bidder of lists: what each list holds (items lower-cased, with their multiplier), every
 * call in order, and a failure on demand (the `nth` call of an op; 1 = the first).
 */
export function memoryListBidder(failure?: { op: TListOp; nth?: number }) {
  const lists = new Map<number, { input: TBidderListInput; items: Map<string, number> }>();
  const calls: Array<{ op: TListOp; listId?: number }> = [];
  const seen: Record<string, number> = {};
  let nextId = 100;
  const maybeFail = (op: TListOp): void => {
    seen[op] = (seen[op] ?? 0) + 1;
    if (failure?.op === op && seen[op] === (failure.nth ?? 1)) throw new Error(`bidder ${op} failed`);
  };
  const bidder: Pick<BidderAudiences, TListOp> = {
    async createList(input) {
      calls.push({ op: 'createList' });
      maybeFail('createList');
      const id = nextId++;
      lists.set(id, { input, items: new Map() });
      return id;
    },
    async addListItems(listId, items) {
      calls.push({ op: 'addListItems', listId });
      maybeFail('addListItems');
      const list = lists.get(listId);
      if (!list) throw new Error(`list ${listId} not found`);
      let added = 0;
      for (const item of items) {
        const k = item.value.toLowerCase();
        if (list.items.has(k)) continue;
        list.items.set(k, item.bidMultiplier ?? 1);
        added++;
      }
      return { added, duplicates: items.length - added };
    },
    async removeListItems(listId, values) {
      calls.push({ op: 'removeListItems', listId });
      maybeFail('removeListItems');
      const list = lists.get(listId);
      if (!list) throw new Error(`list ${listId} not found`);
      let removed = 0;
      for (const value of values) if (list.items.delete(value.toLowerCase())) removed++;
      return { removed };
    },
    async deleteList(listId) {
      calls.push({ op: 'deleteList', listId });
      maybeFail('deleteList');
      lists.delete(listId);
    },
  };
  return {
    bidder,
    calls,
    /** The items of a list, sorted, or undefined when the list does not exist. */
    items: (listId: number): string[] | undefined => {
      const list = lists.get(listId);
      return list ? [...list.items.keys()].sort() : undefined;
    },
    multipliers: (listId: number): Record<string, number> => Object.fromEntries(lists.get(listId)?.items ?? []),
    listCount: (): number => lists.size,
    /** A list made before the test (a seeded list), with its items. */
    seed(listId: number, values: string[]) {
      lists.set(listId, {
        input: { advertiserId: 1, name: 'seeded', ourId: 'seeded', kind: 'domain' },
        items: new Map(values.map((v) => [v.toLowerCase(), 1])),
      });
    },
  };
}
