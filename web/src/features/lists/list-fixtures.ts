import type { TDomainList, TPublicList } from '@bidgrid/shared/lists/domain-list.schema';

const CREATED = '2026-11-01T00:00:00.000Z';

const publication = (beeswaxListId: number, domain: string, at = 0) => ({
  domain,
  beeswaxListItemId: at + 1,
  beeswaxListId,
  bgItemId: `pub-${beeswaxListId}-${at}`,
});

/** A SINGLE public list of two domains in bidder list 20. */
export const SINGLE_LIST: TPublicList = {
  id: 'pl-business',
  listType: 'SINGLE',
  name: 'Business Press',
  createdAt: CREATED,
  domainLists: [
    {
      beeswaxListId: 20,
      name: 'Business Press',
      createdAt: CREATED,
      publicPublications: [publication(20, 'forbes.com'), publication(20, 'bloomberg.com', 1)],
    },
  ],
};

/** A SPLIT public list: one bidder list per domain (30, 31). */
export const SPLIT_LIST: TPublicList = {
  id: 'pl-tech',
  listType: 'SPLIT',
  name: 'Premium Tech Publishers',
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

/** A custom list of Acme in bidder list 7. */
export const CUSTOM_LIST: TDomainList = {
  domainListId: 'bg-domain-list-1',
  beeswaxListId: 7,
  bgAdvertiserId: 'bgAdvertiser-acme',
  name: 'Robotics trade sites',
  createdAt: CREATED,
  domains: [
    { bgItemId: 'i1', domain: 'therobotreport.com', active: true, createdAt: CREATED },
    { bgItemId: 'i2', domain: 'robotics247.com', active: false, createdAt: CREATED },
  ],
};
