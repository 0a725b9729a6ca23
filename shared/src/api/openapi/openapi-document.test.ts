import { describe, expect, it } from 'vitest';
import * as z from '../../zod';
import { defineOperation, type AnyOperation, type AuthKind } from '../operation';
import { operationFeatures, operations } from '../operations';
import { realtimeEvents } from '../../realtime/events';
import {
  buildOpenApiDocument,
  featureTitle,
  type TOperationObject,
  type TParameter,
  type TRef,
  type TResponse,
} from './openapi-document';
import { openApiProblems, resolvePointer } from '../../test/openapi-structure';

const LOCAL = { apiUrl: 'http://127.0.0.1:4000', wsUrl: 'ws://127.0.0.1:4001/local', environment: 'local stack' };
const document = buildOpenApiDocument(LOCAL);

const operationOf = (op: AnyOperation): TOperationObject | undefined =>
  document.paths[op.path]?.[op.method.toLowerCase() as 'get'];

const refName = (value: TResponse | TRef | undefined): string | undefined =>
  value && '$ref' in value ? value.$ref.replace('#/components/responses/', '') : undefined;

/** A one-operation table for the rules that depend on an operation's shape. */
function documentOf(op: AnyOperation, isImplemented?: (op: AnyOperation) => boolean) {
  return buildOpenApiDocument({
    ...LOCAL,
    features: { test: { op } },
    events: [],
    ...(isImplemented ? { isImplemented } : {}),
  });
}

const probe = (auth: AuthKind, extra: Partial<Parameters<typeof defineOperation>[0]> = {}) =>
  defineOperation({
    name: 'probe',
    method: 'GET',
    path: auth === 'user' ? '/api/probe' : '/public/probe',
    auth,
    response: z.object({ ok: z.boolean() }),
    summary: 'A probe operation of the tests.',
    specRef: 'ours',
    ...extra,
  });

describe('the OpenAPI document of the operation table', () => {
  it('is a structurally valid OpenAPI 3.1 document', async () => {
    // Act
    const problems = await openApiProblems(document);
    // Assess
    expect(problems).toEqual([]);
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('survives JSON as it is: no undefined, function or class instance anywhere', () => {
    // Act
    const roundTrip: unknown = JSON.parse(JSON.stringify(document));
    // Assess
    expect(roundTrip).toEqual(document);
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    'has %s at its path and method, with its name, summary and feature tag',
    (_name, op) => {
      // Act
      const operation = operationOf(op);
      // Assess
      expect(operation?.operationId).toBe(op.name);
      expect(operation?.summary).toBe(op.summary);
      const feature = Object.entries(operationFeatures).find(([, ops]) => Object.values(ops).includes(op))?.[0];
      expect(operation?.tags).toEqual([featureTitle(feature ?? '')]);
      expect(operation?.['x-spec-ref']).toBe(op.specRef);
    },
  );

  it('has no operation the table lacks', () => {
    // Act
    const documented = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    // Assess
    expect(documented.sort()).toEqual(operations.map((op) => op.name).sort());
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    "gives %s's path and query parameters a schema each, path ones required",
    (_name, op) => {
      // Prepare
      const parameters = operationOf(op)?.parameters ?? [];
      const named = (where: TParameter['in']) => parameters.filter((p) => p.in === where);
      // Act
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      // Assess
      expect(named('path').map((p) => p.name)).toEqual(inPath);
      expect(
        named('query')
          .map((p) => p.name)
          .sort(),
      ).toEqual(Object.keys(op.query.shape).sort());
      for (const p of parameters) {
        expect(Object.keys(p.schema).length, `${op.name} ${p.name}`).toBeGreaterThan(0);
        if (p.in === 'path') expect(p.required).toBe(true);
      }
    },
  );

  it('marks a query parameter required exactly when the operation refuses a request without it', () => {
    for (const op of operations) {
      for (const parameter of (operationOf(op)?.parameters ?? []).filter((p) => p.in === 'query')) {
        // Prepare: the query's own field alone, so the other fields' rules do not decide
        const field = (op.query.shape as Record<string, z.ZodMiniType>)[parameter.name] as z.ZodMiniType;
        // Act
        const refusesAbsence = !z.object({ value: field }).safeParse({}).success;
        // Assess
        expect(parameter.required, `${op.name} ${parameter.name}`).toBe(refusesAbsence);
      }
    }
  });

  it('describes a body exactly where the operation takes one, in its media type, required as the handler requires it', () => {
    for (const op of operations) {
      // Prepare
      const body = operationOf(op)?.requestBody;
      const optional = op.body.safeParse(undefined).success;
      // Act
      const none = optional && z.toJSONSchema(op.body, { io: 'input' }).type === undefined;
      // Assess
      if (none) {
        expect(body, op.name).toBeUndefined();
        continue;
      }
      expect(body?.required, op.name).toBe(!optional);
      expect(Object.keys(body?.content ?? {}), op.name).toEqual([
        op.bodyKind === 'form' ? 'multipart/form-data' : 'application/json',
      ]);
    }
  });

  it('answers the envelope with the payload, and the next cursor on paged lists', () => {
    for (const op of operations) {
      // Act
      const success = operationOf(op)?.responses['200'] as TResponse | undefined;
      const schema = success?.content?.['application/json']?.schema as {
        properties: Record<string, unknown>;
        required: string[];
      };
      // Assess
      expect(Object.keys(schema.properties), op.name).toEqual(
        op.paged ? ['success', 'payload', 'error', 'nextCursor'] : ['success', 'payload', 'error'],
      );
      expect(schema.required, op.name).toEqual(Object.keys(schema.properties));
      expect(schema.properties['success']).toMatchObject({ const: true });
      expect(operationOf(op)?.['x-paged'], op.name).toEqual(op.paged);
    }
  });

  it('lists the error replies by who may call: the token 401 and 403 for users, the signature 401 for signed calls', () => {
    for (const op of operations) {
      // Act
      const responses = operationOf(op)?.responses ?? {};
      // Assess
      const expected401 = op.auth === 'user' ? 'Unauthorized' : op.auth === 'public' ? undefined : 'SignatureRefused';
      expect(refName(responses['401']), op.name).toBe(expected401);
      expect(refName(responses['403']), op.name).toBe(op.auth === 'user' ? 'Forbidden' : undefined);
      for (const status of ['429', '500', '502', '503', '504'])
        expect(responses[status], `${op.name} ${status}`).toBeDefined();
      for (const [status, response] of Object.entries(responses)) {
        const name = refName(response);
        if (name)
          expect(resolvePointer(document, `#/components/responses/${name}`), `${op.name} ${status}`).toBeDefined();
      }
    }
  });

  it('answers 400 only to operations that take input, and 413 and 415 only to those with a body', () => {
    // Prepare
    const noInput = probe('user');
    const withBody = probe('user', { method: 'POST', body: z.object({ name: z.string() }) });
    // Act
    const bare = documentOf(noInput).paths['/api/probe']?.get?.responses ?? {};
    const posted = documentOf(withBody).paths['/api/probe']?.post?.responses ?? {};
    // Assess
    expect(Object.keys(bare)).toEqual(['200', '401', '403', '429', '500', '502', '503', '504']);
    expect(Object.keys(posted).sort()).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '502', '503', '504'].sort(),
    );
  });

  it('names who may call each operation as security requirements', () => {
    // Prepare
    const expected: Record<AuthKind, unknown> = {
      user: [{ cognito: [] }],
      public: [],
      'hubspot-signed': [{ hubspotSignature: [], hubspotTimestamp: [] }],
      'hubspot-signed-or-ticket': [{ hubspotSignature: [], hubspotTimestamp: [] }, { pickerTicket: [] }],
      'stripe-signed': [{ stripeSignature: [] }],
    };
    for (const op of operations) {
      // Act
      const operation = operationOf(op);
      // Assess
      expect(operation?.security, op.name).toEqual(expected[op.auth]);
      expect(operation?.['x-auth']).toBe(op.auth);
    }
  });

  it('answers 501 and says so for an operation whose handler does not exist yet', () => {
    // Prepare
    const op = probe('user');
    // Act
    const missing = documentOf(op, () => false).paths['/api/probe']?.get;
    const present = documentOf(op, () => true).paths['/api/probe']?.get;
    const unknown = documentOf(op).paths['/api/probe']?.get;
    // Assess
    expect(refName(missing?.responses['501'])).toBe('NotImplemented');
    expect(missing?.['x-implemented']).toBe(false);
    expect(missing?.description).toContain('Not implemented yet');
    expect(present?.responses['501']).toBeUndefined();
    expect(present?.['x-implemented']).toBe(true);
    expect(unknown?.['x-implemented']).toBeUndefined();
  });

  it('keeps every entity as a named schema and refers to it', () => {
    // Act
    const campaign = operationOf(operations.find((op) => op.name === 'getCampaign') as AnyOperation);
    const schema = (campaign?.responses['200'] as TResponse).content?.['application/json']?.schema;
    // Assess
    expect(schema?.['properties']).toMatchObject({ payload: { $ref: '#/components/schemas/Campaign' } });
    expect(document.components.schemas['Campaign']).toMatchObject({ type: 'object' });
    expect(document.components.schemas['ErrorEnvelope']).toMatchObject({ required: ['success', 'payload', 'error'] });
  });

  it('describes every realtime event in x-websocket: its fields, reply and error events', () => {
    // Act
    const actions = document['x-websocket'].actions;
    // Assess
    expect(Object.keys(actions)).toEqual(realtimeEvents.map((event) => event.name));
    for (const event of realtimeEvents) {
      const action = actions[event.name];
      expect(action?.successEvent).toBe(event.successEvent);
      expect(action?.errorEvent).toBe(event.errorEvent);
      expect(action?.chunkedRequest).toBe(event.parts?.splitRequest !== undefined);
      expect(action?.reply['properties']).toMatchObject({ event: { const: event.successEvent } });
      expect(action?.message['allOf']).toContainEqual({
        type: 'object',
        properties: { action: { const: event.name } },
        required: ['action'],
      });
    }
    expect(document['x-websocket'].url).toBe(LOCAL.wsUrl);
  });

  it('serves from the given API URL, and keeps the version when only the URLs differ', () => {
    // Act
    const cloud = buildOpenApiDocument({
      apiUrl: 'https://abc.execute-api.us-east-1.amazonaws.com/dev',
      wsUrl: 'wss://def.execute-api.us-east-1.amazonaws.com/dev',
      environment: 'dev',
    });
    // Assess
    expect(document.servers).toEqual([{ url: LOCAL.apiUrl, description: 'The REST API (local stack)' }]);
    expect(cloud.servers[0]?.url).toBe('https://abc.execute-api.us-east-1.amazonaws.com/dev');
    expect(cloud.info.version).toBe(document.info.version);
  });

  it('changes the version when the contract changes', () => {
    // Prepare
    const before = documentOf(probe('user'));
    // Act
    const after = documentOf(probe('user', { query: z.object({ q: z.string().check(z.maxLength(10)) }) }));
    // Assess
    expect(after.info.version).not.toBe(before.info.version);
    expect(after.info.version).toMatch(/^1\.0\.0\+[0-9a-f]{8}$/);
  });

  it('declares every tag once, in the order of the features', () => {
    // Act
    const names = document.tags.map((tag) => tag.name);
    // Assess
    expect(names).toEqual(Object.keys(operationFeatures).map(featureTitle));
    expect(featureTitle('someNewFeature')).toBe('Some new feature');
  });
});
