import * as z from '../../zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain JSON. */
export type TJsonSchema = { [keyword: string]: unknown };

/** Where the document keeps its named schemas. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** What a component name may hold (OpenAPI 3.1 §4.8.7.1). */
export const COMPONENT_NAME = /^[a-zA-Z0-9._-]+$/;

/** Metadata of the schemas that have a name: a component of their own, with what the page says of it. */
interface TNamed {
  id: string;
  description?: string;
}

/** Keywords of zod's global metadata (`z.describe()`, `z.meta()` checks) that the document keeps. */
const DOCUMENTED_META = ['title', 'description', 'examples', 'deprecated'] as const;

/**
 * Turns the contract's zod schemas into the document's JSON Schemas with zod's own converter
 * (`z.toJSONSchema`), and keeps the named ones (`name`) as components that the others point at.
 *
 * Every schema is converted in its input form (`io: 'input'`), requests and replies alike: what
 * travels is what the receiving side parses. A handler answers `z.input` of the operation's response
 * (`HttpResult`, `WsRun`) and sends it as it is; the client parses it into the output form. So the
 * input form is the wire format both ways: a field with a default may be absent, a JSON-string payload
 * (`jsonStringOr`) may be a string, and extra properties are not refused. The output form describes
 * the value after parsing, which nobody sends.
 *
 * Unrepresentable schemas (a transform's result, `z.custom`) throw: a schema the document cannot
 * describe fails its unit test rather than publishing `{}`.
 */
export class SchemaComponents {
  readonly #registry = z.registry<TNamed>();
  readonly #schemas = new Map<string, z.ZodMiniType>();
  readonly #converted = new Map<string, TJsonSchema>();

  /**
   * Gives `schema` a component of its own under `name`. A schema named already keeps its first name
   * (an entity re-exported under another name is one component); a name given to two schemas throws.
   */
  name(schema: z.ZodMiniType, name: string, description?: string): void {
    if (!COMPONENT_NAME.test(name)) throw new Error(`Not a component name: ${name}`);
    if (this.#registry.has(schema)) return;
    if (this.#schemas.has(name)) throw new Error(`Two schemas are named ${name}`);
    this.#registry.add(schema, description === undefined ? { id: name } : { id: name, description });
    this.#schemas.set(name, schema);
  }

  /** The JSON Schema of `schema`: a reference when it is named, else inline with references to named parts. */
  schema(schema: z.ZodMiniType): TJsonSchema {
    const named = this.#registry.get(schema);
    if (named) {
      this.#component(named.id);
      return { $ref: `${SCHEMA_REF_PREFIX}${named.id}` };
    }
    return this.#convert(schema);
  }

  /**
   * The JSON Schema of `schema` written out even when it is named (its parts still point at theirs):
   * for an object whose properties become something else, such as the query string's parameters.
   */
  inline(schema: z.ZodMiniType): TJsonSchema {
    return this.#convert(schema);
  }

  /** The components used so far, by name (sorted, so the document reads the same on every build). */
  components(): Record<string, TJsonSchema> {
    return Object.fromEntries([...this.#converted.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  #component(name: string): void {
    if (this.#converted.has(name)) return;
    const schema = this.#schemas.get(name);
    if (!schema) throw new Error(`${name} is not a named schema`);
    // Taken before converting, so a schema that contains itself does not loop.
    this.#converted.set(name, {});
    this.#converted.set(name, this.#convert(schema));
  }

  #convert(schema: z.ZodMiniType): TJsonSchema {
    const json = z.toJSONSchema(schema, {
      metadata: this.#registry,
      io: 'input',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
      override: ({ zodSchema, jsonSchema }) => {
        // Our registry replaces zod's global one for the names; the descriptions stay the schemas' own.
        const meta = z.globalRegistry.get(zodSchema);
        const target = jsonSchema as TJsonSchema;
        for (const key of DOCUMENTED_META) if (meta?.[key] !== undefined) target[key] ??= meta[key];
      },
    }) as TJsonSchema;
    const { $schema: _dialect, $defs = {}, ...root } = json;
    const defs = $defs as Record<string, TJsonSchema>;
    const own = this.#registry.get(schema)?.id;
    for (const name of Object.keys(defs)) {
      if (name === own) continue;
      // Only named schemas are lifted out (`reused: 'inline'`); anything else is a cycle without a name.
      if (!this.#schemas.has(name)) throw new Error(`A schema refers to itself without a name (${name})`);
      this.#component(name);
    }
    return withComponentRefs(namedRootBody(root, own, defs));
  }
}

/**
 * A named root comes back from zod as a reference to its own definition (`{ $ref: '#/$defs/Name' }` with
 * the body under `$defs.Name`): the body is what its component holds, or what `inline` writes out.
 */
function namedRootBody(root: TJsonSchema, own: string | undefined, defs: Record<string, TJsonSchema>): TJsonSchema {
  if (own === undefined) return root;
  const body = defs[own];
  if (root.$ref !== `#/$defs/${own}` || body === undefined) return root;
  const { $ref: _self, ...rest } = root;
  return { ...body, ...rest };
}

/** Points zod's local references (`#/$defs/Name`) at the document's components. */
function withComponentRefs(value: unknown): TJsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      out[key] =
        key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')
          ? `${SCHEMA_REF_PREFIX}${child.slice('#/$defs/'.length)}`
          : walk(child);
    }
    return out;
  };
  return walk(value) as TJsonSchema;
}
