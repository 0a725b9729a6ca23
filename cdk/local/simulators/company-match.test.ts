import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import {
  COMPANIES,
  COMPANIES_WITHOUT_OWN_RANGES,
  COMPANY_MATCH_REQUESTS_PATH,
  MAX_BATCH_PATHS,
  createCompanyMatchSimulator,
  normalizeDomain,
  REDIRECTS,
} from './company-match';
import { serve } from './test-server';

const KEY = SIMULATOR_SECRETS.COMPANY_MATCH_API_KEY;

describe('company-match simulator', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  let now = 0;
  const get = async (path: string, key: string | null = KEY) => {
    const res = await fetch(`${sim.url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    sim = await serve(
      createCompanyMatchSimulator({
        logger: createLogger('silent'),
        rateLimit: { burst: 50, perSecond: 10 },
        now: () => now,
      }).server,
    );
  });
  afterAll(() => sim.close());

  it('ships companies with ranges, companies without, and redirecting domains, all unique', () => {
    expect(COMPANIES.length).toBeGreaterThanOrEqual(50);
    for (const c of COMPANIES) expect(c.ipRanges.length).toBeGreaterThan(0);
    expect(COMPANIES_WITHOUT_OWN_RANGES.length).toBeGreaterThanOrEqual(3);
    expect(REDIRECTS.length).toBeGreaterThanOrEqual(3);
    const domains = [...COMPANIES, ...COMPANIES_WITHOUT_OWN_RANGES]
      .map((c) => c.domain)
      .concat(REDIRECTS.map((r) => r.from));
    expect(new Set(domains).size).toBe(domains.length);
  });

  it("answers a domain's ranges the IPinfo way, for any spelling and for subdomains", async () => {
    // Prepare
    const company = COMPANIES[0];
    if (!company) throw new Error('empty dataset');
    // Act
    const exact = await get(`/ranges/${company.domain}`);
    const sub = await get(`/ranges/mail.${company.domain}`);
    // Assess
    expect(exact).toMatchObject({
      status: 200,
      body: {
        domain: company.domain,
        num_ranges: String(company.ipRanges.length),
        ranges: company.ipRanges.map((r) => r.cidr),
      },
    });
    expect(exact.body).not.toHaveProperty('redirects_to');
    expect(sub.body.ranges).toEqual(exact.body.ranges);
  });

  it('follows a redirect: the target named, its ranges answered', async () => {
    const redirect = REDIRECTS.find((r) => r.to === 'bluepeaklogistics.com');
    if (!redirect) throw new Error('no redirect to bluepeak');
    const reply = await get(`/ranges/${redirect.from}`);
    expect(reply.body).toMatchObject({ domain: redirect.from, redirects_to: 'bluepeaklogistics.com', num_ranges: '2' });
  });

  it('has no ranges for a company without its own, nor for an unknown domain; 400 for no domain', async () => {
    const small = COMPANIES_WITHOUT_OWN_RANGES[0];
    if (!small) throw new Error('no small company');
    expect((await get(`/ranges/${small.domain}`)).body).toMatchObject({ num_ranges: '0', ranges: [] });
    expect((await get('/ranges/nobody-here.example')).body).toMatchObject({ num_ranges: '0', ranges: [] });
    expect((await get('/ranges/not%20a%20domain')).status).toBe(400);
  });

  it('describes the company behind a website or an IP the KickFire way, 404 when unknown', async () => {
    const small = COMPANIES_WITHOUT_OWN_RANGES[0];
    const company = COMPANIES[1];
    if (!small || !company) throw new Error('empty dataset');
    expect((await get(`/v3/company:(all)?website=${encodeURIComponent(`https://www.${small.domain}/`)}`)).body).toEqual(
      {
        status: 'success',
        data: [expect.objectContaining({ name: small.name, website: small.domain })],
      },
    );
    expect((await get(`/v3/company:(all)?ip=${company.ipRanges[0]?.start ?? ''}`)).body).toMatchObject({
      data: [{ website: company.domain }],
    });
    expect(await get('/v3/company:(all)?website=nobody-here.example')).toMatchObject({
      status: 404,
      body: { status: 'error', message: 'No company found' },
    });
  });

  it("answers unknown routes and faults in each vendor's error shape: KickFire under /v3/, IPinfo elsewhere", async () => {
    // Prepare
    await fetch(`${sim.url}/__faults`, {
      method: 'POST',
      body: JSON.stringify({ method: 'GET', path: '/ranges/:domain', status: 503 }),
    });

    // Act
    const kickfire = await get('/v3/nothing');
    const ipinfo = await get('/nothing');
    const fault = await get('/ranges/acme.example');

    // Assess
    expect(kickfire).toMatchObject({ status: 404, body: { status: 'error', code: 404, message: expect.any(String) } });
    expect(ipinfo).toMatchObject({
      status: 404,
      body: { status: 404, error: { title: 'Error', message: expect.any(String) } },
    });
    expect(fault).toMatchObject({ status: 503, body: { status: 503, error: { message: 'Injected failure' } } });
  });

  it('needs the API key on both APIs', async () => {
    expect((await get('/ranges/acme.com', 'wrong')).status).toBe(401);
    expect((await get('/v3/company:(all)?website=acme.com', null)).status).toBe(401);
    const byQuery = await fetch(`${sim.url}/ranges/acme.com?token=${KEY}`);
    expect(byQuery.status).toBe(200);
  });

  it('limits the rate per key with 429 and Retry-After, and refills with time', async () => {
    // Prepare: use up the burst at a frozen clock.
    now = 1_000_000;
    const replies = await Promise.all(Array.from({ length: 60 }, () => get('/ranges/acme.com')));
    // Act
    const limited = replies.filter((r) => r.status === 429);
    now += 2_000;
    const later = await get('/ranges/acme.com');
    // Assess
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.headers.get('retry-after')).toBe('1');
    expect(limited[0]?.body).toMatchObject({ status: 429, error: { title: 'Rate limit exceeded' } });
    expect(later.status).toBe(200);
  });

  it('counts the requests of each API and the throttled ones until reset (local only)', async () => {
    // Prepare
    now += 60_000;
    await fetch(`${sim.url}${COMPANY_MATCH_REQUESTS_PATH}`, { method: 'DELETE' });

    // Act
    await get('/ranges/acme.com');
    await get('/ranges/acme.com', 'wrong-key');
    await get('/v3/company:(all)?website=acme.com');
    await Promise.all(Array.from({ length: 60 }, () => get('/ranges/acme.com')));
    const counts = (await get(COMPANY_MATCH_REQUESTS_PATH, null)).body;

    // Assess: the refused key is not counted; the bucket (burst 50) let 48 more ranges through.
    expect(counts).toEqual({ ranges: 49, company: 1, batchPaths: 0, throttled: 12 });
  });

  it('answers a batch of ranges paths keyed by path, with inline errors, as one request of the budget', async () => {
    // Prepare
    now += 60_000;
    await fetch(`${sim.url}${COMPANY_MATCH_REQUESTS_PATH}`, { method: 'DELETE' });
    const post = async (body: string, key: string | null = KEY) => {
      const res = await fetch(`${sim.url}/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const company = COMPANIES[0] as (typeof COMPANIES)[number];
    const redirect = REDIRECTS[0] as (typeof REDIRECTS)[number];

    // Act
    const batch = await post(
      JSON.stringify([
        `ranges/${company.domain}`,
        `ranges/${redirect.from}`,
        'ranges/nobody.example',
        'ranges/x',
        '8.8.8.8',
      ]),
    );
    const tooMany = await post(
      JSON.stringify(Array.from({ length: MAX_BATCH_PATHS + 1 }, (_, i) => `ranges/d${i}.com`)),
    );
    const notAList = await post('{"paths": []}');
    const empty = await post('[]');
    const noKey = await post('["ranges/acme.com"]', null);
    const counts = (await get(COMPANY_MATCH_REQUESTS_PATH, null)).body;

    // Assess
    expect(batch.status).toBe(200);
    expect(batch.body[`ranges/${company.domain}`]).toEqual((await get(`/ranges/${company.domain}`)).body);
    expect(batch.body[`ranges/${redirect.from}`]).toMatchObject({ redirects_to: redirect.to });
    expect(batch.body['ranges/nobody.example']).toMatchObject({ num_ranges: '0', ranges: [] });
    expect(batch.body['ranges/x']).toEqual({
      status: 400,
      error: { title: 'Wrong domain', message: expect.any(String) },
    });
    expect(batch.body['8.8.8.8']).toMatchObject({ error: { title: 'Wrong path' } });
    expect([tooMany.status, notAList.status, empty.status, noKey.status]).toEqual([400, 400, 400, 401]);
    expect(tooMany.body).toMatchObject({ status: 400, error: { title: 'Too many items' } });
    // 4 batches passed the key (one of them valid): each one request of the budget, its paths counted apart.
    expect(counts).toEqual({ ranges: 4, company: 0, batchPaths: 5, throttled: 0 });
  });

  it('normalizes domains and rejects what is not one', () => {
    expect(normalizeDomain(' https://www.Acme.com:8080/x ')).toBe('acme.com');
    expect(normalizeDomain('not a domain')).toBeNull();
  });
});
