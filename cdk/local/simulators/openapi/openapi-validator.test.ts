import { describe, expect, it } from 'vitest';
import { cutDocument } from './cut-openapi';
import { readFileSync } from 'node:fs';
import { disagreements } from './openapi-agreement';
import { HUBSPOT_DESCRIPTION } from './hubspot-openapi';
import { fromOpenApi30, OpenApiValidator, readDocuments } from './openapi-validator';
import { STRIPE_DESCRIPTION_FILE, stripeDescription } from './stripe-openapi';
import { hubspotDocumentsDir, vendorValidator } from './vendor-descriptions';

/** A small document in the vendors' style: refs, nullable, oneOf, enums, an error-only operation. */
const DOCUMENT = {
  openapi: '3.0.1',
  info: { title: 'test', version: 'v1' },
  paths: {
    '/things/{thingId}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          default: { $ref: '#/components/responses/Error' },
        },
      },
    },
    '/things/search': {
      post: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['results'],
                  properties: { results: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
                },
              },
            },
          },
        },
      },
    },
    '/things/revoke': { post: { responses: { default: { $ref: '#/components/responses/Error' } } } },
  },
  components: {
    responses: { Error: { content: { '*/*': { schema: { $ref: '#/components/schemas/Error' } } } } },
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'kind', 'size', 'updatedAt'],
        properties: {
          id: { type: 'string' },
          kind: { type: 'string', enum: ['a', 'b'] },
          size: { type: 'integer', nullable: true },
          updatedAt: { type: 'string', format: 'date-time' },
          owner: { oneOf: [{ $ref: '#/components/schemas/Person' }, { $ref: '#/components/schemas/Team' }] },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
      Person: { type: 'object', required: ['use'], properties: { use: { type: 'string', enum: ['person'] } } },
      Team: { type: 'object', required: ['use'], properties: { use: { type: 'string', enum: ['team'] } } },
      Error: {
        type: 'object',
        required: ['category', 'correlationId', 'message'],
        properties: { category: { type: 'string' }, correlationId: { type: 'string' }, message: { type: 'string' } },
      },
      Unused: { type: 'object' },
    },
  },
};

const validator = new OpenApiValidator({ 'test.json': DOCUMENT });
const NOW = '2026-11-26T08:00:00Z';
const thing = { id: 't1', kind: 'a', size: null, updatedAt: '2026-11-26T08:00:00Z', owner: { use: 'team' } };

describe('OpenApiValidator', () => {
  it('accepts a reply that matches, finding the operation by route pattern or by path', () => {
    expect(validator.check({ method: 'GET', path: '/things/t1', status: 200, body: thing })).toEqual({
      operation: 'GET /things/{thingId} (test.json)',
      errors: [],
    });
    expect(
      validator.check({
        method: 'POST',
        path: '/things/search',
        pattern: '/things/search',
        status: 200,
        body: { results: [thing] },
      }).errors,
    ).toEqual([]);
  });

  it('names where and which rule fails: required, type, enum, null, date-time, oneOf, map values', () => {
    // Act
    const verdict = validator.check({
      method: 'GET',
      path: '/things/t1',
      status: 200,
      body: { id: 1, kind: 'c', updatedAt: 'yesterday', owner: { use: 'robot' }, labels: { a: 1 } },
    });
    const nullId = validator.check({ method: 'GET', path: '/things/t1', status: 200, body: { ...thing, id: null } });

    // Assess
    expect(verdict.errors).toEqual([
      "$: must have required property 'size' (required)",
      '$.id: must be string, got number (type)',
      '$.kind: must be one of ["a","b"] (enum)',
      '$.updatedAt: must match format "date-time", got "yesterday" (format)',
      '$.owner.use: must be one of ["person"] (enum)',
      '$.owner.use: must be one of ["team"] (enum)',
      '$.owner: must match exactly one schema in oneOf (oneOf)',
      '$.labels.a: must be string, got number (type)',
    ]);
    expect(nullId.errors).toEqual(['$.id: must be string, got null (type)']);
  });

  it("holds errors and unknown routes against the vendor's error, and error-only operations to an empty success", () => {
    const error = { category: 'OBJECT_NOT_FOUND', correlationId: 'c', message: 'm' };
    expect(validator.check({ method: 'GET', path: '/things/t1', status: 404, body: error }).errors).toEqual([]);
    expect(validator.check({ method: 'GET', path: '/nothing', status: 404, body: { message: 'm' } }).errors).toEqual([
      "$: must have required property 'category' (required)",
      "$: must have required property 'correlationId' (required)",
    ]);
    expect(validator.check({ method: 'GET', path: '/nothing', status: 200, body: {} }).operation).toBeNull();
    expect(validator.check({ method: 'POST', path: '/things/revoke', status: 200, body: null }).errors).toEqual([]);
    expect(
      validator.check({ method: 'POST', path: '/things/revoke', status: 200, body: { ok: true } }).errors,
    ).toHaveLength(1);
    expect(validator.check({ method: 'POST', path: '/things/search', status: 500, body: error }).errors).toEqual([
      'status 500 is not described',
    ]);
  });

  it('cuts a document down to the kept operations and the components they reach', () => {
    // Act
    const cut = cutDocument(
      DOCUMENT,
      { file: 'x.json', repository: 'r', path: 'p', operations: [['GET', '/things/{thingId}']] },
      { repository: 'r', commit: 'c', path: 'p' },
    ) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
    };

    // Assess
    expect(Object.keys(cut.paths)).toEqual(['/things/{thingId}']);
    expect(Object.keys(cut.components.schemas).sort()).toEqual(['Error', 'Person', 'Team', 'Thing']);
    expect(Object.keys(cut.components.responses)).toEqual(['Error']);
    const patched = cutDocument(
      DOCUMENT,
      {
        file: 'x.json',
        repository: 'r',
        path: 'p',
        operations: [['GET', '/things/{thingId}']],
        patches: [{ at: '/components/schemas/Thing/properties/id/nullable', value: true, why: 'w' }],
      },
      {},
    ) as { 'x-patched': unknown[]; components: { schemas: { Thing: { properties: { id: unknown } } } } };
    expect(patched.components.schemas.Thing.properties.id).toEqual({ type: 'string', nullable: true });
    expect(patched['x-patched']).toHaveLength(1);
    expect(DOCUMENT.components.schemas.Thing.properties.id).toEqual({ type: 'string' });
    expect(() =>
      cutDocument(DOCUMENT, { file: 'x.json', repository: 'r', path: 'p', operations: [['GET', '/missing']] }, {}),
    ).toThrow(/GET \/missing/);
  });
});

describe('fromOpenApi30', () => {
  it('turns nullable into a null type or alternative, boolean bounds into numbers, and drops what 3.0 adds', () => {
    // Act
    const converted = fromOpenApi30(
      {
        type: 'object',
        'x-described-loosely': 'why',
        example: { a: 'x' },
        properties: {
          'x-request-id': { type: 'string', nullable: true, enum: ['a'] },
          card: { anyOf: [{ $ref: '#/components/schemas/Card' }], nullable: true },
          size: { type: 'integer', minimum: 1, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
          owner: { $ref: '#/components/schemas/Person', description: 'ignored beside $ref in 3.0' },
        },
      },
      'doc',
    );

    // Assess
    expect(converted).toEqual({
      type: 'object',
      properties: {
        'x-request-id': { type: ['string', 'null'], enum: ['a', null] },
        card: { anyOf: [{ anyOf: [{ $ref: 'doc#/$defs/Card' }] }, { type: 'null' }] },
        size: { type: 'integer', exclusiveMinimum: 1, maximum: 9 },
        owner: { $ref: 'doc#/$defs/Person' },
      },
    });
  });

  it("lets a reply's nullable fields be null, and nothing else that breaks them", () => {
    // Prepare
    const nullable = new OpenApiValidator({
      'n.json': {
        paths: {
          '/n': {
            get: {
              responses: {
                '200': {
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: {
                          tax: { anyOf: [{ type: 'string', enum: ['none'] }], nullable: true },
                          count: { type: 'integer', nullable: true },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    const reply = (body: unknown) => nullable.check({ method: 'GET', path: '/n', status: 200, body }).errors;

    // Act / Assess
    expect(reply({ tax: null, count: null })).toEqual([]);
    expect(reply({ tax: 'none', count: 2 })).toEqual([]);
    expect(reply({ tax: 'all', count: 'two' })).toEqual([
      '$.tax: must be one of ["none"] (enum)',
      '$.tax: must match a schema in anyOf (anyOf)',
      '$.tax: must be null, got string (type)',
      '$.tax: must match a schema in anyOf (anyOf)',
      '$.count: must be integer,null, got string (type)',
    ]);
  });
});

describe("the vendors' descriptions", () => {
  it('keeps stripe.json as the installed stripe SDK declares the pinned API version', { timeout: 60_000 }, () => {
    // Fails after an SDK upgrade until `npx tsx cdk/local/simulators/openapi/stripe-openapi.ts` writes it again.
    expect(JSON.parse(readFileSync(STRIPE_DESCRIPTION_FILE, 'utf8'))).toEqual(stripeDescription());
  });

  it('Stripe: an event of another API version passes only if its shape still fits; a list without has_more does not', () => {
    const stripe = vendorValidator('stripe');
    const verdict = stripe.check({
      method: 'GET',
      path: '/v1/payment_intents',
      status: 200,
      body: { object: 'list', data: [], url: '/v1/payment_intents' },
    });
    expect(verdict.errors).toEqual(["$: must have required property 'has_more' (required)"]);
  });

  it('HubSpot: a token reply without token_use, a null record id, an error without category or a uuid, fail', () => {
    const hubspot = vendorValidator('hubspot');
    const record = {
      id: '1',
      properties: { name: 'Acme', domain: null },
      createdAt: NOW,
      updatedAt: NOW,
      archived: false,
    };
    const tokens = hubspot.check({
      method: 'POST',
      path: '/oauth/2026-03/token',
      status: 200,
      body: { token_type: 'bearer', refresh_token: 'r', access_token: 'a', expires_in: 1800 },
    });
    const search = (results: unknown[]) =>
      hubspot.check({
        method: 'POST',
        path: '/crm/objects/2026-03/companies/search',
        status: 200,
        body: { total: 1, results },
      });
    const error = hubspot.check({
      method: 'POST',
      path: '/crm/lists/2026-03/search',
      status: 401,
      body: { status: 'error', message: 'no', correlationId: '0d9c3f52-5a0c-4a57-b3c8-2f1b1e0c9a41' },
    });
    const notUuid = hubspot.check({
      method: 'POST',
      path: '/crm/lists/2026-03/search',
      status: 401,
      body: { status: 'error', category: 'INVALID_AUTHENTICATION', message: 'no', correlationId: 'c' },
    });
    expect(tokens.errors).toContain("$: must have required property 'token_use' (required)");
    expect(search([record]).errors).toEqual([]);
    expect(search([{ ...record, id: null }]).errors).toEqual(['$.results[0].id: must be string, got null (type)']);
    expect(error.errors).toEqual(["$: must have required property 'category' (required)"]);
    expect(notUuid.errors).toEqual(['$.correlationId: must match format "uuid", got "c" (format)']);
  });

  it.skipIf(!hubspotDocumentsDir())(
    "HubSpot: hubspot-openapi.ts agrees with HubSpot's own documents on every operation it describes (skipped where they are not on this machine)",
    () => {
      const documents = readDocuments(hubspotDocumentsDir() as string, 'hubspot-');
      expect(disagreements(HUBSPOT_DESCRIPTION, documents)).toEqual([]);
      // The same operations: ours describes every route the cut documents keep, and no other.
      const named = (validator: OpenApiValidator) =>
        validator.describedOperations().map((operation) => operation.replace(/ \(.*\)$/, ''));
      expect(named(vendorValidator('hubspot'))).toEqual(named(new OpenApiValidator(documents)));
    },
  );
});

/** The test document, loosely typed so a test can change it. */
interface EditableDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}
const editable = (): EditableDocument => structuredClone(DOCUMENT) as unknown as EditableDocument;

describe("disagreements (our description against the vendor's)", () => {
  const ours = editable() as unknown as Record<string, unknown>;

  it('finds none between a description and itself', () => {
    expect(disagreements(ours, { 'vendor.json': DOCUMENT })).toEqual([]);
  });

  it('names a renamed property, a changed type or format, a required field dropped, nullability and a status the vendor does not answer', () => {
    // Prepare
    const drifted = editable();
    const thingSchema = drifted.components.schemas['Thing'] as {
      properties: Record<string, unknown>;
      required: string[];
    };
    thingSchema.properties['kind_'] = thingSchema.properties['kind'];
    delete thingSchema.properties['kind'];
    thingSchema.required = ['id', 'kind_', 'updatedAt'];
    thingSchema.properties['size'] = { type: 'string' };
    thingSchema.properties['updatedAt'] = { type: 'string' };
    thingSchema.properties['id'] = { type: 'string', nullable: true };
    const getThing = drifted.paths['/things/{thingId}']?.['get'];
    if (getThing) getThing.responses['404'] = { $ref: '#/components/responses/Error' };

    // Act
    const found = disagreements(drifted as unknown as Record<string, unknown>, { 'vendor.json': DOCUMENT });

    // Assess (Thing is also the search's result: the same drift is named there too)
    expect(found.filter((line) => line.startsWith('POST /things/search 200 $.results[]'))).toHaveLength(7);
    expect(found.filter((line) => line.startsWith('GET '))).toEqual([
      "GET /things/{thingId}: answers 200, 404, default, the vendor's 200, default",
      "GET /things/{thingId} 200 $: does not require kind, size, the vendor's does",
      "GET /things/{thingId} 200 $: requires kind_, the vendor's does not",
      "GET /things/{thingId} 200 $.id: nullable is true, the vendor's is undefined",
      'GET /things/{thingId} 200 $.size: type is "string", the vendor\'s is "integer"',
      "GET /things/{thingId} 200 $.size: nullable is undefined, the vendor's is true",
      'GET /things/{thingId} 200 $.updatedAt: format is undefined, the vendor\'s is "date-time"',
      "GET /things/{thingId} 200 $: has kind_, the vendor's has no such property",
    ]);
  });

  it('compares a schema marked x-described-loosely by its type alone, and names an operation the vendor lacks', () => {
    const loose = editable();
    loose.components.schemas['Thing'] = { type: 'object', 'x-described-loosely': 'test' } as object;
    expect(disagreements(loose as unknown as Record<string, unknown>, { 'vendor.json': DOCUMENT })).toEqual([]);
    loose.components.schemas['Thing'] = { type: 'array', 'x-described-loosely': 'test' } as object;
    loose.paths['/others'] = { get: { responses: {} } };
    expect(disagreements(loose as unknown as Record<string, unknown>, { 'vendor.json': DOCUMENT })).toEqual([
      'GET /things/{thingId} 200 $: type is "array", the vendor\'s is "object"',
      'POST /things/search 200 $.results[]: type is "array", the vendor\'s is "object"',
      "GET /others: not in the vendor's documents",
    ]);
  });
});
