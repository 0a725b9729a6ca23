import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineOperation } from '@bidgrid/shared/api/operation';
import { TOO_MANY_REQUESTS_ERROR } from '@bidgrid/shared/api/envelope';
import { createLogger } from '../support/logger';
import { listen } from '../support/ports';
import { jobProbe } from '../test-fixtures/jobs/job-probe';
import {
  buildProxyEvent,
  buildRouteTable,
  createRestGateway,
  LOCAL_JOBS_PATH,
  LOCAL_RATE_LIMITS_PATH,
  matchRoute,
  type RestGatewayOptions,
  type TokenVerifier,
} from './rest';

const ops = [
  defineOperation({
    name: 'echo',
    method: 'POST',
    path: '/api/things/{id}',
    auth: 'user',
    response: z.unknown(),
    summary: 'fixture',
    specRef: 'test',
  }),
  defineOperation({
    name: 'special',
    method: 'GET',
    path: '/api/things/special',
    auth: 'user',
    response: z.unknown(),
    summary: 'fixture without a handler file',
    specRef: 'test',
  }),
  defineOperation({
    name: 'echoPublic',
    method: 'GET',
    path: '/public/things',
    auth: 'public',
    response: z.unknown(),
    summary: 'fixture',
    specRef: 'test',
  }),
  defineOperation({
    name: 'boom',
    method: 'GET',
    path: '/public/boom',
    auth: 'public',
    response: z.unknown(),
    summary: 'fixture',
    specRef: 'test',
  }),
];

/**
 * Starts a gateway over the fixture operations and handler files on a free port; each block passes
 * only what it varies (the verifier, jobs, rate limits).
 */
async function startFixtureGateway(
  options: Pick<RestGatewayOptions, 'verifier'> & Partial<RestGatewayOptions>,
): Promise<{ server: Server; base: string }> {
  const server = createRestGateway({
    operations: ops,
    ready: Promise.resolve(),
    logger: createLogger('silent'),
    logRequests: false,
    handlersDir: fileURLToPath(new URL('../test-fixtures/http', import.meta.url)),
    ...options,
  });
  return { server, base: `http://127.0.0.1:${await listen(server, 0, 'test gateway')}` };
}

const closeServer = (server: Server): Promise<void> => new Promise((r) => server.close(() => r()));

describe('route table', () => {
  it('tries literal segments before parameters, whatever the declaration order', () => {
    // Prepare
    const table = buildRouteTable(ops);
    // Act
    const literal = matchRoute(table, 'GET', '/api/things/special');
    const param = matchRoute(table, 'POST', '/api/things/abc%20d');
    // Assess
    expect(literal).toMatchObject({ kind: 'operation', operation: { name: 'special' }, params: {} });
    expect(param).toMatchObject({ kind: 'operation', operation: { name: 'echo' }, params: { id: 'abc d' } });
  });

  it('does not fall through to a parameter resource when the literal one lacks the method', () => {
    const table = buildRouteTable(ops);
    expect(matchRoute(table, 'POST', '/api/things/special')).toMatchObject({ kind: 'resource' });
    expect(matchRoute(table, 'GET', '/api/things/abc')).toMatchObject({ kind: 'resource' });
    expect(matchRoute(table, 'GET', '/api/nothing')).toEqual({ kind: 'none' });
  });

  it('refuses two operations on the same method and path', () => {
    expect(() => buildRouteTable([ops[0], { ...ops[0], name: 'other' }] as typeof ops)).toThrow(/Two operations/);
  });
});

describe('buildProxyEvent', () => {
  it('builds a REST proxy event with multi-value headers and query, params and claims', () => {
    // Prepare
    const raw = {
      method: 'POST',
      url: '/api/things/t1?a=1&a=2&b=x%20y',
      rawHeaders: ['Content-Type', 'application/json', 'X-Multi', 'one', 'X-Multi', 'two'],
      body: Buffer.from('{"k":"v"}'),
      sourceIp: '127.0.0.1',
    };
    // Act
    const event = buildProxyEvent(
      raw,
      { template: '/api/things/{id}', params: { id: 't1' } },
      { username: 'demo' },
      'r-1',
    );
    // Assess
    expect(event).toMatchObject({
      resource: '/api/things/{id}',
      path: '/api/things/t1',
      httpMethod: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Multi': 'two' },
      multiValueHeaders: { 'X-Multi': ['one', 'two'] },
      queryStringParameters: { a: '2', b: 'x y' },
      multiValueQueryStringParameters: { a: ['1', '2'], b: ['x y'] },
      pathParameters: { id: 't1' },
      stageVariables: null,
      body: '{"k":"v"}',
      isBase64Encoded: false,
      requestContext: {
        stage: 'local',
        requestId: 'r-1',
        resourcePath: '/api/things/{id}',
        path: '/local/api/things/t1',
        authorizer: { claims: { username: 'demo' } },
        identity: { sourceIp: '127.0.0.1' },
      },
    });
  });

  it('keeps query and header names such as __proto__ and constructor as plain entries (the fuzz found a 502)', () => {
    // Act
    const event = buildProxyEvent(
      {
        method: 'GET',
        url: '/x?constructor=1&__proto__=2&toString=3&constructor=4',
        rawHeaders: ['constructor', 'h', '__proto__', 'p'],
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      },
      { template: '/x', params: {} },
      null,
      'r-3',
    );

    // Assess
    expect(Object.entries(event.queryStringParameters ?? {})).toEqual([
      ['constructor', '4'],
      ['__proto__', '2'],
      ['toString', '3'],
    ]);
    expect(Object.entries(event.multiValueQueryStringParameters ?? {})).toEqual([
      ['constructor', ['1', '4']],
      ['__proto__', ['2']],
      ['toString', ['3']],
    ]);
    expect(Object.entries(event.multiValueHeaders)).toEqual([
      ['constructor', ['h']],
      ['__proto__', ['p']],
    ]);
    expect(Object.getPrototypeOf(event.queryStringParameters)).toBe(Object.prototype);
  });

  it('base64-encodes multipart bodies and leaves empty parts null', () => {
    const multipart = buildProxyEvent(
      {
        method: 'POST',
        url: '/x',
        rawHeaders: ['content-type', 'multipart/form-data; boundary=b'],
        body: Buffer.from([0xff, 0x00, 0x41]),
        sourceIp: '127.0.0.1',
      },
      { template: '/x', params: {} },
      null,
      'r-2',
    );
    expect(multipart.isBase64Encoded).toBe(true);
    expect(Buffer.from(multipart.body as string, 'base64')).toEqual(Buffer.from([0xff, 0x00, 0x41]));
    expect(multipart.queryStringParameters).toBeNull();
    expect(multipart.pathParameters).toBeNull();
    expect(multipart.requestContext.authorizer).toBeNull();

    const empty = buildProxyEvent(
      { method: 'GET', url: '/x', rawHeaders: [], body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      { template: '/x', params: {} },
      null,
      'r-3',
    );
    expect(empty.body).toBeNull();
    expect(empty.isBase64Encoded).toBe(false);
  });
});

describe('REST gateway', () => {
  let server: Server;
  let base: string;
  const verifier: TokenVerifier = async (token) =>
    token === 'good'
      ? { ok: true, claims: { username: 'demo', sub: 'sub-1' } }
      : token === 'old'
        ? { ok: false, reason: 'expired' }
        : { ok: false, reason: 'invalid' };

  beforeAll(async () => {
    ({ server, base } = await startFixtureGateway({ verifier: async () => verifier }));
  });
  afterAll(() => closeServer(server));

  it.each([
    ['no token', undefined, 'Unauthorized'],
    ['a bad token', 'Bearer nope', 'Unauthorized'],
    ['an expired token', 'Bearer old', 'The incoming token has expired'],
  ])('answers 401 for %s before any handler runs', async (_label, authorization, message) => {
    // Act
    const res = await fetch(`${base}/api/things/t1`, {
      method: 'POST',
      headers: authorization ? { authorization } : {},
    });
    // Assess
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('runs the handler with the proxy event, the claims as strings and a Lambda context', async () => {
    // Act
    const res = await fetch(`${base}/api/things/t%201?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer good', 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('x-fixture')).toBe('echo');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { event: Record<string, unknown>; context: Record<string, unknown> };
    expect(body.event).toMatchObject({
      resource: '/api/things/{id}',
      pathParameters: { id: 't 1' },
      queryStringParameters: { x: '1' },
      body: '{"hello":"world"}',
      requestContext: { authorizer: { claims: { username: 'demo', sub: 'sub-1' } } },
    });
    expect(body.context.functionName).toBe('bidgrid-local-echo');
    expect(body.context.remainingMs).toBeGreaterThan(28_000);
  });

  it('decodes base64 replies and passes multi-value headers', async () => {
    const res = await fetch(`${base}/public/things?q=find`);
    expect(res.status).toBe(201);
    expect(res.headers.get('x-seen-query')).toBe('find');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('answers 501 with the envelope for an operation without a handler file', async () => {
    const res = await fetch(`${base}/api/things/special`, { headers: { authorization: 'Bearer good' } });
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({ success: false, payload: null, error: 'Not implemented yet' });
  });

  it('answers 404 for unknown routes and methods', async () => {
    const unknown = await fetch(`${base}/api/unknown`);
    const wrongMethod = await fetch(`${base}/public/things`, { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    expect(wrongMethod.status).toBe(404);
  });

  it('answers 400 for a path parameter that cannot be decoded', async () => {
    const res = await fetch(`${base}/api/things/%E0%A4%A`, {
      method: 'POST',
      headers: { authorization: 'Bearer good' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Bad Request' });
  });

  it('answers 502 without details when a handler throws', async () => {
    const res = await fetch(`${base}/public/boom`);
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toContain('secret');
  });

  it("sends no-store and nosniff on the gateway's own replies and on the handlers'", async () => {
    // Act
    const replies = await Promise.all([
      fetch(`${base}/api/things/t1`, { method: 'POST' }),
      fetch(`${base}/api/unknown`),
      fetch(`${base}/public/boom`),
      fetch(`${base}/api/things/special`, { headers: { authorization: 'Bearer good' } }),
      fetch(`${base}/public/things?q=find`),
      fetch(`${base}/api/things/t1`, { method: 'OPTIONS' }),
    ]);
    // Assess
    expect(replies.map((r) => r.status)).toEqual([401, 404, 502, 501, 201, 204]);
    for (const reply of replies) {
      expect(reply.headers.get('cache-control'), reply.url).toBe('no-store');
      expect(reply.headers.get('x-content-type-options'), reply.url).toBe('nosniff');
    }
  });

  it('answers CORS preflights for known paths with their methods', async () => {
    // Act
    const res = await fetch(`${base}/api/things/t1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-headers': 'authorization,content-type' },
    });
    const unknown = await fetch(`${base}/api/unknown`, { method: 'OPTIONS' });
    // Assess
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(unknown.status).toBe(404);
  });
});

describe('local job route', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    ({ server, base } = await startFixtureGateway({
      verifier: async () => async () => ({ ok: false, reason: 'invalid' }),
      jobs: {
        schedules: [
          { name: 'counter', handlerFile: 'counter.job.ts', cloudSchedule: 'rate(1 day)', localIntervalMs: 60_000 },
        ],
        jobsDir: fileURLToPath(new URL('../test-fixtures/jobs', import.meta.url)),
      },
    }));
  });
  afterAll(() => closeServer(server));

  it('runs a scheduled job now with a scheduled event, and says when it failed', async () => {
    // Prepare
    const probe = jobProbe();
    const before = probe.runs;

    // Act
    const ok = await fetch(`${base}${LOCAL_JOBS_PATH}counter`, { method: 'POST' });
    probe.fail = true;
    const failed = await fetch(`${base}${LOCAL_JOBS_PATH}counter`, { method: 'POST' });
    probe.fail = false;

    // Assess
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ job: 'counter', result: null });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ job: 'counter', error: 'job failed on purpose' });
    expect(probe.runs).toBe(before + 2);
    expect(probe.lastDetailType).toBe('Scheduled Event');
  });

  it('answers 404 for an unknown job and 405 for another method', async () => {
    expect((await fetch(`${base}${LOCAL_JOBS_PATH}nope`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}${LOCAL_JOBS_PATH}counter`)).status).toBe(405);
  });
});

describe('rate limits', () => {
  let server: Server;
  let base: string;
  const verifier: TokenVerifier = async (token) =>
    token === 'demo' || token === 'rival'
      ? { ok: true, claims: { username: token, sub: `sub-${token}` } }
      : { ok: false, reason: 'invalid' };
  const limits = { perUser: { requests: 3, windowSeconds: 60 }, perIp: { requests: 2, windowSeconds: 60 } };

  beforeAll(async () => {
    ({ server, base } = await startFixtureGateway({ verifier: async () => verifier, rateLimits: limits }));
  });
  afterAll(() => closeServer(server));

  const asUser = (token: string) =>
    fetch(`${base}/api/things/t1`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const setLimits = (body: unknown) =>
    fetch(`${base}${LOCAL_RATE_LIMITS_PATH}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers 429 with the envelope and Retry-After to a user over the limit, while another user goes on', async () => {
    // Prepare
    await setLimits(limits);

    // Act
    const demo = [await asUser('demo'), await asUser('demo'), await asUser('demo'), await asUser('demo')];
    const rival = await asUser('rival');

    // Assess: 3 a minute, so the next one is 20 s away
    expect(demo.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    const refused = demo[3] as Response;
    expect(await refused.json()).toEqual({ success: false, payload: null, error: TOO_MANY_REQUESTS_ERROR });
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(rival.status).toBe(200);
  });

  it("checks the token before the limit: a bad token is 401, and does not use up anybody's budget", async () => {
    // Prepare
    await setLimits(limits);

    // Act
    const bad = await Promise.all(Array.from({ length: 5 }, () => asUser('forged')));
    const demo = await asUser('demo');

    // Assess
    expect(bad.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(demo.status).toBe(200);
  });

  it('limits public operations per source IP', async () => {
    // Prepare
    await setLimits(limits);

    // Act
    const replies = [
      await fetch(`${base}/public/things`),
      await fetch(`${base}/public/things`),
      await fetch(`${base}/public/things`),
    ];

    // Assess
    expect(replies.map((r) => r.status)).toEqual([201, 201, 429]);
    expect(await replies[2]?.json()).toEqual({ success: false, payload: null, error: TOO_MANY_REQUESTS_ERROR });
    expect(replies[2]?.headers.get('retry-after')).toBe('30');
  });

  it('leaves CORS preflights alone', async () => {
    // Prepare
    await setLimits(limits);

    // Act
    const preflights = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${base}/public/things`, { method: 'OPTIONS' })),
    );

    // Assess
    expect(preflights.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
  });

  it('shows and changes its limits through the local route, refusing bad ones', async () => {
    // Prepare
    await setLimits(limits);
    for (let i = 0; i < 3; i++) await asUser('demo');

    // Act
    const shown = await fetch(`${base}${LOCAL_RATE_LIMITS_PATH}`);
    const raised = await setLimits({ perUser: { requests: 100, windowSeconds: 1 } });
    const afterRaise = await asUser('demo');
    const bad = await setLimits({ perUser: { requests: -1, windowSeconds: 60 } });
    const wrongMethod = await fetch(`${base}${LOCAL_RATE_LIMITS_PATH}`, { method: 'DELETE' });

    // Assess: a partial change keeps the other limit
    expect(await shown.json()).toEqual(limits);
    expect(raised.status).toBe(200);
    expect(await raised.json()).toEqual({ ...limits, perUser: { requests: 100, windowSeconds: 1 } });
    expect(afterRaise.status).toBe(200);
    expect(bad.status).toBe(400);
    expect(wrongMethod.status).toBe(405);
  });
});

describe('the API description', () => {
  const verifier = async (): Promise<TokenVerifier> => async () => ({ ok: false, reason: 'invalid' });
  let gateway: { server: Server; base: string };
  let plain: { server: Server; base: string };

  beforeAll(async () => {
    gateway = await startFixtureGateway({
      verifier,
      apiDocs: {
        urls: Promise.resolve({ apiUrl: 'http://127.0.0.1:4999', wsUrl: 'ws://127.0.0.1:4998/local' }),
        features: { things: Object.fromEntries(ops.slice(0, 2).map((op) => [op.name, op])) },
      },
    });
    plain = await startFixtureGateway({ verifier });
  });
  afterAll(async () => {
    await closeServer(gateway.server);
    await closeServer(plain.server);
  });

  it('serves the OpenAPI document of its operations, the ones without a handler file marked 501', async () => {
    // Act
    const res = await fetch(`${gateway.base}/openapi.json`);
    const document = (await res.json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string; 'x-implemented': boolean; responses: object }>>;
    };
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers[0]?.url).toBe('http://127.0.0.1:4999');
    expect(document.paths['/api/things/{id}']?.['post']).toMatchObject({ operationId: 'echo', 'x-implemented': true });
    expect(document.paths['/api/things/special']?.['get']).toMatchObject({
      operationId: 'special',
      'x-implemented': false,
    });
    expect(document.paths['/api/things/special']?.['get']?.responses).toHaveProperty('501');
  });

  it('serves the reference pages with their policy: no script, the stylesheet by hash', async () => {
    // Act
    const index = await fetch(`${gateway.base}/reference`);
    const feature = await fetch(`${gateway.base}/reference/things`);
    const unknown = await fetch(`${gateway.base}/reference/nothing-here`);
    const html = await feature.text();
    // Assess
    for (const res of [index, feature]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; /);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await index.text()).toContain('href="/reference/things#op-echo"');
    expect(html).toContain('id="op-echo"');
    expect(html).toContain('id="op-special"');
    expect(unknown.status).toBe(404);
  });

  it('answers HEAD without a body, refuses other methods, and is absent from a gateway without it', async () => {
    // Act
    const head = await fetch(`${gateway.base}/reference`, { method: 'HEAD' });
    const post = await fetch(`${gateway.base}/openapi.json`, { method: 'POST', body: '{}' });
    const absent = await fetch(`${plain.base}/openapi.json`);
    // Assess
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await head.text()).toBe('');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(absent.status).toBe(404);
  });
});
