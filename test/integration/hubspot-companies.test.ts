import { describe, expect, it } from 'vitest';
import { crm, segmentsLog } from '@bidgrid/shared';
import { ZCompanyMatchResult } from '@bidgrid/shared/targeting/company.schema';
import { ZTargetedCompanies } from '@bidgrid/shared/crm/crm.schema';
import { SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import { hubspotErrorBody } from '@bidgrid/local/simulators/hubspot-crm';
import { createHubspotOAuth } from '@bidgrid/lambdas/adapters/crm/hubspot-oauth';
import { HUBSPOT_PATHS } from '@bidgrid/lambdas/adapters/crm/hubspot-paths';
import { createHubspotRecords } from '@bidgrid/lambdas/adapters/crm/hubspot-records';
import { INVALID_CURSOR_MESSAGE } from '@bidgrid/lambdas/kernel/invalid-cursor';
import { accessTokenFor, callAllPages, callOperation } from '../support/api';
import { socketsForSuite } from '../support/realtime';
import { stackInfo } from '../support/stack';
import { DEMO_IDS } from './security/samples';

const { getCompanySortValues, listHubspotLists, searchHubspotCompanies, listHubspotCompaniesByLists } = crm;
const CONNECTED = DEMO_IDS.advertiserWithCrm;
const PORTAL = 4410001;
const TIER_1_TARGETS = [
  { propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1'] },
  { propertyName: 'hs_is_target_account', operator: 'EQ', value: 'true' },
] as const;

/** Asks the CRM simulator to expire the portal's access tokens after `afterRequests` more CRM requests. */
async function expirePortalTokens(afterRequests: number): Promise<void> {
  const reply = await fetch(`${stackInfo().simulators.hubspot}/__expire-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hubId: PORTAL, afterRequests }),
  });
  expect(reply.status).toBe(200);
}

/** The company-matching segments log as internal staff read it (every match writes to it). */
async function segmentsLogs(): Promise<unknown[]> {
  const reply = await callOperation(segmentsLog.listSegmentsLogs, {
    token: await accessTokenFor('ops-admin'),
    body: { username: 'ops-admin' },
    query: { limit: 1000 },
  });
  const payload = reply.body.payload;
  return typeof payload === 'string' ? (JSON.parse(payload) as unknown[]) : (payload ?? []);
}

describe('Target Companies from HubSpot (001 §2, §7)', () => {
  const sockets = socketsForSuite('demo', 'rival');

  it("offers the portal's ideal-customer-profile tiers and its company lists page by page", async () => {
    // Act
    const tiers = await callOperation(getCompanySortValues, {
      token: await accessTokenFor('demo'),
      params: { id: CONNECTED },
    });
    const lists = await callAllPages(listHubspotLists, {
      token: await accessTokenFor('demo'),
      params: { id: CONNECTED },
      query: { listType: 'companies', limit: 2 },
    });

    // Assess
    expect(tiers.body.payload).toEqual({
      tier_values: [
        { label: 'Tier 1', value: 'tier_1' },
        { label: 'Tier 2', value: 'tier_2' },
        { label: 'Tier 3', value: 'tier_3' },
      ],
    });
    expect(lists.payloads).toHaveLength(2);
    expect(lists.payloads.flat().map((l) => l.listId)).toEqual(['101', '102', '103']);
  });

  it('refuses (400) a list cursor of one advertiser on another advertiser of the agency, or on the other list type', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const first = await callOperation(listHubspotLists, {
      token,
      params: { id: CONNECTED },
      query: { listType: 'companies', limit: 2 },
    });
    const cursor = first.body.nextCursor;
    if (!cursor) throw new Error('The first page of lists has no next page');

    // Act
    const [own, otherAdvertiser, otherType] = await Promise.all([
      callOperation(listHubspotLists, {
        token,
        params: { id: CONNECTED },
        query: { listType: 'companies', limit: 2, cursor },
      }),
      callOperation(listHubspotLists, {
        token,
        params: { id: 'bgAdvertiser-demo-keystone' },
        query: { listType: 'companies', limit: 2, cursor },
      }),
      callOperation(listHubspotLists, {
        token,
        params: { id: CONNECTED },
        query: { listType: 'contacts', limit: 2, cursor },
      }),
    ]);

    // Assess
    expect([own.status, otherAdvertiser.status, otherType.status]).toEqual([200, 400, 400]);
    expect(otherAdvertiser.body.fieldErrors).toEqual({ cursor: [INVALID_CURSOR_MESSAGE] });
  });

  it('getTargetedCompanies: one page of tier 1 target accounts, matched, with the reason of each miss and reqID echoed', async () => {
    // Act
    const call = await sockets.demo.call(
      'getTargetedCompanies',
      { bgAdvertiserId: CONNECTED, filters: TIER_1_TARGETS, after: '0', numberResults: 100 },
      { reqID: 'tiers-1' },
    );

    // Assess
    expect(call.reply).toMatchObject({ event: 'retrievedCompanies', success: true, reqID: 'tiers-1' });
    const page = ZTargetedCompanies.parse(call.payloads[0]);
    expect(page.reqID).toBe('tiers-1');
    expect(page.total).toBe(page.primarySegments.length);
    expect(page.after).toBeNull();
    expect(page.matches).toBeGreaterThan(0);
    expect(page.primarySegments.every((row) => row.hubspotCompanyId !== undefined)).toBe(true);
    const reasons = new Set(page.uniqueSegments.flatMap((row) => (row.noMatch ? [row.noMatch.code] : [])));
    expect(reasons.has('name-only') || reasons.has('redirect')).toBe(true);
    expect(page.uniqueSegments.filter((row) => row.domainInfo).every((row) => row.include)).toBe(true);
  });

  it('pages a wider tier search with after, as the REST twin does', async () => {
    // Act
    const first = await callOperation(searchHubspotCompanies, {
      token: await accessTokenFor('demo'),
      body: {
        bgAdvertiserId: CONNECTED,
        filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1', 'tier_2'] }],
        numberResults: 100,
      },
    });
    const page = ZTargetedCompanies.parse(first.body.payload);
    const second = await callOperation(searchHubspotCompanies, {
      token: await accessTokenFor('demo'),
      body: {
        bgAdvertiserId: CONNECTED,
        filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1', 'tier_2'] }],
        after: page.after ?? '',
        numberResults: 100,
      },
    });

    // Assess: the portal's 240 companies hold 120 of tiers 1 and 2 (one in four has none).
    expect(page.total).toBe(120);
    expect(page.primarySegments).toHaveLength(100);
    expect(page.after).toBe('100');
    const rest = ZTargetedCompanies.parse(second.body.payload);
    expect(rest.primarySegments).toHaveLength(20);
    expect(rest.after).toBeNull();
    const ids = [...page.primarySegments, ...rest.primarySegments].map((row) => row.hubspotCompanyId);
    expect(new Set(ids).size).toBe(120);
  });

  it('getCompaniesFromList: a token expiring in the middle of the fetch is refreshed once and the fetch completes', async () => {
    // Prepare: the first CRM request (the list's memberships) passes; then the portal's tokens expire.
    const before = await sockets.demo.call('getCompaniesFromList', { bgAdvertiserId: CONNECTED, hubspotListId: '103' });
    await expirePortalTokens(1);

    // Act
    const during = await sockets.demo.call('getCompaniesFromList', { bgAdvertiserId: CONNECTED, hubspotListId: '103' });
    const after = await sockets.demo.call('getHubSpotLists', { bgAdvertiserId: CONNECTED, listType: 'companies' });

    // Assess
    expect(during.reply).toMatchObject({ event: 'retrievedCompaniesFromList', success: true });
    const result = ZCompanyMatchResult.parse(during.payloads[0]);
    expect(result.primarySegments).toHaveLength(40);
    expect(result).toEqual(ZCompanyMatchResult.parse(before.payloads[0]));
    // The refreshed token is the connection's now: the next call works without another refresh.
    expect(after.reply.success).toBe(true);
  });

  it('getCompaniesFromList: when the refresh of a token expired part-way is refused, says to connect again and keeps nothing of the fetch', async () => {
    // Prepare: the list's memberships page passes; then the tokens expire and HubSpot refuses the
    // refresh as it refuses a revoked refresh token (400 BAD_REFRESH_TOKEN).
    const logsBefore = await segmentsLogs();
    await expirePortalTokens(1);
    const fault = await fetch(`${stackInfo().simulators.hubspot}/__faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'POST',
        path: HUBSPOT_PATHS.oauthToken,
        status: 400,
        body: hubspotErrorBody(400, 'missing or unknown refresh token', { status: 'BAD_REFRESH_TOKEN' }),
      }),
    });
    expect(fault.status).toBe(201);

    // Act
    const during = await sockets.demo.call('getCompaniesFromList', { bgAdvertiserId: CONNECTED, hubspotListId: '103' });
    const logsAfter = await segmentsLogs();
    const next = await sockets.demo.call('getCompaniesFromList', { bgAdvertiserId: CONNECTED, hubspotListId: '103' });

    // Assess: told in words, nothing of the half-read list kept; the refresh token still works later.
    expect(during.reply).toMatchObject({
      event: 'retrievedCompaniesFromList',
      success: false,
      status: 400,
      error: 'The HubSpot connection of this advertiser has expired. Please connect again.',
    });
    expect(logsAfter).toEqual(logsBefore);
    expect(next.reply).toMatchObject({ success: true });
    expect(ZCompanyMatchResult.parse(next.payloads[0]).primarySegments).toHaveLength(40);
  });

  it('backs off on HubSpot 429 RATE_LIMITS and still reads every page', async () => {
    // Prepare: a client without its own pacing, so the simulator's 5 searches a second bite.
    const base = stackInfo().simulators.hubspot;
    const oauth = createHubspotOAuth({
      baseUrl: base,
      authorizeUrl: `${base}/oauth/authorize`,
      secrets: async (name) => SIMULATOR_SECRETS[name as keyof typeof SIMULATOR_SECRETS],
    });
    const redirect = 'http://127.0.0.1:5173/advertisers';
    const page = await fetch(await oauth.authorizeUrl({ state: 's', redirectUri: redirect }));
    const link = [...(await page.text()).matchAll(/href="([^"]+)"/g)]
      .map((m) => (m[1] as string).replace(/&amp;/g, '&'))
      .find((href) => href.includes(`hub_id=${PORTAL}`));
    const back = await fetch(new URL(link as string, base), { redirect: 'manual' });
    const code = new URL(back.headers.get('location') as string).searchParams.get('code') as string;
    const { accessToken } = await oauth.exchangeCode(code, redirect);
    const statuses: number[] = [];
    const records = createHubspotRecords({
      baseUrl: base,
      searchIntervalMs: 0,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        statuses.push(response.status);
        return response;
      },
    });

    // Act
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        records.searchCompaniesPage(accessToken, { filters: [], after: String(i * 10), limit: 10 }),
      ),
    );

    // Assess
    expect(statuses).toContain(429);
    expect(pages.map((p) => p.companies.length)).toEqual(Array(8).fill(10));
    expect(new Set(pages.flatMap((p) => p.companies.map((c) => c.id))).size).toBe(80);
  });

  it('answers bad input on each event with its error reply, and another agency with not-found', async () => {
    // Act
    const noFilters = await sockets.demo.call('getTargetedCompanies', { bgAdvertiserId: CONNECTED, filters: [] });
    const badOperator = await sockets.demo.call('getTargetedCompanies', {
      bgAdvertiserId: CONNECTED,
      filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'LIKE', values: ['tier_1'] }],
    });
    const tooMany = await sockets.demo.call('getTargetedCompanies', {
      bgAdvertiserId: CONNECTED,
      filters: TIER_1_TARGETS,
      numberResults: 101,
    });
    const noList = await sockets.demo.call('getCompaniesFromList', { bgAdvertiserId: CONNECTED, hubspotListId: '' });
    const unknownList = await sockets.demo.call('getCompaniesFromList', {
      bgAdvertiserId: CONNECTED,
      hubspotListId: '999',
    });
    const notConnected = await sockets.demo.call('getCompaniesFromList', {
      bgAdvertiserId: DEMO_IDS.advertiserPlain,
      hubspotListId: '101',
    });
    const theirs = await sockets.rival.call('getTargetedCompanies', {
      bgAdvertiserId: CONNECTED,
      filters: TIER_1_TARGETS,
    });
    const theirList = await sockets.rival.call('getCompaniesFromList', {
      bgAdvertiserId: CONNECTED,
      hubspotListId: '101',
    });
    const rest = await callOperation(listHubspotCompaniesByLists, {
      token: await accessTokenFor('rival'),
      body: { bgAdvertiserId: CONNECTED, hubspotListIds: ['101'] },
    });

    // Assess
    for (const [call, field] of [
      [noFilters, 'filters'],
      [badOperator, 'filters.0.operator'],
      [tooMany, 'numberResults'],
    ] as const) {
      expect(call.reply).toMatchObject({ event: 'retrievedCompanies', success: false, payload: null, status: 400 });
      expect(call.reply.fieldErrors).toHaveProperty([field]);
    }
    expect(noList.reply).toMatchObject({ event: 'retrievedCompaniesFromList', success: false, status: 400 });
    expect(noList.reply.fieldErrors).toHaveProperty(['hubspotListId']);
    expect(unknownList.reply).toMatchObject({ success: false, status: 404, error: 'HubSpot list not found.' });
    expect(notConnected.reply).toMatchObject({
      success: false,
      status: 400,
      error: 'This advertiser is not connected to HubSpot.',
    });
    for (const refused of [theirs, theirList]) {
      expect(refused.reply).toMatchObject({
        success: false,
        payload: null,
        status: 404,
        error: 'Advertiser not found.',
      });
    }
    expect(rest.status).toBe(404);
  });
});
