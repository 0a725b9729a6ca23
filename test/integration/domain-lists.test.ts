import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { campaign as campaignOps, domainList } from '@bidgrid/shared';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TDomainList, TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { bidderSession } from '../support/local-data';
import { open, socketsForSuite } from '../support/realtime';
import { stackInfo } from '../support/stack';
import { clearBidderFaults, creationPayload, injectBidderFault } from './campaigns.fixtures';

const { createDomainList, listDomainListsByAdvertiser, listPublicDomainLists } = domainList;
const { createCampaign } = campaignOps;

const ACME = 'bgAdvertiser-demo-acme';
const ORBIT = 'bgAdvertiser-rival-orbit';
const INVALID =
  "Some of your domains are not valid! Consider that domains should be without HTTP/HTTPS protocol! And have schema like '{host}'";

const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');
const uniqueName = (what: string): string => `${what} ${randomUUID().slice(0, 8)}`;

/** The bidder simulator's custom lists with their items and bid multipliers (local control route). */
async function bidderLists(): Promise<
  Array<{ id: number; name: string; alternative_id: string | null; items: Record<string, number> }>
> {
  const res = await fetch(`${stackInfo().simulators.bidder}/__lists`);
  return ((await res.json()) as { lists: Awaited<ReturnType<typeof bidderLists>> }).lists;
}

async function bidderItems(listId: number): Promise<string[] | undefined> {
  const list = (await bidderLists()).find((l) => l.id === listId);
  return list ? Object.keys(list.items).sort() : undefined;
}

/** Every custom list of an advertiser, as the caller reads them. */
async function listsOf(token: string, advertiserId: string): Promise<TDomainList[]> {
  const reply = await callOperation(listDomainListsByAdvertiser, {
    token,
    params: { id: advertiserId },
    query: { limit: 100 },
  });
  return reply.body.payload ?? [];
}

afterEach(async () => {
  await clearBidderFaults();
});

describe('domain lists over REST', () => {
  it('lists the seeded public lists, SINGLE and SPLIT, each bidder list holding its domains', async () => {
    const reply = await callOperation(listPublicDomainLists, { token: await demo() });
    const lists = reply.body.payload ?? [];
    expect(reply.status).toBe(200);
    expect(lists.map((l) => [l.name, l.listType])).toEqual(
      expect.arrayContaining([
        ['Business & Finance Press', 'SINGLE'],
        ['Premium Tech Publishers', 'SPLIT'],
      ]),
    );
    const split = lists.find((l) => l.listType === 'SPLIT') as TPublicList;
    expect(split.domainLists.every((l) => l.publicPublications.length === 1)).toBe(true);
    const first = split.domainLists[0];
    expect(await bidderItems(first?.beeswaxListId ?? 0)).toEqual([first?.publicPublications[0]?.domain]);
  });

  it('creates a list here and at the bidder, without duplicates; the rival sees neither', async () => {
    // Prepare
    const token = await demo();
    const listName = uniqueName('Trade press');
    // Act
    const reply = await callOperation(createDomainList, {
      token,
      body: {
        bgAdvertiserId: ACME,
        listName,
        domains: ['industryweek.com', 'IndustryWeek.com', 'https://www.assemblymag.com/news'],
      },
    });
    // Assess
    expect(reply.status).toBe(200);
    const list = reply.body.payload as TDomainList;
    expect(list.domains.map((d) => d.domain)).toEqual(['industryweek.com', 'https://www.assemblymag.com/news']);
    expect(await bidderItems(list.beeswaxListId)).toEqual(['assemblymag.com', 'industryweek.com']);
    expect((await listsOf(token, ACME)).map((l) => l.domainListId)).toContain(list.domainListId);
    const asRival = await callOperationUnchecked(listDomainListsByAdvertiser, {
      token: await rival(),
      params: { id: ACME },
    });
    expect(asRival.status).toBe(404);
  });

  it("refuses bad domains with the spec's message, and another agency's advertiser with 404", async () => {
    const bad = await callOperationUnchecked(createDomainList, {
      token: await demo(),
      body: { bgAdvertiserId: ACME, listName: 'Bad', domains: ['cnn.com', 'not a domain'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: INVALID, fieldErrors: { domains: [INVALID] } });
    const notOurs = await callOperationUnchecked(createDomainList, {
      token: await demo(),
      body: { bgAdvertiserId: ORBIT, listName: 'Not ours', domains: ['cnn.com'] },
    });
    expect(notOurs.status).toBe(404);
  });
});

describe('domain list events', () => {
  const sockets = socketsForSuite('demo');

  it('createNewDomainList answers newDomainListCreated with the list, or domainListCreationError for bad input', async () => {
    const listName = uniqueName('Event list');
    const made = await sockets.demo.call('createNewDomainList', {
      bgAdvertiserId: ACME,
      listName,
      domains: ['supplychaindive.com', 'logisticsmgmt.com'],
    });
    expect(made.reply).toMatchObject({ event: 'newDomainListCreated', success: true });
    const list = made.reply.payload as TDomainList;
    expect(list.name).toBe(listName);
    expect(await bidderItems(list.beeswaxListId)).toEqual(['logisticsmgmt.com', 'supplychaindive.com']);

    const bad = await sockets.demo.call('createNewDomainList', { bgAdvertiserId: ACME, listName: ' ', domains: ['x'] });
    expect(bad.reply).toMatchObject({
      event: 'domainListCreationError',
      success: false,
      status: 400,
      fieldErrors: { listName: ['Required field.'] },
    });
  });

  it('leaves nothing at the bidder or here when the bidder fails part-way through a creation', async () => {
    const listName = uniqueName('Faulty list');
    await injectBidderFault({ method: 'POST', path: '/rest/list_item_bulk', status: 500, times: 10 });
    const failed = await sockets.demo.call('createNewDomainList', {
      bgAdvertiserId: ACME,
      listName,
      domains: ['cnn.com'],
    });
    expect(failed.reply).toMatchObject({ event: 'domainListCreationError', success: false, status: 502 });
    expect((await bidderLists()).filter((l) => l.name === listName)).toEqual([]);
    expect((await listsOf(await demo(), ACME)).filter((l) => l.name === listName)).toEqual([]);
  });

  it('updateDomainList renames, deactivates and adds domains, pushed to the bidder; a fault leaves it as it was', async () => {
    // Prepare
    const made = await sockets.demo.call('createNewDomainList', {
      bgAdvertiserId: ACME,
      listName: uniqueName('Editable'),
      domains: ['cnn.com', 'wsj.com'],
    });
    const list = made.reply.payload as TDomainList;
    const [cnn] = list.domains;
    const base = {
      bgAdvertiserId: ACME,
      beeswaxListId: list.beeswaxListId,
      domainListId: list.domainListId,
    };

    // Act: the bidder refuses the add after the removal (once: the undo's own add goes through).
    await injectBidderFault({ method: 'POST', path: '/rest/list_item_bulk', status: 400, times: 1 });
    const failed = await sockets.demo.call('updateDomainList', {
      ...base,
      listName: 'Renamed',
      domainsToUpdate: [{ bgItemId: cnn?.bgItemId, domain: 'cnn.com', active: false }],
      domainsToAdd: ['reuters.com'],
    });
    const itemsAfterFault = await bidderItems(list.beeswaxListId);
    await clearBidderFaults();
    const updated = await sockets.demo.call('updateDomainList', {
      ...base,
      listName: 'Renamed',
      domainsToUpdate: [{ bgItemId: cnn?.bgItemId, domain: 'cnn.com', active: false }],
      domainsToAdd: ['reuters.com', 'bad'],
    });
    const fixed = await sockets.demo.call('updateDomainList', {
      ...base,
      listName: 'Renamed',
      domainsToUpdate: [{ bgItemId: cnn?.bgItemId, domain: 'cnn.com', active: false }],
      domainsToAdd: ['reuters.com'],
    });

    // Assess
    expect(failed.reply).toMatchObject({ event: 'domainListUpdateError', success: false });
    expect(itemsAfterFault).toEqual(['cnn.com', 'wsj.com']);
    expect(updated.reply).toMatchObject({
      event: 'domainListUpdateError',
      status: 400,
      fieldErrors: { domainsToAdd: [INVALID] },
    });
    expect(fixed.reply).toMatchObject({ event: 'domainListUpdated', success: true });
    const after = fixed.reply.payload as TDomainList;
    expect(after.name).toBe('Renamed');
    expect(after.domains.map((d) => [d.domain, d.active])).toEqual([
      ['cnn.com', false],
      ['wsj.com', true],
      ['reuters.com', true],
    ]);
    expect(await bidderItems(list.beeswaxListId)).toEqual(['reuters.com', 'wsj.com']);
  });

  it("answers 404 on the error event for another agency's list", async () => {
    const rivalSocket = await open(await rival());
    const [orbitList] = await listsOf(await rival(), ORBIT);
    const reply = await sockets.demo.call('updateDomainList', {
      bgAdvertiserId: ORBIT,
      beeswaxListId: orbitList?.beeswaxListId ?? 1,
      domainListId: orbitList?.domainListId ?? 'x',
      listName: 'Taken over',
    });
    await rivalSocket.close();
    expect(orbitList).toBeDefined();
    expect(reply.reply).toMatchObject({ event: 'domainListUpdateError', success: false, status: 404 });
  });
});

describe('campaign creation with publication lists', () => {
  /** A creation payload of one line item (no companies) with the given lists. */
  async function payload(
    token: string,
    lists: Pick<TCampaignCreate, 'publicDomainLists'> & {
      domain_list: TCampaignCreate['targetingInfo']['domain_list'];
    },
  ): Promise<TCampaignCreate & { bgCampaignId: `bg-campaign-${string}` }> {
    return creationPayload(token, 'lists', {
      advertiserId: ACME,
      maxBid: 20,
      description: '',
      name: 'Publications',
      targetingInfo: { domain_list: lists.domain_list },
      publicDomainLists: lists.publicDomainLists ?? [],
      campaignType: 'custom',
    });
  }

  /** The targeting expression of the campaign's one line item at the bidder. */
  async function expressionOf(bgCampaignId: string): Promise<Record<string, unknown> | undefined> {
    const res = await fetch(
      `${stackInfo().simulators.bidder}/rest/v2/targeting-expressions?alternative_id=${encodeURIComponent(`${bgCampaignId}:all`)}`,
      { headers: { cookie: await bidderSession() } },
    );
    return ((await res.json()) as { results: Array<Record<string, unknown>> }).results[0];
  }

  it('targets custom and SINGLE lists, and bids each split domain at its CPM through a list of the campaign', async () => {
    // Prepare
    const token = await demo();
    const [custom] = await listsOf(token, ACME);
    const publicLists = (await callOperation(listPublicDomainLists, { token })).body.payload ?? [];
    const single = publicLists.find((l) => l.listType === 'SINGLE') as TPublicList;
    const split = publicLists.find((l) => l.listType === 'SPLIT') as TPublicList;
    const [firstSplit, ...restSplit] = split.domainLists;
    const body = await payload(token, {
      domain_list: [
        { beeswaxListId: custom?.beeswaxListId ?? 0, name: custom?.name ?? '' },
        { beeswaxListId: single.domainLists[0]?.beeswaxListId ?? 0, name: single.name },
        ...split.domainLists.map((l) => ({ beeswaxListId: l.beeswaxListId, name: l.name, cpmBid: 25 })),
      ],
      publicDomainLists: [
        {
          id: split.id,
          listType: 'SPLIT',
          name: split.name,
          domainLists: [
            { beeswaxListId: firstSplit?.beeswaxListId ?? 0, name: firstSplit?.name ?? '', cpmBid: 40 },
            ...restSplit.map((l) => ({ beeswaxListId: l.beeswaxListId, name: l.name })),
          ],
        },
      ],
    });
    body.targetingInfo.domain_list = body.targetingInfo.domain_list?.map((l) =>
      l.beeswaxListId === firstSplit?.beeswaxListId ? { ...l, cpmBid: 40 } : l,
    );

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(200);
    const own = (await bidderLists()).find((l) => l.alternative_id === `${body.bgCampaignId}:split-bids`);
    const domainOf = (l: (typeof split.domainLists)[number] | undefined) => l?.publicPublications[0]?.domain ?? '';
    // Max Bid 20: 40 is 2x, the others at 25 are 1.25x.
    expect(own?.items).toEqual(
      Object.fromEntries([[domainOf(firstSplit), 2], ...restSplit.map((l) => [domainOf(l), 1.25])]),
    );
    const expression = await expressionOf(body.bgCampaignId);
    const modules = expression?.['modules'] as {
      inventory?: { all: { domain_list: { any: Array<{ value: number }> } } };
    };
    expect(modules.inventory?.all.domain_list.any.map((t) => t.value).sort()).toEqual(
      [custom?.beeswaxListId, single.domainLists[0]?.beeswaxListId, own?.id].sort(),
    );
  });

  it("refuses another agency's list by field and makes nothing; a failed creation deletes the campaign's list", async () => {
    const token = await demo();
    const [orbitList] = await listsOf(await rival(), ORBIT);
    const refused = await callOperationUnchecked(createCampaign, {
      token,
      body: await payload(token, { domain_list: [{ beeswaxListId: orbitList?.beeswaxListId ?? 0, name: 'Orbit' }] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ 'targetingInfo.domain_list.0': ['This domain list was not found.'] });

    const publicLists = (await callOperation(listPublicDomainLists, { token })).body.payload ?? [];
    const split = publicLists.find((l) => l.listType === 'SPLIT') as TPublicList;
    const body = await payload(token, {
      domain_list: split.domainLists.map((l) => ({ beeswaxListId: l.beeswaxListId, name: l.name, cpmBid: 25 })),
    });
    await injectBidderFault({ method: 'POST', path: '/rest/v2/line-items', status: 500, times: 10 });
    const failed = await callOperationUnchecked(createCampaign, { token, body });
    expect(failed.status).toBe(502);
    expect((await bidderLists()).filter((l) => l.alternative_id === `${body.bgCampaignId}:split-bids`)).toEqual([]);
  });
});
