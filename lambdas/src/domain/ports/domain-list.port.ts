import type { TDomainList, TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import type { TPage, TPageRequest } from './page.port';

/**
 * A custom domain list as stored: the list the API answers, its agency, and a version that every
 * change raises, so two edits of one list cannot both win (the second finds another version).
 */
export interface TDomainListRecord extends TDomainList {
  readonly agencyId: string;
  readonly version: number;
}

/** How a conditional write of a list ended. */
export type TDomainListWrite = 'ok' | 'conflict';

/**
 * Custom domain lists (an advertiser's, under the caller's agency: another agency's list is never
 * found) and the public lists every agency shares.
 */
export interface DomainListRepository {
  /** One page of an advertiser's custom lists, in the store's order. */
  listDomainLists(agencyId: string, advertiserId: string, page: TPageRequest): Promise<TPage<TDomainListRecord>>;
  /** Every custom list of an advertiser (a campaign's layer checks its choices against them). */
  listAllDomainLists(agencyId: string, advertiserId: string): Promise<TDomainListRecord[]>;
  getDomainList(agencyId: string, advertiserId: string, domainListId: string): Promise<TDomainListRecord | undefined>;
  /** Writes a new list, never over another (`conflict` when its id is taken). */
  putNewDomainList(list: TDomainListRecord): Promise<TDomainListWrite>;
  /** Replaces a list whose stored version is `expectedVersion` (`conflict` otherwise). */
  replaceDomainList(list: TDomainListRecord, expectedVersion: number): Promise<TDomainListWrite>;
  /** Every public list (a short catalogue BidGrid curates). */
  listPublicLists(): Promise<TPublicList[]>;
  /** Writes a public list (the seed, an operator); an existing one with its id is replaced. */
  putPublicList(list: TPublicList): Promise<void>;
}
