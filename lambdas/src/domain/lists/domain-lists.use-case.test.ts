import { describe, expect, it } from 'vitest';
import { ZDomainListCreate, ZDomainListUpdate } from '@bidgrid/shared/lists/domain-list.schema';
import type { TDomainListCreate, TDomainListUpdate } from '@bidgrid/shared/lists/domain-list.schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../kernel/errors';
import type { TDomainListRecord } from '../ports/domain-list.port';
import { memoryAdvertisers, memoryLogger, recordFixture } from '../test-fakes';
import {
  bidderDomainOf,
  createDomainList,
  createPublicList,
  DOMAIN_LIST_MESSAGES,
  listDomainListsByAdvertiser,
  listPublicDomainLists,
  updateDomainList,
} from './domain-lists.use-case';
import { memoryDomainLists, memoryListBidder, type TListOp } from './test-domain-list-fakes';

const AGENCY = 'bgAgency-demo';
const ACME = 'bgAdvertiser-acme';
const INVALID =
  "Some of your domains are not valid! Consider that domains should be without HTTP/HTTPS protocol! And have schema like '{host}'";
const NOT_UNIQUE = 'Some of your domains are not unique! Consider that each domain should be unique!';

function world(options: { failure?: { op: TListOp; nth?: number }; lists?: TDomainListRecord[] } = {}) {
  const store = memoryDomainLists(options.lists ?? []);
  const bidder = memoryListBidder(options.failure);
  let id = 0;
  const deps = {
    domainLists: store.repo,
    advertisers: memoryAdvertisers([
      recordFixture(),
      recordFixture({ bgAdvertiserId: 'bgAdvertiser-orbit', parentAgencyId: 'bgAgency-rival' }),
    ]).repo,
    bidder: bidder.bidder,
    now: () => new Date('2026-11-26T10:00:00.000Z'),
    newId: () => `id${++id}`,
    log: memoryLogger(),
  };
  return { store, bidder, deps };
}

const create = (body: Partial<TDomainListCreate>) =>
  ZDomainListCreate.parse({ bgAdvertiserId: ACME, listName: 'News', domains: ['cnn.com'], ...body });

/** A stored list of Acme with bidder list 7 holding its active domains. */
function storedList(overrides: Partial<TDomainListRecord> = {}): TDomainListRecord {
  return {
    domainListId: 'bg-domain-list-1',
    beeswaxListId: 7,
    bgAdvertiserId: ACME,
    name: 'News',
    createdAt: '2026-11-01T00:00:00.000Z',
    domains: [
      { bgItemId: 'i1', domain: 'cnn.com', active: true, createdAt: '2026-11-01T00:00:00.000Z' },
      { bgItemId: 'i2', domain: 'wsj.com', active: true, createdAt: '2026-11-01T00:00:00.000Z' },
    ],
    agencyId: AGENCY,
    version: 1,
    ...overrides,
  };
}

const update = (body: Partial<TDomainListUpdate>) =>
  ZDomainListUpdate.parse({
    bgAdvertiserId: ACME,
    beeswaxListId: 7,
    domainListId: 'bg-domain-list-1',
    listName: 'News',
    ...body,
  });

describe('bidderDomainOf', () => {
  it('keeps the host only, lower case, without scheme, www, port or path', () => {
    expect(bidderDomainOf(' https://www.CNN.com:8080/world?x=1 ')).toBe('cnn.com');
    expect(bidderDomainOf('news.bbc.co.uk/sport')).toBe('news.bbc.co.uk');
  });
});

describe('createDomainList', () => {
  it('makes the list at the bidder with its domains once each, then stores it', async () => {
    // Prepare
    const w = world();
    // Act
    const list = await createDomainList(
      { agencyId: AGENCY, request: create({ domains: ['cnn.com', 'CNN.com', 'https://www.wsj.com/markets'] }) },
      w.deps,
    );
    // Assess
    expect(list).toEqual({
      domainListId: 'bg-domain-list-id1',
      beeswaxListId: 100,
      bgAdvertiserId: ACME,
      name: 'News',
      createdAt: '2026-11-26T10:00:00.000Z',
      domains: [
        { bgItemId: 'bg-domain-id2', domain: 'cnn.com', active: true, createdAt: '2026-11-26T10:00:00.000Z' },
        {
          bgItemId: 'bg-domain-id3',
          domain: 'https://www.wsj.com/markets',
          active: true,
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      ],
    });
    expect(w.bidder.items(100)).toEqual(['cnn.com', 'wsj.com']);
    expect(w.store.get(AGENCY, ACME, 'bg-domain-list-id1')).toMatchObject({ version: 1, agencyId: AGENCY });
  });

  it('refuses bad domains and a blank name with the form messages, making nothing', async () => {
    const w = world();
    expect(
      ZDomainListCreate.safeParse({ bgAdvertiserId: ACME, listName: ' ', domains: ['cnn.com'] }).error?.issues,
    ).toEqual([expect.objectContaining({ path: ['listName'], message: 'Required field.' })]);
    const error = await createDomainList(
      { agencyId: AGENCY, request: create({ domains: ['cnn.com', 'x.y'] }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fieldErrors).toEqual({ domains: [INVALID] });
    expect(w.bidder.calls).toEqual([]);
  });

  it("answers 404 for another agency's advertiser", async () => {
    const w = world();
    await expect(
      createDomainList({ agencyId: AGENCY, request: create({ bgAdvertiserId: 'bgAdvertiser-orbit' }) }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(w.bidder.calls).toEqual([]);
  });

  it('deletes the list it made when adding its domains fails, and stores nothing', async () => {
    const w = world({ failure: { op: 'addListItems' } });
    await expect(createDomainList({ agencyId: AGENCY, request: create({}) }, w.deps)).rejects.toThrow(
      'bidder addListItems failed',
    );
    expect(w.bidder.listCount()).toBe(0);
    expect(w.store.all()).toEqual([]);
  });

  it('deletes the bidder list when the store refuses the write', async () => {
    const w = world();
    w.deps.newId = () => '1';
    await w.deps.domainLists.putNewDomainList(storedList({ domainListId: 'bg-domain-list-1' }));
    await expect(createDomainList({ agencyId: AGENCY, request: create({}) }, w.deps)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(w.bidder.listCount()).toBe(0);
  });
});

describe('updateDomainList', () => {
  it('renames, deactivates and respells domains, adds new ones, and brings the bidder list along', async () => {
    // Prepare
    const w = world({ lists: [storedList()] });
    w.bidder.seed(7, ['cnn.com', 'wsj.com']);
    // Act
    const list = await updateDomainList(
      {
        agencyId: AGENCY,
        request: update({
          listName: 'Business news',
          domainsToUpdate: [
            { bgItemId: 'i1', domain: 'cnn.com', active: false },
            { bgItemId: 'i2', domain: 'www.reuters.com', active: true },
          ],
          domainsToAdd: ['bloomberg.com', 'REUTERS.com'],
        }),
      },
      w.deps,
    );
    // Assess
    expect(list.name).toBe('Business news');
    expect(list.domains.map((d) => [d.domain, d.active])).toEqual([
      ['cnn.com', false],
      ['www.reuters.com', true],
      ['bloomberg.com', true],
      ['REUTERS.com', true],
    ]);
    expect(w.bidder.items(7)).toEqual(['bloomberg.com', 'reuters.com']);
    expect(w.store.get(AGENCY, ACME, 'bg-domain-list-1')?.version).toBe(2);
  });

  it('refuses domains made equal by an edit, and bad new domains, with the form messages', async () => {
    const w = world({ lists: [storedList()] });
    const notUnique = await updateDomainList(
      { agencyId: AGENCY, request: update({ domainsToUpdate: [{ bgItemId: 'i2', domain: 'CNN.com', active: true }] }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((notUnique as BadRequestError).fieldErrors).toEqual({ domainsToUpdate: [NOT_UNIQUE] });
    const bad = await updateDomainList({ agencyId: AGENCY, request: update({ domainsToAdd: ['nope'] }) }, w.deps).catch(
      (e: unknown) => e,
    );
    expect((bad as BadRequestError).fieldErrors).toEqual({ domainsToAdd: [INVALID] });
    expect((bad as BadRequestError).userMessage).toBe(INVALID);
    expect(w.bidder.calls).toEqual([]);
  });

  it("refuses a blank edited domain with the form's message, at its place among the edits", () => {
    const parsed = ZDomainListUpdate.safeParse({
      bgAdvertiserId: ACME,
      beeswaxListId: 7,
      domainListId: 'bg-domain-list-1',
      listName: 'News',
      domainsToUpdate: [{ bgItemId: 'i2', domain: ' ', active: true }],
    });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['domainsToUpdate', 0, 'domain'], message: 'Required field.' }),
    ]);
  });

  it('refuses an edit of a domain the list does not have', async () => {
    const w = world({ lists: [storedList()] });
    const error = await updateDomainList(
      {
        agencyId: AGENCY,
        request: update({ domainsToUpdate: [{ bgItemId: 'other', domain: 'x.com', active: true }] }),
      },
      w.deps,
    ).catch((e: unknown) => e);
    expect((error as BadRequestError).fieldErrors).toEqual({
      'domainsToUpdate.0.bgItemId': [DOMAIN_LIST_MESSAGES.domainNotInList],
    });
  });

  it("answers 404 for another agency's list, another bidder list id or an unknown list", async () => {
    const w = world({ lists: [storedList({ agencyId: 'bgAgency-rival', bgAdvertiserId: 'bgAdvertiser-orbit' })] });
    const own = world({ lists: [storedList()] });
    await expect(
      updateDomainList({ agencyId: AGENCY, request: update({ bgAdvertiserId: 'bgAdvertiser-orbit' }) }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      updateDomainList({ agencyId: AGENCY, request: update({ beeswaxListId: 8 }) }, own.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      updateDomainList({ agencyId: AGENCY, request: update({ domainListId: 'bg-domain-list-2' }) }, own.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('puts the bidder items back when adding fails after a removal', async () => {
    const w = world({ lists: [storedList()], failure: { op: 'addListItems' } });
    w.bidder.seed(7, ['cnn.com', 'wsj.com']);
    await expect(
      updateDomainList(
        {
          agencyId: AGENCY,
          request: update({
            domainsToUpdate: [{ bgItemId: 'i1', domain: 'cnn.com', active: false }],
            domainsToAdd: ['reuters.com'],
          }),
        },
        w.deps,
      ),
    ).rejects.toThrow('bidder addListItems failed');
    expect(w.bidder.items(7)).toEqual(['cnn.com', 'wsj.com']);
    expect(w.store.get(AGENCY, ACME, 'bg-domain-list-1')?.version).toBe(1);
  });

  it('loses to a concurrent edit: 409, and the bidder holds what the winner stored', async () => {
    const w = world({ lists: [storedList()] });
    w.bidder.seed(7, ['cnn.com', 'wsj.com']);
    const winner = storedList({
      version: 2,
      domains: [
        ...storedList().domains,
        { bgItemId: 'i3', domain: 'reuters.com', active: true, createdAt: '2026-11-26T09:00:00.000Z' },
      ],
    });
    w.store.raceOnce(winner);
    const error = await updateDomainList(
      {
        agencyId: AGENCY,
        request: update({
          domainsToUpdate: [{ bgItemId: 'i1', domain: 'cnn.com', active: false }],
          domainsToAdd: ['reuters.com'],
        }),
      },
      w.deps,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    // cnn.com is active in the stored list again; ft.com is the winner's, so it stays.
    expect(w.bidder.items(7)).toEqual(['cnn.com', 'reuters.com', 'wsj.com']);
  });
});

describe('lists', () => {
  it("pages the advertiser's lists without store fields, and 404s another agency's advertiser", async () => {
    const w = world({ lists: [storedList()] });
    const page = await listDomainListsByAdvertiser(
      { agencyId: AGENCY, advertiserId: ACME, page: { limit: 10, cursor: null } },
      w.deps,
    );
    expect(page.payload).toHaveLength(1);
    expect(page.payload[0]).not.toHaveProperty('version');
    expect(page.payload[0]).not.toHaveProperty('agencyId');
    await expect(
      listDomainListsByAdvertiser(
        { agencyId: AGENCY, advertiserId: 'bgAdvertiser-orbit', page: { limit: 10, cursor: null } },
        w.deps,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers the public lists by name', async () => {
    const store = memoryDomainLists(
      [],
      ['Tech', 'Business'].map((name) => ({
        id: `pl-${name}`,
        listType: 'SINGLE' as const,
        name,
        createdAt: '2026-11-01T00:00:00.000Z',
        domainLists: [],
      })),
    );
    expect((await listPublicDomainLists({ domainLists: store.repo })).map((l) => l.name)).toEqual(['Business', 'Tech']);
  });
});

describe('createPublicList', () => {
  it('makes one bidder list for a SINGLE list and one per domain for a SPLIT list, then stores them', async () => {
    // Prepare
    const w = world();
    // Act
    const single = await createPublicList(
      { id: 'pl-biz', listType: 'SINGLE', name: 'Biz', domains: ['forbes.com', 'www.Bloomberg.com'] },
      w.deps,
    );
    const split = await createPublicList(
      { id: 'pl-tech', listType: 'SPLIT', name: 'Tech', domains: ['techcrunch.com', 'wired.com'] },
      w.deps,
    );
    // Assess
    expect(single.domainLists.map((l) => [l.beeswaxListId, l.name, l.publicPublications.map((p) => p.domain)])).toEqual(
      [[100, 'Biz', ['forbes.com', 'www.Bloomberg.com']]],
    );
    expect(w.bidder.items(100)).toEqual(['bloomberg.com', 'forbes.com']);
    expect(split.domainLists.map((l) => [l.beeswaxListId, l.name])).toEqual([
      [101, 'techcrunch.com'],
      [102, 'wired.com'],
    ]);
    expect(w.bidder.items(102)).toEqual(['wired.com']);
    expect((await w.deps.domainLists.listPublicLists()).map((l) => l.id)).toEqual(['pl-biz', 'pl-tech']);
  });

  it('deletes the bidder lists made when one fails part-way, storing nothing', async () => {
    const w = world({ failure: { op: 'addListItems', nth: 2 } });
    await expect(
      createPublicList({ id: 'pl-tech', listType: 'SPLIT', name: 'Tech', domains: ['a-one.com', 'b-two.com'] }, w.deps),
    ).rejects.toThrow('bidder addListItems failed');
    expect(w.bidder.listCount()).toBe(0);
    expect(await w.deps.domainLists.listPublicLists()).toEqual([]);
  });
});
