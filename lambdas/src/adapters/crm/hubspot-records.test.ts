import '../../test-env';
import { describe, expect, it } from 'vitest';
import { CrmGrantError } from '../../domain/vendors/vendor-refusals';
import { createHubspotRecords, HUBSPOT_LIMITS } from './hubspot-records';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const NO_WAIT = { maxAttempts: 2, baseDelayMs: 0, maxDelayMs: 0, sleep: async () => undefined };

/** A client whose HubSpot is `answer`, recording each request. */
function clientAnswering(answer: (url: URL, body: Record<string, unknown> | null) => Response) {
  const requests: Array<{ url: URL; body: Record<string, unknown> | null; auth: string | null }> = [];
  const client = createHubspotRecords({
    baseUrl: 'http://crm.test',
    retry: NO_WAIT,
    searchIntervalMs: 0,
    fetch: async (url, init) => {
      const parsed = new URL(url);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      requests.push({ url: parsed, body, auth: new Headers(init?.headers).get('authorization') });
      return answer(parsed, body);
    },
  });
  return { client, requests };
}

/** A published CMS page or post `n`, as HubSpot lists it. */
const cmsItem = (n: number) => ({
  id: String(n),
  name: `P${n}`,
  url: `https://x/p${n}`,
  slug: `p${n}`,
  domain: 'x',
  state: 'PUBLISHED',
  currentState: 'PUBLISHED',
});

/** HubSpot's CMS listing of three items: the first two, then (after '2') the third. */
const threeCmsItemsInTwoPages = (url: URL): Response =>
  url.searchParams.get('after')
    ? json(200, { total: 3, results: [cmsItem(3)] })
    : json(200, { total: 3, results: [cmsItem(1), cmsItem(2)], paging: { next: { after: '2' } } });

describe('HubSpot records client', () => {
  it('searches companies with filterGroups, pages of 200 through after, and stops at the 10,000 window', async () => {
    // Prepare: 10,450 companies match; HubSpot refuses after + limit past 10,000.
    const total = 10_450;
    const { client, requests } = clientAnswering((_url, body) => {
      const after = Number(body?.['after'] ?? 0);
      const limit = Number(body?.['limit']);
      if (limit > HUBSPOT_LIMITS.searchPage || after + limit > HUBSPOT_LIMITS.searchWindow) {
        return json(400, { status: 'error', category: 'VALIDATION_ERROR' });
      }
      const end = Math.min(total, after + limit);
      const results = Array.from({ length: end - after }, (_, i) => ({
        id: String(after + i),
        properties: {
          name: `Co ${after + i}`,
          domain: null,
          hs_ideal_customer_profile: 'tier_1',
          hs_is_target_account: 'true',
        },
      }));
      return json(200, { total, results, ...(end < total ? { paging: { next: { after: String(end) } } } : {}) });
    });

    // Act
    const found = await client.searchCompanies('at-1', { icpTiers: ['tier_1', 'tier_2'], targetAccountsOnly: true });

    // Assess
    expect(found.companies).toHaveLength(10_000);
    expect(found).toMatchObject({ total, truncated: true });
    expect(found.companies[0]).toEqual({ id: '0', name: 'Co 0', domain: null, icpTier: 'tier_1', targetAccount: true });
    expect(requests).toHaveLength(50);
    expect(requests[0]?.auth).toBe('Bearer at-1');
    expect(requests[0]?.url.pathname).toBe('/crm/objects/2026-03/companies/search');
    expect(requests[0]?.body?.['filterGroups']).toEqual([
      {
        filters: [
          { propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1', 'tier_2'] },
          { propertyName: 'hs_is_target_account', operator: 'EQ', value: 'true' },
        ],
      },
    ]);
  });

  it('reads all list members through after, and contacts in batches of 100, leaving unknown ids out (207)', async () => {
    // Prepare
    const ids = Array.from({ length: 250 }, (_, i) => String(1000 + i));
    const { client, requests } = clientAnswering((url, body) => {
      if (url.pathname === '/crm/lists/2026-03/105/memberships') {
        const after = Number(url.searchParams.get('after') ?? 0);
        const end = Math.min(ids.length, after + Number(url.searchParams.get('limit')));
        const results = ids.slice(after, end).map((recordId) => ({ recordId, membershipTimestamp: 'x' }));
        return json(200, { results, ...(end < ids.length ? { paging: { next: { after: String(end) } } } : {}) });
      }
      const inputs = (body?.['inputs'] as Array<{ id: string }>).filter((i) => i.id !== '1001');
      const results = inputs.map((i) => ({ id: i.id, properties: { email: `c${i.id}@x.example` } }));
      return json(inputs.length === 100 ? 200 : 207, { status: 'COMPLETE', results });
    });

    // Act
    const members = await client.listMemberIds('at-1', '105');
    const emails = await client.contactEmails('at-1', members);

    // Assess
    expect(members).toEqual(ids);
    expect(emails).toHaveLength(249);
    expect(emails).not.toContain('c1001@x.example');
    const batches = requests.filter((r) => r.url.pathname === '/crm/objects/2026-03/contacts/batch/read');
    expect(batches.map((b) => (b.body?.['inputs'] as unknown[]).length)).toEqual([100, 100, 50]);
  });

  it('reads landing pages, site pages and blog posts through after', async () => {
    // Prepare
    const { client, requests } = clientAnswering(threeCmsItemsInTwoPages);

    // Act
    const posts = await client.content('at-1', 'blog-posts');

    // Assess
    expect(posts.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(requests.map((r) => `${r.url.pathname}?${r.url.searchParams}`)).toEqual([
      '/cms/blogs/2026-03/posts?limit=100',
      '/cms/blogs/2026-03/posts?limit=100&after=2',
    ]);
  });

  it('reads one page of CMS content from where HubSpot said, at most 100 at once', async () => {
    // Prepare
    const { client, requests } = clientAnswering(threeCmsItemsInTwoPages);

    // Act
    const first = await client.contentPage('at-1', 'landing-pages', { after: null, limit: 500 });
    const last = await client.contentPage('at-1', 'landing-pages', { after: first.after, limit: 2 });

    // Assess
    expect([first.items.map((p) => p.id), first.after]).toEqual([['1', '2'], '2']);
    expect([last.items.map((p) => p.id), last.after]).toEqual([['3'], null]);
    expect(requests.map((r) => `${r.url.pathname}?${r.url.searchParams}`)).toEqual([
      '/cms/pages/2026-03/landing-pages?limit=100',
      '/cms/pages/2026-03/landing-pages?limit=2&after=2',
    ]);
  });

  it('keeps companies searches at most 5 a second, as HubSpot allows', async () => {
    // Prepare
    const starts: number[] = [];
    const client = createHubspotRecords({
      baseUrl: 'http://crm.test',
      retry: NO_WAIT,
      fetch: async (_url, init) => {
        starts.push(performance.now());
        const after = Number((JSON.parse(String(init?.body)) as { after?: string }).after ?? 0);
        const next = after + 1;
        const results = [{ id: String(after), properties: {} }];
        return json(200, { total: 3, results, ...(next < 3 ? { paging: { next: { after: String(next) } } } : {}) });
      },
    });

    // Act
    const found = await client.searchCompanies('at-1', {});

    // Assess
    expect(found.companies).toHaveLength(3);
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
    expect(gaps.every((gap) => gap >= 195)).toBe(true);
  });

  it('turns a refused token into a CrmGrantError', async () => {
    const { client } = clientAnswering(() => json(401, { status: 'error', category: 'INVALID_AUTHENTICATION' }));
    await expect(client.content('expired', 'site-pages')).rejects.toBeInstanceOf(CrmGrantError);
  });
});
