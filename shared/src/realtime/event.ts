import type { z } from 'zod';

/**
 * A realtime (WebSocket) event: the client sends `{action: name, data}`; the server answers with
 * one of `replies`, each a message `{event, success, payload, error}`.
 */
export interface RealtimeEventDef<TRequest extends z.ZodType = z.ZodType, TPayload extends z.ZodType = z.ZodType> {
  /** The action name the client emits, e.g. `getHubSpotLists`; names the handler `lambdas/src/ws/<kebab>.handler.ts`. */
  readonly name: string;
  readonly request: TRequest;
  /** Event sent back on success. */
  readonly successEvent: string;
  /** Event sent back on failure (the spec names some; others reuse the success event with success false). */
  readonly errorEvent: string;
  readonly payload: TPayload;
  readonly summary: string;
  readonly specRef: string;
}

export const defineRealtimeEvent = <TRequest extends z.ZodType, TPayload extends z.ZodType>(
  def: RealtimeEventDef<TRequest, TPayload>,
): RealtimeEventDef<TRequest, TPayload> => def;
