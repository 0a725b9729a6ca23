import { nowMs } from '@bidgrid/shared/clock';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  candidateRequestUris,
  HUBSPOT_SIGNATURE_HEADER,
  HUBSPOT_TIMESTAMP_HEADER,
  hubspotSignatureProblem,
} from '@bidgrid/lambdas/kernel/hubspot-signature';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createHubSpotSimulator } from './hubspot';
import { CARD_FETCH_LIMITS, cardFetchUrl, cardUrlProblem } from './hubspot-card';
import { serve } from './test-server';

/** One request the fake API received, with the verdict of the server's own signature check. */
interface Received {
  method: string;
  path: string;
  query: Record<string, string[]>;
  body: string;
  signatureProblem: string | null;
}

/**
 * A stand-in for our API: checks each request's signature exactly as `assertSigned` does (the
 * candidate URIs rebuilt from host, path and decoded query), records it, and answers as `answer` says.
 */
function fakeApi(secret: string) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  let answer: (r: Received, res: ServerResponse) => void = (_r, res) => json(res, 200, { success: true, payload: {} });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://placeholder');
      const query: Record<string, string[]> = {};
      for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
      );
      const r: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query,
        body,
        signatureProblem: hubspotSignatureProblem({
          clientSecret: secret,
          method: req.method ?? 'GET',
          uris: candidateRequestUris({ headers, path: url.pathname, stagePath: null, query }),
          body,
          signature: headers[HUBSPOT_SIGNATURE_HEADER],
          timestamp: headers[HUBSPOT_TIMESTAMP_HEADER],
          now: nowMs(),
        }),
      };
      received.push(r);
      answer(r, res);
    });
  });
  return {
    server,
    received,
    held,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

describe('CRM simulator: the app card (hubspot.fetch)', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  let api: ReturnType<typeof fakeApi>;
  let apiServed: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    api = fakeApi(SIMULATOR_SECRETS.HUBSPOT_CLIENT_SECRET);
    apiServed = await serve(api.server);
    const hubspot = createHubSpotSimulator({ logger: createLogger('silent') });
    hubspot.setCardApiUrl(apiServed.url);
    sim = await serve(hubspot.server);
  });
  afterAll(async () => {
    await sim.close();
    await apiServed.close();
  });
  afterEach(() => {
    api.received.length = 0;
    for (const res of api.held.splice(0)) res.destroy();
    api.answerWith((_r, res) => json(res, 200, { success: true, payload: {} }));
  });

  const cardFetch = (input: Record<string, unknown>) =>
    fetch(`${sim.url}/__card/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });

  it('appends portalId, userId, userEmail and appId and signs so that the server accepts the request', async () => {
    // Prepare: a query with spaces and non-ASCII, a non-ASCII JSON body
    api.answerWith((_r, res) => json(res, 200, { success: true, payload: { ok: 'yes' } }));

    // Act
    const reply = await cardFetch({
      portalId: 4410001,
      method: 'POST',
      url: `${apiServed.url}/public/crmcard/picker-tickets?companyName=${encodeURIComponent('Café Müller & Co')}`,
      body: { domain: 'acme.example', companyName: 'Café Müller' },
    });

    // Assess
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ status: 200, body: { success: true, payload: { ok: 'yes' } }, attempts: 1 });
    expect(api.received).toHaveLength(1);
    const [sent] = api.received as [Received];
    expect(sent.signatureProblem).toBeNull();
    expect(sent.query).toEqual({
      companyName: ['Café Müller & Co'],
      portalId: ['4410001'],
      userId: ['101'],
      userEmail: ['crm@demo.example'],
      appId: ['1234567'],
    });
    expect(JSON.parse(sent.body)).toEqual({ domain: 'acme.example', companyName: 'Café Müller' });
  });

  it('signs with the app client secret: a server holding another secret refuses the request', async () => {
    // Prepare: a second fake API that verifies with another secret
    const other = fakeApi('another-app-secret');
    const served = await serve(other.server);
    try {
      // Act
      await cardFetch({ portalId: 4410001, method: 'GET', url: `${served.url}/public/crmcard/campaigns` });

      // Assess
      expect(other.received.map((r) => r.signatureProblem)).toEqual(['mismatch']);
    } finally {
      await served.close();
    }
  });

  it('retries once after a 5xx and answers the second response', async () => {
    // Prepare
    let calls = 0;
    api.answerWith((_r, res) => {
      calls += 1;
      if (calls === 1) json(res, 503, { message: 'busy' });
      else json(res, 200, { success: true, payload: { second: true } });
    });

    // Act
    const reply = await cardFetch({
      portalId: 4410001,
      method: 'GET',
      url: `${apiServed.url}/public/crmcard/campaigns`,
    });

    // Assess
    expect(await reply.json()).toEqual({
      status: 200,
      body: { success: true, payload: { second: true } },
      attempts: 2,
    });
    // Each attempt is signed afresh and both pass the server's check.
    expect(api.received.map((r) => r.signatureProblem)).toEqual([null, null]);
  });

  it('retries a 5xx only once and never retries a 4xx', async () => {
    // Prepare
    api.answerWith((r, res) =>
      r.path.endsWith('/fails') ? json(res, 500, { message: 'down' }) : json(res, 404, { message: 'none' }),
    );

    // Act
    const failing = await (
      await cardFetch({ portalId: 4410001, method: 'GET', url: `${apiServed.url}/public/fails` })
    ).json();
    const missing = await (
      await cardFetch({ portalId: 4410001, method: 'GET', url: `${apiServed.url}/public/missing` })
    ).json();

    // Assess
    expect(failing).toEqual({ status: 500, body: { message: 'down' }, attempts: 2 });
    expect(missing).toEqual({ status: 404, body: { message: 'none' }, attempts: 1 });
  });

  it('retries once after a connection failure, then reports it', async () => {
    // Prepare: a port nothing listens on
    const closed = await serve(createServer());
    const url = `${closed.url}/public/crmcard/campaigns`;
    await closed.close();

    // Act
    const reply = await cardFetch({ portalId: 4410001, method: 'GET', url });

    // Assess
    expect(reply.status).toBe(502);
    expect(await reply.json()).toMatchObject({ reason: 'connection-failed', attempts: 2 });
  });

  it('gives up after the timeout without retrying', async () => {
    // Prepare: the API never answers
    api.answerWith((_r, res) => api.held.push(res));

    // Act
    const reply = await cardFetch({
      portalId: 4410001,
      method: 'GET',
      url: `${apiServed.url}/public/crmcard/campaigns`,
      timeoutMs: 200,
    });

    // Assess
    expect(reply.status).toBe(504);
    expect(await reply.json()).toMatchObject({ reason: 'timeout', attempts: 1 });
    expect(api.received).toHaveLength(1);
  });

  it('refuses a body over 1 MB, a timeout over 120 s and plain http off loopback', async () => {
    // Act
    const big = await cardFetch({
      portalId: 4410001,
      method: 'POST',
      url: `${apiServed.url}/public/x`,
      body: { text: 'x'.repeat(CARD_FETCH_LIMITS.maxBodyBytes) },
    });
    const slow = await cardFetch({
      portalId: 4410001,
      method: 'GET',
      url: `${apiServed.url}/public/x`,
      timeoutMs: CARD_FETCH_LIMITS.maxTimeoutMs + 1,
    });
    const insecure = await cardFetch({ portalId: 4410001, method: 'GET', url: 'http://api.example.com/public/x' });

    // Assess
    expect([big.status, slow.status, insecure.status]).toEqual([413, 400, 400]);
    expect(api.received).toHaveLength(0);
  });

  it('allows 20 requests at once per account and answers 429 beyond', async () => {
    // Prepare: the API holds every request until released
    api.answerWith((_r, res) => api.held.push(res));
    const url = `${apiServed.url}/public/crmcard/campaigns`;
    const first = Array.from({ length: CARD_FETCH_LIMITS.concurrentPerAccount }, () =>
      cardFetch({ portalId: 4410001, method: 'GET', url }),
    );
    await expect.poll(() => api.held.length).toBe(CARD_FETCH_LIMITS.concurrentPerAccount);

    // Act
    const beyond = await cardFetch({ portalId: 4410001, method: 'GET', url });
    const otherAccount = cardFetch({ portalId: 4410002, method: 'GET', url });
    await expect.poll(() => api.held.length).toBe(CARD_FETCH_LIMITS.concurrentPerAccount + 1);
    for (const res of api.held.splice(0)) json(res, 200, { success: true, payload: {} });
    const answered = await Promise.all([...first, otherAccount]);
    api.answerWith((_r, res) => json(res, 200, { success: true, payload: {} }));
    const afterwards = await cardFetch({ portalId: 4410001, method: 'GET', url });

    // Assess
    expect(beyond.status).toBe(429);
    expect(answered.map((r) => r.status)).toEqual(Array(CARD_FETCH_LIMITS.concurrentPerAccount + 1).fill(200));
    expect(afterwards.status).toBe(200);
  });

  it('opens the card on a company record: lists campaigns, then asks for a picker ticket with its domain and name', async () => {
    // Prepare: the API answers both card calls
    api.answerWith((r, res) =>
      r.path === '/public/crmcard/campaigns'
        ? json(res, 200, {
            success: true,
            payload: { campaigns: [{ bgCampaignId: 'bg-campaign-1', name: 'Q4', active: true }] },
          })
        : json(res, 200, {
            success: true,
            payload: {
              ticket: 't-1',
              expiresAt: '2026-11-26T19:00:00.000Z',
              pickerUrl: 'http://web/picker?ticket=t-1',
            },
          }),
    );

    // Act: company 0 of portal 4410001 (ids are portal-scoped, from 11000000)
    const reply = await fetch(`${sim.url}/__card/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ portalId: 4410001, companyId: '11000000' }),
    });

    // Assess
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      campaigns: [{ bgCampaignId: 'bg-campaign-1', name: 'Q4', active: true }],
      pickerUrl: 'http://web/picker?ticket=t-1',
      ticket: 't-1',
    });
    const company = body['company'] as { name: string; domain: string };
    expect(api.received.map((r) => [r.method, r.path, r.signatureProblem])).toEqual([
      ['GET', '/public/crmcard/campaigns', null],
      ['POST', '/public/crmcard/picker-tickets', null],
    ]);
    expect(JSON.parse((api.received[1] as Received).body)).toEqual({
      domain: company.domain,
      companyName: company.name,
    });
    expect(company.domain).toMatch(/\./);
  });

  it('does not open the card on an unknown company, nor offer the picker for a company without a domain', async () => {
    // Act: company 7 of every eight has no website
    const open = (companyId: string) =>
      fetch(`${sim.url}/__card/open`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ portalId: 4410001, companyId }),
      });
    const unknown = await open('99999999');
    const noDomain = await open('11000007');

    // Assess
    expect([unknown.status, noDomain.status]).toEqual([404, 409]);
    expect(api.received).toHaveLength(0);
  });
});

describe('cardFetchUrl and cardUrlProblem', () => {
  it('keeps the URL query first and encodes every value as the server rebuilds it', () => {
    // Act
    const url = cardFetchUrl({
      url: 'https://api.example.com/public/crmcard/campaigns?q=a b',
      portalId: 1,
      userId: 2,
      userEmail: 'a+b@example.com',
      appId: 3,
    });

    // Assess
    expect(url).toBe(
      'https://api.example.com/public/crmcard/campaigns?q=a%20b&portalId=1&userId=2&userEmail=a%2Bb%40example.com&appId=3',
    );
  });

  it('accepts HTTPS anywhere and plain http on loopback only', () => {
    expect(cardUrlProblem('https://api.example.com/x')).toBeNull();
    expect(cardUrlProblem('http://127.0.0.1:4000/x')).toBeNull();
    expect(cardUrlProblem('http://api.example.com/x')).toMatch(/HTTPS/);
    expect(cardUrlProblem('ftp://127.0.0.1/x')).toMatch(/HTTPS/);
    expect(cardUrlProblem('not a url')).toMatch(/absolute/);
  });
});
