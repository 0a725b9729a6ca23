import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createHubSpotSimulator } from './hubspot';
import { LIMITS } from './hubspot-crm';
import { checkRecordedReplies, hubspotDocumentsValidator, vendorValidator } from './openapi/vendor-descriptions';
import { serve } from './test-server';

const REDIRECT = 'http://127.0.0.1:5173/advertisers';
const ALL_SCOPES = 'oauth crm.objects.companies.read crm.objects.contacts.read crm.lists.read content';

describe('CRM simulator (HubSpot OAuth, CRM and CMS on the 2026-03 paths)', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  const recordDir = mkdtempSync(join(tmpdir(), 'hubspot-replies-'));
  /** The search rate limit's clock: tests that search more than 5 times move it on. */
  let now = 0;

  beforeAll(async () => {
    sim = await serve(createHubSpotSimulator({ logger: createLogger('silent'), recordDir, now: () => now }).server);
  });
  afterAll(() => sim.close());

  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const app = {
    client_id: SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
    client_secret: SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET,
  };

  /** Walks the authorize page as a person would: open it, pick the first portal, follow the redirect. */
  async function authorize(state: string, scope = 'crm.objects.companies.read crm.lists.read'): Promise<URL> {
    const page = await fetch(
      `${sim.url}/oauth/authorize?${new URLSearchParams({
        client_id: SIMULATOR_SECRETS.HUBSPOT_CLIENT_ID,
        redirect_uri: REDIRECT,
        scope,
        state,
      })}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    const href = /href="(\/oauth\/authorize\/grant[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    if (!href) throw new Error('no portal link on the authorize page');
    const grant = await fetch(`${sim.url}${href}`, { redirect: 'manual' });
    expect(grant.status).toBe(302);
    return new URL(grant.headers.get('location') as string);
  }

  /** An access token of portal 4410001 with `scope`. */
  async function accessToken(scope = ALL_SCOPES): Promise<string> {
    const back = await authorize('s', scope);
    const tokens = await form('/oauth/2026-03/token', {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') as string,
      redirect_uri: REDIRECT,
      ...app,
    });
    return ((await tokens.json()) as { access_token: string }).access_token;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  it('answers /health', async () => {
    expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok', vendor: 'hubspot' });
  });

  it('runs the authorization-code flow, introspection, refresh and revocation on OAuth (2026-03 paths)', async () => {
    // Act
    const back = await authorize('bgAdvertiser-1');
    const code = back.searchParams.get('code') as string;
    const tokens = (await (
      await form('/oauth/2026-03/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...app })
    ).json()) as Record<string, unknown>;
    const info = (await (
      await form('/oauth/2026-03/token/introspect', { token: tokens['access_token'] as string, ...app })
    ).json()) as Record<string, unknown>;
    const refreshed = (await (
      await form('/oauth/2026-03/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens['refresh_token'] as string,
        ...app,
      })
    ).json()) as Record<string, unknown>;
    const refreshInfo = await form('/oauth/2026-03/token/introspect', {
      token: tokens['refresh_token'] as string,
      token_type_hint: 'refresh_token',
      ...app,
    });
    const revoked = await form('/oauth/2026-03/token/revoke', {
      token: tokens['refresh_token'] as string,
      token_type_hint: 'refresh_token',
      ...app,
    });
    const afterRevoke = await form('/oauth/2026-03/token/introspect', {
      token: tokens['refresh_token'] as string,
      ...app,
    });
    const accessAfterRevoke = await form('/oauth/2026-03/token/introspect', {
      token: refreshed['access_token'] as string,
      ...app,
    });

    // Assess
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('bgAdvertiser-1');
    expect(tokens).toMatchObject({
      token_type: 'bearer',
      expires_in: 1800,
      token_use: 'access_token',
      hub_id: 4410001,
    });
    expect(info).toMatchObject({
      active: true,
      hub_id: 4410001,
      token_use: 'access_token',
      scopes: ['crm.objects.companies.read', 'crm.lists.read'],
    });
    expect(refreshed['access_token']).not.toBe(tokens['access_token']);
    expect(refreshed['refresh_token']).toBe(tokens['refresh_token']);
    expect(await refreshInfo.json()).toMatchObject({ hub_id: 4410001, token_use: 'refresh_token' });
    expect(revoked.status).toBe(200);
    expect(afterRevoke.status).toBe(404);
    expect(accessAfterRevoke.status).toBe(404);
  });

  it("revokes only the revoked connection's tokens: another connection of the same portal keeps its own", async () => {
    // Prepare: two advertisers connect the same portal.
    const connect = async () => {
      const code = (await authorize('s')).searchParams.get('code') as string;
      const reply = await form('/oauth/2026-03/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        ...app,
      });
      return (await reply.json()) as { access_token: string; refresh_token: string };
    };
    const first = await connect();
    const second = await connect();

    // Act
    await form('/oauth/2026-03/token/revoke', { token: first.refresh_token, token_type_hint: 'refresh_token', ...app });
    const firstAccess = await form('/oauth/2026-03/token/introspect', { token: first.access_token, ...app });
    const secondAccess = await form('/oauth/2026-03/token/introspect', { token: second.access_token, ...app });

    // Assess
    expect(firstAccess.status).toBe(404);
    expect(secondAccess.status).toBe(200);
  });

  it("refuses a code twice and a wrong secret, in HubSpot's error shape with a category", async () => {
    // Prepare
    const code = (await authorize('s')).searchParams.get('code') as string;
    const exchange = () =>
      form('/oauth/2026-03/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...app });

    // Act
    const first = await exchange();
    const second = await exchange();
    const wrongSecret = await form('/oauth/2026-03/token', {
      ...app,
      client_secret: 'nope',
      grant_type: 'refresh_token',
    });

    // Assess
    expect(first.status).toBe(200);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ status: 'BAD_AUTH_CODE', category: 'VALIDATION_ERROR' });
    expect(await wrongSecret.json()).toMatchObject({
      status: 'BAD_CLIENT_SECRET',
      category: 'VALIDATION_ERROR',
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("pages through the token's portal's lists with HubSpot's search shape, and refuses without a token", async () => {
    // Prepare
    const token = await accessToken();
    const search = (body: unknown, auth: Record<string, string> = bearer(token)) =>
      fetch(`${sim.url}/crm/lists/2026-03/search`, { method: 'POST', headers: auth, body: JSON.stringify(body) });

    // Act
    const first = (await (await search({ count: 2, offset: 0, objectTypeId: '0-2' })).json()) as Record<
      string,
      unknown
    >;
    const second = (await (await search({ count: 2, offset: 2, objectTypeId: '0-2' })).json()) as Record<
      string,
      unknown
    >;
    const anonymous = await search({}, { 'content-type': 'application/json' });
    const tooMany = await search({ count: LIMITS.listSearchMax + 1 });

    // Assess
    expect(first).toMatchObject({ hasMore: true, offset: 2, total: 3 });
    expect((first['lists'] as Array<{ name: string }>).map((l) => l.name)).toEqual([
      'Target Accounts Q4',
      'Tier 1 Prospects',
    ]);
    expect(second).toMatchObject({ hasMore: false, offset: 3 });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
    expect(tooMany.status).toBe(400);
  });

  it('pages list memberships with after, and answers 404 for a list of another portal', async () => {
    // Prepare
    const token = await accessToken();
    const get = (path: string) => fetch(`${sim.url}${path}`, { headers: bearer(token) });

    // Act
    const first = (await (await get('/crm/lists/2026-03/103/memberships?limit=25')).json()) as {
      results: Array<{ recordId: string }>;
      paging?: { next: { after: string } };
      total: number;
    };
    const rest = (await (
      await get(`/crm/lists/2026-03/103/memberships?limit=25&after=${first.paging?.next.after}`)
    ).json()) as {
      results: Array<{ recordId: string }>;
      paging?: unknown;
    };
    const foreign = await get('/crm/lists/2026-03/201/memberships');

    // Assess
    expect(first.results).toHaveLength(25);
    expect(rest.results).toHaveLength(15);
    expect(rest.paging).toBeUndefined();
    expect(new Set([...first.results, ...rest.results].map((r) => r.recordId)).size).toBe(40);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ category: 'OBJECT_NOT_FOUND' });
  });

  it('searches companies with filterGroups and after, within limit <= 200 and the 10,000 window', async () => {
    // Prepare
    const token = await accessToken();
    const search = (body: unknown) =>
      fetch(`${sim.url}/crm/objects/2026-03/companies/search`, {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify(body),
      });
    const tier1 = {
      filterGroups: [{ filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'EQ', value: 'tier_1' }] }],
      properties: ['name', 'domain', 'hs_ideal_customer_profile'],
      limit: 50,
    };

    // Act
    const first = (await (await search(tier1)).json()) as {
      total: number;
      results: Array<{ id: string; properties: Record<string, string | null> }>;
      paging?: { next: { after: string } };
    };
    const second = (await (await search({ ...tier1, after: first.paging?.next.after })).json()) as typeof first;
    const unfiltered = (await (
      await search({ properties: ['hs_ideal_customer_profile'], limit: 10 })
    ).json()) as typeof first;
    now += 1000;
    const tooLarge = await search({ limit: 201 });
    const pastWindow = await search({ limit: 100, after: '9950' });
    const tooManyGroups = await search({
      filterGroups: Array.from({ length: 6 }, () => ({
        filters: [{ propertyName: 'name', operator: 'HAS_PROPERTY' }],
      })),
    });

    // Assess
    expect(first.total).toBe(second.total);
    expect(first.results).toHaveLength(50);
    expect(first.results.every((c) => c.properties['hs_ideal_customer_profile'] === 'tier_1')).toBe(true);
    expect(first.results[0]?.properties).toHaveProperty('domain');
    expect(first.results.length + second.results.length).toBe(first.total);
    expect(second.paging).toBeUndefined();
    // HubSpot answers null for a requested property without a value.
    expect(unfiltered.results.some((c) => c.properties['hs_ideal_customer_profile'] === null)).toBe(true);
    expect([tooLarge.status, pastWindow.status, tooManyGroups.status]).toEqual([400, 400, 400]);
    expect(await tooLarge.json()).toMatchObject({ category: 'VALIDATION_ERROR' });
  });

  it('answers a sixth companies search within a second with 429 RATE_LIMITS, and serves again a second later', async () => {
    // Prepare
    const token = await accessToken();
    const search = () =>
      fetch(`${sim.url}/crm/objects/2026-03/companies/search`, {
        method: 'POST',
        headers: bearer(token),
        body: '{"limit":1}',
      });
    now += 10_000;

    // Act
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await search()).status);
    now += 1000;
    const later = await search();

    // Assess
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(later.status).toBe(200);
  });

  it('names the rate limit in its 429, as HubSpot does', async () => {
    // Prepare
    const token = await accessToken();
    const search = () =>
      fetch(`${sim.url}/crm/objects/2026-03/companies/search`, {
        method: 'POST',
        headers: bearer(token),
        body: '{"limit":1}',
      });
    now += 10_000;
    for (let i = 0; i < 5; i++) await search();

    // Act
    const limited = await search();

    // Assess
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ status: 'error', category: 'RATE_LIMITS', policyName: 'SECONDLY' });
  });

  it('reads contacts in batches of at most 100, answering 207 with the ids it does not know', async () => {
    // Prepare
    const token = await accessToken();
    const list = (await (
      await fetch(`${sim.url}/crm/lists/2026-03/105/memberships?limit=3`, { headers: bearer(token) })
    ).json()) as {
      results: Array<{ recordId: string }>;
    };
    const read = (inputs: Array<{ id: string }>) =>
      fetch(`${sim.url}/crm/objects/2026-03/contacts/batch/read`, {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({ inputs, properties: ['email'] }),
      });

    // Act
    const known = await read(list.results.map((r) => ({ id: r.recordId })));
    const partly = await read([{ id: list.results[0]?.recordId as string }, { id: '999' }]);
    const tooMany = await read(Array.from({ length: 101 }, (_, i) => ({ id: String(i) })));

    // Assess
    expect(known.status).toBe(200);
    const body = (await known.json()) as { status: string; results: Array<{ properties: { email: string } }> };
    expect(body.status).toBe('COMPLETE');
    expect(body.results.map((r) => r.properties.email)).toEqual([
      expect.stringContaining('@'),
      expect.stringContaining('@'),
      expect.stringContaining('@'),
    ]);
    expect(partly.status).toBe(207);
    expect(await partly.json()).toMatchObject({
      numErrors: 1,
      errors: [{ category: 'OBJECT_NOT_FOUND', context: { ids: ['999'] } }],
    });
    expect(tooMany.status).toBe(400);
  });

  it('pages landing pages, site pages and blog posts with after, and needs the content scope', async () => {
    // Prepare
    const token = await accessToken();
    const noContent = await accessToken('crm.lists.read');
    const get = (path: string, t = token) => fetch(`${sim.url}${path}`, { headers: bearer(t) });

    // Act
    const landing = (await (await get('/cms/pages/2026-03/landing-pages')).json()) as {
      total: number;
      results: Array<Record<string, unknown>>;
      paging?: { next: { after: string } };
    };
    const landingRest = (await (
      await get(`/cms/pages/2026-03/landing-pages?after=${landing.paging?.next.after}&limit=100`)
    ).json()) as typeof landing;
    const site = (await (await get('/cms/pages/2026-03/site-pages')).json()) as typeof landing;
    const posts = (await (await get('/cms/blogs/2026-03/posts?limit=10')).json()) as typeof landing;
    const refused = await get('/cms/blogs/2026-03/posts', noContent);

    // Assess
    expect(landing.results).toHaveLength(LIMITS.cmsDefault);
    expect(landing.results.length + landingRest.results.length).toBe(landing.total);
    expect(landingRest.paging).toBeUndefined();
    expect(landing.results[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      url: expect.stringMatching(/^https:\/\/demo-agency-crm\.hubspot\.local\//),
      slug: expect.any(String),
      state: 'PUBLISHED',
      currentState: 'PUBLISHED',
      domain: 'demo-agency-crm.hubspot.local',
    });
    expect(site.results.length).toBe(site.total);
    expect(posts.results).toHaveLength(10);
    expect(posts.paging?.next.after).toBe('10');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ category: 'MISSING_SCOPES' });
  });

  it('describes company properties (the ICP tiers as enumeration options) and reads companies by id in batches', async () => {
    // Prepare
    const token = await accessToken();
    now += 1000;
    const firstPage = (await (
      await fetch(`${sim.url}/crm/objects/2026-03/companies/search`, {
        method: 'POST',
        headers: bearer(token),
        body: JSON.stringify({ limit: 3, properties: ['domain'] }),
      })
    ).json()) as { results: Array<{ id: string }> };
    now += 1000;
    const ids = firstPage.results.map((r) => r.id);

    // Act
    const all = (await (
      await fetch(`${sim.url}/crm/properties/2026-03/companies`, { headers: bearer(token) })
    ).json()) as {
      results: Array<{ name: string }>;
    };
    const tiers = (await (
      await fetch(`${sim.url}/crm/properties/2026-03/companies/hs_ideal_customer_profile`, { headers: bearer(token) })
    ).json()) as { type: string; options: Array<{ label: string; value: string }> };
    const unknownProperty = await fetch(`${sim.url}/crm/properties/2026-03/companies/nope`, { headers: bearer(token) });
    const batch = await fetch(`${sim.url}/crm/objects/2026-03/companies/batch/read`, {
      method: 'POST',
      headers: bearer(token),
      body: JSON.stringify({ inputs: [...ids, '999'].map((id) => ({ id })), properties: ['domain', 'name'] }),
    });
    const tooMany = await fetch(`${sim.url}/crm/objects/2026-03/companies/batch/read`, {
      method: 'POST',
      headers: bearer(token),
      body: JSON.stringify({ inputs: Array.from({ length: 101 }, (_, i) => ({ id: String(i) })) }),
    });

    // Assess
    expect(all.results.map((p) => p.name)).toContain('hs_ideal_customer_profile');
    expect(tiers.type).toBe('enumeration');
    expect(tiers.options.map((o) => o.value)).toEqual(['tier_1', 'tier_2', 'tier_3']);
    expect(unknownProperty.status).toBe(404);
    expect(batch.status).toBe(207);
    const read = (await batch.json()) as {
      results: Array<{ id: string }>;
      errors: Array<{ context: { ids: string[] } }>;
    };
    expect(read.results.map((r) => r.id)).toEqual(ids);
    expect(read.errors[0]?.context.ids).toEqual(['999']);
    expect(tooMany.status).toBe(400);
  });

  it('reads a company in a batch only by its id as written, not by the same number written otherwise', async () => {
    // Prepare
    const token = await accessToken();
    now += 1000;
    const id = String((4_410_001 % 100) * 10_000_000 + 1_000_000);
    const variants = [`${id}.0`, ` ${id}`, `0${id}`];

    // Act
    const batch = await fetch(`${sim.url}/crm/objects/2026-03/companies/batch/read`, {
      method: 'POST',
      headers: bearer(token),
      body: JSON.stringify({ inputs: [id, ...variants].map((i) => ({ id: i })) }),
    });

    // Assess
    expect(batch.status).toBe(207);
    const read = (await batch.json()) as {
      results: Array<{ id: string }>;
      errors: Array<{ context: { ids: string[] } }>;
    };
    expect(read.results.map((r) => r.id)).toEqual([id]);
    expect(read.errors[0]?.context.ids).toEqual(variants);
  });

  it('expires a portal token on demand, now or after a number of CRM requests', async () => {
    // Prepare
    const token = await accessToken();
    const read = () => fetch(`${sim.url}/crm/properties/2026-03/companies/domain`, { headers: bearer(token) });
    const expire = (body: unknown) =>
      fetch(`${sim.url}/__expire-tokens`, { method: 'POST', headers: bearer(token), body: JSON.stringify(body) });

    // Act
    const scheduled = await expire({ hubId: 4410001, afterRequests: 2 });
    const statuses = [(await read()).status, (await read()).status, (await read()).status];
    const refused = await expire({ hubId: 1 });

    // Assess
    expect(scheduled.status).toBe(200);
    expect(statuses).toEqual([200, 200, 401]);
    expect(refused.status).toBe(400);
  });

  it("answers unknown routes in HubSpot's error shape, the v3 paths BidGrid no longer calls among them", async () => {
    // Act: a route HubSpot never had, and v3 paths of routes served on their 2026-03 paths.
    const unknown = await fetch(`${sim.url}/crm/objects/2026-03/nothing`);
    const retired = await Promise.all([
      fetch(`${sim.url}/crm/v3/objects/companies/search`, { method: 'POST', body: '{}' }),
      fetch(`${sim.url}/oauth/v3/token`, { method: 'POST' }),
      fetch(`${sim.url}/cms/v3/pages/landing-pages`),
    ]);

    // Assess
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      message: expect.any(String),
    });
    expect(retired.map((res) => res.status)).toEqual([404, 404, 404]);
  });

  // Run last: every reply the tests above got, held against our committed description of HubSpot's
  // routes, and against HubSpot's own documents too where they are on this machine.
  it("gave only replies that match the committed description of HubSpot's routes (hubspot-openapi.ts)", () => {
    const result = checkRecordedReplies(recordDir);
    expect(result.failures).toEqual([]);
    // Every route the simulator serves answered at least once, so each one was held against its description.
    expect(result.operations).toEqual(vendorValidator('hubspot').describedOperations());
    expect(result.checked['hubspot']).toBeGreaterThan(25);
  });

  it.skipIf(!hubspotDocumentsValidator())(
    "gave only replies that match HubSpot's own OpenAPI documents (skipped where they are not on this machine)",
    () => {
      const documents = hubspotDocumentsValidator();
      const result = checkRecordedReplies(recordDir, (vendor) => (vendor === 'hubspot' ? documents : undefined));
      expect(result.failures).toEqual([]);
      expect(result.operations).toEqual(documents?.describedOperations());
    },
  );
});
