import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import { ajvProblem } from './ajv-problem';

/**
 * Holds an OpenAPI document to the official OpenAPI JSON schema of its version
 * (`@seriousme/openapi-schema-validator`, which also finds `$ref`s that do not resolve), then, on a
 * document that passes, to the spec's rules no JSON schema can state (below). Used by the tests of
 * our generated document: unit, the CDK template's and the one the local stack serves.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Keys whose values are examples or extensions, never Schema Objects to look for. */
const NOT_SCHEMAS = /^(x-|example$|examples$|default$)/;

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

const deref = (document: Json, value: unknown): Json =>
  isObject(value) && typeof value['$ref'] === 'string'
    ? ((resolvePointer(document, value['$ref']) as Json | undefined) ?? {})
    : ((value as Json | undefined) ?? {});

// The official 3.1 schema types a Schema Object only as "object or boolean" (its dialect is another
// schema), so the JSON Schema keywords are held to the 2020-12 meta-schema here.
// Compiles the official schema on first use, once: a validation keeps nothing of one document for the next.
const validator = new Validator({ allErrors: true, verbose: true });

const metaSchema = new Ajv2020({ allErrors: true, verbose: true });

/** Every Schema Object of the document with its pointer: the components' and each `schema` field's. */
function* schemaObjects(node: unknown, at: string): Generator<[string, unknown]> {
  if (Array.isArray(node)) {
    for (const [i, entry] of node.entries()) yield* schemaObjects(entry, `${at}/${i}`);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const here = `${at}/${segment(key)}`;
    if (NOT_SCHEMAS.test(key)) continue;
    if (key === 'schema') yield [here, value];
    else if (here === '/components/schemas' && isObject(value))
      for (const [name, schema] of Object.entries(value)) yield [`${here}/${segment(name)}`, schema];
    else yield* schemaObjects(value, here);
  }
}

/** Where the document names `ref` as a `$ref`, as pointers. */
function* refsTo(node: unknown, ref: string, at = ''): Generator<string> {
  if (!isObject(node) && !Array.isArray(node)) return;
  if (isObject(node) && node['$ref'] === ref) yield at || '/';
  for (const [key, value] of Object.entries(node)) yield* refsTo(value, ref, `${at}/${segment(key)}`);
}

/** What the spec requires beyond the official schema's reach, each rule with why it is ours to check. */
function specRules(document: Json): string[] {
  const problems: string[] = [];
  const schemes = isObject(document['components']) ? document['components']['securitySchemes'] : undefined;
  // "Each name MUST correspond to a security scheme which is declared in the Security Schemes": a cross-reference.
  const security = (at: string, requirements: unknown): void => {
    if (!Array.isArray(requirements)) return;
    requirements.forEach((requirement, i) => {
      for (const name of Object.keys(requirement as Json))
        if (!isObject(schemes) || !Object.hasOwn(schemes, name))
          problems.push(`${at}/${i}: security scheme "${name}" is not declared`);
    });
  };
  security('/security', document['security']);
  // "Each tag name in the list MUST be unique"; uniqueItems in the schema compares whole tag objects.
  const tags = ((document['tags'] ?? []) as Json[]).map((tag) => tag['name']);
  tags.forEach((name, i) => {
    if (tags.indexOf(name) !== i) problems.push(`/tags/${i}: tag "${String(name)}" is declared twice`);
  });
  const operationIds = new Map<string, string>();
  for (const [path, item] of Object.entries((document['paths'] ?? {}) as Record<string, Json>)) {
    const itemAt = `/paths/${segment(path)}`;
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
    const shared = ((item['parameters'] ?? []) as unknown[]).map((p) => deref(document, p));
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const at = `${itemAt}/${method}`;
      // operationId "MUST be unique among all operations": across the document, which no JSON schema compares.
      const id = operation['operationId'];
      if (typeof id === 'string') {
        const other = operationIds.get(id);
        if (other) problems.push(`${at}: operationId "${id}" is also ${other}'s`);
        operationIds.set(id, at);
      }
      const own = ((operation['parameters'] ?? []) as unknown[]).map((p) => deref(document, p));
      // "The list MUST NOT include duplicated parameters" (name and location): items compared by two fields.
      const keys = own.map((p) => `${String(p['in'])}:${String(p['name'])}`);
      keys.forEach((key, i) => {
        if (keys.indexOf(key) !== i) problems.push(`${at}/parameters/${i}: parameter ${key} is declared twice`);
      });
      // Not a spec rule, but ours: the reference pages list an operation only under a declared tag.
      for (const tag of (operation['tags'] ?? []) as unknown[])
        if (!tags.includes(tag)) problems.push(`${at}/tags: tag "${String(tag)}" is not declared`);
      // Path templating: each `{name}` has its path parameter and each path parameter its `{name}`.
      const inPath = [...shared, ...own].filter((p) => p['in'] === 'path').map((p) => String(p['name']));
      for (const name of templated)
        if (!inPath.includes(name)) problems.push(`${at}: path parameter {${name}} is not declared`);
      for (const name of inPath)
        if (!templated.includes(name)) problems.push(`${at}: path parameter ${name} is not in the path`);
      security(`${at}/security`, operation['security']);
    }
  }
  // 2020-12 is 3.1's dialect; 3.0's schemas are a dialect of their own, which the 3.0 schema checks.
  const dialect = String(document['openapi']).startsWith('3.1') ? schemaObjects(document, '') : [];
  for (const [at, schema] of dialect) {
    if (metaSchema.validateSchema(schema as object)) continue;
    for (const error of metaSchema.errors ?? []) problems.push(ajvProblem(`${at}${error.instancePath}`, error));
  }
  return problems;
}

/**
 * Every problem of `document` as an OpenAPI 3.x document, each as `pointer: what is wrong (rule)`;
 * empty for a sound one. The spec's own rules are checked once the official schema passes.
 */
export async function openApiProblems(document: unknown): Promise<string[]> {
  if (!isObject(document)) return ['/: the document must be an object'];
  // The validator adds nothing to a document without external references, but it is the caller's.
  const result = await validator.validate(structuredClone(document));
  if (typeof result.errors === 'string') {
    // The reference check answers one sentence naming the reference, not where it is.
    const ref = /^Can't resolve (.+?)(,|$)/.exec(result.errors)?.[1];
    const places = ref ? [...refsTo(document, ref)] : [];
    return places.length > 0 ? places.map((at) => `${at}: ${result.errors} ($ref)`) : [`/: ${result.errors}`];
  }
  const errors: ErrorObject[] = result.errors ?? [];
  if (errors.length > 0) return [...new Set(errors.map((error) => ajvProblem(error.instancePath || '/', error)))];
  return [...new Set(specRules(document))];
}
