import { HUBSPOT_PATHS, routePattern } from '@bidgrid/lambdas/adapters/crm/hubspot-paths';
import { now, nowMs } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { COMPANIES, COMPANIES_WITHOUT_OWN_RANGES, REDIRECTS } from './company-match';
import type { SimReply, SimRequest, SimRoute } from './simulator-server';

/**
 * The CRM and CMS data of the HubSpot simulator's portals and the routes that read it, on the
 * 2026-03 paths the client calls (`HUBSPOT_PATHS`, one module for both) and in HubSpot's shapes
 * (held against HubSpot's published OpenAPI documents: `openapi/`): companies search and batch
 * read, list search and memberships, contacts batch read, company properties, landing pages, site
 * pages and blog posts. The data is generated from the portal id, so every run sees the same records.
 */

/** HubSpot's error categories, by status (the `category` every HubSpot error carries). */
const CATEGORY_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'INVALID_AUTHENTICATION',
  403: 'MISSING_SCOPES',
  404: 'OBJECT_NOT_FOUND',
  405: 'VALIDATION_ERROR',
  409: 'CONFLICT',
  413: 'VALIDATION_ERROR',
  415: 'VALIDATION_ERROR',
  429: 'RATE_LIMITS',
};

/** HubSpot's error body: `{status: 'error', message, correlationId, category, ...extra}`. */
export function hubspotErrorBody(status: number, message: string, extra: Record<string, unknown> = {}): unknown {
  return {
    status: 'error',
    message,
    correlationId: randomUUID(),
    category: CATEGORY_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR'),
    ...extra,
  };
}

/** A HubSpot error reply. */
export const hubspotError = (status: number, message: string, extra?: Record<string, unknown>): SimReply => ({
  status,
  body: hubspotErrorBody(status, message, extra),
});

/** What a route needs to know about the caller: the portal of the bearer token and its scopes. */
export type PortalOf = (req: SimRequest) => { hubId: number; scopes: readonly string[] } | null;

/** A CRM list (HubSpot Lists v3): company lists are object type `0-2`, contact lists `0-1`. */
export interface HubSpotList {
  readonly listId: string;
  readonly name: string;
  readonly objectTypeId: '0-1' | '0-2';
  readonly processingType: 'MANUAL' | 'DYNAMIC' | 'SNAPSHOT';
  readonly size: number;
}

/** The lists of each portal: the demo agency's CRM-connected advertiser reads portal 4410001's. */
export const PORTAL_LISTS: Readonly<Record<number, readonly HubSpotList[]>> = {
  4410001: [
    { listId: '101', name: 'Target Accounts Q4', objectTypeId: '0-2', processingType: 'MANUAL', size: 24 },
    { listId: '102', name: 'Tier 1 Prospects', objectTypeId: '0-2', processingType: 'DYNAMIC', size: 12 },
    { listId: '103', name: 'Closed Won 2026', objectTypeId: '0-2', processingType: 'SNAPSHOT', size: 40 },
    { listId: '104', name: 'Newsletter Subscribers', objectTypeId: '0-1', processingType: 'DYNAMIC', size: 1200 },
    { listId: '105', name: 'Webinar Attendees', objectTypeId: '0-1', processingType: 'MANUAL', size: 85 },
  ],
  4410002: [
    { listId: '201', name: 'Rival Key Accounts', objectTypeId: '0-2', processingType: 'MANUAL', size: 8 },
    { listId: '202', name: 'Rival Contacts', objectTypeId: '0-1', processingType: 'DYNAMIC', size: 300 },
  ],
};

/** How many records each portal holds (companies, contacts, landing pages, site pages, blog posts). */
const PORTAL_SIZES: Readonly<Record<number, Record<'companies' | 'contacts' | 'landing' | 'site' | 'posts', number>>> =
  {
    4410001: { companies: 240, contacts: 1300, landing: 30, site: 8, posts: 45 },
    4410002: { companies: 20, contacts: 300, landing: 3, site: 2, posts: 4 },
  };
const sizesOf = (hubId: number) => PORTAL_SIZES[hubId] ?? { companies: 0, contacts: 0, landing: 0, site: 0, posts: 0 };

/** HubSpot's page size limits (VENDORS.md; developers.hubspot.com). */
export const LIMITS = {
  listSearchDefault: 20,
  listSearchMax: 500,
  membershipsDefault: 100,
  membershipsMax: 250,
  searchDefault: 10,
  searchMax: 200,
  /** A search query reaches at most this many results, whatever the paging. */
  searchWindow: 10_000,
  /** Filter limits differ between HubSpot's sources: the stricter ones (5 groups x 6 filters, 18 in all). */
  filterGroups: 5,
  filtersPerGroup: 6,
  filtersTotal: 18,
  batchReadMax: 100,
  /** Search requests a second per account. */
  searchPerSecond: 5,
  cmsDefault: 20,
  cmsMax: 100,
} as const;

const CREATED_AT = '2026-09-01T12:00:00.000Z';
const UPDATED_AT = '2026-10-15T08:30:00.000Z';
const TIERS = ['tier_1', 'tier_2', 'tier_3'] as const;
const INDUSTRIES = ['Software', 'Manufacturing', 'Retail', 'Healthcare', 'Finance', 'Logistics'];
const WORDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay', 'Soylent', 'Tyrell'];

/** Record ids of a portal: companies from 1e6, contacts from 2e6, pages from 3e6, posts from 4e6, portal-scoped. */
const companyId = (hubId: number, n: number): string => String((hubId % 100) * 10_000_000 + 1_000_000 + n);
const contactId = (hubId: number, n: number): string => String((hubId % 100) * 10_000_000 + 2_000_000 + n);

/** The companies the company matcher knows, in the order portals hand them out. */
const KNOWN_DOMAINS = [...COMPANIES, ...COMPANIES_WITHOUT_OWN_RANGES].map((c) => c.domain);

/**
 * A company's domain as CRM data holds it: mostly a company the matcher knows (the first portal
 * records, one each), some a redirecting old domain, some unknown, and one in eight none at all (a
 * record without a website), so a fetch shows matches and each kind of miss.
 */
function companyDomain(n: number, word: string): string | null {
  if (n % 8 === 7) return null;
  if (n % 8 === 6) return (REDIRECTS[Math.floor(n / 8) % REDIRECTS.length] as { from: string }).from;
  const known = n - Math.floor(n / 8) * 2;
  return known < KNOWN_DOMAINS.length ? (KNOWN_DOMAINS[known] as string) : `${word.toLowerCase()}-${n + 1}.example.com`;
}

/** A company's properties, derived from its number in the portal. */
function companyProperties(hubId: number, n: number): Record<string, string | null> {
  const word = WORDS[n % WORDS.length] as string;
  const name = `${word} ${['Labs', 'Industries', 'Group', 'Systems'][Math.floor(n / WORDS.length) % 4]} ${n + 1}`;
  const domain = companyDomain(n, word);
  return {
    name,
    domain,
    industry: INDUSTRIES[n % INDUSTRIES.length] as string,
    city: ['Newark', 'Toronto', 'Austin', 'Boston'][n % 4] as string,
    country: n % 4 === 1 ? 'Canada' : 'United States',
    hs_ideal_customer_profile: n % 4 === 3 ? null : (TIERS[n % 3] as string),
    hs_is_target_account: n % 3 === 0 ? 'true' : 'false',
    numberofemployees: String(20 + ((n * 37) % 5000)),
    createdate: CREATED_AT,
    hs_lastmodifieddate: UPDATED_AT,
    hs_object_id: companyId(hubId, n),
  };
}

/** A company record of a portal by its id (what a CRM record page, and so the app card, shows), or null. */
export function portalCompany(hubId: number, id: string): Record<string, string | null> | null {
  const n = Number(id) - Number(companyId(hubId, 0));
  if (!Number.isInteger(n) || n < 0 || n >= sizesOf(hubId).companies) return null;
  return companyProperties(hubId, n);
}

function contactProperties(hubId: number, n: number): Record<string, string | null> {
  return {
    email: `contact${n + 1}@${(WORDS[n % WORDS.length] as string).toLowerCase()}-${(n % 97) + 1}.example.com`,
    firstname: ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara'][n % 5] as string,
    lastname: ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov'][Math.floor(n / 5) % 5] as string,
    createdate: CREATED_AT,
    lastmodifieddate: UPDATED_AT,
    hs_object_id: contactId(hubId, n),
  };
}

/** The company properties of every portal: name, label, type and field type, options of enumerations. */
const COMPANY_PROPERTY_DEFINITIONS: ReadonlyArray<{
  name: string;
  label: string;
  type: string;
  fieldType: string;
  options?: ReadonlyArray<{ label: string; value: string }>;
}> = [
  { name: 'name', label: 'Company name', type: 'string', fieldType: 'text' },
  { name: 'domain', label: 'Company domain name', type: 'string', fieldType: 'text' },
  { name: 'industry', label: 'Industry', type: 'string', fieldType: 'text' },
  { name: 'city', label: 'City', type: 'string', fieldType: 'text' },
  { name: 'country', label: 'Country/Region', type: 'string', fieldType: 'text' },
  { name: 'numberofemployees', label: 'Number of Employees', type: 'number', fieldType: 'number' },
  {
    name: 'hs_ideal_customer_profile',
    label: 'Ideal Customer Profile Tier',
    type: 'enumeration',
    fieldType: 'radio',
    options: [
      { label: 'Tier 1', value: 'tier_1' },
      { label: 'Tier 2', value: 'tier_2' },
      { label: 'Tier 3', value: 'tier_3' },
    ],
  },
  {
    name: 'hs_is_target_account',
    label: 'Target Account',
    type: 'bool',
    fieldType: 'booleancheckbox',
    options: [
      { label: 'True', value: 'true' },
      { label: 'False', value: 'false' },
    ],
  },
];

/** A property in HubSpot's `Property` shape (crm/properties/2026-03). */
function propertyObject(definition: (typeof COMPANY_PROPERTY_DEFINITIONS)[number]): Record<string, unknown> {
  return {
    name: definition.name,
    label: definition.label,
    type: definition.type,
    fieldType: definition.fieldType,
    description: '',
    groupName: 'companyinformation',
    options: (definition.options ?? []).map((o, i) => ({
      label: o.label,
      value: o.value,
      displayOrder: i,
      hidden: false,
      description: '',
    })),
    displayOrder: -1,
    calculated: false,
    externalOptions: false,
    hasUniqueValue: false,
    hidden: false,
    hubspotDefined: true,
    formField: true,
    createdAt: CREATED_AT,
    updatedAt: UPDATED_AT,
    archived: false,
    modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: false },
  };
}

/** A CRM record as HubSpot's `SimplePublicObject`, with the requested properties (HubSpot's defaults otherwise). */
function simpleObject(
  id: string,
  all: Record<string, string | null>,
  requested: readonly string[] | null,
  defaults: readonly string[],
): Record<string, unknown> {
  const names = requested && requested.length > 0 ? [...requested, 'createdate', 'hs_object_id'] : defaults;
  const properties: Record<string, string | null> = {};
  // HubSpot answers every requested property, null when the record has no value.
  for (const name of names) properties[name] = all[name] ?? null;
  return { id, properties, createdAt: CREATED_AT, updatedAt: UPDATED_AT, archived: false };
}

const stringArray = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;

/** Reads a paging `after` (HubSpot's cursors are opaque; ours are offsets) and a limit. */
function paging(
  after: unknown,
  limit: unknown,
  max: number,
  fallback: number,
): { offset: number; limit: number } | string {
  const offset = after === undefined || after === null || after === '' ? 0 : Number(after);
  if (!Number.isInteger(offset) || offset < 0) return `Invalid after: ${String(after)}`;
  const size = limit === undefined || limit === null || limit === '' ? fallback : Number(limit);
  if (!Number.isInteger(size) || size < 1 || size > max) return `limit must be between 1 and ${max}`;
  return { offset, limit: size };
}

/**
 * A batch read (`POST /crm/objects/2026-03/{type}/batch/read`) as HubSpot answers it for every object
 * type: the inputs checked (a list of `{id}`, at most `LIMITS.batchReadMax`), each id looked up, 200
 * when all were found, else 207 with the unknown ids in one OBJECT_NOT_FOUND error. `lookup` runs
 * once the inputs pass; a string it returns is a 400 with that message (a type's own checks), else
 * it is the lookup of one id, `undefined` for an id it does not know.
 */
function batchRead(
  body: Record<string, unknown>,
  objectType: 'COMPANY' | 'CONTACT',
  lookup: () => string | ((id: string) => unknown),
): SimReply {
  const inputs = body['inputs'];
  if (!Array.isArray(inputs) || inputs.some((i) => typeof (i as { id?: unknown } | null)?.id !== 'string')) {
    return hubspotError(400, 'inputs must be a list of {id}');
  }
  if (inputs.length > LIMITS.batchReadMax) {
    return hubspotError(400, `Batch input limit exceeded: at most ${LIMITS.batchReadMax} inputs`);
  }
  const startedAt = now().toISOString();
  const read = lookup();
  if (typeof read === 'string') return hubspotError(400, read);
  const results: unknown[] = [];
  const missing: string[] = [];
  for (const { id } of inputs as Array<{ id: string }>) {
    const found = read(id);
    if (found === undefined) missing.push(id);
    else results.push(found);
  }
  const done = { status: 'COMPLETE', results, startedAt, completedAt: now().toISOString() };
  if (missing.length === 0) return { status: 200, body: done };
  return {
    status: 207,
    body: {
      ...done,
      numErrors: 1,
      errors: [
        {
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: `Could not get some ${objectType} objects, they may be deleted or not exist. Check that ids are valid.`,
          context: { ids: missing },
          errors: [],
          links: {},
        },
      ],
    },
  };
}

/** `paging.next` when more remain after this page. */
const nextPaging = (end: number, total: number): Record<string, unknown> =>
  end < total ? { paging: { next: { after: String(end) } } } : {};

type Filter = { propertyName: string; operator: string; value?: unknown; values?: unknown; highValue?: unknown };

const OPERATORS = new Set([
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
]);

/** Whether a record's property passes one filter (string comparison; numbers compare as numbers). */
function passes(actual: string | null | undefined, filter: Filter): boolean {
  const value = filter.value === undefined ? undefined : String(filter.value);
  const lower = (s: string | null | undefined): string => (s ?? '').toLowerCase();
  const compare = (a: string, b: string): number => {
    const x = Number(a);
    const y = Number(b);
    return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.localeCompare(b);
  };
  switch (filter.operator) {
    case 'EQ':
      return actual != null && lower(actual) === lower(value);
    case 'NEQ':
      return lower(actual) !== lower(value);
    case 'LT':
      return actual != null && value !== undefined && compare(actual, value) < 0;
    case 'LTE':
      return actual != null && value !== undefined && compare(actual, value) <= 0;
    case 'GT':
      return actual != null && value !== undefined && compare(actual, value) > 0;
    case 'GTE':
      return actual != null && value !== undefined && compare(actual, value) >= 0;
    case 'BETWEEN':
      return (
        actual != null &&
        value !== undefined &&
        compare(actual, value) >= 0 &&
        compare(actual, String(filter.highValue)) <= 0
      );
    case 'IN':
      return actual != null && (stringArray(filter.values) ?? []).some((v) => lower(v) === lower(actual));
    case 'NOT_IN':
      return !(stringArray(filter.values) ?? []).some((v) => lower(v) === lower(actual));
    case 'HAS_PROPERTY':
      return actual != null && actual !== '';
    case 'NOT_HAS_PROPERTY':
      return actual == null || actual === '';
    case 'CONTAINS_TOKEN':
      return lower(actual).includes(lower(value).replace(/\*/g, ''));
    case 'NOT_CONTAINS_TOKEN':
      return !lower(actual).includes(lower(value).replace(/\*/g, ''));
    default:
      return false;
  }
}

/** Validates `filterGroups` against HubSpot's limits; the groups, or the message of a 400. */
function readFilterGroups(input: unknown): Filter[][] | string {
  if (input === undefined) return [];
  if (!Array.isArray(input)) return 'filterGroups must be an array';
  if (input.length > LIMITS.filterGroups) return `Too many filter groups (at most ${LIMITS.filterGroups})`;
  const groups: Filter[][] = [];
  let total = 0;
  for (const group of input) {
    const filters = (group as { filters?: unknown } | null)?.filters;
    if (!Array.isArray(filters)) return 'Each filter group needs filters';
    if (filters.length > LIMITS.filtersPerGroup)
      return `Too many filters in a group (at most ${LIMITS.filtersPerGroup})`;
    total += filters.length;
    for (const filter of filters as Filter[]) {
      if (typeof filter?.propertyName !== 'string' || !OPERATORS.has(filter.operator))
        return `Invalid filter: ${JSON.stringify(filter)}`;
    }
    groups.push(filters as Filter[]);
  }
  if (total > LIMITS.filtersTotal) return `Too many filters (at most ${LIMITS.filtersTotal} in all)`;
  return groups;
}

/** A CMS page or blog post in HubSpot's `Page` / `BlogPost` shape (every field the description requires). */
function cmsItem(kind: 'landing' | 'site' | 'post', hubId: number, n: number, domain: string): Record<string, unknown> {
  const base = kind === 'post' ? 4_000_000 : kind === 'landing' ? 3_000_000 : 3_500_000;
  const id = String((hubId % 100) * 10_000_000 + base + n);
  const title =
    kind === 'post'
      ? `${WORDS[n % WORDS.length] as string} insights #${n + 1}`
      : `${kind === 'landing' ? 'Campaign landing' : 'Site page'} ${n + 1}`;
  const slug = `${kind === 'post' ? 'blog/' : ''}${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const published = n % 5 !== 4;
  const item: Record<string, unknown> = {
    id,
    name: title,
    slug,
    url: `https://${domain}/${slug}`,
    domain,
    state: published ? 'PUBLISHED' : 'DRAFT',
    currentState: published ? 'PUBLISHED' : 'DRAFT',
    currentlyPublished: published,
    htmlTitle: title,
    metaDescription: '',
    language: 'en',
    abStatus: 'master',
    abTestId: '',
    archivedAt: kind === 'post' ? 0 : '1970-01-01T00:00:00Z',
    archivedInDashboard: false,
    attachedStylesheets: [],
    authorName: 'Demo Author',
    campaign: '',
    categoryId: kind === 'post' ? 3 : kind === 'landing' ? 1 : 4,
    contentGroupId: '',
    contentTypeCategory: kind === 'post' ? '3' : kind === 'landing' ? '1' : '4',
    created: CREATED_AT,
    createdById: '101',
    dynamicPageDataSourceId: '',
    dynamicPageDataSourceType: 0,
    dynamicPageHubDbTableId: '',
    enableDomainStylesheets: false,
    enableLayoutStylesheets: false,
    featuredImage: '',
    featuredImageAltText: '',
    folderId: '',
    footerHtml: '',
    headHtml: '',
    includeDefaultCustomCss: false,
    layoutSections: {},
    linkRelCanonicalUrl: '',
    mabExperimentId: '',
    pageExpiryDate: 0,
    pageExpiryEnabled: false,
    pageExpiryRedirectId: 0,
    pageExpiryRedirectUrl: '',
    password: '',
    publicAccessRules: [],
    publicAccessRulesEnabled: false,
    publishDate: UPDATED_AT,
    publishImmediately: true,
    themeSettingsValues: {},
    translatedFromId: '',
    translations: {},
    updated: UPDATED_AT,
    updatedById: '101',
    useFeaturedImage: false,
    widgetContainers: {},
    widgets: {},
  };
  if (kind === 'post') {
    return {
      ...item,
      blogAuthorId: '501',
      contentGroupId: '601',
      enableGoogleAmpOutputOverride: false,
      postBody: `<p>${title}</p>`,
      postSummary: title,
      publishedAt: UPDATED_AT,
      rssBody: '',
      rssSummary: '',
      tagIds: [],
    };
  }
  return {
    ...item,
    pageRedirected: false,
    subcategory: kind === 'landing' ? 'landing_page' : 'site_page',
    templatePath: '',
  };
}

/** The CRM and CMS routes; `portalOf` reads the caller's portal and scopes from its bearer token. */
export function hubspotCrmRoutes(options: {
  portalOf: PortalOf;
  hubDomainOf: (hubId: number) => string;
  /** The clock of the search rate limit (tests pass their own). */
  now?: () => number;
}): SimRoute[] {
  const now = options.now ?? nowMs;
  /** Search requests of each portal in the last second. */
  const searches = new Map<number, number[]>();
  /** HubSpot's search limit, 5 requests a second per account: the 429 it answers beyond, else null. */
  const searchLimited = (hubId: number): SimReply | null => {
    const at = now();
    const recent = (searches.get(hubId) ?? []).filter((t) => t > at - 1000);
    if (recent.length >= LIMITS.searchPerSecond) {
      searches.set(hubId, recent);
      return hubspotError(429, 'You have reached your secondly limit.', {
        errorType: 'RATE_LIMIT',
        policyName: 'SECONDLY',
      });
    }
    searches.set(hubId, [...recent, at]);
    return null;
  };

  /** The caller's portal, or HubSpot's 401 / 403 when the token is missing or lacks `scope`. */
  const caller = (req: SimRequest, scope: string): number | SimReply => {
    const portal = options.portalOf(req);
    if (!portal)
      return hubspotError(401, 'Authentication credentials not found. This API supports OAuth 2.0 authentication.');
    if (!portal.scopes.includes(scope)) {
      return hubspotError(403, 'This app has not been granted all required scopes to make this call.', {
        errors: [
          { message: `One or more of the following scopes are required.`, context: { requiredScopes: [scope] } },
        ],
      });
    }
    return portal.hubId;
  };

  const listSearch = (req: SimRequest): SimReply => {
    const hubId = caller(req, 'crm.lists.read');
    if (typeof hubId !== 'number') return hubId;
    const body = req.json();
    const count = body['count'] ?? LIMITS.listSearchDefault;
    const offset = body['offset'] ?? 0;
    if (
      typeof count !== 'number' ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > LIMITS.listSearchMax ||
      typeof offset !== 'number' ||
      !Number.isInteger(offset) ||
      offset < 0
    ) {
      return hubspotError(400, `count must be 1 to ${LIMITS.listSearchMax}, offset 0 or more`);
    }
    const query = typeof body['query'] === 'string' ? body['query'].toLowerCase() : '';
    const types = stringArray(body['processingTypes']);
    const ids = Array.isArray(body['listIds']) ? body['listIds'].map(String) : null;
    const matching = (PORTAL_LISTS[hubId] ?? []).filter(
      (list) =>
        list.name.toLowerCase().includes(query) &&
        (typeof body['objectTypeId'] !== 'string' || list.objectTypeId === body['objectTypeId']) &&
        (!types || types.includes(list.processingType)) &&
        (!ids || ids.includes(list.listId)),
    );
    const page = matching.slice(offset, offset + count);
    return {
      status: 200,
      body: {
        lists: page.map((list) => ({
          listId: list.listId,
          listVersion: 1,
          name: list.name,
          objectTypeId: list.objectTypeId,
          processingStatus: 'COMPLETE',
          processingType: list.processingType,
          createdAt: CREATED_AT,
          createdById: '101',
          filtersUpdatedAt: CREATED_AT,
          updatedAt: CREATED_AT,
          updatedById: '101',
          additionalProperties: {
            hs_list_size: String(list.size),
            hs_last_record_added_at: String(Date.parse(CREATED_AT)),
            hs_list_reference_count: '0',
          },
        })),
        hasMore: offset + page.length < matching.length,
        offset: offset + page.length,
        total: matching.length,
      },
    };
  };

  const memberships = (req: SimRequest): SimReply => {
    const hubId = caller(req, 'crm.lists.read');
    if (typeof hubId !== 'number') return hubId;
    const list = (PORTAL_LISTS[hubId] ?? []).find((l) => l.listId === req.params['listId']);
    if (!list) return hubspotError(404, `List ${req.params['listId'] ?? ''} does not exist.`);
    const page = paging(
      req.query.get('after'),
      req.query.get('limit'),
      LIMITS.membershipsMax,
      LIMITS.membershipsDefault,
    );
    if (typeof page === 'string') return hubspotError(400, page);
    const sizes = sizesOf(hubId);
    // A list's members are the first records of its type, spread over the portal's records.
    const pool = list.objectTypeId === '0-2' ? sizes.companies : sizes.contacts;
    const memberId = (i: number): string => {
      const n = (i * 7 + Number(list.listId)) % Math.max(1, pool);
      return list.objectTypeId === '0-2' ? companyId(hubId, n) : contactId(hubId, n);
    };
    const total = Math.min(list.size, pool);
    const end = Math.min(total, page.offset + page.limit);
    const results = [];
    for (let i = page.offset; i < end; i++) {
      results.push({ recordId: memberId(i), membershipTimestamp: CREATED_AT });
    }
    return { status: 200, body: { results, total, ...nextPaging(end, total) } };
  };

  const companiesSearch = (req: SimRequest): SimReply => {
    const hubId = caller(req, 'crm.objects.companies.read');
    if (typeof hubId !== 'number') return hubId;
    const limited = searchLimited(hubId);
    if (limited) return limited;
    const body = req.json();
    const groups = readFilterGroups(body['filterGroups']);
    if (typeof groups === 'string') return hubspotError(400, groups);
    const page = paging(body['after'], body['limit'], LIMITS.searchMax, LIMITS.searchDefault);
    if (typeof page === 'string') return hubspotError(400, page);
    if (page.offset + page.limit > LIMITS.searchWindow) {
      return hubspotError(400, `Paging past ${LIMITS.searchWindow} results is not supported; narrow the filters.`);
    }
    const requested = stringArray(body['properties']);
    const query = typeof body['query'] === 'string' ? body['query'].toLowerCase() : '';
    const all = Array.from({ length: sizesOf(hubId).companies }, (_, n) => companyProperties(hubId, n));
    const matching = all.filter(
      (props) =>
        (groups.length === 0 || groups.some((group) => group.every((f) => passes(props[f.propertyName], f)))) &&
        (!query || `${props['name'] ?? ''} ${props['domain'] ?? ''}`.toLowerCase().includes(query)),
    );
    const sorts = Array.isArray(body['sorts'])
      ? (body['sorts'] as Array<{ propertyName?: unknown; direction?: unknown }>)
      : [];
    const sort = sorts[0];
    if (sort && typeof sort.propertyName === 'string') {
      const key = sort.propertyName;
      const sign = sort.direction === 'DESCENDING' ? -1 : 1;
      matching.sort((a, b) => sign * String(a[key] ?? '').localeCompare(String(b[key] ?? '')));
    }
    const total = matching.length;
    const end = Math.min(total, page.offset + page.limit);
    const results = matching
      .slice(page.offset, end)
      .map((props) =>
        simpleObject(props['hs_object_id'] as string, props, requested, [
          'createdate',
          'domain',
          'hs_lastmodifieddate',
          'hs_object_id',
          'name',
        ]),
      );
    // Past the window there is no next page, even when `total` says more match.
    const more = end < Math.min(total, LIMITS.searchWindow) ? { paging: { next: { after: String(end) } } } : {};
    return { status: 200, body: { total, results, ...more } };
  };

  const properties = (req: SimRequest): SimReply => {
    const hubId = caller(req, 'crm.objects.companies.read');
    if (typeof hubId !== 'number') return hubId;
    return { status: 200, body: { results: COMPANY_PROPERTY_DEFINITIONS.map(propertyObject) } };
  };

  const property = (req: SimRequest): SimReply => {
    const hubId = caller(req, 'crm.objects.companies.read');
    if (typeof hubId !== 'number') return hubId;
    const definition = COMPANY_PROPERTY_DEFINITIONS.find((p) => p.name === req.params['propertyName']);
    if (!definition) return hubspotError(404, `Unable to find property ${req.params['propertyName'] ?? ''}`);
    return { status: 200, body: propertyObject(definition) };
  };

  const companiesBatchRead = (req: SimRequest): SimReply => {
    const hubId = caller(req, 'crm.objects.companies.read');
    if (typeof hubId !== 'number') return hubId;
    const body = req.json();
    return batchRead(body, 'COMPANY', () => {
      const requested = stringArray(body['properties']);
      return (id) => {
        // The id as the record has it, character for character (`portalCompany` reads it as a number).
        const props = portalCompany(hubId, id);
        return props && props['hs_object_id'] === id
          ? simpleObject(id, props, requested, ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'])
          : undefined;
      };
    });
  };

  const contactsBatchRead = (req: SimRequest): SimReply => {
    const hubId = caller(req, 'crm.objects.contacts.read');
    if (typeof hubId !== 'number') return hubId;
    const body = req.json();
    return batchRead(body, 'CONTACT', () => {
      if (body['idProperty'] !== undefined && body['idProperty'] !== 'hs_object_id' && body['idProperty'] !== 'email') {
        return `Unsupported idProperty ${String(body['idProperty'])}`;
      }
      const requested = stringArray(body['properties']);
      const all = Array.from({ length: sizesOf(hubId).contacts }, (_, n) => contactProperties(hubId, n));
      const byKey = new Map(
        all.map((p) => [(body['idProperty'] === 'email' ? p['email'] : p['hs_object_id']) as string, p]),
      );
      return (id) => {
        const props = byKey.get(id);
        return props
          ? simpleObject(props['hs_object_id'] as string, props, requested, [
              'createdate',
              'email',
              'firstname',
              'hs_object_id',
              'lastmodifieddate',
              'lastname',
            ])
          : undefined;
      };
    });
  };

  const cmsList =
    (kind: 'landing' | 'site' | 'post') =>
    (req: SimRequest): SimReply => {
      const hubId = caller(req, 'content');
      if (typeof hubId !== 'number') return hubId;
      const page = paging(req.query.get('after'), req.query.get('limit'), LIMITS.cmsMax, LIMITS.cmsDefault);
      if (typeof page === 'string') return hubspotError(400, page);
      const sizes = sizesOf(hubId);
      const total = kind === 'landing' ? sizes.landing : kind === 'site' ? sizes.site : sizes.posts;
      const end = Math.min(total, page.offset + page.limit);
      const domain = options.hubDomainOf(hubId);
      const results = [];
      for (let n = page.offset; n < end; n++) results.push(cmsItem(kind, hubId, n, domain));
      return { status: 200, body: { total, results, ...nextPaging(end, total) } };
    };

  return [
    // Only the 2026-03 paths: nothing calls the v3 ones any more, so they answer 404 as unknown routes.
    { method: 'POST', pattern: HUBSPOT_PATHS.listsSearch, handle: listSearch },
    { method: 'GET', pattern: routePattern(HUBSPOT_PATHS.listMemberships), handle: memberships },
    { method: 'POST', pattern: HUBSPOT_PATHS.companiesSearch, handle: companiesSearch },
    { method: 'POST', pattern: HUBSPOT_PATHS.contactsBatchRead, handle: contactsBatchRead },
    { method: 'POST', pattern: HUBSPOT_PATHS.companiesBatchRead, handle: companiesBatchRead },
    { method: 'GET', pattern: HUBSPOT_PATHS.companyProperties, handle: properties },
    { method: 'GET', pattern: routePattern(HUBSPOT_PATHS.companyProperty), handle: property },
    { method: 'GET', pattern: HUBSPOT_PATHS.landingPages, handle: cmsList('landing') },
    { method: 'GET', pattern: HUBSPOT_PATHS.sitePages, handle: cmsList('site') },
    { method: 'GET', pattern: HUBSPOT_PATHS.blogPosts, handle: cmsList('post') },
  ];
}
