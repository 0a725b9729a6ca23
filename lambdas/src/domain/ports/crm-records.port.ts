/** A CRM company as the wizard reads it (HubSpot companies search). */
export interface TCrmCompany {
  readonly id: string;
  readonly name: string | null;
  readonly domain: string | null;
  /** `hs_ideal_customer_profile`: `tier_1` | `tier_2` | `tier_3`, or null when unset. */
  readonly icpTier: string | null;
  /** `hs_is_target_account` is "true". */
  readonly targetAccount: boolean;
}

/** Which companies to read: every one given, ANDed; none given reads all. */
export interface TCrmCompanyFilter {
  readonly icpTiers?: readonly string[];
  readonly targetAccountsOnly?: boolean;
}

/** Companies found, and whether the CRM's search window (10,000 results a query) cut them short. */
export interface TCrmCompanies {
  readonly companies: TCrmCompany[];
  /** How many companies match, as the CRM counts them (may exceed `companies.length` when truncated). */
  readonly total: number;
  readonly truncated: boolean;
}

/** A search filter as HubSpot takes it (`propertyName`, `operator`, `value` or `values`). */
export interface TCrmSearchFilter {
  readonly propertyName: string;
  readonly operator: string;
  readonly value?: string | undefined;
  readonly values?: readonly string[] | undefined;
}

/** One page of a company search: the companies, how many match in all, and the `after` of the next page (null: the end). */
export interface TCrmCompanyPage {
  readonly companies: TCrmCompany[];
  readonly total: number;
  readonly after: string | null;
}

/** One page of a list's members (record ids) and the `after` of the next page (null: the end). */
export interface TCrmMemberPage {
  readonly ids: string[];
  readonly after: string | null;
}

/** A CRM company property definition; enumeration properties carry their options. */
export interface TCrmProperty {
  readonly name: string;
  readonly label: string;
  readonly type: string;
  readonly options: ReadonlyArray<{ readonly label: string; readonly value: string }>;
}

/** A CMS page or blog post (HubSpot CMS v3). */
export interface TCrmContentItem {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly slug: string;
  readonly domain: string;
  readonly state: string;
  readonly currentState: string;
}

export type TCrmContentKind = 'landing-pages' | 'site-pages' | 'blog-posts';

/** One page of CMS content and HubSpot's `after` of the next (null: the end). */
export interface TCrmContentPage {
  readonly items: TCrmContentItem[];
  readonly after: string | null;
}

/** Port: the CRM records and CMS content the campaign wizard reads, every page read. */
export interface CrmRecords {
  searchCompanies(accessToken: string, filter: TCrmCompanyFilter, signal?: AbortSignal): Promise<TCrmCompanies>;
  /**
   * One page of a company search with the caller's filters (one filter group, ANDed), in record id
   * order: at most `limit` (HubSpot's 200 at most) from `after` ('0' or null: the first).
   */
  searchCompaniesPage(
    accessToken: string,
    query: { filters: readonly TCrmSearchFilter[]; after: string | null; limit: number },
    signal?: AbortSignal,
  ): Promise<TCrmCompanyPage>;
  /** One page of a list's member ids, from `after` (null: the first); null when the portal has no such list. */
  listMembersPage(
    accessToken: string,
    listId: string,
    after: string | null,
    signal?: AbortSignal,
  ): Promise<TCrmMemberPage | null>;
  /** Companies by record id (100 a request); unknown ids are left out. */
  companiesByIds(accessToken: string, ids: readonly string[], signal?: AbortSignal): Promise<TCrmCompany[]>;
  /** Every company property definition of the portal. */
  companyProperties(accessToken: string, signal?: AbortSignal): Promise<TCrmProperty[]>;
  /** One company property definition; null when the portal has no such property. */
  companyProperty(accessToken: string, name: string, signal?: AbortSignal): Promise<TCrmProperty | null>;
  /** The record ids of a list's members (companies or contacts, as the list holds). */
  listMemberIds(accessToken: string, listId: string, signal?: AbortSignal): Promise<string[]>;
  /** The e-mail addresses of contacts by id; contacts without one, or unknown, are left out. */
  contactEmails(accessToken: string, contactIds: readonly string[], signal?: AbortSignal): Promise<string[]>;
  content(accessToken: string, kind: TCrmContentKind, signal?: AbortSignal): Promise<TCrmContentItem[]>;
  /** One page of CMS content (at most `limit`, HubSpot's 100 at most), from `after` (null: the first). */
  contentPage(
    accessToken: string,
    kind: TCrmContentKind,
    page: { after: string | null; limit: number },
    signal?: AbortSignal,
  ): Promise<TCrmContentPage>;
}
