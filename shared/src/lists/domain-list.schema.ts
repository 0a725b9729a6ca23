import * as z from '../zod';
import { PUBLIC_LIST_TYPES } from '../constants';
import { zId } from '../ids';
import { bidderName, requiredText } from '../common/fields';
import { MAX_REQUEST_TEXT, ZBidUsd, ZBidderId, ZIsoDateTime, ZKeyText } from '../common/common.schema';
import { afterValid } from '../common/when';

/**
 * A list's name: cleaned and required with the form's message (001 §5 'Required field.'), within the
 * bidder's name bound (it names the bidder list).
 */
const ZListName = bidderName();

/** A domain of a custom list (001 §3 `domains`: bgItemId, domain, active, createdAt). */
export const ZDomainListItem = z.object({
  bgItemId: z.string().check(z.minLength(1)),
  domain: z.string().check(z.minLength(1)),
  active: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TDomainListItem = z.infer<typeof ZDomainListItem>;

/** An advertiser's custom domain list (001 §3), mirrored as a bidder list. */
export const ZDomainList = z.object({
  domainListId: z.string().check(z.minLength(1)),
  beeswaxListId: ZBidderId,
  bgAdvertiserId: zId('advertiser'),
  name: z.string().check(z.minLength(1)),
  createdAt: ZIsoDateTime,
  domains: z.array(ZDomainListItem),
});
export type TDomainList = z.infer<typeof ZDomainList>;

/**
 * The most domains one create or update request carries (ours; 001 sets none): a request travels as
 * one WebSocket frame of at most 32 KB, and 500 domains of a typical length fit it with room to spare.
 * A longer list is made, then grown by edits.
 */
export const MAX_DOMAINS_PER_REQUEST = 500;
/** The most domains one custom list holds (ours): the list is one stored item, under DynamoDB's 400 KB. */
export const MAX_DOMAINS_PER_LIST = 2_000;
/** A domain as typed: the longest host name and a path (001 §5 allows a port and a path). */
const ZRequestDomain = requiredText().check(afterValid(z.maxLength(300)));

/** Domains of a request: at least one, each non-empty; duplicates are dropped (001 §5). */
const ZRequestDomains = z.pipe(
  z.array(ZRequestDomain).check(z.minLength(1), z.maxLength(MAX_DOMAINS_PER_REQUEST)),
  z.transform((domains) => [...new Set(domains)]),
);

/**
 * Creation of a custom list (001 §3: bgAdvertiserId, listName, domains), by `POST /domainlist/create`
 * or the `createNewDomainList` event. Domain patterns and messages are the form's (`validation/`).
 */
export const ZDomainListCreate = z.object({
  bgAdvertiserId: zId('advertiser'),
  listName: ZListName,
  domains: ZRequestDomains,
});
export type TDomainListCreate = z.input<typeof ZDomainListCreate>;

/**
 * Update of a custom list (001 §7 `updateDomainList`): new name, edited existing domains (by
 * `bgItemId`, possibly deactivated) and new domains.
 */
export const ZDomainListUpdate = z.object({
  bgAdvertiserId: zId('advertiser'),
  beeswaxListId: ZBidderId,
  domainListId: ZKeyText,
  listName: ZListName,
  domainsToUpdate: z._default(
    z
      .array(z.object({ bgItemId: ZKeyText, domain: ZRequestDomain, active: z.boolean() }))
      .check(z.maxLength(MAX_DOMAINS_PER_LIST)),
    [],
  ),
  domainsToAdd: z.pipe(
    z._default(z.array(ZRequestDomain).check(z.maxLength(MAX_DOMAINS_PER_REQUEST)), []),
    z.transform((domains) => [...new Set(domains)]),
  ),
});
export type TDomainListUpdate = z.input<typeof ZDomainListUpdate>;

/** A domain of a public list's bidder list (001 §3 `publicPublications`). */
export const ZPublicPublication = z.object({
  domain: z.string().check(z.minLength(1)),
  beeswaxListItemId: ZBidderId,
  beeswaxListId: ZBidderId,
  bgItemId: z.string().check(z.minLength(1)),
});

/** A bidder list inside a public list; a split list has one per domain, each with its own CPM bid. */
export const ZPublicDomainList = z.object({
  beeswaxListId: ZBidderId,
  name: z.string().check(z.minLength(1)),
  createdAt: ZIsoDateTime,
  publicPublications: z.array(ZPublicPublication),
});

/** Public list (001 §3): shared by every agency; SINGLE (one list) or SPLIT (one list per domain). */
export const ZPublicList = z.object({
  id: z.string().check(z.minLength(1)),
  listType: z.enum(PUBLIC_LIST_TYPES),
  name: z.string().check(z.minLength(1)),
  createdAt: ZIsoDateTime,
  domainLists: z.array(ZPublicDomainList),
});
export type TPublicList = z.infer<typeof ZPublicList>;

/** A public list chosen in the wizard (creation payload `publicDomainLists`), with per-list CPM bids. */
export const ZPublicListSelection = z.object({
  id: ZKeyText,
  listType: z.enum(PUBLIC_LIST_TYPES),
  name: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
  domainLists: z.array(
    z.object({
      beeswaxListId: ZBidderId,
      name: z.string().check(z.minLength(1), z.maxLength(MAX_REQUEST_TEXT)),
      // A bid like the max bid (`ZBidUsd`), as in the targeting's domain lists.
      cpmBid: z.optional(ZBidUsd),
    }),
  ),
});
export type TPublicListSelection = z.infer<typeof ZPublicListSelection>;
