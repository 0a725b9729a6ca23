import { describe, expect, it } from 'vitest';
import type { TPublicList, TPublicListSelection } from '@bidgrid/shared/lists/domain-list.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { BadRequestError } from '../../kernel/errors';
import type { TLayerRequest } from '../campaigns/targeting-layers';
import type { TDomainListRecord } from '../ports/domain-list.port';
import { recordFixture } from '../test-fakes';
import {
  bidMultiplierOf,
  PUBLICATION_LAYER_MESSAGES,
  publicationListsLayer,
  publicationListsUndo,
} from './publication-lists.layer';
import { memoryDomainLists, memoryListBidder, type TListOp } from './test-domain-list-fakes';

const AGENCY = 'bgAgency-demo';
const CREATED = '2026-11-01T00:00:00.000Z';

const customList = (overrides: Partial<TDomainListRecord> = {}): TDomainListRecord => ({
  domainListId: 'bg-domain-list-1',
  beeswaxListId: 7,
  bgAdvertiserId: 'bgAdvertiser-acme',
  name: 'News',
  createdAt: CREATED,
  domains: [],
  agencyId: AGENCY,
  version: 1,
  ...overrides,
});

const publication = (beeswaxListId: number, domain: string) => ({
  domain,
  beeswaxListItemId: beeswaxListId * 10,
  beeswaxListId,
  bgItemId: `pub-${beeswaxListId}`,
});

const SINGLE: TPublicList = {
  id: 'pl-business',
  listType: 'SINGLE',
  name: 'Business Press',
  createdAt: CREATED,
  domainLists: [
    {
      beeswaxListId: 20,
      name: 'Business Press',
      createdAt: CREATED,
      publicPublications: [publication(20, 'wsj.com'), publication(20, 'forbes.com')],
    },
  ],
};
const SPLIT: TPublicList = {
  id: 'pl-tech',
  listType: 'SPLIT',
  name: 'Tech Publishers',
  createdAt: CREATED,
  domainLists: [
    {
      beeswaxListId: 30,
      name: 'techcrunch.com',
      createdAt: CREATED,
      publicPublications: [publication(30, 'techcrunch.com')],
    },
    { beeswaxListId: 31, name: 'wired.com', createdAt: CREATED, publicPublications: [publication(31, 'wired.com')] },
  ],
};

function world(options: { failure?: { op: TListOp; nth?: number } } = {}) {
  const store = memoryDomainLists(
    [customList(), customList({ domainListId: 'bg-domain-list-9', beeswaxListId: 9, agencyId: 'bgAgency-rival' })],
    [SINGLE, SPLIT],
  );
  const bidder = memoryListBidder(options.failure);
  return { bidder, layer: publicationListsLayer({ domainLists: store.repo, bidder: bidder.bidder }) };
}

function request(
  domainList: TTargetingSelections['domain_list'],
  publicDomainLists: TPublicListSelection[] = [],
): TLayerRequest {
  return {
    agencyId: AGENCY,
    username: 'demo',
    advertiser: recordFixture(),
    bgCampaignId: 'bg-campaign-1',
    maxBid: 10,
    targeting: {
      domain_list: domainList,
      geo_country: [],
      geo_state: [],
      geo_zip: [],
      role_title_segments: [],
      retargeting_segments: [],
    },
    publicDomainLists,
    foundEmailsInfo: undefined,
  };
}

const splitSelection = (cpm?: number): TPublicListSelection => ({
  id: 'pl-tech',
  listType: 'SPLIT',
  name: 'Tech Publishers',
  domainLists: [
    { beeswaxListId: 30, name: 'techcrunch.com', ...(cpm ? { cpmBid: cpm } : {}) },
    { beeswaxListId: 31, name: 'wired.com' },
  ],
});

describe('publicationListsLayer', () => {
  it('chooses nothing when no list is chosen', async () => {
    const w = world();
    expect(await w.layer(request([]))).toEqual({ targeting: {} });
  });

  it("targets the advertiser's custom lists and SINGLE public lists as they are", async () => {
    const w = world();
    const plan = await w.layer(
      request(
        [
          { beeswaxListId: 7, name: 'News' },
          { beeswaxListId: 20, name: 'Business Press' },
        ],
        [
          {
            id: 'pl-business',
            listType: 'SINGLE',
            name: 'Business Press',
            domainLists: [{ beeswaxListId: 20, name: 'x' }],
          },
        ],
      ),
    );
    expect(plan.targeting).toEqual({ domainListIds: [7, 20] });
    expect(plan.make).toBeUndefined();
  });

  it("refuses another agency's list, unknown lists and public lists it does not know, by field", async () => {
    const w = world();
    const error = await w
      .layer(
        request(
          [
            { beeswaxListId: 9, name: 'Rival list' },
            { beeswaxListId: 404, name: 'Made up' },
          ],
          [
            { id: 'pl-missing', listType: 'SINGLE', name: 'Gone', domainLists: [] },
            {
              id: 'pl-business',
              listType: 'SINGLE',
              name: 'Business Press',
              domainLists: [{ beeswaxListId: 30, name: 'x' }],
            },
          ],
        ),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fieldErrors).toEqual({
      'targetingInfo.domain_list.0': [PUBLICATION_LAYER_MESSAGES.notFound],
      'targetingInfo.domain_list.1': [PUBLICATION_LAYER_MESSAGES.notFound],
      'publicDomainLists.0': [PUBLICATION_LAYER_MESSAGES.publicNotFound],
      'publicDomainLists.1.domainLists.0': [PUBLICATION_LAYER_MESSAGES.notInPublicList],
    });
  });

  it("makes the campaign's own list of split domains, each with its CPM as a bid multiplier (default 25)", async () => {
    // Prepare
    const w = world();
    // Act
    const plan = await w.layer(
      request(
        [
          { beeswaxListId: 7, name: 'News' },
          { beeswaxListId: 30, name: 'techcrunch.com', cpmBid: 40 },
        ],
        [splitSelection()],
      ),
    );
    const made = await plan.make?.();
    // Assess
    expect(plan.targeting).toEqual({ domainListIds: [7] });
    expect(made?.targeting).toEqual({ domainListIds: [100] });
    // Max Bid 10: techcrunch at 40 is 4x, wired at the default 25 is 2.5x.
    expect(w.bidder.multipliers(100)).toEqual({ 'techcrunch.com': 4, 'wired.com': 2.5 });
    await made?.undo();
    expect(w.bidder.items(100)).toBeUndefined();
  });

  it('its trace deletes the split-bids list after the request that made it died (the recovery)', async () => {
    // Prepare
    const w = world();
    const made = await (await w.layer(request([], [splitSelection()]))).make?.();
    expect(w.bidder.listCount()).toBe(1);

    // Act
    await publicationListsUndo({ bidder: w.bidder.bidder })('bgAgency-demo', made?.trace.ref ?? {});

    // Assess
    expect(made?.trace).toEqual({ layer: 'publicationLists', ref: { beeswaxListId: 100 } });
    expect(w.bidder.listCount()).toBe(0);
  });

  it('refuses a CPM above ten times the Max Bid', async () => {
    const w = world();
    const error = await w.layer(request([], [splitSelection(101)])).catch((e: unknown) => e);
    expect((error as BadRequestError).fieldErrors).toEqual({
      'publicDomainLists.0.domainLists.0.cpmBid': [PUBLICATION_LAYER_MESSAGES.bidTooHigh(10)],
    });
  });

  it('deletes its list when adding the domains fails', async () => {
    const w = world({ failure: { op: 'addListItems' } });
    const plan = await w.layer(request([], [splitSelection()]));
    await expect(plan.make?.()).rejects.toThrow('bidder addListItems failed');
    expect(w.bidder.listCount()).toBe(0);
  });

  it('bounds multipliers to what the bidder takes', () => {
    expect(bidMultiplierOf(25, 25)).toBe(1);
    expect(bidMultiplierOf(0.001, 25)).toBe(0.01);
    expect(bidMultiplierOf(10, 3)).toBe(3.33);
  });
});
