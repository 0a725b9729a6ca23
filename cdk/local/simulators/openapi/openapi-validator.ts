import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Holds a simulator reply against a vendor's OpenAPI 3.0 description. The schema keywords the
 * vendors' documents use are checked (`$ref`, `type`, `nullable`, `enum`, `required`, `properties`,
 * `additionalProperties`, `items`, `oneOf`/`anyOf`/`allOf`, `maxLength`, `minimum`/`maximum`,
 * `format: date-time`); documentation keywords (`description`, `example`, `x-...`) are ignored.
 * Written here rather than installed: the subset is small, and ajv 8 would need a second copy of
 * ajv beside the ajv 6 the tree already hoists, plus an OpenAPI-to-JSON-Schema step for `nullable`.
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

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/** A validator over the OpenAPI documents given (already parsed), keyed by file name. */
export class OpenApiValidator {
  private readonly operations: Operation[] = [];

  constructor(documents: Record<string, Document>) {
    for (const [file, document] of Object.entries(documents)) {
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
    const errors: string[] = [];
    this.validate(operation.document, media.schema, reply.body, '$', errors);
    return { operation: name, errors };
  }

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

  private validate(document: Document, raw: Schema, value: unknown, at: string, errors: string[]): void {
    const schema = this.resolve(document, raw);
    if (value === null && schema['nullable'] === true) return;
    for (const sub of (schema['allOf'] as Schema[] | undefined) ?? []) this.validate(document, sub, value, at, errors);
    const alternatives = (schema['oneOf'] ?? schema['anyOf']) as Schema[] | undefined;
    if (alternatives) {
      const outcomes = alternatives.map((alt) => {
        const found: string[] = [];
        this.validate(document, alt, value, at, found);
        return found;
      });
      const passing = outcomes.filter((o) => o.length === 0).length;
      if (passing === 0) {
        const closest = outcomes.reduce((a, b) => (b.length < a.length ? b : a));
        errors.push(`${at}: matches none of ${alternatives.length} alternatives; closest: ${closest.join('; ')}`);
      } else if (schema['oneOf'] && passing > 1) errors.push(`${at}: matches ${passing} of oneOf, must match one`);
      if (value === null) return;
    }
    if (value === null) {
      if (schema['allOf'] === undefined) errors.push(`${at}: null, not nullable`);
      return;
    }
    const type = schema['type'];
    if (typeof type === 'string' && !this.hasType(type, value)) {
      errors.push(`${at}: expected ${type}, got ${Array.isArray(value) ? 'array' : typeof value}`);
      return;
    }
    const allowed = schema['enum'] as unknown[] | undefined;
    if (allowed && !allowed.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} is not one of the enum`);
    if (typeof value === 'string') {
      if (typeof schema['maxLength'] === 'number' && value.length > schema['maxLength'])
        errors.push(`${at}: longer than ${schema['maxLength']}`);
      if (schema['format'] === 'date-time' && !ISO_DATE_TIME.test(value)) errors.push(`${at}: not a date-time`);
    }
    if (typeof value === 'number') {
      if (typeof schema['minimum'] === 'number' && value < schema['minimum']) errors.push(`${at}: below minimum`);
      if (typeof schema['maximum'] === 'number' && value > schema['maximum']) errors.push(`${at}: above maximum`);
    }
    if (Array.isArray(value)) {
      const items = schema['items'] as Schema | undefined;
      if (items) value.forEach((item, i) => this.validate(document, items, item, `${at}[${i}]`, errors));
      return;
    }
    if (typeof value === 'object') {
      const object = value as Record<string, unknown>;
      const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
      for (const key of (schema['required'] as string[] | undefined) ?? []) {
        if (!(key in object)) errors.push(`${at}: missing required ${key}`);
      }
      const extra = schema['additionalProperties'];
      for (const [key, inner] of Object.entries(object)) {
        const property = properties[key];
        if (property) this.validate(document, property, inner, `${at}.${key}`, errors);
        else if (extra === false) errors.push(`${at}: unexpected property ${key}`);
        else if (typeof extra === 'object' && extra !== null)
          this.validate(document, extra as Schema, inner, `${at}.${key}`, errors);
      }
    }
  }

  private hasType(type: string, value: unknown): boolean {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      default:
        return true;
    }
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
