import '../../test-env';
import { describe, expect, it } from 'vitest';
import { VendorError } from '../../lib/errors';
import { createCompanyMatchClient } from './company-match-client';

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A vendor answering by path: `/ranges/{domain}` and `/v3/company:(all)?website=`, recording requests. */
function vendor(routes: { ranges: Record<string, Route>; companies: Record<string, Route> }) {
  const requests: Array<{ url: URL; auth: string | null }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    requests.push({ url, auth: new Headers(init?.headers).get('authorization') });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    if (url.pathname.startsWith('/ranges/')) {
      const domain = decodeURIComponent(url.pathname.slice('/ranges/'.length));
      return (routes.ranges[domain] ?? (() => json(404, { status: 404, error: { title: 'Not found' } })))(url, init);
    }
    const website = url.searchParams.get('website') ?? '';
    return (routes.companies[website] ?? (() => json(404, { status: 'error', message: 'No company found' })))(
      url,
      init,
    );
  };
  return { fetch, requests, maxInFlight: () => maxInFlight };
}

const noWait = { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 5, sleep: async () => undefined };

function client(fake: ReturnType<typeof vendor>, maxConcurrent = 8) {
  return createCompanyMatchClient({
    baseUrl: 'http://vendor.test/',
    apiKey: async () => 'key-1',
    fetch: fake.fetch,
    retry: noWait,
    maxConcurrent,
  });
}

const ranges = (domain: string, list: string[], redirectsTo?: string) => () =>
  json(200, { domain, redirects_to: redirectsTo ?? null, num_ranges: String(list.length), ranges: list });

describe('company-match client', () => {
  it('matches a domain with its ranges and company name, the key in a header only', async () => {
    // Prepare
    const fake = vendor({
      ranges: { 'acme.com': ranges('acme.com', ['198.18.0.0/22', 'junk', '2001:db8::/32']) },
      companies: {
        'acme.com': () => json(200, { status: 'success', data: [{ name: 'Acme Corp', website: 'acme.com' }] }),
      },
    });

    // Act
    const found = await client(fake).lookup('acme.com');

    // Assess
    expect(found).toEqual({
      outcome: 'matched',
      domain: 'acme.com',
      companyName: 'Acme Corp',
      ranges: ['198.18.0.0/22', '2001:db8::/32'],
    });
    expect(fake.requests.map((r) => r.auth)).toEqual(['Bearer key-1', 'Bearer key-1']);
    expect(fake.requests.every((r) => !r.url.search.includes('key-1'))).toBe(true);
  });

  it('says where a redirecting domain goes, but follows a redirect within the same site', async () => {
    const fake = vendor({
      ranges: {
        'oldbrand.com': ranges('oldbrand.com', ['198.18.0.0/22'], 'https://www.newbrand.com/'),
        'acme.com': ranges('acme.com', ['198.18.8.0/22'], 'shop.acme.com'),
      },
      companies: {},
    });
    expect(await client(fake).lookup('oldbrand.com')).toEqual({
      outcome: 'redirected',
      domain: 'oldbrand.com',
      redirectsTo: 'newbrand.com',
    });
    expect(await client(fake).lookup('acme.com')).toMatchObject({ outcome: 'matched', companyName: null });
  });

  it('tells a known company without ranges of its own from an unknown domain', async () => {
    const fake = vendor({
      ranges: { 'bakery.com': ranges('bakery.com', []) },
      companies: { 'bakery.com': () => json(200, { status: 'success', data: [{ name: 'Corner Bakery' }] }) },
    });
    expect(await client(fake).lookup('bakery.com')).toEqual({
      outcome: 'no-own-ranges',
      domain: 'bakery.com',
      companyName: 'Corner Bakery',
    });
    expect(await client(fake).lookup('nobody.example')).toEqual({ outcome: 'unknown', domain: 'nobody.example' });
  });

  it('retries 429 and 5xx with back-off, then answers', async () => {
    // Prepare
    let calls = 0;
    const fake = vendor({
      ranges: {
        'acme.com': () => {
          calls++;
          return calls === 1
            ? json(429, { status: 429 }, { 'retry-after': '1' })
            : calls === 2
              ? json(503, {})
              : ranges('acme.com', ['198.18.0.0/22'])();
        },
      },
      companies: {},
    });

    // Act
    const found = await client(fake).lookup('acme.com');

    // Assess
    expect(calls).toBe(3);
    expect(found.outcome).toBe('matched');
  });

  it('gives up with a VendorError after its attempts, and at once on a refused key', async () => {
    const busy = vendor({ ranges: { 'acme.com': () => json(429, {}) }, companies: {} });
    const refused = vendor({
      ranges: { 'acme.com': () => json(401, { status: 401, error: { title: 'Unknown token' } }) },
      companies: {},
    });
    await expect(client(busy).lookup('acme.com')).rejects.toBeInstanceOf(VendorError);
    expect(busy.requests).toHaveLength(4);
    await expect(client(refused).lookup('acme.com')).rejects.toThrow(/answered 401/);
    expect(refused.requests).toHaveLength(1);
  });

  it('keeps at most maxConcurrent requests in flight', async () => {
    const fake = vendor({ ranges: {}, companies: {} });
    const matcher = client(fake, 3);
    await Promise.all(Array.from({ length: 20 }, (_, i) => matcher.lookup(`d${i}.example`)));
    expect(fake.maxInFlight()).toBe(3);
  });

  it('paces every request, retries included, to its budget instead of bursting into the rate limit', async () => {
    // Prepare: a clock that moves only when the pacer waits; a vendor answering 429 once.
    let now = 0;
    const sentAt: number[] = [];
    let refused = false;
    const fake = vendor({
      ranges: {
        'busy.example': () => {
          if (refused) return ranges('busy.example', [])();
          refused = true;
          return json(429, {}, { 'retry-after': '0' });
        },
      },
      companies: {},
    });
    const matcher = createCompanyMatchClient({
      baseUrl: 'http://vendor.test',
      apiKey: async () => 'key-1',
      fetch: (url, init) => {
        sentAt.push(now);
        return fake.fetch(url, init);
      },
      retry: noWait,
      pace: {
        perSecond: 100,
        burst: 2,
        now: () => now,
        sleep: async (ms) => {
          now += ms;
        },
      },
    });

    // Act: 2 look-ups (4 requests) and one retried request.
    await Promise.all([matcher.lookup('a.example'), matcher.lookup('busy.example')]);

    // Assess: the burst of 2 at once, then one request every 10 ms, the retry among them.
    expect(sentAt).toEqual([0, 0, 10, 20, 30]);
  });

  it('stops when aborted', async () => {
    const fake = vendor({ ranges: {}, companies: {} });
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(client(fake).lookup('acme.com', controller.signal)).rejects.toThrow('gone');
    expect(fake.requests).toHaveLength(0);
  });
});
