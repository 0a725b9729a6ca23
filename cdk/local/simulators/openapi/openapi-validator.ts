import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ajvProblem } from '@bidgrid/shared/test/ajv-problem';

/**
 * Holds a simulator reply against a vendor's OpenAPI 3.0 description: finds the operation and the
 * response its status names, then validates the body with ajv (JSON Schema 2020-12, ajv-formats for
 * `date-time`, `uuid`, `int32`, ...) after turning the 3.0 schemas into JSON Schema (`fromOpenApi30`).
 */

type Schema = Record<string, unknown>;
type Document = Record<string, unknown>;

/** One operation of a document, with what it needs to check a reply. */
interface Operation {
  readonly file: string;
  readonly method: string;
  /** The path template as the document writes it (`/crm/lists/2026-03/{listId}/memberships`). */
  readonly template: string;
  /** The same with `:name` segments, as a simulator route pattern writes it. */
  readonly pattern: string;
  readonly responses: Record<string, Schema>;
  readonly document: Document;
}

/** What a recorded or observed reply says. */
export interface ReplyToCheck {
  readonly method: string;
  /** The path of the request; used to find the operation when `pattern` is not given. */
  readonly path: string;
  /** The simulator route pattern that answered, when known. */
  readonly pattern?: string | null;
  readonly status: number;
  readonly body: unknown;
}

/** The verdict on one reply: the operation it was held against (if one matched) and what is wrong. */
export interface ReplyVerdict {
  readonly operation: string | null;
  readonly errors: string[];
}

const toPattern = (template: string): string => template.replace(/\{([^}]+)\}/g, ':$1');

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const a = path.split('/');
  return p.length === a.length && p.every((seg, i) => (seg.startsWith(':') ? (a[i] ?? '') !== '' : seg === a[i]));
}

/** OpenAPI 3.0 keywords that JSON Schema does not have; all annotations but `nullable`. */
const OPENAPI_ONLY = new Set(['nullable', 'example', 'discriminator', 'xml', 'externalDocs']);
/** Keywords whose value is a value, not a schema, left as they are. */
const VALUES = new Set(['enum', 'default', 'const', 'examples', 'required', 'type']);

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 3.0 marks an exclusive bound with a boolean beside `minimum`/`maximum`; 2020-12 gives the number itself. */
function withNumericBounds(schema: Schema): Schema {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, ...rest } = schema;
  const bounds = Object.entries({
    ...(exclusiveMinimum === true ? { exclusiveMinimum: minimum } : { minimum }),
    ...(exclusiveMaximum === true ? { exclusiveMaximum: maximum } : { maximum }),
  }).filter(([, value]) => value !== undefined);
  return { ...rest, ...Object.fromEntries(bounds) };
}

/**
 * An OpenAPI 3.0 Schema Object as JSON Schema 2020-12, its `#/components/schemas/` references into
 * `base`'s `$defs`: `nullable` becomes a `null` type (or alternative), a boolean `exclusiveMinimum`
 * a number, and `$ref` drops its siblings, which 3.0 ignores.
 */
export function fromOpenApi30(schema: unknown, base: string): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => fromOpenApi30(entry, base));
  if (!isObject(schema)) return schema;
  if (typeof schema['$ref'] === 'string')
    return { $ref: schema['$ref'].replace(/^#\/components\/schemas\//, `${base}#/$defs/`) };
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue;
    if (VALUES.has(key)) out[key] = value;
    else if ((key === 'properties' || key === 'patternProperties') && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, fromOpenApi30(sub, base)]));
    else out[key] = fromOpenApi30(value, base);
  }
  const json = withNumericBounds(out);
  if (schema['nullable'] !== true) return json;
  if (typeof json['type'] === 'string') {
    json['type'] = [json['type'], 'null'];
    if (Array.isArray(json['enum'])) json['enum'] = [...json['enum'], null];
    return json;
  }
  // Without a type (Stripe's `anyOf` with `nullable`), null is one more alternative.
  return { anyOf: [json, { type: 'null' }] };
}

/** An ajv instance path (`/results/0/id`) as the verdicts write it (`$.results[0].id`), read along `body`. */
function pathOf(instancePath: string, body: unknown): string {
  let at = '$';
  let node = body;
  for (const raw of instancePath.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    at += Array.isArray(node) ? `[${key}]` : `.${key}`;
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

/** A validator over the OpenAPI documents given (already parsed), keyed by file name. */
export class OpenApiValidator {
  private readonly operations: Operation[] = [];
  // strict off: JSON Schema 2020-12 reads a keyword it does not know as an annotation, and the
  // vendors' documents are theirs to write.
  private readonly ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false });
  /** A compiled validator per response schema, made on the first reply it checks. */
  private readonly compiled = new Map<Schema, ValidateFunction>();
  /** The `$id` under which each document's component schemas are added to ajv. */
  private readonly ids = new Map<Document, string>();

  constructor(documents: Record<string, Document>) {
    addFormats(this.ajv);
    for (const [file, document] of Object.entries(documents)) {
      const id = `https://openapi.invalid/${encodeURIComponent(file)}`;
      const components = (document['components'] ?? {}) as { schemas?: Record<string, Schema> };
      const defs = Object.entries(components.schemas ?? {}).map(([name, schema]) => [name, fromOpenApi30(schema, id)]);
      this.ajv.addSchema({ $id: id, $defs: Object.fromEntries(defs) as Schema });
      this.ids.set(document, id);
      const paths = (document['paths'] ?? {}) as Record<string, Record<string, Schema>>;
      for (const [template, item] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(item)) {
          if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
          this.operations.push({
            file,
            method: method.toUpperCase(),
            template,
            pattern: toPattern(template),
            responses: (operation['responses'] ?? {}) as Record<string, Schema>,
            document,
          });
        }
      }
    }
  }

  /** Every operation the documents describe, named as verdicts name them (`METHOD template (file)`). */
  describedOperations(): string[] {
    return this.operations.map((o) => `${o.method} ${o.template} (${o.file})`).sort();
  }

  /** The operation a reply belongs to: its route pattern first, else the first template its path fits. */
  private operationFor(reply: ReplyToCheck): Operation | undefined {
    const method = reply.method.toUpperCase();
    const candidates = this.operations.filter((o) => o.method === method);
    if (reply.pattern) {
      const exact = candidates.find((o) => o.pattern === reply.pattern);
      if (exact) return exact;
    }
    // Literal segments beat parameters (`/a/search` before `/a/{id}`): fewest parameters first.
    const params = (o: Operation): number => (o.pattern.match(/:/g) ?? []).length;
    return candidates
      .filter((o) => matches(o.pattern, reply.path))
      .sort((a, b) => params(a) - params(b))
      .at(0);
  }

  /** Checks one reply; `operation` is null when no described operation fits its method and path. */
  check(reply: ReplyToCheck): ReplyVerdict {
    const status = String(reply.status);
    let operation = this.operationFor(reply);
    let name: string;
    if (operation) name = `${operation.method} ${operation.template} (${operation.file})`;
    else {
      // An unknown route: the vendor answers it with its error, so the body is held against the
      // error the operations answer by default.
      operation = this.operations.find((o) => o.responses['default']);
      if (reply.status < 400 || !operation)
        return { operation: null, errors: [`no described operation for ${reply.method} ${reply.path}`] };
      name = `the default error of ${operation.file}`;
    }
    const empty = reply.body === null || reply.body === undefined || reply.body === '';
    // Some operations describe only their errors (HubSpot's token revocation): success has no body.
    const describesSuccess = Object.keys(operation.responses).some((code) => code.startsWith('2'));
    if (reply.status < 300 && !describesSuccess) {
      return { operation: name, errors: empty ? [] : [`status ${status} should have no body, got one`] };
    }
    const response =
      operation.responses[status] ?? operation.responses[`${status[0] ?? ''}XX`] ?? operation.responses['default'];
    if (!response) return { operation: name, errors: [`status ${status} is not described`] };
    const resolved = this.resolve(operation.document, response);
    const content = resolved['content'] as Record<string, { schema?: Schema }> | undefined;
    if (!content) return { operation: name, errors: empty ? [] : [`status ${status} has no body, got one`] };
    const media = content['application/json'] ?? content['*/*'] ?? Object.values(content)[0];
    if (!media?.schema) return { operation: name, errors: [] };
    return { operation: name, errors: this.validate(operation.document, media.schema, reply.body) };
  }

  /** A response or schema with its OpenAPI `$ref`s followed (the response objects ajv never sees). */
  private resolve(document: Document, schema: Schema): Schema {
    let current = schema;
    for (let depth = 0; typeof current['$ref'] === 'string' && depth < 32; depth++) {
      const ref = current['$ref'];
      const parts = ref.replace(/^#\//, '').split('/');
      let target: unknown = document;
      for (const part of parts) target = (target as Record<string, unknown> | undefined)?.[part];
      if (typeof target !== 'object' || target === null) throw new Error(`unresolvable ${ref}`);
      current = target as Schema;
    }
    return current;
  }

  /** What is wrong with `body` against `schema`, one line per failed rule: where, what, which rule. */
  private validate(document: Document, schema: Schema, body: unknown): string[] {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(fromOpenApi30(schema, this.ids.get(document) ?? '') as Schema);
      this.compiled.set(schema, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => ajvProblem(pathOf(error.instancePath, body), error));
  }
}

/** Reads every `*.json` document in `dir`, keyed by file name. */
export function readDocuments(dir: string, prefix = ''): Record<string, Document> {
  const documents: Record<string, Document> = {};
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json') || !file.startsWith(prefix)) continue;
    documents[file] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Document;
  }
  return documents;
}
