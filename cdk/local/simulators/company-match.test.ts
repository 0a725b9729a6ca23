import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { COMPANIES, createCompanyMatchSimulator, normalizeDomain } from './company-match';
import { serve } from './test-server';

describe('company-match simulator', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  const get = async (query: string, key: string = SIMULATOR_SECRETS.COMPANY_MATCH_API_KEY) => {
    const res = await fetch(`${sim.url}/v2/company?${query}&key=${encodeURIComponent(key)}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    sim = await serve(createCompanyMatchSimulator({ logger: createLogger('silent') }).server);
  });
  afterAll(() => sim.close());

  it('ships about fifty companies with unique domains and IP ranges', () => {
    expect(COMPANIES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(COMPANIES.map((c) => c.domain)).size).toBe(COMPANIES.length);
    for (const c of COMPANIES) expect(c.ipRanges.length).toBeGreaterThan(0);
  });

  it('answers /health', async () => {
    expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok', vendor: 'company-match' });
  });

  it('matches a domain written any way a CSV has it, and its subdomains', async () => {
    // Prepare
    const company = COMPANIES[0];
    if (!company) throw new Error('empty dataset');
    // Act
    const exact = await get(`domain=${company.domain}`);
    const messy = await get(`domain=${encodeURIComponent(`HTTPS://www.${company.domain.toUpperCase()}/about?x=1`)}`);
    const sub = await get(`domain=mail.${company.domain}`);
    // Assess
    expect(exact).toMatchObject({ status: 200, body: { status: 'success', data: { name: company.name } } });
    expect((exact.body.data as { ipRanges: unknown[] }).ipRanges).toEqual(company.ipRanges);
    expect(messy.body).toEqual(exact.body);
    expect(sub.body).toEqual(exact.body);
  });

  it('looks companies up by IP, and says when nothing matches', async () => {
    const company = COMPANIES[1];
    if (!company) throw new Error('empty dataset');
    const byIp = await get(`ip=${company.ipRanges[0]?.start ?? ''}`);
    const none = await get('domain=nobody-here.example');
    const noIp = await get('ip=8.8.8.8');
    expect(byIp.body).toMatchObject({ data: { domain: company.domain } });
    expect(none).toMatchObject({ status: 404, body: { status: 'error', message: 'No company found' } });
    expect(noIp.status).toBe(404);
  });

  it('needs the API key', async () => {
    expect((await get('domain=x.com', 'wrong')).status).toBe(401);
  });

  it('normalizes domains and rejects what is not one', () => {
    expect(normalizeDomain(' https://www.Acme.com:8080/x ')).toBe('acme.com');
    expect(normalizeDomain('not a domain')).toBeNull();
  });
});
