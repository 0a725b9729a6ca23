import * as z from 'zod';
import { PUBLIC_LIST_TYPES } from '../constants';
import { zId } from '../ids';
import { MAX_REQUEST_TEXT, ZBidderId, ZIsoDateTime, ZKeyText, ZRequestText } from './common.schema';

/** A domain of a custom list (001 §3 `domains`: bgItemId, domain, active, createdAt). */
export const ZDomainListItem = z.object({
  bgItemId: z.string().min(1),
  domain: z.string().min(1),
  active: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TDomainListItem = z.infer<typeof ZDomainListItem>;

/** An advertiser's custom domain list (001 §3), mirrored as a bidder list. */
export const ZDomainList = z.object({
  domainListId: z.string().min(1),
  beeswaxListId: ZBidderId,
  bgAdvertiserId: zId('advertiser'),
  name: z.string().min(1),
  createdAt: ZIsoDateTime,
  domains: z.array(ZDomainListItem),
});
export type TDomainList = z.infer<typeof ZDomainList>;

/** Domains of a request: at least one, each non-empty; duplicates are dropped (001 §5). */
const ZRequestDomains = z
  .array(z.string().trim().min(1).max(253))
  .min(1)
  .transform((domains) => [...new Set(domains)]);

/**
 * Creation of a custom list (001 §3: bgAdvertiserId, listName, domains), by `POST /domainlist/create`
 * or the `createNewDomainList` event. Domain patterns and messages are the form's (`validation/`).
 */
export const ZDomainListCreate = z.object({
  bgAdvertiserId: zId('advertiser'),
  listName: ZRequestText,
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
  domainListId: z.string().min(1),
  listName: ZRequestText,
  domainsToUpdate: z
    .array(z.object({ bgItemId: z.string().min(1), domain: z.string().trim().min(1).max(253), active: z.boolean() }))
    .default([]),
  domainsToAdd: z
    .array(z.string().trim().min(1).max(253))
    .default([])
    .transform((domains) => [...new Set(domains)]),
});
export type TDomainListUpdate = z.input<typeof ZDomainListUpdate>;

/** A domain of a public list's bidder list (001 §3 `publicPublications`). */
export const ZPublicPublication = z.object({
  domain: z.string().min(1),
  beeswaxListItemId: ZBidderId,
  beeswaxListId: ZBidderId,
  bgItemId: z.string().min(1),
});

/** A bidder list inside a public list; a split list has one per domain, each with its own CPM bid. */
export const ZPublicDomainList = z.object({
  beeswaxListId: ZBidderId,
  name: z.string().min(1),
  createdAt: ZIsoDateTime,
  publicPublications: z.array(ZPublicPublication),
});

/** Public list (001 §3): shared by every agency; SINGLE (one list) or SPLIT (one list per domain). */
export const ZPublicList = z.object({
  id: z.string().min(1),
  listType: z.enum(PUBLIC_LIST_TYPES),
  name: z.string().min(1),
  createdAt: ZIsoDateTime,
  domainLists: z.array(ZPublicDomainList),
});
export type TPublicList = z.infer<typeof ZPublicList>;

/** A public list chosen in the wizard (creation payload `publicDomainLists`), with per-list CPM bids. */
export const ZPublicListSelection = z.object({
  id: ZKeyText,
  listType: z.enum(PUBLIC_LIST_TYPES),
  name: z.string().min(1).max(MAX_REQUEST_TEXT),
  domainLists: z.array(
    z.object({
      beeswaxListId: ZBidderId,
      name: z.string().min(1).max(MAX_REQUEST_TEXT),
      cpmBid: z.number().positive().optional(),
    }),
  ),
});
export type TPublicListSelection = z.infer<typeof ZPublicListSelection>;
