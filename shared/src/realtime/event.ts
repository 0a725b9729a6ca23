import type * as z from '../zod';

/**
 * How an event's requests and replies are cut to fit API Gateway's limits (`wire.ts`) and put back
 * together. Events without it must fit one message each way.
 *
 * Requests: the typed call splits a request that does not fit one frame into chunks (sent one after
 * the other, each answered on its own) and merges the chunk replies, in order, into one payload.
 * Replies: a handler splits a payload that does not fit one message into parts, which the typed call
 * merges the same way.
 */
export interface RealtimeParts<TRequest, TPayload> {
  /**
   * Splits a request into requests that each satisfy `fits`, keeping entries that belong together in
   * one chunk. Throws when a single entry cannot fit (the typed call then fails before sending).
   */
  splitRequest?(request: TRequest, fits: (request: TRequest) => boolean): TRequest[];
  /** The work a request is, in the unit of the server's progress (`done`/`total`): e.g. its entries. */
  size?(request: TRequest): number;
  /** Splits a payload into payloads that each satisfy `fits`. */
  splitPayload?(payload: TPayload, fits: (payload: TPayload) => boolean): TPayload[];
  /** Joins the payloads of chunks or parts, in their order, into the payload of the whole. */
  merge(payloads: readonly TPayload[]): TPayload;
}

/**
 * A realtime (WebSocket) event: the client sends `{action: name, reqID, ...request}`; the server may
 * send progress `{reqID, done, total}` and ends with `successEvent` or `errorEvent`, each
 * `{event, reqID, success, payload, error}` (see `wire.ts`).
 */
export interface RealtimeEventDef<
  TRequest extends z.ZodMiniType = z.ZodMiniType,
  TPayload extends z.ZodMiniType = z.ZodMiniType,
> {
  /** The action name the client emits, e.g. `getHubSpotLists`; names the handler `lambdas/src/ws/<kebab>.handler.ts`. */
  readonly name: string;
  /** The event's own fields (beside the envelope's `action`, `reqID`, `chunk`). */
  readonly request: TRequest;
  /** Event sent back on success. */
  readonly successEvent: string;
  /** Event sent back on failure (the spec names some; others reuse the success event with success false). */
  readonly errorEvent: string;
  readonly payload: TPayload;
  readonly summary: string;
  readonly specRef: string;
  /** How long requests and replies are split and merged; absent when one message always suffices. */
  readonly parts?: RealtimeParts<z.input<TRequest>, z.output<TPayload>>;
}

export const defineRealtimeEvent = <TRequest extends z.ZodMiniType, TPayload extends z.ZodMiniType>(
  def: RealtimeEventDef<TRequest, TPayload>,
): RealtimeEventDef<TRequest, TPayload> => def;

/** The request type a client passes to an event (before defaults). */
export type RealtimeRequestOf<E extends RealtimeEventDef> = z.input<E['request']>;
/** The payload type a client receives from an event (parsed). */
export type RealtimePayloadOf<E extends RealtimeEventDef> = z.output<E['payload']>;
