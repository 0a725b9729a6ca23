/**
 * Holds our own description of a vendor's operations (`hubspot-openapi.ts`) against the vendor's
 * published documents, so a drift (a renamed property, a changed type or format, a field the vendor
 * requires that we do not, a status code the vendor does not answer) is found rather than trusted.
 *
 * Ours may describe less than the vendor's: it may leave out optional properties, and a schema
 * marked `x-described-loosely` is compared by its type alone. Everything it does say must be the
 * vendor's: for every operation the same status codes, and in every schema reached the same `type`,
 * `format`, `nullable`, `enum`, `required` list, `items`, `additionalProperties` and alternatives.
 */

type Schema = Record<string, unknown>;
type Document = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function resolve(document: Document, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; typeof current['$ref'] === 'string' && depth < 32; depth++) {
    let target: unknown = document;
    for (const part of current['$ref'].replace(/^#\//, '').split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[part];
    }
    if (typeof target !== 'object' || target === null) throw new Error(`unresolvable ${String(current['$ref'])}`);
    current = target as Schema;
  }
  return current;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sorted = (values: unknown): string[] => ((values as string[] | undefined) ?? []).map(String).sort();

/** One side of the comparison: a schema and the document its `$ref`s point into. */
interface Side {
  readonly document: Document;
  readonly schema: Schema;
}

function compareSchemas(ours: Side, theirs: Side, at: string, differences: string[]): void {
  const a = resolve(ours.document, ours.schema);
  const b = resolve(theirs.document, theirs.schema);
  const differ = (what: string, mine: unknown, vendor: unknown): void => {
    differences.push(`${at}: ${what} is ${JSON.stringify(mine)}, the vendor's is ${JSON.stringify(vendor)}`);
  };
  if (a['type'] !== b['type']) differ('type', a['type'], b['type']);
  if (a['x-described-loosely'] !== undefined) return;
  if (a['format'] !== b['format']) differ('format', a['format'], b['format']);
  if ((a['nullable'] ?? false) !== (b['nullable'] ?? false)) differ('nullable', a['nullable'], b['nullable']);
  if (!same(sorted(a['enum']), sorted(b['enum']))) differ('enum', a['enum'], b['enum']);
  const mineRequired = sorted(a['required']);
  const theirRequired = sorted(b['required']);
  const notRequired = theirRequired.filter((name) => !mineRequired.includes(name));
  const overRequired = mineRequired.filter((name) => !theirRequired.includes(name));
  if (notRequired.length > 0) differences.push(`${at}: does not require ${notRequired.join(', ')}, the vendor's does`);
  if (overRequired.length > 0) differences.push(`${at}: requires ${overRequired.join(', ')}, the vendor's does not`);

  const mineProps = (a['properties'] ?? {}) as Record<string, Schema>;
  const theirProps = (b['properties'] ?? {}) as Record<string, Schema>;
  for (const name of mineRequired) {
    if (!(name in mineProps)) differences.push(`${at}: requires ${name} but does not describe it`);
  }
  for (const [name, schema] of Object.entries(mineProps)) {
    const vendor = theirProps[name];
    if (!vendor) differences.push(`${at}: has ${name}, the vendor's has no such property`);
    else compareSchemas({ ...ours, schema }, { ...theirs, schema: vendor }, `${at}.${name}`, differences);
  }

  for (const key of ['items', 'additionalProperties'] as const) {
    const mine = a[key];
    const vendor = b[key];
    if (typeof mine === 'object' && mine !== null && typeof vendor === 'object' && vendor !== null) {
      const where = key === 'items' ? `${at}[]` : `${at}.*`;
      compareSchemas({ ...ours, schema: mine as Schema }, { ...theirs, schema: vendor as Schema }, where, differences);
    } else if (!same(mine, vendor)) differ(key, mine, vendor);
  }

  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const mine = (a[key] ?? []) as Schema[];
    const vendor = (b[key] ?? []) as Schema[];
    if (mine.length !== vendor.length) {
      differences.push(`${at}: ${mine.length} ${key} alternatives, the vendor's has ${vendor.length}`);
      continue;
    }
    mine.forEach((schema, i) => {
      compareSchemas(
        { ...ours, schema },
        { ...theirs, schema: vendor[i] as Schema },
        `${at}.${key}[${i}]`,
        differences,
      );
    });
  }
}

/** The schema of a response's body (its first media type), or undefined when it has none. */
function bodySchema(document: Document, response: Schema): Schema | undefined {
  const content = resolve(document, response)['content'] as Record<string, { schema?: Schema }> | undefined;
  return content ? Object.values(content)[0]?.schema : undefined;
}

/**
 * Every way `ours` disagrees with the vendor's `documents` (keyed by file name) on the operations
 * ours describes; empty when they agree. Each line names the operation, the status and where.
 */
export function disagreements(ours: Document, documents: Record<string, Document>): string[] {
  const differences: string[] = [];
  const vendorOperations = new Map<string, { document: Document; operation: Schema }>();
  for (const document of Object.values(documents)) {
    for (const [template, item] of Object.entries((document['paths'] ?? {}) as Record<string, Schema>)) {
      for (const method of METHODS) {
        const operation = item[method] as Schema | undefined;
        if (operation) vendorOperations.set(`${method.toUpperCase()} ${template}`, { document, operation });
      }
    }
  }
  for (const [template, item] of Object.entries((ours['paths'] ?? {}) as Record<string, Schema>)) {
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (!operation) continue;
      const name = `${method.toUpperCase()} ${template}`;
      const vendor = vendorOperations.get(name);
      if (!vendor) {
        differences.push(`${name}: not in the vendor's documents`);
        continue;
      }
      const mine = (operation['responses'] ?? {}) as Record<string, Schema>;
      const theirs = (vendor.operation['responses'] ?? {}) as Record<string, Schema>;
      if (!same(Object.keys(mine).sort(), Object.keys(theirs).sort())) {
        differences.push(
          `${name}: answers ${Object.keys(mine).sort().join(', ')}, the vendor's ${Object.keys(theirs).sort().join(', ')}`,
        );
      }
      for (const [status, response] of Object.entries(mine)) {
        const vendorResponse = theirs[status];
        if (!vendorResponse) continue;
        const a = bodySchema(ours, response);
        const b = bodySchema(vendor.document, vendorResponse);
        if (!a || !b) {
          if (a !== b)
            differences.push(`${name} ${status}: ${a ? 'has' : 'has no'} body, the vendor's ${b ? 'has' : 'has none'}`);
          continue;
        }
        compareSchemas(
          { document: ours, schema: a },
          { document: vendor.document, schema: b },
          `${name} ${status} $`,
          differences,
        );
      }
    }
  }
  return differences;
}
