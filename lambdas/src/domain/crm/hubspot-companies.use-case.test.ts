import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import { CRM_RECONNECT } from './crm-access-token.use-case';
import type { TCrmCompany, TCrmMemberPage } from '../ports/crm-records.port';
import { fakeCompanyMatcher, memoryLookupCache, recordFixture } from '../test-fakes';
import { CrmGrantError } from '../vendors/vendor-refusals';
import {
  companiesFromLists,
  getCompanySortValues,
  getHubspotCompanyProperties,
  HUBSPOT_LIST_NOT_FOUND,
  searchTargetedCompanies,
  type HubspotCompaniesDeps,
} from './hubspot-companies.use-case';

const AGENCY = 'bgAgency-demo';
const ADV = 'bgAdvertiser-acme';
const company = (id: string, domain: string | null, name: string | null = `Company ${id}`): TCrmCompany => ({
  id,
  name,
  domain,
  icpTier: 'tier_1',
  targetAccount: false,
});

type TRecords = HubspotCompaniesDeps['records'];
const unused = (): never => {
  throw new Error('not expected');
};

/** Ports around fake CRM records; the token source hands out token-1, then token-2 after a refusal. */
function deps(records: Partial<TRecords>) {
  const record = recordFixture({ bgAdvertiserId: ADV, hubspot_authed: true, hubspot_portal_id: 44 });
  const accessToken = vi.fn(async (_agency: string, _adv: string, refused?: string) =>
    refused === undefined ? 'token-1' : 'token-2',
  );
  const logged: string[] = [];
  const ports: HubspotCompaniesDeps = {
    advertisers: {
      getAdvertiser: async (agencyId, advertiserId) =>
        agencyId === AGENCY && advertiserId === record.bgAdvertiserId ? record : null,
    },
    accessToken,
    records: {
      searchCompaniesPage: unused,
      listMembersPage: unused,
      companiesByIds: unused,
      companyProperties: unused,
      companyProperty: unused,
      ...records,
    },
    matching: {
      lookupCache: memoryLookupCache(),
      matcher: fakeCompanyMatcher({
        'acme.com': { outcome: 'matched', companyName: 'Acme', ranges: ['10.0.0.0/24'] },
        'old-acme.com': { outcome: 'redirected', redirectsTo: 'acme.com' },
      }).matcher,
      segmentsLog: {
        runDate: async (_key, now) => now.toISOString(),
        putEntries: async (entries) => {
          logged.push(...entries.map((e) => e.subdomain));
        },
      },
      now: () => new Date('2026-11-26T12:00:00Z'),
    },
  };
  return { ports, accessToken, logged };
}

describe('HubSpot company reads', () => {
  it('offers the portal tiers as label and value, and none when the portal lacks the property', async () => {
    // Prepare
    const withTiers = deps({
      companyProperty: async (_token, name) => ({
        name,
        label: 'Ideal Customer Profile Tier',
        type: 'enumeration',
        options: [
          { label: 'Tier 1', value: 'tier_1' },
          { label: 'Tier 2', value: 'tier_2' },
        ],
      }),
    });
    const without = deps({ companyProperty: async () => null });

    // Act
    const tiers = await getCompanySortValues({ agencyId: AGENCY, advertiserId: ADV }, withTiers.ports);
    const none = await getCompanySortValues({ agencyId: AGENCY, advertiserId: ADV }, without.ports);

    // Assess
    expect(tiers).toEqual({
      tier_values: [
        { label: 'Tier 1', value: 'tier_1' },
        { label: 'Tier 2', value: 'tier_2' },
      ],
    });
    expect(none).toEqual({ tier_values: [] });
  });

  it("answers 404 for another agency's advertiser before any CRM call", async () => {
    const companyProperties = vi.fn(unused);
    const { ports, accessToken } = deps({ companyProperties });
    await expect(
      getHubspotCompanyProperties({ agencyId: 'bgAgency-rival', advertiserId: ADV }, ports),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(accessToken).not.toHaveBeenCalled();
    expect(companyProperties).not.toHaveBeenCalled();
  });

  it('searches one page with the filters, matches it, keeps the HubSpot ids and echoes reqID', async () => {
    // Prepare
    const searchCompaniesPage = vi.fn<TRecords['searchCompaniesPage']>(async () => ({
      companies: [
        company('1', 'acme.com'),
        company('2', 'old-acme.com'),
        company('3', null, 'Nameless Co'),
        company('4', 'quiet.example'),
      ],
      total: 250,
      after: '100',
    }));
    const { ports, logged } = deps({ searchCompaniesPage });
    const filters = [
      { propertyName: 'hs_ideal_customer_profile', operator: 'IN' as const, values: ['tier_1'] },
      { propertyName: 'hs_is_target_account', operator: 'EQ' as const, value: 'true' },
    ];

    // Act
    const page = await searchTargetedCompanies(
      { agencyId: AGENCY, advertiserId: ADV, filters, after: '0', numberResults: 100, reqID: 'r-1', runKey: 'run' },
      ports,
    );

    // Assess
    expect(searchCompaniesPage).toHaveBeenCalledWith('token-1', { filters, after: '0', limit: 100 }, undefined);
    expect(page).toMatchObject({ reqID: 'r-1', after: '100', total: 250, matches: 1 });
    expect(page.uniqueSegments.map((r) => [r.domain, r.hubspotCompanyId, r.include, r.noMatch?.code])).toEqual([
      ['acme.com', '1', true, undefined],
      ['old-acme.com', '2', false, 'redirect'],
      ['Nameless Co', '3', false, 'name-only'],
      // Deferred like a CSV's miss: the page explains it in the background (explainNoMatches).
      ['quiet.example', '4', false, 'no-ranges'],
    ]);
    expect(page.uniqueSegments[0]?.companyName).toBe('Company 1');
    expect(logged).toEqual(['acme.com']);
  });

  it('reads every page of the lists and the companies 100 at a time, each company once', async () => {
    // Prepare
    const pages: Record<string, TCrmMemberPage> = {
      'a:': { ids: ['1', '2'], after: 'p2' },
      'a:p2': { ids: ['3'], after: null },
      'b:': { ids: ['3', '4'], after: null },
    };
    const listMembersPage = vi.fn<TRecords['listMembersPage']>(
      async (_t, listId, after) => pages[`${listId}:${after ?? ''}`] ?? null,
    );
    const companiesByIds = vi.fn<TRecords['companiesByIds']>(async (_t, ids) =>
      ids.map((id) => company(id, id === '1' ? 'acme.com' : `c${id}.example`)),
    );
    const { ports } = deps({ listMembersPage, companiesByIds });

    // Act
    const result = await companiesFromLists(
      { agencyId: AGENCY, advertiserId: ADV, listIds: ['a', 'b'], runKey: 'run' },
      ports,
    );

    // Assess
    expect(listMembersPage.mock.calls.map((c) => [c[1], c[2]])).toEqual([
      ['a', null],
      ['a', 'p2'],
      ['b', null],
    ]);
    expect(companiesByIds.mock.calls.map((c) => c[1])).toEqual([['1', '2', '3', '4']]);
    expect(result.uniqueSegments.map((r) => r.hubspotCompanyId)).toEqual(['1', '2', '3', '4']);
    expect(result.matches).toBe(1);
  });

  it('refreshes a token HubSpot refuses mid-fetch once and goes on from the same page', async () => {
    // Prepare: page two is refused with the first token (it expired in between).
    const listMembersPage = vi.fn<TRecords['listMembersPage']>(async (token, _listId, after) => {
      if (after === 'p2' && token === 'token-1') throw new CrmGrantError('HubSpot refused the access token (401)');
      return after === null ? { ids: ['1'], after: 'p2' } : { ids: ['2'], after: null };
    });
    const companiesByIds = vi.fn<TRecords['companiesByIds']>(async (_t, ids) =>
      ids.map((id) => company(id, 'acme.com')),
    );
    const { ports, accessToken } = deps({ listMembersPage, companiesByIds });

    // Act
    const result = await companiesFromLists(
      { agencyId: AGENCY, advertiserId: ADV, listIds: ['a'], runKey: 'run' },
      ports,
    );

    // Assess
    expect(listMembersPage.mock.calls.map((c) => [c[0], c[2]])).toEqual([
      ['token-1', null],
      ['token-1', 'p2'],
      ['token-2', 'p2'],
    ]);
    expect(accessToken.mock.calls).toEqual([
      [AGENCY, ADV],
      [AGENCY, ADV, 'token-1'],
    ]);
    expect(companiesByIds).toHaveBeenCalledWith('token-2', ['1', '2'], undefined);
    expect(result.primarySegments).toHaveLength(2);
  });

  it('asks the user to connect again when the refreshed token is refused too', async () => {
    const { ports } = deps({
      companyProperties: async () => {
        throw new CrmGrantError('refused');
      },
    });
    const failure = getHubspotCompanyProperties({ agencyId: AGENCY, advertiserId: ADV }, ports);
    await expect(failure).rejects.toBeInstanceOf(BadRequestError);
    await expect(failure).rejects.toMatchObject({ userMessage: CRM_RECONNECT });
  });

  it('answers 404 for a list the portal does not have', async () => {
    const { ports } = deps({ listMembersPage: async () => null });
    await expect(
      companiesFromLists({ agencyId: AGENCY, advertiserId: ADV, listIds: ['nope'], runKey: 'run' }, ports),
    ).rejects.toMatchObject({ status: 404, userMessage: HUBSPOT_LIST_NOT_FOUND });
  });
});
