/**
 * The structural rules of an OpenAPI 3.1 document that a generator can break, checked without a
 * validator library: the fields each object may and must have, status codes, parameters against the
 * path templates, unique operation ids, security requirements naming declared schemes, references
 * that resolve, and the JSON Schema keywords' shapes. `openApiProblems` lists every problem found
 * (empty for a sound document), each with where it is (a JSON pointer).
 */

type Json = Record<string, unknown>;

const ROOT_FIELDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
];
const INFO_FIELDS = ['title', 'summary', 'description', 'termsOfService', 'contact', 'license', 'version'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const PATH_ITEM_FIELDS = ['$ref', 'summary', 'description', 'servers', 'parameters', ...METHODS];
const OPERATION_FIELDS = [
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'callbacks',
  'deprecated',
  'security',
  'servers',
];
const PARAMETER_FIELDS = [
  'name',
  'in',
  'description',
  'required',
  'deprecated',
  'allowEmptyValue',
  'style',
  'explode',
  'allowReserved',
  'schema',
  'example',
  'examples',
  'content',
];
const PARAMETER_LOCATIONS = ['query', 'header', 'path', 'cookie'];
const REQUEST_BODY_FIELDS = ['description', 'content', 'required'];
const RESPONSE_FIELDS = ['description', 'headers', 'content', 'links'];
const MEDIA_TYPE_FIELDS = ['schema', 'example', 'examples', 'encoding'];
const HEADER_FIELDS = PARAMETER_FIELDS.filter((field) => field !== 'name' && field !== 'in');
const COMPONENT_SECTIONS = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
];
const SECURITY_TYPES = ['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect'];
const JSON_SCHEMA_TYPES = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'];
/** JSON Schema keywords whose value is one schema, a list of schemas, or a map of name to schema. */
const SUBSCHEMA = ['items', 'not', 'additionalProperties', 'propertyNames', 'contains', 'if', 'then', 'else'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const COMPONENT_NAME = /^[a-zA-Z0-9._-]+$/;
const STATUS_CODE = /^([1-5](\d\d|XX)|default)$/;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON pointer segment (RFC 6901). */
const segment = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The value a local reference (`#/a/b`) points at, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    const key = decoded.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

class Checker {
  readonly problems: string[] = [];
  readonly #document: Json;
  readonly #operationIds = new Map<string, string>();

  constructor(document: Json) {
    this.#document = document;
  }

  problem(at: string, message: string): void {
    this.problems.push(`${at || '/'}: ${message}`);
  }

  /** Only the named fields and `x-` extensions. */
  fields(at: string, value: Json, allowed: readonly string[]): void {
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key) && !key.startsWith('x-')) this.problem(at, `unknown field "${key}"`);
    }
  }

  string(at: string, value: unknown, required: boolean): void {
    if (value === undefined ? required : typeof value !== 'string') this.problem(at, 'must be a string');
  }

  object(at: string, value: unknown): value is Json {
    if (isObject(value)) return true;
    this.problem(at, 'must be an object');
    return false;
  }

  /** A `$ref` object (resolved in `section` when given) or the object itself. */
  deref(at: string, value: unknown, section?: string): Json | undefined {
    if (!this.object(at, value)) return undefined;
    const ref = value['$ref'];
    if (ref === undefined) return value;
    if (typeof ref !== 'string') {
      this.problem(at, '$ref must be a string');
      return undefined;
    }
    if (section && !ref.startsWith(`#/components/${section}/`))
      this.problem(at, `$ref must point into components/${section}`);
    const target = resolvePointer(this.#document, ref);
    if (target === undefined) this.problem(at, `$ref ${ref} does not resolve`);
    return isObject(target) ? target : undefined;
  }

  root(): void {
    const doc = this.#document;
    this.fields('', doc, ROOT_FIELDS);
    if (typeof doc['openapi'] !== 'string' || !/^3\.1\.\d+$/.test(doc['openapi'])) {
      this.problem('/openapi', 'must be a 3.1.x version string');
    }
    if (this.object('/info', doc['info'])) {
      const info = doc['info'];
      this.fields('/info', info, INFO_FIELDS);
      this.string('/info/title', info['title'], true);
      this.string('/info/version', info['version'], true);
    }
    if (doc['paths'] === undefined && doc['components'] === undefined && doc['webhooks'] === undefined) {
      this.problem('', 'needs paths, components or webhooks');
    }
    if (doc['servers'] !== undefined) this.servers('/servers', doc['servers']);
    if (doc['tags'] !== undefined) this.tags(doc['tags']);
    if (doc['components'] !== undefined) this.components(doc['components']);
    if (doc['security'] !== undefined) this.security('/security', doc['security']);
    if (doc['paths'] !== undefined && this.object('/paths', doc['paths'])) {
      for (const [path, item] of Object.entries(doc['paths'])) this.pathItem(path, item);
    }
    this.references('', doc);
  }

  servers(at: string, servers: unknown): void {
    if (!Array.isArray(servers)) return this.problem(at, 'must be an array');
    servers.forEach((server, i) => {
      if (!this.object(`${at}/${i}`, server)) return;
      this.fields(`${at}/${i}`, server, ['url', 'description', 'variables']);
      this.string(`${at}/${i}/url`, server['url'], true);
    });
  }

  tags(tags: unknown): void {
    if (!Array.isArray(tags)) return this.problem('/tags', 'must be an array');
    const seen = new Set<unknown>();
    tags.forEach((tag, i) => {
      if (!this.object(`/tags/${i}`, tag)) return;
      this.fields(`/tags/${i}`, tag, ['name', 'description', 'externalDocs']);
      this.string(`/tags/${i}/name`, tag['name'], true);
      if (seen.has(tag['name'])) this.problem(`/tags/${i}`, `tag "${String(tag['name'])}" is declared twice`);
      seen.add(tag['name']);
    });
  }

  components(components: unknown): void {
    if (!this.object('/components', components)) return;
    this.fields('/components', components, COMPONENT_SECTIONS);
    for (const [section, entries] of Object.entries(components)) {
      if (section.startsWith('x-') || !this.object(`/components/${section}`, entries)) continue;
      for (const [name, entry] of Object.entries(entries)) {
        const at = `/components/${section}/${segment(name)}`;
        if (!COMPONENT_NAME.test(name)) this.problem(at, 'component names are letters, digits, ".", "-" and "_"');
        if (section === 'schemas') this.schema(at, entry);
        if (section === 'responses') this.response(at, entry);
        if (section === 'securitySchemes') this.securityScheme(at, entry);
      }
    }
  }

  securityScheme(at: string, scheme: unknown): void {
    if (!this.object(at, scheme)) return;
    if (!SECURITY_TYPES.includes(String(scheme['type'])))
      return this.problem(`${at}/type`, `must be one of ${SECURITY_TYPES}`);
    if (scheme['type'] === 'apiKey') {
      this.string(`${at}/name`, scheme['name'], true);
      if (!['query', 'header', 'cookie'].includes(String(scheme['in'])))
        this.problem(`${at}/in`, 'must be query, header or cookie');
    }
    if (scheme['type'] === 'http') this.string(`${at}/scheme`, scheme['scheme'], true);
  }

  security(at: string, requirements: unknown): void {
    if (!Array.isArray(requirements)) return this.problem(at, 'must be an array');
    const schemes = resolvePointer(this.#document, '#/components/securitySchemes');
    requirements.forEach((requirement, i) => {
      if (!this.object(`${at}/${i}`, requirement)) return;
      for (const [name, scopes] of Object.entries(requirement)) {
        if (!isObject(schemes) || !Object.hasOwn(schemes, name)) {
          this.problem(`${at}/${i}`, `security scheme "${name}" is not declared`);
        }
        if (!Array.isArray(scopes)) this.problem(`${at}/${i}/${segment(name)}`, 'must be an array of scopes');
      }
    });
  }

  pathItem(path: string, item: unknown): void {
    const at = `/paths/${segment(path)}`;
    if (!path.startsWith('/')) this.problem(at, 'a path starts with "/"');
    if (!this.object(at, item)) return;
    this.fields(at, item, PATH_ITEM_FIELDS);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
    if (new Set(templated).size !== templated.length) this.problem(at, 'a path names a parameter twice');
    const shared = item['parameters'] === undefined ? [] : this.parameters(`${at}/parameters`, item['parameters']);
    for (const method of METHODS) {
      if (item[method] === undefined) continue;
      this.operation(`${at}/${method}`, item[method], templated, shared);
    }
  }

  /** The parameters of a list, each checked; answers them (resolved) for the path checks. */
  parameters(at: string, list: unknown): Json[] {
    if (!Array.isArray(list)) {
      this.problem(at, 'must be an array');
      return [];
    }
    const found: Json[] = [];
    const seen = new Set<string>();
    list.forEach((entry, i) => {
      const parameter = this.deref(`${at}/${i}`, entry, 'parameters');
      if (!parameter) return;
      const here = `${at}/${i}`;
      this.fields(here, parameter, PARAMETER_FIELDS);
      this.string(`${here}/name`, parameter['name'], true);
      if (!PARAMETER_LOCATIONS.includes(String(parameter['in'])))
        this.problem(`${here}/in`, `must be one of ${PARAMETER_LOCATIONS}`);
      if (parameter['in'] === 'path' && parameter['required'] !== true)
        this.problem(here, 'a path parameter must be required');
      if ((parameter['schema'] === undefined) === (parameter['content'] === undefined)) {
        this.problem(here, 'needs a schema or a content, not both');
      }
      if (parameter['schema'] !== undefined) this.schema(`${here}/schema`, parameter['schema']);
      const key = `${String(parameter['in'])}:${String(parameter['name'])}`;
      if (seen.has(key)) this.problem(here, `parameter ${key} is declared twice`);
      seen.add(key);
      found.push(parameter);
    });
    return found;
  }

  operation(at: string, operation: unknown, templated: readonly string[], shared: readonly Json[]): void {
    if (!this.object(at, operation)) return;
    this.fields(at, operation, OPERATION_FIELDS);
    const id = operation['operationId'];
    if (id !== undefined) {
      this.string(`${at}/operationId`, id, false);
      const other = this.#operationIds.get(String(id));
      if (other) this.problem(at, `operationId "${String(id)}" is also ${other}'s`);
      this.#operationIds.set(String(id), at);
    }
    if (operation['summary'] !== undefined) this.string(`${at}/summary`, operation['summary'], false);
    if (operation['tags'] !== undefined) {
      const declared = resolvePointer(this.#document, '#/tags');
      const names = Array.isArray(declared) ? declared.map((tag) => (isObject(tag) ? tag['name'] : undefined)) : [];
      if (!Array.isArray(operation['tags'])) this.problem(`${at}/tags`, 'must be an array');
      else
        for (const tag of operation['tags'])
          if (!names.includes(tag)) this.problem(`${at}/tags`, `tag "${String(tag)}" is not declared`);
    }
    const own =
      operation['parameters'] === undefined ? [] : this.parameters(`${at}/parameters`, operation['parameters']);
    const inPath = [...shared, ...own].filter((p) => p['in'] === 'path').map((p) => String(p['name']));
    for (const name of templated)
      if (!inPath.includes(name)) this.problem(at, `path parameter {${name}} is not declared`);
    for (const name of inPath)
      if (!templated.includes(name)) this.problem(at, `path parameter ${name} is not in the path`);
    if (operation['requestBody'] !== undefined) this.requestBody(`${at}/requestBody`, operation['requestBody']);
    this.responses(`${at}/responses`, operation['responses']);
    if (operation['security'] !== undefined) this.security(`${at}/security`, operation['security']);
  }

  requestBody(at: string, body: unknown): void {
    const resolved = this.deref(at, body, 'requestBodies');
    if (!resolved) return;
    this.fields(at, resolved, REQUEST_BODY_FIELDS);
    if (resolved['required'] !== undefined && typeof resolved['required'] !== 'boolean')
      this.problem(`${at}/required`, 'must be a boolean');
    this.content(`${at}/content`, resolved['content'], true);
  }

  responses(at: string, responses: unknown): void {
    if (!this.object(at, responses)) return;
    if (Object.keys(responses).filter((key) => !key.startsWith('x-')).length === 0)
      this.problem(at, 'needs at least one response');
    for (const [status, response] of Object.entries(responses)) {
      if (status.startsWith('x-')) continue;
      if (!STATUS_CODE.test(status)) this.problem(`${at}/${status}`, 'not a status code (200, 4XX, default)');
      const resolved = this.deref(`${at}/${status}`, response, 'responses');
      if (resolved && resolved !== response) continue; // checked once, in components
      if (resolved) this.response(`${at}/${status}`, resolved);
    }
  }

  response(at: string, response: unknown): void {
    if (!this.object(at, response)) return;
    this.fields(at, response, RESPONSE_FIELDS);
    this.string(`${at}/description`, response['description'], true);
    if (response['content'] !== undefined) this.content(`${at}/content`, response['content'], false);
    if (response['headers'] !== undefined && this.object(`${at}/headers`, response['headers'])) {
      for (const [name, header] of Object.entries(response['headers'])) {
        const here = `${at}/headers/${segment(name)}`;
        if (!this.object(here, header)) continue;
        this.fields(here, header, HEADER_FIELDS);
        if (header['schema'] !== undefined) this.schema(`${here}/schema`, header['schema']);
      }
    }
  }

  content(at: string, content: unknown, required: boolean): void {
    if (!this.object(at, content)) return;
    if (required && Object.keys(content).length === 0) this.problem(at, 'needs at least one media type');
    for (const [type, media] of Object.entries(content)) {
      const here = `${at}/${segment(type)}`;
      if (!/^[\w.+-]+\/[\w.+*-]+$/.test(type)) this.problem(here, 'not a media type');
      if (!this.object(here, media)) continue;
      this.fields(here, media, MEDIA_TYPE_FIELDS);
      if (media['schema'] !== undefined) this.schema(`${here}/schema`, media['schema']);
      if (media['examples'] !== undefined && this.object(`${here}/examples`, media['examples'])) {
        for (const [name, example] of Object.entries(media['examples'])) {
          const exampleAt = `${here}/examples/${segment(name)}`;
          if (this.object(exampleAt, example))
            this.fields(exampleAt, example, ['summary', 'description', 'value', 'externalValue']);
        }
      }
    }
  }

  /** A JSON Schema (2020-12): an object or a boolean, its keywords of the right shapes. */
  schema(at: string, schema: unknown): void {
    if (typeof schema === 'boolean') return;
    if (!this.object(at, schema)) return;
    const type = schema['type'];
    if (type !== undefined) {
      const types = Array.isArray(type) ? type : [type];
      for (const t of types)
        if (!JSON_SCHEMA_TYPES.includes(String(t)))
          this.problem(`${at}/type`, `"${String(t)}" is not a JSON Schema type`);
    }
    if (schema['required'] !== undefined) {
      const required = schema['required'];
      if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) {
        this.problem(`${at}/required`, 'must be an array of names');
      }
    }
    if (schema['enum'] !== undefined && !Array.isArray(schema['enum'])) this.problem(`${at}/enum`, 'must be an array');
    for (const keyword of SUBSCHEMA)
      if (schema[keyword] !== undefined) this.schema(`${at}/${keyword}`, schema[keyword]);
    for (const keyword of SUBSCHEMA_LISTS) {
      const list = schema[keyword];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0) this.problem(`${at}/${keyword}`, 'must be a non-empty array');
      else list.forEach((entry, i) => this.schema(`${at}/${keyword}/${i}`, entry));
    }
    for (const keyword of SUBSCHEMA_MAPS) {
      const map = schema[keyword];
      if (map === undefined || !this.object(`${at}/${keyword}`, map)) continue;
      for (const [name, entry] of Object.entries(map)) this.schema(`${at}/${keyword}/${segment(name)}`, entry);
    }
  }

  /** Every `$ref` of the document resolves. */
  references(at: string, node: unknown): void {
    if (Array.isArray(node)) return node.forEach((entry, i) => this.references(`${at}/${i}`, entry));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        if (!value.startsWith('#')) this.problem(at, `$ref ${value} is not local`);
        else if (resolvePointer(this.#document, value) === undefined)
          this.problem(at, `$ref ${value} does not resolve`);
      } else this.references(`${at}/${segment(key)}`, value);
    }
  }
}

/** Every structural problem of `document` as an OpenAPI 3.1 document; empty when there is none. */
export function openApiProblems(document: unknown): string[] {
  if (!isObject(document)) return ['/: the document must be an object'];
  const checker = new Checker(document);
  checker.root();
  return [...new Set(checker.problems)];
}
