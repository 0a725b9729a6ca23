import '../test-env';
import { createHmac } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import {
  GENERIC_REQUEST_ERROR,
  MISSING_BODY_ERROR,
  UNSUPPORTED_FORM_MEDIA_TYPE_ERROR,
  UNSUPPORTED_JSON_MEDIA_TYPE_ERROR,
} from '@bidgrid/shared/api/envelope';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import { defineOperation } from '@bidgrid/shared/api/operation';
import { nowMs } from '@bidgrid/shared/clock';
import { setEnvironmentForTests } from '../kernel/config';
import { apiEvent, lambdaContext } from '../test-events';
import { ConflictError, VendorError } from '../kernel/errors';
import { httpHandler, resetCallerCacheForTests } from './http';
import { hubspotSignatureV3 } from '../kernel/hubspot-signature';
import { readFormBody } from '../kernel/multipart';
import { signedRequests } from './signed-request-guard';
import type { HttpInput } from './http';

const ddbMock = mockClient(DynamoDBDocumentClient);

const echo = defineOperation({
  name: 'echoThing',
  method: 'POST',
  path: '/api/thing/{id}',
  auth: 'user',
  params: z.object({ id: z.string().check(z.startsWith('thing-', 'Must be a thing id')) }),
  query: z.object({ limit: z.optional(z.coerce.number().check(z.int(), z.lte(100))) }),
  body: z.object({
    name: z.string().check(z.minLength(1, 'Required field.')),
    email: z.email('Wrong format, enter valid email'),
  }),
  response: z.object({
    id: z.string(),
    name: z.string(),
    agencyId: z.string(),
    username: z.string(),
    limit: z.optional(z.number()),
  }),
  summary: 'Test operation',
  specRef: 'test',
});

const publicOp = defineOperation({
  name: 'publicThing',
  method: 'GET',
  path: '/public/thing',
  auth: 'public',
  response: z.object({ ok: z.boolean() }),
  summary: 'Public test operation',
  specRef: 'test',
});

const upload = defineOperation({
  name: 'uploadThing',
  method: 'POST',
  path: '/api/upload',
  auth: 'user',
  bodyKind: 'form',
  body: z.object({ adGroupId: z.string().check(z.minLength(1)) }),
  response: z.object({
    adGroupId: z.string(),
    files: z.array(z.object({ name: z.string(), type: z.string(), size: z.number() })),
  }),
  summary: 'Form test operation',
  specRef: 'test',
});

const echoHandler = httpHandler(echo, async ({ params, query, body, caller }: HttpInput<typeof echo>) => ({
  id: params.id,
  name: body.name,
  agencyId: caller.agencyId,
  username: caller.username,
  ...(query.limit === undefined ? {} : { limit: query.limit }),
}));

const validBody = JSON.stringify({ name: 'Acme', email: 'ops@acme.test' });

function parse(result: { body: string }): TEnvelope<Record<string, unknown>> {
  return JSON.parse(result.body) as TEnvelope<Record<string, unknown>>;
}

/** Posts the valid echo body with the given Content-Type: the media-type cases differ only there. */
function postValidBodyAs(contentType: string) {
  return echoHandler.handler(
    apiEvent({
      method: 'POST',
      pathParameters: { id: 'thing-1' },
      headers: { 'Content-Type': contentType },
      body: validBody,
    }),
    lambdaContext(),
  );
}

function givenUserAgency(username: string, agencyId: string | null): void {
  ddbMock
    .on(GetCommand, { Key: { pk: `USER#${username}`, sk: 'USER' } })
    .resolves(agencyId ? { Item: { agencyId } } : {});
}

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
});

afterEach(() => {
  ddbMock.reset();
});

describe('httpHandler', () => {
  it('runs the use case with validated input and the caller from the token, in the envelope', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const event = apiEvent({
      method: 'POST',
      pathParameters: { id: 'thing-1' },
      queryStringParameters: { limit: '5' },
      headers: { 'content-type': 'application/json' },
      body: validBody,
      claims: { username: 'Demo', sub: 's', token_use: 'access' },
    });

    // Act
    const result = await echoHandler.handler(event, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(200);
    expect(parse(result)).toEqual({
      success: true,
      payload: { id: 'thing-1', name: 'Acme', agencyId: 'bgAgency-demo', username: 'demo', limit: 5 },
      error: null,
    });
    expect(result.headers?.['Access-Control-Allow-Origin']).toBe('*');
    expect(result.headers?.['Content-Type']).toBe('application/json');
  });

  it('answers 400 with field errors for params, query and body together', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const event = apiEvent({
      method: 'POST',
      pathParameters: { id: 'other-1' },
      queryStringParameters: { limit: '1000' },
      body: JSON.stringify({ name: '', email: 'nope' }),
    });

    // Act
    const result = await echoHandler.handler(event, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(400);
    const envelope = parse(result);
    expect(envelope.success).toBe(false);
    expect(envelope.payload).toBeNull();
    expect(envelope.fieldErrors).toMatchObject({
      id: ['Must be a thing id'],
      name: ['Required field.'],
      email: ['Wrong format, enter valid email'],
    });
    expect(envelope.fieldErrors?.['limit']).toHaveLength(1);
    expect(envelope.error).toContain('name: Required field.');
    expect(envelope.error).toContain('email: Wrong format, enter valid email');
  });

  it.each([
    ['no body', null],
    ['an empty body', ''],
    ['a body that is not JSON', '{"name": '],
  ])('answers 400 with the missing-body text for %s', async (_case, body) => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');

    // Act
    const result = await echoHandler.handler(
      apiEvent({ method: 'POST', pathParameters: { id: 'thing-1' }, body }),
      lambdaContext(),
    );

    // Assess
    expect(result.statusCode).toBe(400);
    expect(parse(result)).toEqual({ success: false, payload: null, error: MISSING_BODY_ERROR });
  });

  it('reads a base64-encoded JSON body', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');

    // Act
    const result = await echoHandler.handler(
      apiEvent({
        method: 'POST',
        pathParameters: { id: 'thing-2' },
        body: Buffer.from(validBody).toString('base64'),
        isBase64Encoded: true,
      }),
      lambdaContext(),
    );

    // Assess
    expect(result.statusCode).toBe(200);
    expect(parse(result).payload).toMatchObject({ id: 'thing-2', name: 'Acme' });
  });

  it('answers 401 when a user operation arrives without claims', async () => {
    // Act
    const result = await echoHandler.handler(
      apiEvent({ method: 'POST', pathParameters: { id: 'thing-1' }, body: validBody, claims: null }),
      lambdaContext(),
    );

    // Assess
    expect(result.statusCode).toBe(401);
    expect(parse(result)).toEqual({ success: false, payload: null, error: 'Unauthorized' });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers 403 when the user has no agency, and asks again on the next request', async () => {
    // Prepare
    givenUserAgency('demo', null);
    const event = () => apiEvent({ method: 'POST', pathParameters: { id: 'thing-1' }, body: validBody });

    // Act
    const first = await echoHandler.handler(event(), lambdaContext());
    givenUserAgency('demo', 'bgAgency-new');
    const second = await echoHandler.handler(event(), lambdaContext());

    // Assess
    expect(first.statusCode).toBe(403);
    expect(parse(first).error).toBe('Your user is not assigned to an agency.');
    expect(second.statusCode).toBe(200);
    expect(parse(second).payload).toMatchObject({ agencyId: 'bgAgency-new' });
  });

  it('caches the user -> agency look-up per warm Lambda', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const event = () => apiEvent({ method: 'POST', pathParameters: { id: 'thing-1' }, body: validBody });

    // Act
    await echoHandler.handler(event(), lambdaContext());
    await echoHandler.handler(event(), lambdaContext());

    // Assess
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
  });

  it('answers configured origins: the request origin when listed, else the first', async () => {
    // Prepare
    setEnvironmentForTests({ CORS_ORIGIN: 'https://app.bidgrid.test,https://admin.bidgrid.test' });
    const ok = httpHandler(publicOp, async () => ({ ok: true }));

    try {
      // Act
      const listed = await ok.handler(
        apiEvent({ claims: null, headers: { Origin: 'https://admin.bidgrid.test' } }),
        lambdaContext(),
      );
      const other = await ok.handler(
        apiEvent({ claims: null, headers: { Origin: 'https://evil.test' } }),
        lambdaContext(),
      );

      // Assess
      expect(listed.headers?.['Access-Control-Allow-Origin']).toBe('https://admin.bidgrid.test');
      expect(other.headers?.['Access-Control-Allow-Origin']).toBe('https://app.bidgrid.test');
      expect(other.headers?.['Vary']).toBe('Origin');
    } finally {
      setEnvironmentForTests({ CORS_ORIGIN: '' });
    }
  });

  it('answers every reply, success, refusal or failure, with no-store and nosniff', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const failing = httpHandler(publicOp, async () => {
      throw new Error('boom');
    });
    const claims = { username: 'demo', sub: 's', token_use: 'access' };
    const post = (body: string) =>
      apiEvent({
        method: 'POST',
        pathParameters: { id: 'thing-1' },
        headers: { 'content-type': 'application/json' },
        body,
        claims,
      });

    // Act
    const replies = [
      await echoHandler.handler(post(validBody), lambdaContext()),
      await echoHandler.handler(post('{"name":""}'), lambdaContext()),
      await echoHandler.handler(
        apiEvent({
          method: 'POST',
          pathParameters: { id: 'thing-1' },
          claims: null,
          body: validBody,
          headers: { 'content-type': 'application/json' },
        }),
        lambdaContext(),
      ),
      await failing.handler(apiEvent({ claims: null }), lambdaContext()),
    ];

    // Assess
    expect(replies.map((r) => r.statusCode)).toEqual([200, 400, 401, 500]);
    for (const r of replies) {
      expect(r.headers).toMatchObject({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    }
  });

  it('maps typed errors to their status and user message', async () => {
    // Prepare
    const conflicting = httpHandler(publicOp, async () => {
      throw new ConflictError('This agency already exists.');
    });

    // Act
    const result = await conflicting.handler(apiEvent({ claims: null }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(409);
    expect(parse(result)).toEqual({ success: false, payload: null, error: 'This agency already exists.' });
    expect(result.headers?.['Access-Control-Allow-Origin']).toBe('*');
  });

  it('answers 500 with the generic text and no details for unknown errors', async () => {
    // Prepare
    const failing = httpHandler(publicOp, async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.1:8000 table bidgrid-secret-table');
    });

    // Act
    const result = await failing.handler(apiEvent({ claims: null }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(500);
    expect(parse(result)).toEqual({ success: false, payload: null, error: GENERIC_REQUEST_ERROR });
    expect(result.body).not.toContain('ECONNREFUSED');
  });

  it('answers 502 with the generic text when a vendor fails', async () => {
    // Prepare
    const failing = httpHandler(publicOp, async () => {
      throw new VendorError('bidder', 'HTTP 503 from /rest/campaign: upstream token abc expired');
    });

    // Act
    const result = await failing.handler(apiEvent({ claims: null }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(502);
    expect(parse(result).error).toBe(GENERIC_REQUEST_ERROR);
    expect(result.body).not.toContain('bidder');
  });

  it('answers 500 when the payload breaks the response schema (outside prod)', async () => {
    // Prepare
    const broken = httpHandler(publicOp, async () => ({ ok: 'yes' }) as unknown as { ok: boolean });

    // Act
    const result = await broken.handler(apiEvent({ claims: null }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(500);
    expect(parse(result).error).toBe(GENERIC_REQUEST_ERROR);
  });

  it('throws on caller.username in a public operation (a handler bug, answered 500)', async () => {
    // Prepare
    const buggy = httpHandler(publicOp, async ({ caller }) => ({ ok: caller.username.length > 0 }));

    // Act
    const result = await buggy.handler(apiEvent({ claims: { username: 'demo' } }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(500);
  });

  it('takes a form body reader for a form operation only, checked when the handler module loads', () => {
    expect(() => httpHandler(upload, async () => ({ adGroupId: 'x', files: [] }))).toThrow(
      'uploadThing (form body): pass { form: readFormBody }',
    );
    expect(() => httpHandler(echo, async () => ({}) as never, { form: readFormBody })).toThrow(
      'only form operations take { form: readFormBody }',
    );
  });

  it('parses a multipart form body into fields and files', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const formHandler = httpHandler(
      upload,
      async ({ body, files }) => ({
        adGroupId: body.adGroupId,
        files: files.map((f) => ({ name: f.fileName, type: f.contentType, size: f.data.length })),
      }),
      { form: readFormBody },
    );
    const boundary = '----bg-test';
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="adGroupId"\r\n\r\nbg-ad-group-1\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    // Act
    const result = await formHandler.handler(
      apiEvent({
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body: multipart.toString('base64'),
        isBase64Encoded: true,
      }),
      lambdaContext(),
    );

    // Assess
    expect(result.statusCode).toBe(200);
    expect(parse(result).payload).toEqual({
      adGroupId: 'bg-ad-group-1',
      files: [{ name: 'banner.png', type: 'image/png', size: png.length }],
    });
  });

  it('answers 415 for a form operation called with JSON', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const formHandler = httpHandler(upload, async ({ body }) => ({ adGroupId: body.adGroupId, files: [] }), {
      form: readFormBody,
    });

    // Act
    const result = await formHandler.handler(
      apiEvent({ method: 'POST', body: JSON.stringify({ adGroupId: 'x' }) }),
      lambdaContext(),
    );

    // Assess
    expect(result.statusCode).toBe(415);
    expect(parse(result)).toEqual({ success: false, payload: null, error: UNSUPPORTED_FORM_MEDIA_TYPE_ERROR });
  });

  it('answers 400 for a multipart body without a boundary', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const formHandler = httpHandler(upload, async ({ body }) => ({ adGroupId: body.adGroupId, files: [] }), {
      form: readFormBody,
    });

    // Act
    const result = await formHandler.handler(
      apiEvent({ method: 'POST', headers: { 'Content-Type': 'multipart/form-data' }, body: 'adGroupId=x' }),
      lambdaContext(),
    );

    // Assess
    expect(result.statusCode).toBe(400);
    expect(parse(result).error).toBe(MISSING_BODY_ERROR);
  });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form encoding', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['JSON in another charset', 'application/json; charset=iso-8859-1'],
    ['a look-alike type', 'application/jsonp'],
  ])('answers 415 with the envelope for a JSON body sent as %s, before running anything', async (_case, type) => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');

    // Act
    const result = await postValidBodyAs(type);

    // Assess
    expect(result.statusCode).toBe(415);
    expect(parse(result)).toEqual({ success: false, payload: null, error: UNSUPPORTED_JSON_MEDIA_TYPE_ERROR });
    expect(result.headers?.['Access-Control-Allow-Origin']).toBe('*');
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers 415 for a body without any Content-Type', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');
    const event = apiEvent({ method: 'POST', pathParameters: { id: 'thing-1' }, body: validBody });
    event.headers = {};

    // Act
    const result = await echoHandler.handler(event, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(415);
  });

  it.each([
    ['JSON with a UTF-8 charset', 'Application/JSON; Charset="utf-8"'],
    ['a +json type', 'application/vnd.bidgrid+json'],
  ])('accepts %s', async (_case, type) => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');

    // Act
    const result = await postValidBodyAs(type);

    // Assess
    expect(result.statusCode).toBe(200);
  });

  it('ignores the Content-Type of a request without a body', async () => {
    // Prepare
    givenUserAgency('demo', 'bgAgency-demo');

    // Act
    const result = await echoHandler.handler(
      apiEvent({ method: 'POST', pathParameters: { id: 'thing-1' }, headers: { 'Content-Type': 'text/plain' } }),
      lambdaContext(),
    );

    // Assess: the missing body is the problem, not its type.
    expect(result.statusCode).toBe(400);
    expect(parse(result).error).toBe(MISSING_BODY_ERROR);
  });

  it('exposes the raw function, which throws typed errors instead of answering', async () => {
    // Prepare
    const event = {
      ...apiEvent({ claims: null, pathParameters: { id: 'thing-1' } }),
      parsedBody: { name: 'A', email: 'a@b.co' },
    };

    // Act
    const act = echoHandler.raw(event, lambdaContext());

    // Assess
    await expect(act).rejects.toMatchObject({ status: 401 });
  });
});

describe('signed public operations: the signature before anything else', () => {
  const HUBSPOT_SECRET = 'hubspot-app-secret';
  const STRIPE_SECRET = 'whsec_http_test';
  setEnvironmentForTests({
    SECRET_HUBSPOT_CLIENT_SECRET: HUBSPOT_SECRET,
    SECRET_STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
  });

  const hubspotOp = defineOperation({
    name: 'hubspotThing',
    method: 'PUT',
    path: '/public/crmcard/thing',
    auth: 'hubspot-signed',
    query: z.object({ portalId: z.coerce.number().check(z.int(), z.positive()) }),
    body: z.object({ active: z.boolean() }),
    response: z.object({ ran: z.literal(true) }),
    summary: 'HubSpot-signed test operation',
    specRef: 'test',
  });
  const stripeOp = defineOperation({
    name: 'stripeThing',
    method: 'POST',
    path: '/public/stripe/thing',
    auth: 'stripe-signed',
    body: z.object({ id: z.string().check(z.startsWith('evt_')), type: z.string().check(z.minLength(1)) }),
    response: z.object({ ran: z.literal(true) }),
    summary: 'Stripe-signed test operation',
    specRef: 'test',
  });
  let runs = 0;
  const ran = async () => {
    runs++;
    return { ran: true as const };
  };
  const hubspotHandler = httpHandler(hubspotOp, ran, { signed: signedRequests });
  const stripeHandler = httpHandler(stripeOp, ran, { signed: signedRequests });

  /** A HubSpot v3 request to the test operation, signed over `signedBody` (the sent body by default). */
  function hubspotEvent(body: string, options: { signedBody?: string; timestamp?: number; query?: string } = {}) {
    const query = options.query ?? 'portalId=4410001';
    const timestamp = String(options.timestamp ?? nowMs());
    const uri = `https://api.bidgrid.example/public/crmcard/thing${query ? `?${query}` : ''}`;
    const signature = hubspotSignatureV3(HUBSPOT_SECRET, {
      method: 'PUT',
      uri,
      body: options.signedBody ?? body,
      timestamp,
    });
    const params = new URLSearchParams(query);
    return {
      ...apiEvent({
        method: 'PUT',
        path: '/public/crmcard/thing',
        claims: null,
        body,
        queryStringParameters: Object.fromEntries(params),
        headers: {
          host: 'api.bidgrid.example',
          'x-forwarded-proto': 'https',
          'x-hubspot-signature-v3': signature,
          'x-hubspot-request-timestamp': timestamp,
        },
      }),
      multiValueQueryStringParameters: Object.fromEntries([...params.keys()].map((k) => [k, params.getAll(k)])),
    };
  }

  const stripeEvent = (body: string, signature: string | null) =>
    apiEvent({
      method: 'POST',
      path: '/public/stripe/thing',
      claims: null,
      body,
      headers: signature ? { 'stripe-signature': signature } : {},
    });

  /** A Stripe-Signature header as Stripe makes it (`t=...,v1=hex HMAC of "t.body"`). */
  const stripeHeader = (body: string, timestamp = Math.floor(nowMs() / 1000), secret = STRIPE_SECRET) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

  beforeEach(() => {
    runs = 0;
  });

  it('refuses to build the handler of a signed operation without the signature checks, and gives them to no other', () => {
    expect(() => httpHandler(hubspotOp, ran)).toThrow('hubspotThing (hubspot-signed): pass { signed: signedRequests }');
    expect(() => httpHandler(publicOp, ran as never, { signed: signedRequests })).toThrow(
      'publicThing (public): only signed operations take { signed: signedRequests }',
    );
  });

  it('answers 401, not 400, to a bad HubSpot signature on a bad body, and runs nothing', async () => {
    // Prepare: a body that fails the schema, signed over something else.
    const event = hubspotEvent('{"active":"maybe"}', { signedBody: '{"active":true}' });

    // Act
    const result = await hubspotHandler.handler(event, lambdaContext());

    // Assess
    expect(result.statusCode).toBe(401);
    expect(parse(result)).toMatchObject({ success: false, error: 'Unauthorized' });
    expect(parse(result).fieldErrors).toBeUndefined();
    expect(runs).toBe(0);
  });

  it('answers 401 to a bad HubSpot signature with a bad query, and 400 to a good one with a bad body', async () => {
    const badQuery = await hubspotHandler.handler(
      hubspotEvent('{"active":true}', { query: 'portalId=x', signedBody: '{}' }),
      lambdaContext(),
    );
    const signedButBad = await hubspotHandler.handler(hubspotEvent('{"active":"maybe"}'), lambdaContext());
    const good = await hubspotHandler.handler(hubspotEvent('{"active":true}'), lambdaContext());
    expect([badQuery.statusCode, signedButBad.statusCode, good.statusCode]).toEqual([401, 400, 200]);
    expect(Object.keys(parse(signedButBad).fieldErrors ?? {})).toEqual(['active']);
    expect(runs).toBe(1);
  });

  it('runs a signed write once: a replay of the same signed request answers the first reply and runs nothing', async () => {
    // Prepare: the app table's idempotency records, in memory.
    const table = new Map<string, Record<string, unknown>>();
    ddbMock.on(PutCommand).callsFake((input: PutCommandInput) => {
      const pk = String(input.Item?.['pk']);
      if (input.ConditionExpression && table.has(pk)) {
        throw new ConditionalCheckFailedException({ message: 'taken', $metadata: {} });
      }
      table.set(pk, input.Item ?? {});
      return {};
    });
    ddbMock.on(GetCommand).callsFake((input: { Key: { pk: string } }) => ({ Item: table.get(input.Key.pk) }));
    const sentAt = nowMs();
    const signed = () => hubspotEvent('{"active":true}', { timestamp: sentAt });

    // Act
    const first = await hubspotHandler.handler(signed(), lambdaContext());
    const replay = await hubspotHandler.handler(signed(), lambdaContext());
    const later = await hubspotHandler.handler(
      hubspotEvent('{"active":true}', { timestamp: sentAt + 1 }),
      lambdaContext(),
    );

    // Assess
    expect([first.statusCode, replay.statusCode, later.statusCode]).toEqual([200, 200, 200]);
    expect(replay.body).toBe(first.body);
    expect(replay.headers).toMatchObject({ 'Cache-Control': 'no-store' });
    expect(runs).toBe(2);
    expect([...table.keys()].every((pk) => pk.startsWith('IDEM#signed-request#hubspotThing#'))).toBe(true);
    expect(table.size).toBe(2);
  });

  it('answers 401, not 400, to a bad Stripe signature on a bad body, and runs nothing', async () => {
    const noSignature = await stripeHandler.handler(stripeEvent('{"id":"nope"}', null), lambdaContext());
    const wrongSecret = await stripeHandler.handler(
      stripeEvent('{"id":"nope"}', stripeHeader('{"id":"nope"}', undefined, 'whsec_other')),
      lambdaContext(),
    );
    expect([noSignature.statusCode, wrongSecret.statusCode]).toEqual([401, 401]);
    expect(parse(wrongSecret).fieldErrors).toBeUndefined();
    expect(runs).toBe(0);
  });

  it('answers 401, not 400 or 415, to an unsigned body that is no JSON, and 400 or 415 only once it is signed', async () => {
    // Prepare: invalid JSON, and JSON declared as text, each unsigned and signed.
    const notJson = '{"id": evt_1';
    const asText = (event: ReturnType<typeof stripeEvent>) => ({
      ...event,
      headers: { ...event.headers, 'Content-Type': 'text/plain' },
    });

    // Act
    const replies = await Promise.all([
      stripeHandler.handler(stripeEvent(notJson, null), lambdaContext()),
      stripeHandler.handler(asText(stripeEvent('{"id":"evt_1","type":"x"}', null)), lambdaContext()),
      hubspotHandler.handler(hubspotEvent(notJson, { signedBody: '{}' }), lambdaContext()),
      stripeHandler.handler(stripeEvent(notJson, stripeHeader(notJson)), lambdaContext()),
      stripeHandler.handler(
        asText(stripeEvent('{"id":"evt_1","type":"x"}', stripeHeader('{"id":"evt_1","type":"x"}'))),
        lambdaContext(),
      ),
    ]);

    // Assess
    expect(replies.map((r) => r.statusCode)).toEqual([401, 401, 401, 400, 415]);
    expect(parse(replies[0] as { body: string }).error).toBe('Invalid webhook signature.');
    expect(parse(replies[3] as { body: string }).error).toBe(MISSING_BODY_ERROR);
    expect(runs).toBe(0);
  });

  it('refuses Stripe signatures dated beyond the tolerance, in the past or in the future', async () => {
    const body = '{"id":"evt_1","type":"customer.created"}';
    const now = Math.floor(nowMs() / 1000);
    const replies = await Promise.all(
      [now - 301, now + 301, now + 3600, now + 30, now].map((t) =>
        stripeHandler.handler(stripeEvent(body, stripeHeader(body, t)), lambdaContext()),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([401, 401, 401, 200, 200]);
    expect(runs).toBe(2);
  });

  it('accepts a signature made by the Stripe SDK, and checks the body after it', async () => {
    const body = '{"id":"evt_2","type":"customer.created"}';
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_SECRET });
    const good = await stripeHandler.handler(stripeEvent(body, header), lambdaContext());
    const badBody = '{"id":"nope"}';
    const signedBadBody = await stripeHandler.handler(
      stripeEvent(badBody, Stripe.webhooks.generateTestHeaderString({ payload: badBody, secret: STRIPE_SECRET })),
      lambdaContext(),
    );
    expect([good.statusCode, signedBadBody.statusCode]).toEqual([200, 400]);
  });
});
