import '../../test-env';
import { describe, expect, it } from 'vitest';
import { VendorError } from '../../kernel/errors';
import { createCompanyMatchClient } from './company-match-client';

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A vendor answering by path: `/ranges/{domain}` and `/v3/company:(all)?website=`, recording requests. */
function vendor(routes: {
  ranges: Record<string, Route>;
  companies: Record<string, Route>;
  /** `POST /batch` with the paths sent; absent: the vendor has no batch endpoint (404). */
  batch?: (paths: string[], init: RequestInit | undefined) => Response;
}) {
  const requests: Array<{ url: URL; auth: string | null }> = [];
  const batches: string[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    requests.push({ url, auth: new Headers(init?.headers).get('authorization') });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    if (url.pathname === '/batch') {
      if (!routes.batch) return json(404, { status: 404, error: { title: 'Wrong ip' } });
      batches.push(JSON.parse(String(init?.body)) as string[]);
      return routes.batch(JSON.parse(String(init?.body)) as string[], init);
    }
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
  return { fetch, requests, batches, maxInFlight: () => maxInFlight };
}

const noWait = { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 5, sleep: async () => undefined };

/** A client asking one path at a time (`batch: false`), or trying the batch endpoint first. */
function client(fake: ReturnType<typeof vendor>, maxConcurrent = 8, batch = false) {
  return createCompanyMatchClient({
    baseUrl: 'http://vendor.test/',
    apiKey: async () => 'key-1',
    fetch: fake.fetch,
    retry: noWait,
    maxConcurrent,
    batch,
    // Unpaced: the pacing has its own test.
    pace: { perSecond: 1_000_000, burst: 1_000_000 },
  });
}

const ranges = (domain: string, list: string[], redirectsTo?: string) => () =>
  json(200, { domain, redirects_to: redirectsTo ?? null, num_ranges: String(list.length), ranges: list });

describe('company-match client', () => {
  it("answers a domain's ranges and its company name apart, the key in a header only", async () => {
    // Prepare
    const fake = vendor({
      ranges: { 'acme.com': ranges('acme.com', ['198.18.0.0/22', 'junk', '2001:db8::/32']) },
      companies: {
        'acme.com': () => json(200, { status: 'success', data: [{ name: 'Acme Corp', website: 'acme.com' }] }),
      },
    });

    // Act
    const matcher = client(fake);
    const found = await matcher.ranges('acme.com');
    const requestsForRanges = fake.requests.length;
    const name = await matcher.companyName('acme.com');

    // Assess: the ranges cost no company look-up; the name is one request of its own. Only the IPv4
    // ranges are kept: the bidder targets no others.
    expect(found).toEqual({ outcome: 'ranges', domain: 'acme.com', ranges: ['198.18.0.0/22'] });
    expect(requestsForRanges).toBe(1);
    expect(name).toBe('Acme Corp');
    expect(fake.requests.map((r) => r.url.pathname)).toEqual(['/ranges/acme.com', '/v3/company:(all)']);
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
    expect(await client(fake).ranges('oldbrand.com')).toEqual({
      outcome: 'redirected',
      domain: 'oldbrand.com',
      redirectsTo: 'newbrand.com',
    });
    expect(await client(fake).ranges('acme.com')).toEqual({
      outcome: 'ranges',
      domain: 'acme.com',
      ranges: ['198.18.8.0/22'],
    });
    expect(fake.requests.every((r) => r.url.pathname.startsWith('/ranges/'))).toBe(true);
  });

  it('finds no ranges for a company without its own or an unknown domain; the company look-up tells them apart', async () => {
    const fake = vendor({
      ranges: { 'bakery.com': ranges('bakery.com', []) },
      companies: { 'bakery.com': () => json(200, { status: 'success', data: [{ name: 'Corner Bakery' }] }) },
    });
    const matcher = client(fake);
    expect(await matcher.ranges('bakery.com')).toEqual({ outcome: 'no-ranges', domain: 'bakery.com' });
    expect(await matcher.companyName('bakery.com')).toBe('Corner Bakery');
    expect(await matcher.ranges('nobody.example')).toEqual({ outcome: 'no-ranges', domain: 'nobody.example' });
    expect(await matcher.companyName('nobody.example')).toBeNull();
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
    const found = await client(fake).ranges('acme.com');

    // Assess
    expect(calls).toBe(3);
    expect(found.outcome).toBe('ranges');
  });

  it('gives up with a VendorError after its attempts, and at once on a refused key', async () => {
    const busy = vendor({ ranges: { 'acme.com': () => json(429, {}) }, companies: {} });
    const refused = vendor({
      ranges: { 'acme.com': () => json(401, { status: 401, error: { title: 'Unknown token' } }) },
      companies: {},
    });
    await expect(client(busy).ranges('acme.com')).rejects.toBeInstanceOf(VendorError);
    expect(busy.requests).toHaveLength(4);
    await expect(client(refused).ranges('acme.com')).rejects.toThrow(/answered 401/);
    expect(refused.requests).toHaveLength(1);
  });

  it('keeps at most maxConcurrent requests in flight', async () => {
    const fake = vendor({ ranges: {}, companies: {} });
    const matcher = client(fake, 3);
    await Promise.all(Array.from({ length: 20 }, (_, i) => matcher.companyName(`d${i}.example`)));
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
      batch: false,
      pace: {
        perSecond: 100,
        burst: 2,
        now: () => now,
        sleep: async (ms) => {
          now += ms;
        },
      },
    });

    // Act: 4 look-ups and one retried request.
    await Promise.all([
      matcher.ranges('a.example'),
      matcher.companyName('a.example'),
      matcher.ranges('busy.example'),
      matcher.companyName('busy.example'),
    ]);

    // Assess: the burst of 2 at once, then one request every 10 ms, the retry among them.
    expect(sentAt).toEqual([0, 0, 10, 20, 30]);
  });

  it("sends one match's concurrent ranges look-ups as one batch, reading each path's answer or inline error", async () => {
    // Prepare
    const company = (name: string) => () => json(200, { status: 'success', data: [{ name }] });
    const fake = vendor({
      ranges: {},
      companies: { 'acme.com': company('Acme'), 'quill.example': company('Quill') },
      batch: (paths) =>
        json(
          200,
          Object.fromEntries(
            paths.map((path) => {
              const domain = path.replace('ranges/', '');
              if (domain === 'acme.com') return [path, { domain, num_ranges: 1, ranges: ['198.18.0.0/22'] }];
              if (domain === 'old.example')
                return [path, { domain, redirects_to: 'new.example', ranges: ['10.0.0.0/8'] }];
              if (domain === 'bad_domain.example') return [path, { status: 400, error: { title: 'Wrong domain' } }];
              return [path, { domain, num_ranges: '0', ranges: [] }];
            }),
          ),
        ),
    });
    const matcher = client(fake, 8, true);

    // Act
    const found = await Promise.all(
      ['acme.com', 'old.example', 'quill.example', 'bad_domain.example', 'nobody.example'].map((d) =>
        matcher.ranges(d),
      ),
    );

    // Assess: one batch for the five, and no company look-up.
    expect(fake.batches).toEqual([
      [
        'ranges/acme.com',
        'ranges/old.example',
        'ranges/quill.example',
        'ranges/bad_domain.example',
        'ranges/nobody.example',
      ],
    ]);
    expect(found.map((f) => f.outcome)).toEqual(['ranges', 'redirected', 'no-ranges', 'no-ranges', 'no-ranges']);
    expect(found[0]).toEqual({ outcome: 'ranges', domain: 'acme.com', ranges: ['198.18.0.0/22'] });
    expect(fake.requests.map((r) => r.url.pathname)).toEqual(['/batch']);
    expect(fake.requests.every((r) => r.auth === 'Bearer key-1')).toBe(true);
  });

  it('puts at most 1000 paths in a batch, and asks a path the batch left out on its own', async () => {
    // Prepare: the vendor leaves d7.example out of its answer.
    const fake = vendor({
      ranges: { 'd7.example': ranges('d7.example', ['10.7.0.0/16']) },
      companies: {},
      batch: (paths) =>
        json(200, Object.fromEntries(paths.filter((p) => p !== 'ranges/d7.example').map((p) => [p, { ranges: [] }]))),
    });
    const matcher = client(fake, 8, true);

    // Act
    const found = await Promise.all(Array.from({ length: 1001 }, (_, i) => matcher.ranges(`d${i}.example`)));

    // Assess
    expect(fake.batches.map((b) => b.length)).toEqual([1000, 1]);
    expect(found[7]).toMatchObject({ outcome: 'ranges', ranges: ['10.7.0.0/16'] });
    expect(fake.requests.filter((r) => r.url.pathname.startsWith('/ranges/')).map((r) => r.url.pathname)).toEqual([
      '/ranges/d7.example',
    ]);
  });

  it('falls back to one path a request, for good, when the vendor has no batch endpoint', async () => {
    // Prepare
    const fake = vendor({ ranges: { 'acme.com': ranges('acme.com', ['198.18.0.0/22']) }, companies: {} });
    const matcher = client(fake, 8, true);

    // Act
    const first = await Promise.all([matcher.ranges('acme.com'), matcher.ranges('nobody.example')]);
    const again = await matcher.ranges('acme.com');

    // Assess: one refused batch, then single paths only.
    const paths = fake.requests.map((r) => r.url.pathname);
    expect(paths.filter((p) => p === '/batch')).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith('/ranges/')).sort()).toEqual([
      '/ranges/acme.com',
      '/ranges/acme.com',
      '/ranges/nobody.example',
    ]);
    expect(first.map((f) => f.outcome)).toEqual(['ranges', 'no-ranges']);
    expect(again.outcome).toBe('ranges');
  });

  it('fails every look-up of a batch the vendor refuses', async () => {
    const fake = vendor({
      ranges: {},
      companies: {},
      batch: () => json(401, { status: 401, error: { title: 'Unknown token' } }),
    });
    const matcher = client(fake, 8, true);
    const found = await Promise.allSettled([matcher.ranges('a.example'), matcher.ranges('b.example')]);
    expect(found.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(found[0]?.status === 'rejected' ? found[0].reason : null).toBeInstanceOf(VendorError);
    expect(fake.batches).toHaveLength(1);
  });

  it('stops when aborted', async () => {
    const fake = vendor({ ranges: {}, companies: {} });
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(client(fake).ranges('acme.com', controller.signal)).rejects.toThrow('gone');
    await expect(client(fake).companyName('acme.com', controller.signal)).rejects.toThrow('gone');
    expect(fake.requests).toHaveLength(0);
  });
});
