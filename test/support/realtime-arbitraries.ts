import fc from 'fast-check';
import type { z } from 'zod';
import { ID_PREFIX } from '@bidgrid/shared/constants';
import { ZRealtimeEnvelope } from '@bidgrid/shared/realtime/wire';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';

/**
 * Realtime messages generated from an event's request schema, valid and invalid, for fuzzing the
 * channel. The schema is walked for its shape (objects, arrays, strings, enums, numbers and their
 * bounds); strings draw from a pool that makes refinements pass sometimes (ids of every kind, real
 * and broken domains) and values of the wrong type make them fail. The schema itself (with the
 * envelope's) is the oracle of which messages are valid.
 */

/** Strings worth sending: ids of every kind, domains good and bad, edge cases. */
export function interestingStrings(extra: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...Object.values(ID_PREFIX).map((prefix) => `${prefix}fuzz-${prefix.length}`), ...extra),
    fc.constantFrom(
      '',
      ' ',
      'bluepeaklogistics.com',
      'https://www.northwindanalytics.io/',
      'bluepeak-freight.com',
      'quillandcrumb.com',
      'acme.com/careers',
      'Acme Corp',
      'info@acme.com',
      '192.168.0.1',
      '"><script>alert(1)</script>',
      '\u202Egnp.exe',
      'ÄÖÜ.de',
      'a'.repeat(300),
    ),
    fc.string({ maxLength: 40 }),
    fc.domain(),
  );
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const bagOf = (schema: z.ZodType): Record<string, unknown> =>
  (schema as unknown as { _zod: { bag?: Record<string, unknown> } })._zod.bag ?? {};

/** Anything at all: the wrong type for most fields. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 10 }),
  fc.constant([]),
  fc.constant({}),
);

/** Values for `schema`: mostly of its type and within its bounds, sometimes not. */
export function arbitraryFor(schema: z.ZodType, strings: fc.Arbitrary<string>, maxItems = 5): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const bag = bagOf(schema);
  const inner = (key: string): z.ZodType => def[key] as z.ZodType;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return fc.oneof(fc.constant(undefined), arbitraryFor(inner('innerType'), strings, maxItems));
    case 'pipe':
      return arbitraryFor(inner('in'), strings, maxItems);
    case 'object': {
      const shape = def['shape'] as Record<string, z.ZodType>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [
          key,
          fc.oneof({ weight: 8, arbitrary: arbitraryFor(value, strings, maxItems) }, { weight: 1, arbitrary: anyJson }),
        ]),
      );
      return fc.record(fields, { requiredKeys: [] });
    }
    case 'array': {
      const min = typeof bag['minimum'] === 'number' ? bag['minimum'] : 0;
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc.array(arbitraryFor(inner('element'), strings, maxItems), {
            minLength: min,
            maxLength: Math.max(min, maxItems),
          }),
        },
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(anyJson, { maxLength: 3 }) },
      );
    }
    case 'enum': {
      const values = Object.values(def['entries'] as Record<string, string>);
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: strings });
    }
    case 'string':
      return fc.oneof({ weight: 6, arbitrary: strings }, { weight: 1, arbitrary: anyJson });
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double(), anyJson);
    case 'boolean':
      return fc.oneof(fc.boolean(), anyJson);
    default:
      return anyJson;
  }
}

/** The envelope: mostly right, sometimes a bad reqID or chunk. Always a string reqID, so replies can be matched. */
const reqIds = fc.oneof(
  { weight: 8, arbitrary: fc.uuid().map((id) => `f-${id}`) },
  { weight: 1, arbitrary: fc.constantFrom('has space', '', 'x'.repeat(65), 'ü') },
);
const chunks = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant({ index: 0, count: 1 }) },
  {
    weight: 1,
    arbitrary: fc.record({ index: fc.integer({ min: -1, max: 3 }), count: fc.integer({ min: 0, max: 3 }) }),
  },
);

/** One generated message of `event`, and whether the schemas take it. */
export interface TFuzzMessage {
  readonly message: Record<string, unknown>;
  readonly valid: boolean;
}

/**
 * Messages of `event`: its action, a reqID, maybe a chunk, and fields generated from its request
 * schema. With a valid `seed` request, each field keeps the seed's value about half the time, so
 * refinements the walk cannot see (an id's prefix) still pass in a fair share of messages.
 */
export function fuzzMessages(
  event: RealtimeEventDef,
  strings: fc.Arbitrary<string>,
  options: { maxItems?: number; seed?: Record<string, unknown> } = {},
): fc.Arbitrary<TFuzzMessage> {
  const generated = arbitraryFor(event.request, strings, options.maxItems ?? 5);
  const seed = Object.entries(options.seed ?? {});
  const fields = fc
    .tuple(generated, fc.array(fc.boolean(), { minLength: seed.length, maxLength: seed.length }))
    .map(([values, keep]) => {
      const mixed: Record<string, unknown> =
        typeof values === 'object' && values !== null && !Array.isArray(values) ? { ...values } : {};
      seed.forEach(([key, value], i) => {
        if (keep[i]) mixed[key] = value;
      });
      return mixed;
    });
  return fc.record({ reqID: reqIds, chunk: chunks, fields }).map(({ reqID, chunk, fields }) => {
    const body = typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? fields : {};
    // What travels is JSON: judge the message after the round trip (NaN becomes null, undefined goes).
    const message = JSON.parse(
      JSON.stringify({ ...body, action: event.name, reqID, ...(chunk ? { chunk } : {}) }),
    ) as Record<string, unknown>;
    const { action: _action, chunk: _chunk, ...request } = message;
    const valid = ZRealtimeEnvelope.safeParse(message).success && event.request.safeParse(request).success;
    return { message, valid };
  });
}
