import fc from 'fast-check';
import { ZRealtimeEnvelope } from '@bidgrid/shared/realtime/wire';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import { fuzzArbitrary } from './zod-arbitrary';
import type { FuzzKind, ZodArbitraryOptions } from './zod-arbitrary';

/**
 * Realtime messages for fuzzing the channel: the envelope (action, reqID, maybe a chunk), mostly right and
 * sometimes not, around fields generated from the event's request schema by `fuzzArbitrary`, the same
 * generator the REST fuzzing uses. The schemas themselves (the envelope's and the event's) are the oracle
 * of which messages are valid.
 */

/** The envelope's reqID: mostly right, sometimes refused. Always a string, so replies can be matched. */
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

/** One generated message of `event`, how its fields were meant, and whether the schemas take it. */
export interface TFuzzMessage {
  readonly message: Record<string, unknown>;
  readonly kind: FuzzKind;
  readonly valid: boolean;
}

/**
 * The longest nasty string a field may carry: a message stays well under the gateway's frame limit
 * (128 KB, which closes the connection with 1009 rather than answering), so every message gets a reply.
 */
const MAX_NASTY_MESSAGE_TEXT = 20_000;

/** A message of `event` from its fields and envelope, judged valid or not by the schemas after a JSON round trip. */
function judged(
  event: RealtimeEventDef,
  fields: unknown,
  envelope: { reqID: string; chunk: unknown },
  kind: FuzzKind,
): TFuzzMessage {
  const body = typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? fields : {};
  const { reqID, chunk } = envelope;
  // What travels is JSON: judge the message after the round trip (NaN becomes null, undefined goes).
  const message = JSON.parse(
    JSON.stringify({ ...body, action: event.name, reqID, ...(chunk ? { chunk } : {}) }),
  ) as Record<string, unknown>;
  const { action: _action, chunk: _chunk, ...request } = message;
  const valid = ZRealtimeEnvelope.safeParse(message).success && event.request.safeParse(request).success;
  return { message, kind, valid };
}

/** Messages of `event`; `options` are `fuzzArbitrary`'s (ids that exist, values a use case needs by key). */
export function fuzzMessages(event: RealtimeEventDef, options: ZodArbitraryOptions = {}): fc.Arbitrary<TFuzzMessage> {
  const fields = fuzzArbitrary(event.request, { maxNastyLength: MAX_NASTY_MESSAGE_TEXT, ...options });
  return fc
    .record({ reqID: reqIds, chunk: chunks, fields })
    .map(({ reqID, chunk, fields: { kind, value } }) => judged(event, value, { reqID, chunk }, kind));
}

/**
 * Messages of `event` made from a valid request `base` with one of its fields generated (valid, boundary
 * or invalid for that field): for a request with many rules, whose wholly generated messages are almost
 * never valid, so its use case is reached as often as its validation.
 */
export function fuzzMessagesAround(
  event: RealtimeEventDef,
  base: Readonly<Record<string, unknown>>,
  options: ZodArbitraryOptions = {},
): fc.Arbitrary<TFuzzMessage> {
  const shape = (event.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const keys = Object.keys(shape);
  if (keys.length === 0) throw new Error(`${event.name}: its request has no fields to vary`);
  const field = fc.constantFrom(...keys).chain((key) =>
    fuzzArbitrary(shape[key] as RealtimeEventDef['request'], {
      maxNastyLength: MAX_NASTY_MESSAGE_TEXT,
      ...options,
    }).map(({ kind, value }) => ({ key, kind, value })),
  );
  return fc
    .record({ reqID: reqIds, chunk: chunks, field })
    .map(({ reqID, chunk, field: { key, kind, value } }) =>
      judged(event, { ...base, [key]: value }, { reqID, chunk }, kind),
    );
}
