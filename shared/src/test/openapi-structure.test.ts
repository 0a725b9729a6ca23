import { describe, expect, it } from 'vitest';
import { openApiProblems, resolvePointer } from './openapi-structure';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- crafted documents, broken on purpose

/** A small sound document; each test breaks one rule of it. */
function sound(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    servers: [{ url: 'http://127.0.0.1:4000' }],
    tags: [{ name: 'Things' }],
    paths: {
      '/api/things/{id}': {
        get: {
          operationId: 'getThing',
          summary: 'One thing.',
          tags: ['Things'],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
          ],
          responses: {
            '200': {
              description: 'The thing.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            '404': { $ref: '#/components/responses/NotFound' },
          },
          security: [{ bearer: [] }],
        },
        put: {
          operationId: 'putThing',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { default: { description: 'Any reply.' } },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: { name: { type: ['string', 'null'] }, tags: { type: 'array', items: { type: 'string' } } },
          required: ['name'],
        },
      },
      responses: { NotFound: { description: 'Not found.' } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}

const GET = '/paths/~1api~1things~1{id}/get';

describe('openApiProblems', () => {
  it('finds nothing wrong with a sound document', async () => {
    expect(await openApiProblems(sound())).toEqual([]);
  });

  it.each<[string, (doc: Doc) => void, string]>([
    // What the official OpenAPI schema finds (@seriousme/openapi-schema-validator).
    [
      'a version no schema is published for',
      (doc) => (doc.openapi = '4.0.0'),
      '/: Cannot find supported swagger/openapi version in specification, version must be a string.',
    ],
    [
      'a 3.1 document labelled 3.0 (type lists are 3.1)',
      (doc) => (doc.openapi = '3.0.3'),
      '/components/schemas/Thing/properties/name/type: must be string, got array (type)',
    ],
    ['no info title', (doc) => delete doc.info.title, "/info: must have required property 'title' (required)"],
    ['no info version', (doc) => delete doc.info.version, "/info: must have required property 'version' (required)"],
    ['an unknown root field', (doc) => (doc.routes = {}), '/: must NOT have property "routes" (unevaluatedProperties)'],
    [
      'a path not starting with /',
      (doc) => (doc.paths['things'] = {}),
      '/paths: must NOT have property "things" (unevaluatedProperties)',
    ],
    [
      'a path parameter that is not required',
      (doc) => (doc.paths['/api/things/{id}'].get.parameters[0].required = false),
      `${GET}/parameters/0/required: must be true (const)`,
    ],
    [
      'a parameter without a schema',
      (doc) => delete doc.paths['/api/things/{id}'].get.parameters[0].schema,
      `${GET}/parameters/0: must have required property 'schema' (required)`,
    ],
    [
      'a parameter in an unknown place',
      (doc) => (doc.paths['/api/things/{id}'].get.parameters[1].in = 'body'),
      `${GET}/parameters/1/in: must be one of ["query","header","path","cookie"] (enum)`,
    ],
    [
      'no responses',
      (doc) => (doc.paths['/api/things/{id}'].get.responses = {}),
      `${GET}/responses: must NOT have fewer than 1 properties (minProperties)`,
    ],
    [
      'a status that is not one',
      (doc) => (doc.paths['/api/things/{id}'].get.responses['2000'] = { description: 'x' }),
      `${GET}/responses: must NOT have property "2000" (unevaluatedProperties)`,
    ],
    [
      'a response without a description',
      (doc) => delete doc.paths['/api/things/{id}'].get.responses['200'].description,
      `${GET}/responses/200: must have required property 'description' (required)`,
    ],
    [
      'a reference that resolves nowhere',
      (doc) => (doc.paths['/api/things/{id}'].get.responses['404'] = { $ref: '#/components/responses/Gone' }),
      `${GET}/responses/404: Can't resolve #/components/responses/Gone ($ref)`,
    ],
    [
      'a schema reference that resolves nowhere',
      (doc) => (doc.components.schemas.Thing.properties.other = { $ref: '#/components/schemas/Other' }),
      "/components/schemas/Thing/properties/other: Can't resolve #/components/schemas/Other ($ref)",
    ],
    [
      'a reference to another document',
      (doc) => (doc.components.schemas.Thing.properties.other = { $ref: 'https://example.org/other.json' }),
      "/components/schemas/Thing/properties/other: Can't resolve https://example.org/other.json, only internal refs are supported. ($ref)",
    ],
    [
      'an unknown operation field',
      (doc) => (doc.paths['/api/things/{id}'].get.auth = 'user'),
      `${GET}: must NOT have property "auth" (unevaluatedProperties)`,
    ],
    [
      'a security scheme of an unknown type',
      (doc) => (doc.components.securitySchemes.bearer.type = 'token'),
      '/components/securitySchemes/bearer/type: must be one of ["apiKey","http","mutualTLS","oauth2","openIdConnect"] (enum)',
    ],
    [
      'an API key scheme without a name',
      (doc) => (doc.components.securitySchemes.key = { type: 'apiKey', in: 'header' }),
      "/components/securitySchemes/key: must have required property 'name' (required)",
    ],
    [
      'a component name with a space',
      (doc) => (doc.components.schemas['A thing'] = { type: 'object' }),
      '/components/schemas: property name "A thing" is not allowed (propertyNames)',
    ],
    [
      'a server without a URL',
      (doc) => (doc.servers = [{ description: 'x' }]),
      "/servers/0: must have required property 'url' (required)",
    ],
    // What the JSON Schema 2020-12 meta-schema finds in the Schema Objects.
    [
      'a type JSON Schema does not have',
      (doc) => (doc.components.schemas.Thing.properties.tags.items.type = 'date'),
      '/components/schemas/Thing/properties/tags/items/type: must be one of ["array","boolean","integer","null","number","object","string"] (enum)',
    ],
    [
      'required as a string',
      (doc) => (doc.components.schemas.Thing.required = 'name'),
      '/components/schemas/Thing/required: must be array, got string (type)',
    ],
    [
      'an empty anyOf',
      (doc) => (doc.components.schemas.Thing.properties.name = { anyOf: [] }),
      '/components/schemas/Thing/properties/name/anyOf: must NOT have fewer than 1 items (minItems)',
    ],
    [
      'a parameter schema of an unknown type',
      (doc) => (doc.paths['/api/things/{id}'].get.parameters[1].schema.type = 'int'),
      `${GET}/parameters/1/schema/type: must be one of ["array","boolean","integer","null","number","object","string"] (enum)`,
    ],
    // The spec's rules no JSON schema states (ours).
    [
      'a path parameter the path does not name',
      (doc) => doc.paths['/api/things/{id}'].get.parameters.push({ name: 'x', in: 'path', required: true, schema: {} }),
      `${GET}: path parameter x is not in the path`,
    ],
    [
      'a templated segment without a parameter',
      (doc) => (doc.paths['/api/things/{id}'].get.parameters = []),
      `${GET}: path parameter {id} is not declared`,
    ],
    [
      'a parameter declared twice',
      (doc) => doc.paths['/api/things/{id}'].get.parameters.push({ name: 'limit', in: 'query', schema: {} }),
      `${GET}/parameters/2: parameter query:limit is declared twice`,
    ],
    [
      'two operations with one id',
      (doc) => (doc.paths['/api/things/{id}'].put.operationId = 'getThing'),
      `/paths/~1api~1things~1{id}/put: operationId "getThing" is also ${GET}'s`,
    ],
    [
      'a security scheme that is not declared',
      (doc) => (doc.paths['/api/things/{id}'].get.security = [{ cookie: [] }]),
      `${GET}/security/0: security scheme "cookie" is not declared`,
    ],
    [
      'a tag that is not declared',
      (doc) => (doc.paths['/api/things/{id}'].get.tags = ['Others']),
      `${GET}/tags: tag "Others" is not declared`,
    ],
    ['a tag declared twice', (doc) => doc.tags.push({ name: 'Things' }), '/tags/1: tag "Things" is declared twice'],
  ])('reports %s', async (_what, breakIt, problem) => {
    // Prepare
    const doc = sound();
    breakIt(doc);
    // Act
    const problems = await openApiProblems(doc);
    // Assess
    expect(problems).toContain(problem);
  });

  it('refuses what is not an object', async () => {
    expect(await openApiProblems([])).toEqual(['/: the document must be an object']);
  });

  it('accepts extensions anywhere, and leaves the document as it was', async () => {
    // Prepare
    const doc = sound();
    doc['x-websocket'] = { actions: {} };
    doc.paths['/api/things/{id}'].get['x-auth'] = 'user';
    const before = structuredClone(doc);
    // Act
    const problems = await openApiProblems(doc);
    // Assess
    expect(problems).toEqual([]);
    expect(doc).toEqual(before);
  });
});

describe('resolvePointer', () => {
  it('follows a JSON pointer, escapes included, and answers undefined for what is not there', () => {
    // Prepare
    const doc = { paths: { '/a/{b}': { get: { ok: 1 } } }, list: ['x', 'y'], 'c~d': 2 };
    // Act / Assess
    expect(resolvePointer(doc, '#/paths/~1a~1{b}/get/ok')).toBe(1);
    expect(resolvePointer(doc, '#/list/1')).toBe('y');
    expect(resolvePointer(doc, '#/c~0d')).toBe(2);
    expect(resolvePointer(doc, '#/paths/missing')).toBeUndefined();
    expect(resolvePointer(doc, '#/%E0%A4%A')).toBeUndefined();
    expect(resolvePointer(doc, 'https://example.org/x')).toBeUndefined();
  });
});
