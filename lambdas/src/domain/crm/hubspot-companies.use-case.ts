import type { TCompanyMatchResult, TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import type {
  TCompanySortValues,
  THubspotCompanyProperty,
  THubspotFilter,
  TTargetedCompanies,
} from '@bidgrid/shared/crm/crm.schema';
import { CSV_MATCH_MAX_DOMAINS } from '@bidgrid/shared/constants';
import { domainEntryKey, parseDomainEntry } from '@bidgrid/shared/lists/domain-entry';
import { NotFoundError } from '../../kernel/errors';
import { matchCompanies, type MatchCompaniesDeps } from '../targeting/match-companies.use-case';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CrmRecords, TCrmCompany, TCrmMemberPage } from '../ports/crm-records.port';
import { crmSession, type CrmSession, type TCrmTokenSource } from './crm-session';

/** The HubSpot property holding a company's ideal-customer-profile tier (001 §2). */
export const ICP_TIER_PROPERTY = 'hs_ideal_customer_profile';
/** Ours: a HubSpot list id the portal does not have. */
export const HUBSPOT_LIST_NOT_FOUND = 'HubSpot list not found.';
/**
 * Most companies one list fetch reads: what one company match takes (the CSV's 10,000). A bigger
 * list is cut there, in HubSpot's membership order.
 */
export const MAX_LIST_COMPANIES = CSV_MATCH_MAX_DOMAINS;
/** HubSpot's batch read takes 100 ids a request. */
const BATCH_READ = 100;

/** Ports of reading an advertiser's HubSpot companies and matching them. */
export interface HubspotCompaniesDeps {
  advertisers: AdvertiserReader;
  accessToken: TCrmTokenSource;
  records: Pick<
    CrmRecords,
    'searchCompaniesPage' | 'listMembersPage' | 'companiesByIds' | 'companyProperties' | 'companyProperty'
  >;
  matching: MatchCompaniesDeps;
}

/** Who asks, for which advertiser. */
export interface THubspotCaller {
  agencyId: string;
  advertiserId: string;
}

/** The advertiser under the caller's agency (404 otherwise, before its CRM is asked), and a session on its portal. */
async function openSession(caller: THubspotCaller, deps: HubspotCompaniesDeps): Promise<CrmSession> {
  await requireAdvertiser(caller.agencyId, caller.advertiserId, deps.advertisers);
  return crmSession(deps.accessToken, caller.agencyId, caller.advertiserId);
}

/**
 * What a CRM company is matched as: its domain, or (no domain in the CRM) its name, which matching
 * then reports as a name instead of a domain.
 */
const entryOf = (company: TCrmCompany): string => company.domain?.trim() || company.name?.trim() || company.id;

/**
 * Matches CRM companies like a CSV (same reasons, same segments log) and keeps each row's HubSpot
 * company id and name (`hubspotCompanyId` goes on to the company's line item). Rows of
 * `uniqueSegments` come in the order their entries first appear, so each takes the first company of
 * its domain.
 */
export async function matchCrmCompanies(
  companies: readonly TCrmCompany[],
  run: {
    runKey: string;
    progress?: (done: number, total: number) => void;
    signal?: AbortSignal;
  },
  deps: MatchCompaniesDeps,
): Promise<TCompanyMatchResult> {
  if (companies.length === 0) return { primarySegments: [], uniqueSegments: [], matches: 0 };
  const entries = companies.map(entryOf);
  const result = await matchCompanies({ entries, ...run }, deps);
  const withCompany = (row: TCompanyRow, company: TCrmCompany): TCompanyRow => ({
    ...row,
    hubspotCompanyId: company.id,
    ...(company.name?.trim() ? { companyName: company.name.trim().slice(0, 200) } : {}),
  });
  const firstOfKey = new Map<string, TCrmCompany>();
  entries.forEach((entry, i) => {
    const key = domainEntryKey(parseDomainEntry(entry));
    if (!firstOfKey.has(key)) firstOfKey.set(key, companies[i] as TCrmCompany);
  });
  const uniqueCompanies = [...firstOfKey.values()];
  return {
    primarySegments: result.primarySegments.map((row, i) => withCompany(row, companies[i] as TCrmCompany)),
    uniqueSegments: result.uniqueSegments.map((row, j) => {
      const company = uniqueCompanies[j];
      return company ? withCompany(row, company) : row;
    }),
    matches: result.matches,
  };
}

/**
 * `GET /api/hubspot/companies/sortvalues/{id}` (001 §7 'get company sort values by advertiser id'):
 * the ideal-customer-profile tiers the advertiser's portal defines, label and value, for the tier
 * checkboxes. A portal without the property has no tiers (the step says none were found).
 */
export async function getCompanySortValues(
  caller: THubspotCaller,
  deps: HubspotCompaniesDeps,
  signal?: AbortSignal,
): Promise<TCompanySortValues> {
  const session = await openSession(caller, deps);
  const property = await session.call((token) => deps.records.companyProperty(token, ICP_TIER_PROPERTY, signal));
  return { tier_values: (property?.options ?? []).map(({ label, value }) => ({ label, value })) };
}

/** `GET /api/hubspot/companies/properties/{id}` (001 §7): the portal's company property definitions. */
export async function getHubspotCompanyProperties(
  caller: THubspotCaller,
  deps: HubspotCompaniesDeps,
  signal?: AbortSignal,
): Promise<THubspotCompanyProperty[]> {
  const session = await openSession(caller, deps);
  const properties = await session.call((token) => deps.records.companyProperties(token, signal));
  return properties.map((p) => ({
    name: p.name,
    label: p.label,
    type: p.type,
    options: p.options.map(({ label, value }) => ({ label, value })),
  }));
}

/** One page of a tier search. */
export interface TTargetedCompaniesQuery {
  filters: readonly THubspotFilter[];
  after: string;
  numberResults: number;
  reqID?: string | undefined;
}

/**
 * `getTargetedCompanies {bgAdvertiserId, filters, after '0', numberResults 100, reqID}` (001 §7) and
 * its REST twin: one page of the portal's companies passing the filters (the tier filter on
 * `hs_ideal_customer_profile` IN, plus `hs_is_target_account` EQ true for 'Get Target Accounts
 * Only'), matched to IP segments; `after` of the next page (null at the end or at HubSpot's
 * 10,000-result window) and the total HubSpot counts; `reqID` echoed.
 */
export async function searchTargetedCompanies(
  input: THubspotCaller &
    TTargetedCompaniesQuery & {
      runKey: string;
      progress?: (done: number, total: number) => void;
      signal?: AbortSignal;
    },
  deps: HubspotCompaniesDeps,
): Promise<TTargetedCompanies> {
  const session = await openSession(input, deps);
  const page = await session.call((token) =>
    deps.records.searchCompaniesPage(
      token,
      { filters: input.filters, after: input.after, limit: input.numberResults },
      input.signal,
    ),
  );
  const matched = await matchCrmCompanies(
    page.companies,
    {
      runKey: input.runKey,
      ...(input.progress ? { progress: input.progress } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    },
    deps.matching,
  );
  return {
    ...matched,
    ...(input.reqID === undefined ? {} : { reqID: input.reqID }),
    after: page.after,
    total: page.total,
  };
}

/**
 * The member ids of the lists, in list order, each company once, at most `MAX_LIST_COMPANIES`.
 * Every page is one session call, so a token refused part-way is refreshed and the reading goes on
 * from that page.
 */
async function memberIds(
  session: CrmSession,
  listIds: readonly string[],
  deps: HubspotCompaniesDeps,
  signal?: AbortSignal,
): Promise<string[]> {
  const ids = new Set<string>();
  for (const listId of listIds) {
    let after: string | null = null;
    do {
      const from: string | null = after;
      const page: TCrmMemberPage | null = await session.call((token) =>
        deps.records.listMembersPage(token, listId, from, signal),
      );
      if (page === null)
        throw new NotFoundError(HUBSPOT_LIST_NOT_FOUND, { internalMessage: `HubSpot list ${listId} not found` });
      for (const id of page.ids) {
        if (ids.size >= MAX_LIST_COMPANIES) return [...ids];
        ids.add(id);
      }
      after = page.after;
    } while (after !== null);
  }
  return [...ids];
}

/**
 * `getCompaniesFromList {bgAdvertiserId, hubspotListId}` (001 §7) and `POST /api/hubspot/companies/bylists`:
 * the companies of the advertiser's HubSpot lists (memberships page by page, then the companies 100 at
 * a time), matched to IP segments with the reason for each miss. Another agency's advertiser is 404
 * before its CRM is asked; a list the portal does not have is 404.
 */
export async function companiesFromLists(
  input: THubspotCaller & {
    listIds: readonly string[];
    runKey: string;
    progress?: (done: number, total: number) => void;
    signal?: AbortSignal;
  },
  deps: HubspotCompaniesDeps,
): Promise<TCompanyMatchResult> {
  const session = await openSession(input, deps);
  const ids = await memberIds(session, input.listIds, deps, input.signal);
  const companies: TCrmCompany[] = [];
  for (let start = 0; start < ids.length; start += BATCH_READ) {
    const batch = ids.slice(start, start + BATCH_READ);
    companies.push(...(await session.call((token) => deps.records.companiesByIds(token, batch, input.signal))));
  }
  return matchCrmCompanies(
    companies,
    {
      runKey: input.runKey,
      ...(input.progress ? { progress: input.progress } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    },
    deps.matching,
  );
}
