import * as z from '@bidgrid/shared/zod';
import { config } from '../../kernel/config';
import type {
  CrmRecords,
  TCrmCompany,
  TCrmContentItem,
  TCrmContentKind,
  TCrmProperty,
  TCrmSearchFilter,
} from '../../domain/ports/crm-records.port';
import { CrmGrantError } from '../../domain/vendors/vendor-refusals';
import { VendorError } from '../../kernel/errors';
import { DEFAULT_RETRY, RatePacer, vendorFetch, type RetryPolicy } from '../vendor-http';
import { batchReadPath, companyPropertyPath, HUBSPOT_PATHS, listMembershipsPath } from './hubspot-paths';

const VENDOR = 'crm';

/** HubSpot's limits (VENDORS.md): search pages of at most 200, 10,000 results a query; batch reads of 100. */
export const HUBSPOT_LIMITS = {
  searchPage: 200,
  searchWindow: 10_000,
  membershipsPage: 250,
  batchRead: 100,
  cmsPage: 100,
} as const;
/** Pages read at most per call: far more than any portal needs, so a loop can never run away. */
const MAX_PAGES = 500;
/**
 * Retries of a search: HubSpot's search limit is a one-second window (5 requests), so a refused
 * search waits the window out before it asks again (more attempts, since several searches may queue).
 */
const SEARCH_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 1_000, maxDelayMs: 8_000, minDelayMs: 1_000 };
const TIMEOUT_MS = 15_000;

const ZPaging = z.optional(z.object({ next: z.optional(z.object({ after: z.string() })) }));

const ZCompaniesReply = z.object({
  total: z.number().check(z.int()),
  results: z.array(z.object({ id: z.string(), properties: z.record(z.string(), z.nullable(z.string())) })),
  paging: ZPaging,
});

const ZMembershipsReply = z.object({
  results: z.array(z.object({ recordId: z.string() })),
  paging: ZPaging,
});

const ZBatchReadReply = z.object({
  results: z.array(z.object({ id: z.string(), properties: z.record(z.string(), z.nullable(z.string())) })),
});

const ZProperty = z.looseObject({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  options: z._default(
    z.array(z.looseObject({ label: z.string(), value: z.string(), hidden: z.optional(z.boolean()) })),
    [],
  ),
});

const ZPropertiesReply = z.object({ results: z.array(ZProperty) });

/** The company properties every company read asks for. */
const COMPANY_PROPERTIES = ['name', 'domain', 'hs_ideal_customer_profile', 'hs_is_target_account'];

/** A HubSpot company record in the domain's terms. */
function toCompany(result: { id: string; properties: Record<string, string | null> }): TCrmCompany {
  return {
    id: result.id,
    name: result.properties['name'] ?? null,
    domain: result.properties['domain'] ?? null,
    icpTier: result.properties['hs_ideal_customer_profile'] ?? null,
    targetAccount: result.properties['hs_is_target_account'] === 'true',
  };
}

/** A property definition in the domain's terms; hidden options are not offered. */
function toProperty(property: z.infer<typeof ZProperty>): TCrmProperty {
  return {
    name: property.name,
    label: property.label,
    type: property.type,
    options: property.options.filter((o) => !o.hidden).map((o) => ({ label: o.label, value: o.value })),
  };
}

const ZContentReply = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      slug: z.string(),
      domain: z.string(),
      state: z.string(),
      currentState: z.string(),
    }),
  ),
  paging: ZPaging,
});

const CONTENT_PATHS: Record<TCrmContentKind, string> = {
  'landing-pages': HUBSPOT_PATHS.landingPages,
  'site-pages': HUBSPOT_PATHS.sitePages,
  'blog-posts': HUBSPOT_PATHS.blogPosts,
};

/** Options: where HubSpot (or the CRM simulator) is. */
export interface HubspotRecordsOptions {
  baseUrl: string;
  retry?: RetryPolicy;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** Least time between two search requests: HubSpot allows 5 a second per account (default 200 ms). */
  searchIntervalMs?: number;
}

/**
 * HubSpot CRM records and CMS content, every page read: companies search (`filterGroups`, pages of
 * 200 through `after`, stopping at HubSpot's 10,000-result window and saying so), list memberships
 * (`after`), contacts batch read (100 ids a request; 207 leaves the unknown ones out), landing pages,
 * site pages and blog posts (`after`). 429 and 5xx are retried with back-off honouring Retry-After
 * (the search allows 5 requests a second); a refused token is a CrmGrantError.
 */
export function createHubspotRecords(options: HubspotRecordsOptions): CrmRecords {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  const searchInterval = options.searchIntervalMs ?? 200;
  // One search at a time per interval, in arrival order (429s are retried all the same).
  const searchPacer = searchInterval > 0 ? new RatePacer({ perSecond: 1000 / searchInterval, burst: 1 }) : null;

  /** One call; the reply parsed with `schema`, or the grant / vendor error. */
  const call = async <T>(
    what: string,
    accessToken: string,
    path: string,
    schema: z.ZodMiniType<T>,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<T> => {
    const reply = await callOrMissing(what, accessToken, path, schema, body, signal);
    if (reply === null) throw new VendorError(VENDOR, `${what} answered 404`);
    return reply;
  };

  /** One call; null when HubSpot answers 404 (no such record or property). */
  const callOrMissing = async <T>(
    what: string,
    accessToken: string,
    path: string,
    schema: z.ZodMiniType<T>,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<T | null> => {
    const response = await vendorFetch(
      VENDOR,
      what,
      () =>
        fetchImpl(`${base}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            Authorization: `Bearer ${accessToken}`,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
        }),
      options.retry ?? (what === 'companies search' ? SEARCH_RETRY : DEFAULT_RETRY),
      signal,
    );
    if (response.status === 401 || response.status === 403) {
      throw new CrmGrantError(`HubSpot refused the access token (${response.status})`);
    }
    if (response.status === 404) return null;
    // 207: a batch read with some ids unknown; the known ones are in `results` all the same.
    if (!response.ok) throw new VendorError(VENDOR, `${what} answered ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new VendorError(VENDOR, `${what} answered an unexpected shape`);
    return parsed.data;
  };

  /** Records of one object type by id, `HUBSPOT_LIMITS.batchRead` a request (unknown ids left out). */
  const batchRead = async (
    objectType: 'companies' | 'contacts',
    accessToken: string,
    ids: readonly string[],
    properties: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<z.infer<typeof ZBatchReadReply>['results']> => {
    const records: z.infer<typeof ZBatchReadReply>['results'] = [];
    for (let start = 0; start < ids.length; start += HUBSPOT_LIMITS.batchRead) {
      const inputs = ids.slice(start, start + HUBSPOT_LIMITS.batchRead).map((id) => ({ id }));
      const reply = await call(
        `${objectType} batch read`,
        accessToken,
        batchReadPath(objectType),
        ZBatchReadReply,
        { inputs, properties },
        signal,
      );
      records.push(...reply.results);
    }
    return records;
  };

  /** Reads every page of a GET route paged with `after`. */
  const allPages = async <T>(
    what: string,
    accessToken: string,
    path: string,
    limit: number,
    schema: z.ZodMiniType<{ results: T[]; paging?: { next?: { after: string } | undefined } | undefined }>,
    signal: AbortSignal | undefined,
  ): Promise<T[]> => {
    const items: T[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
      const reply = await call(what, accessToken, `${path}?${query}`, schema, undefined, signal);
      items.push(...reply.results);
      const next = reply.paging?.next?.after;
      // A reply that does not move forward would loop: treat it as the end.
      if (!next || next === after) return items;
      after = next;
    }
    return items;
  };

  /** One page of the companies search; `after` is null at the end of the results or of HubSpot's window. */
  const searchPage: CrmRecords['searchCompaniesPage'] = async (accessToken, query, signal) => {
    const offset = Number(query.after ?? 0);
    // HubSpot refuses a page past its window (400): the window's end is the search's end.
    const limit = Math.min(query.limit, HUBSPOT_LIMITS.searchPage, HUBSPOT_LIMITS.searchWindow - offset);
    if (!(limit > 0)) return { companies: [], total: 0, after: null };
    await searchPacer?.take(signal);
    const reply = await call(
      'companies search',
      accessToken,
      HUBSPOT_PATHS.companiesSearch,
      ZCompaniesReply,
      {
        filterGroups: query.filters.length > 0 ? [{ filters: query.filters }] : [],
        properties: COMPANY_PROPERTIES,
        sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
        limit,
        ...(query.after && query.after !== '0' ? { after: query.after } : {}),
      },
      signal,
    );
    const next = reply.paging?.next?.after ?? null;
    return {
      companies: reply.results.map(toCompany),
      total: reply.total,
      // A reply that does not move forward would loop: treat it as the end.
      after: next === null || next === query.after || !(Number(next) < HUBSPOT_LIMITS.searchWindow) ? null : next,
    };
  };

  return {
    async searchCompanies(accessToken, filter, signal) {
      const filters: TCrmSearchFilter[] = [];
      if (filter.icpTiers && filter.icpTiers.length > 0) {
        filters.push({ propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: [...filter.icpTiers] });
      }
      if (filter.targetAccountsOnly) {
        filters.push({ propertyName: 'hs_is_target_account', operator: 'EQ', value: 'true' });
      }
      const companies: TCrmCompany[] = [];
      let after: string | null = null;
      let total = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const reply = await searchPage(accessToken, { filters, after, limit: HUBSPOT_LIMITS.searchPage }, signal);
        total = reply.total;
        companies.push(...reply.companies);
        // The page stops at HubSpot's window: the result is then cut, and says so.
        if (reply.after === null) break;
        after = reply.after;
      }
      return { companies, total, truncated: total > companies.length };
    },

    searchCompaniesPage: searchPage,

    async listMembersPage(accessToken, listId, after, signal) {
      const query = new URLSearchParams({
        limit: String(HUBSPOT_LIMITS.membershipsPage),
        ...(after ? { after } : {}),
      });
      const reply = await callOrMissing(
        'list memberships',
        accessToken,
        `${listMembershipsPath(listId)}?${query}`,
        ZMembershipsReply,
        undefined,
        signal,
      );
      if (reply === null) return null;
      const next = reply.paging?.next?.after ?? null;
      return { ids: reply.results.map((m) => m.recordId), after: next === after ? null : next };
    },

    async companiesByIds(accessToken, ids, signal) {
      const records = await batchRead('companies', accessToken, ids, COMPANY_PROPERTIES, signal);
      return records.map(toCompany);
    },

    async companyProperties(accessToken, signal) {
      const reply = await call(
        'company properties',
        accessToken,
        HUBSPOT_PATHS.companyProperties,
        ZPropertiesReply,
        undefined,
        signal,
      );
      return reply.results.map(toProperty);
    },

    async companyProperty(accessToken, name, signal) {
      const reply = await callOrMissing(
        'company property',
        accessToken,
        companyPropertyPath(name),
        ZProperty,
        undefined,
        signal,
      );
      return reply === null ? null : toProperty(reply);
    },

    async listMemberIds(accessToken, listId, signal) {
      const members = await allPages(
        'list memberships',
        accessToken,
        listMembershipsPath(listId),
        HUBSPOT_LIMITS.membershipsPage,
        ZMembershipsReply,
        signal,
      );
      return members.map((m) => m.recordId);
    },

    async contactEmails(accessToken, contactIds, signal) {
      const records = await batchRead('contacts', accessToken, contactIds, ['email'], signal);
      return records.flatMap((contact) => (contact.properties['email'] ? [contact.properties['email']] : []));
    },

    async content(accessToken, kind, signal): Promise<TCrmContentItem[]> {
      return allPages(kind, accessToken, CONTENT_PATHS[kind], HUBSPOT_LIMITS.cmsPage, ZContentReply, signal);
    },

    async contentPage(accessToken, kind, page, signal) {
      const limit = Math.max(1, Math.min(page.limit, HUBSPOT_LIMITS.cmsPage));
      const query = new URLSearchParams({ limit: String(limit), ...(page.after ? { after: page.after } : {}) });
      const reply = await call(kind, accessToken, `${CONTENT_PATHS[kind]}?${query}`, ZContentReply, undefined, signal);
      const next = reply.paging?.next?.after ?? null;
      // A reply that does not move forward would loop: treat it as the end.
      return { items: reply.results, after: next === page.after ? null : next };
    },
  };
}

let shared: CrmRecords | undefined;

/** The HubSpot records client of this warm Lambda (HUBSPOT_BASE_URL). */
export function hubspotRecords(): CrmRecords {
  shared ??= createHubspotRecords({ baseUrl: config().HUBSPOT_BASE_URL });
  return shared;
}
