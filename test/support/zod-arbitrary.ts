import fc from 'fast-check';
import type * as z from '@bidgrid/shared/zod';

/**
 * fast-check arbitraries derived from zod schemas, for property-based fuzzing of anything the shared
 * contract describes: REST operations (params, query, body) and realtime events alike.
 *
 * - `validArbitrary(schema)`: values built from the schema's structure and checks (lengths, bounds,
 *   formats, patterns, enums, literals, optional and nullable parts). Opaque refinements (`refine`,
 *   cross-field rules) cannot be inverted, so a "valid" value may still fail those: classify with
 *   `schema.safeParse` when it matters. `known` values (e.g. ids that exist) are mixed in wherever the
 *   schema accepts them, so valid inputs reach past "not found".
 * - `boundaryArbitrary(schema)`: the same, but leaves sit on and just past their limits (length
 *   min/max, min-1/max+1, numeric bounds and epsilon beyond, the date range's ends and neighbours).
 * - `invalidArbitrary(schema)`: a valid value with one mutation: a part replaced by a nasty value
 *   (wrong type, huge or unicode strings, control characters, 1e308, 'NaN', 0000-01-01, ...), a
 *   required field removed, or an extra field added; or a nasty value instead of the whole thing.
 * - `fuzzArbitrary(schema)`: a weighted mix of the three, each case tagged with its kind.
 */

/** What the fuzzing generated: the value and how it was meant. */
export type FuzzKind = 'valid' | 'boundary' | 'invalid';
export interface FuzzCase<T = unknown> {
  readonly kind: FuzzKind;
  readonly value: T;
}

export interface ZodArbitraryOptions {
  /** Values mixed into any leaf whose schema accepts them (known ids, user names, bidder ids). */
  readonly known?: readonly unknown[];
  /**
   * Values mixed into the properties of that name, where their schema accepts them: what a field
   * must be for a use case to go on (`domain: ['acme.example']`, the campaign's `beeswaxCampaignId`).
   */
  readonly byKey?: Readonly<Record<string, readonly unknown[]>>;
  /** Longest array generated for valid values (default 3); arrays never go below their minimum. */
  readonly maxArrayLength?: number;
  /** Longest string a nasty value may be (default 100,000). */
  readonly maxNastyLength?: number;
  /**
   * Values bound for a URL (path and query): nasty strings stay under 6,000 characters once
   * percent-encoded (servers refuse request lines of tens of kilobytes before any handler sees them,
   * 431 here, 414 at API Gateway) and hold no lone UTF-16 surrogates (which cannot be encoded).
   */
  readonly urlSafe?: boolean;
}

type AnySchema = z.core.$ZodType;
type Check = { check?: string; [key: string]: unknown };

const MAX_DEPTH = 6;
/** The longest percent-encoded text a URL-bound nasty value may be. */
const URL_TEXT_LIMIT = 6_000;

/** The internal definition of a schema (zod 4 keeps it on `_zod.def`). */
function defOf(schema: AnySchema): Record<string, unknown> & { type: string } {
  return schema._zod.def as unknown as Record<string, unknown> & { type: string };
}

function checksOf(schema: AnySchema): Check[] {
  const checks = (defOf(schema)['checks'] as Array<{ _zod: { def: Check } }> | undefined) ?? [];
  return checks.map((c) => c._zod.def);
}

/** Dates the one date rule accepts and the ones it must refuse (see shared/src/common/iso-date.ts). */
export const DATE_BOUNDARIES = {
  inside: ['2000-01-01', '2000-01-02', '2024-02-29', '2100-12-30', '2100-12-31'],
  outside: ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31', '2023-02-29', '2026-13-01', '2026-00-10'],
} as const;

/** A date from 2000-01-01 to 2100-12-31, `YYYY-MM-DD`. */
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** An instant in the same range, ISO 8601 with `Z`. */
const isoDateTime = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

/**
 * The nasty values of the invalid mutations: wrong types, huge and strange strings, numbers at the
 * edges of IEEE 754 and their string forms, dates outside the rule, keys that tempt prototype
 * pollution, and deep nesting.
 */
export function nastyValues(options: ZodArbitraryOptions = {}): readonly unknown[] {
  const max = options.maxNastyLength ?? 100_000;
  const deep: unknown[] = [];
  let cursor = deep;
  for (let i = 0; i < 64; i++) {
    const next: unknown[] = [];
    cursor.push(next);
    cursor = next;
  }
  const values: unknown[] = [
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    2 ** 53,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    '',
    ' ',
    '   \t  ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-1e308',
    '-0',
    '0x1F',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    'a'.repeat(Math.min(5_000, max)),
    `bgAdvertiser-${'a'.repeat(Math.min(5_000, max))}`,
    `bg-campaign-${'9'.repeat(Math.min(5_000, max))}`,
    'x'.repeat(Math.min(100_000, max)),
    '\u0000',
    'name\u0000with nul',
    '\u0007\u001b[31mred\u001b[0m',
    'line\r\nbreak',
    'Acme \u202Egnp.exe',
    '\u2066isolate\u2069',
    '\u200F\u200E\u061C',
    'Łódź Ωmega 株式会社',
    '👩‍💻'.repeat(Math.min(500, Math.floor(max / 8))),
    'e\u0301\u0301\u0301',
    '\uFEFFbom',
    '\uFFFF',
    "'; DROP TABLE app; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '%',
    '#',
    '?',
    '/',
    '\\',
    ...DATE_BOUNDARIES.outside,
    '2024-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    [],
    [null],
    ['a', 1, null],
    {},
    { a: 1 },
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
    deep,
  ];
  if (!options.urlSafe) return [...values, '\uD800', 'a\uDFFFb'];
  return values.filter((value) => typeof value !== 'string' || encodeURIComponent(value).length <= URL_TEXT_LIMIT);
}

function knownFor(schema: AnySchema, options: ZodArbitraryOptions): unknown[] {
  return (options.known ?? []).filter((value) => (schema as z.ZodMiniType).safeParse(value).success);
}

/** Mixes known values the schema accepts into an arbitrary (often: they reach past "not found"). */
function withKnown(arb: fc.Arbitrary<unknown>, schema: AnySchema, options: ZodArbitraryOptions): fc.Arbitrary<unknown> {
  const known = knownFor(schema, options);
  if (known.length === 0) return arb;
  return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: arb, weight: 1 });
}

function stringLimits(checks: Check[]): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, Number(c['minimum']));
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, Number(c['maximum']));
    if (c.check === 'length_equals') {
      min = Number(c['length']);
      max = Number(c['length']);
    }
  }
  return { min, max };
}

function matching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  try {
    // fast-check generates from a subset of regular expression syntax; skip what it cannot read.
    return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')));
  } catch {
    return undefined;
  }
}

function stringArbitrary(schema: AnySchema, options: ZodArbitraryOptions): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const checks = checksOf(schema);
  const format = (def['format'] as string | undefined) ?? undefined;
  const { min, max } = stringLimits(checks);
  const regexCheck = checks.find((c) => c.check === 'string_format' && c['format'] === 'regex');
  const prefix = checks.find((c) => c.check === 'string_format' && c['format'] === 'starts_with')?.['prefix'] as
    string | undefined;

  let base: fc.Arbitrary<string>;
  // fast-check's own e-mail addresses use all of RFC 5322's local part; zod (like most forms) takes less.
  if (format === 'email') {
    base = fc
      .tuple(
        fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,14}[a-z0-9]$/),
        fc.constantFrom('example.com', 'northwind.test'),
      )
      .map(([local, domain]) => `${local.replace(/\.{2,}/g, '.')}@${domain}`);
  } else if (format === 'url') base = fc.webUrl({ validSchemes: ['https'] });
  else if (format === 'date') base = isoDate;
  else if (format === 'datetime') base = isoDateTime;
  else if (format === 'uuid' || format === 'guid') base = fc.uuid();
  else if (regexCheck?.['pattern'] instanceof RegExp && matching(regexCheck['pattern'] as RegExp))
    base = matching(regexCheck['pattern'] as RegExp) as fc.Arbitrary<string>;
  else {
    const upper = Math.min(max ?? min + 24, min + 24);
    const random = fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(upper, Math.max(min, 1)) });
    // Real-looking names too, where they fit the limits.
    const names = ['Acme Corp', 'Northwind Media', 'Łódź Média', '株式会社', 'x'].filter(
      (name) => name.length >= min && (max === undefined || name.length <= max),
    );
    base = names.length > 0 ? fc.oneof(random, fc.constantFrom(...names)) : random;
  }
  if (prefix) base = base.map((s) => (s.startsWith(prefix) ? s : `${prefix}${s}`));

  return withKnown(base, schema, options);
}

/** A number schema's limits: integer or not, and the lowest and highest accepted values. */
function numberBounds(schema: AnySchema): { integer: boolean; low: number; high: number; lo: number; hi: number } {
  const checks = checksOf(schema);
  const integer = checks.some((c) => c.check === 'number_format' && /int/.test(String(c['format'])));
  let lo = -1e6;
  let hi = 1e6;
  let loInclusive = true;
  let hiInclusive = true;
  for (const c of checks) {
    if (c.check === 'greater_than') {
      lo = Number(c['value']);
      loInclusive = Boolean(c['inclusive']);
    }
    if (c.check === 'less_than') {
      hi = Number(c['value']);
      hiInclusive = Boolean(c['inclusive']);
    }
  }
  const step = integer ? 1 : 0.01;
  return { integer, lo, hi, low: loInclusive ? lo : lo + step, high: hiInclusive ? hi : hi - step };
}

function numberArbitrary(schema: AnySchema, options: ZodArbitraryOptions): fc.Arbitrary<unknown> {
  const { integer, low, high } = numberBounds(schema);
  const span = Math.min(high, low + 1e6);
  const base = integer
    ? fc.integer({ min: Math.ceil(Math.max(low, -1e9)), max: Math.floor(Math.min(span, 1e9)) })
    : fc.double({ min: Math.max(low, -1e9), max: Math.min(span, 1e9), noNaN: true, noDefaultInfinity: true });
  return withKnown(base, schema, options);
}

function anyJson(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );
}

function build(schema: AnySchema, options: ZodArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return fc.constant(undefined);
  const inner = (key: string) => build(def[key] as AnySchema, options, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, options);
    case 'number':
      return numberArbitrary(schema, options);
    case 'bigint':
      return fc.bigInt();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, unknown>));
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'file':
      // A JSON body carries no files; the form bodies add their file parts themselves.
      return fc.constant(undefined);
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner('innerType');
    case 'lazy':
      return build((def['getter'] as () => AnySchema)(), options, depth + 1);
    case 'pipe': {
      // preprocess(fn, out) reads like `out`; schema.transform(fn) and a.pipe(b) take `in`.
      const input = def['in'] as AnySchema;
      return defOf(input).type === 'transform' ? inner('out') : inner('in');
    }
    case 'union': {
      const members = (def['options'] as AnySchema[]).map((o) => build(o, options, depth + 1));
      return fc.oneof(...members);
    }
    case 'intersection':
      return inner('left');
    case 'tuple':
      return fc.tuple(...(def['items'] as AnySchema[]).map((item) => build(item, options, depth + 1)));
    case 'array': {
      const { min, max } = stringLimits(checksOf(schema));
      const cap = Math.min(max ?? Infinity, min + (options.maxArrayLength ?? 3));
      return fc.array(inner('element'), { minLength: min, maxLength: Math.max(cap, min) });
    }
    case 'record':
      return fc.dictionary(build(def['keyType'] as AnySchema, options, depth + 1).map(String), inner('valueType'), {
        maxKeys: 3,
      });
    case 'object': {
      const shape = def['shape'] as Record<string, AnySchema>;
      const keys = Object.keys(shape);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) {
        const property = shape[key] as AnySchema;
        const generated = build(property, options, depth + 1);
        const hints = (options.byKey?.[key] ?? []).filter((v) => (property as z.ZodMiniType).safeParse(v).success);
        record[key] =
          hints.length > 0
            ? fc.oneof({ arbitrary: fc.constantFrom(...hints), weight: 3 }, { arbitrary: generated, weight: 1 })
            : generated;
      }
      // Optional fields (optional, default) may be left out; the others are always there.
      const required = keys.filter((key) => !(shape[key] as z.ZodMiniType).safeParse(undefined).success);
      return fc
        .record(record, { requiredKeys: required })
        .map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    case 'transform':
    case 'custom':
    case 'unknown':
    case 'any':
    case 'template_literal':
    default:
      return anyJson();
  }
}

/** Values built from the schema's structure and checks (see the module comment). */
export function validArbitrary(schema: AnySchema, options: ZodArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, options, 0);
}

export type Path = ReadonlyArray<string | number>;

/** Every path into a JSON-like value (objects and arrays), the root included. */
function pathsOf(value: unknown, prefix: Path = [], into: Path[] = []): Path[] {
  into.push(prefix);
  if (prefix.length >= MAX_DEPTH) return into;
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], into));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], into);
  }
  return into;
}

function clone(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** `value` with the part at `path` replaced (or, with `remove`, deleted). */
function mutateAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const root = clone(value);
  let parent = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else Reflect.deleteProperty(parent, last);
  } else parent[last] = replacement;
  return root;
}

/** The innermost schema of wrappers that do not change what a leaf is (optional, default, pipe...). */
function unwrap(schema: AnySchema): AnySchema {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unwrap(def['innerType'] as AnySchema);
    case 'pipe': {
      const input = def['in'] as AnySchema;
      return unwrap(defOf(input).type === 'transform' ? (def['out'] as AnySchema) : input);
    }
    case 'lazy':
      return unwrap((def['getter'] as () => AnySchema)());
    default:
      return schema;
  }
}

/** Where a value can sit on a limit: object properties, array elements (at 0) and the arrays themselves. */
function leafSlots(schema: AnySchema, path: Path = [], into: Array<{ path: Path; schema: AnySchema }> = []) {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (path.length > MAX_DEPTH) return into;
  if (def.type === 'object') {
    for (const [key, property] of Object.entries(def['shape'] as Record<string, AnySchema>)) {
      leafSlots(property, [...path, key], into);
    }
  } else if (def.type === 'array') {
    into.push({ path, schema: inner });
    leafSlots(def['element'] as AnySchema, [...path, 0], into);
  } else if (['string', 'number', 'enum', 'literal'].includes(def.type)) into.push({ path, schema: inner });
  return into;
}

/** The values on and just past a leaf's limits; `current` is what the valid value holds there. */
function edgesOf(schema: AnySchema, current: unknown, options: ZodArbitraryOptions): unknown[] {
  const def = defOf(schema);
  if (def.type === 'number') {
    const { integer, low, high, lo, hi } = numberBounds(schema);
    const step = integer ? 1 : 0.01;
    const edges = [low, high, low - step, high + step, lo, hi, ...NUMBER_EXTREMES];
    return [...new Set(edges.filter((n) => Number.isFinite(n)))];
  }
  if (def.type === 'enum' || def.type === 'literal') {
    const values =
      def.type === 'enum' ? Object.values(def['entries'] as Record<string, unknown>) : (def['values'] as unknown[]);
    return [...new Set([...values, ...values.flatMap((value) => nearMisses(value))])];
  }
  if (def.type === 'array') {
    const { min, max } = stringLimits(checksOf(schema));
    const items = Array.isArray(current) ? current : [];
    const sized = (length: number) =>
      Array.from({ length: Math.max(length, 0) }, (_, i) => items[i % Math.max(items.length, 1)] ?? null);
    return [sized(min), sized(min - 1), ...(max !== undefined && max <= 1_000 ? [sized(max), sized(max + 1)] : [])];
  }
  const format = def['format'] as string | undefined;
  if (format === 'date') return [...DATE_BOUNDARIES.inside, ...DATE_BOUNDARIES.outside];
  if (format === 'datetime') return ['2000-01-01T00:00:00.000Z', '2100-12-31T23:59:59.999Z', '0000-01-01T00:00:00Z'];
  const { min, max } = stringLimits(checksOf(schema));
  const known = knownFor(schema, options).filter((v): v is string => typeof v === 'string');
  const seed = typeof current === 'string' ? current : (known[0] ?? '');
  const pad = (length: number) =>
    length <= seed.length ? seed.slice(0, Math.max(length, 0)) : seed + 'a'.repeat(length - seed.length);
  // Far past DynamoDB's key sizes (1,024 and 2,048 bytes), whatever the schema says.
  const edges: unknown[] = [pad(min), pad(Math.max(min - 1, 0)), '', pad(5_000)];
  if (max !== undefined) edges.push(pad(max), pad(max + 1));
  else edges.push(pad(min + 1_000));
  // Formats just outside: the value itself changed where formats and catalogs draw their lines.
  edges.push(...nearMisses(current));
  return [...new Set(edges)];
}

/**
 * Numbers at the ends of what JSON carries and integers are exact to: the smallest and largest a
 * request can hold, whatever a schema's bounds say.
 */
export const NUMBER_EXTREMES: readonly number[] = [
  0,
  -1,
  Number.MIN_VALUE,
  1e308,
  -1e308,
  -Number.MAX_VALUE,
  Number.MAX_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
];

/** How many digit runs of one value get their extremes (an IP range has five). */
const MAX_DIGIT_RUNS = 5;

/**
 * A valid string moved just outside the formats and catalogs it may belong to: each run of digits at
 * its smallest (0) and past its largest (one more 9: an octet 999, a prefix /99, a ZIP 999999), a
 * number in digits below zero and not whole ('-1', '0.5': a paging offset), the
 * other case ('US-TX' -> 'us-tx', a catalog key), one character more and one less, and spaces around
 * it. What a pattern or a catalog refuses is one of these; what neither looks at passes them on, as it
 * should. Not a string (or an empty one): none.
 */
export function nearMisses(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [];
  const out = new Set<string>();
  const runs = [...value.matchAll(/\d+/g)].slice(0, MAX_DIGIT_RUNS);
  for (const run of runs) {
    const at = run.index;
    const before = value.slice(0, at);
    const after = value.slice(at + run[0].length);
    out.add(`${before}0${after}`);
    out.add(`${before}${'9'.repeat(run[0].length + 1)}${after}`);
  }
  // A number written in digits (an offset, a count): below zero and not whole.
  if (/^\d+$/.test(value)) {
    out.add('-1');
    out.add(`${value}.5`);
  }
  out.add(value.toUpperCase());
  out.add(value.toLowerCase());
  out.add(`${value}x`);
  out.add(value.slice(0, -1));
  out.add(` ${value} `);
  out.delete(value);
  return [...out];
}

/** `value` with `replacement` at `path`, making the objects and arrays on the way. */
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const container =
    value !== null && typeof value === 'object'
      ? (clone(value) as Record<string | number, unknown>)
      : typeof head === 'number'
        ? []
        : {};
  (container as Record<string | number, unknown>)[head] = setAt(
    (container as Record<string | number, unknown>)[head],
    rest,
    replacement,
  );
  return container;
}

/** The leaf of `value` at `path`, or undefined where the value has none. */
function valueAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    current =
      current !== null && typeof current === 'object' ? (current as Record<string | number, unknown>)[key] : undefined;
  }
  return current;
}

/**
 * A valid value with ONE leaf on or just past its limit (length min/max, min-1/max+1, far past key
 * sizes; numeric bounds and beyond; the date rule's ends and neighbours; array sizes). One at a time,
 * so the rest of the value gets the use case that far.
 */
export function boundaryArbitrary(schema: AnySchema, options: ZodArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const slots = leafSlots(schema);
  const valid = validArbitrary(schema, options);
  if (slots.length === 0) return valid;
  return fc.tuple(valid, fc.nat(), fc.nat()).map(([value, i, j]) => {
    const slot = slots[i % slots.length] as { path: Path; schema: AnySchema };
    const current = valueAt(value, slot.path);
    const edges = edgesOf(slot.schema, current, options);
    return edges.length === 0 ? value : setAt(value, slot.path, edges[j % edges.length]);
  });
}

/** One leaf of a value moved to one of its edges (see `boundaryCases`). */
export interface BoundaryCase {
  /** Where the leaf is (`['targetingInfo', 'geo_state', 0, 'key']`). */
  readonly path: Path;
  /** The edge it is set to. */
  readonly edge: unknown;
  /** `value` with that leaf at that edge, the rest as it was. */
  readonly value: unknown;
}

/**
 * Every edge of every leaf of `schema`, each set alone in `value` (a valid request that gets through
 * to the vendors): the walk that sends each field's bounds all the way through, where
 * `boundaryArbitrary` draws a few at random. A leaf `value` lacks (an optional field, an empty list)
 * is made on the way, so a request that leaves a layer out still has its fields walked; give `value`
 * one element in each list so the elements' own fields are walked next to valid siblings.
 */
export function boundaryCases(schema: AnySchema, value: unknown, options: ZodArbitraryOptions = {}): BoundaryCase[] {
  return leafSlots(schema).flatMap((slot) => {
    const current = valueAt(value, slot.path);
    return edgesOf(slot.schema, current, options).map((edge) => ({
      path: slot.path,
      edge,
      value: setAt(value, slot.path, edge),
    }));
  });
}

/** A valid value with one mutation, or a nasty value instead of it (see the module comment). */
export function invalidArbitrary(schema: AnySchema, options: ZodArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const nasty = fc.constantFrom(...nastyValues(options));
  const extraKey = fc.constantFrom(
    'unexpected',
    '__proto__',
    'constructor',
    'agencyId',
    'createdBy',
    '',
    'a'.repeat(300),
  );
  const mutated = fc
    .tuple(validArbitrary(schema, options), fc.nat(), nasty, fc.nat({ max: 9 }), extraKey)
    .map(([value, pick, replacement, operation, key]) => {
      const paths = pathsOf(value);
      const path = paths[pick % paths.length] as Path;
      if (operation < 6) return mutateAt(value, path, replacement);
      const target = path.length > 0 ? path : [];
      if (operation < 8 && target.length > 0) return mutateAt(value, target, undefined, true);
      // An extra field on the nearest object (or the root when it is one).
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const copy = clone(value) as Record<string, unknown>;
        Object.defineProperty(copy, key, { value: replacement, enumerable: true, configurable: true, writable: true });
        return copy;
      }
      return replacement;
    });
  return fc.oneof({ arbitrary: mutated, weight: 4 }, { arbitrary: nasty, weight: 1 });
}

/** A weighted mix: 45% valid, 15% boundary, 40% invalid, each tagged. */
export function fuzzArbitrary(schema: AnySchema, options: ZodArbitraryOptions = {}): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    { arbitrary: validArbitrary(schema, options).map((value) => ({ kind: 'valid' as const, value })), weight: 9 },
    { arbitrary: boundaryArbitrary(schema, options).map((value) => ({ kind: 'boundary' as const, value })), weight: 3 },
    { arbitrary: invalidArbitrary(schema, options).map((value) => ({ kind: 'invalid' as const, value })), weight: 8 },
  );
}

/** `count` cases of `arbitrary`, reproducible from `seed` (fast-check's sampler). */
export function sampleCases<T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed });
}
