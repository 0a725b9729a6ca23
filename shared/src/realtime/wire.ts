import * as z from '../zod';
import { ZFieldErrors } from '../api/envelope';

/**
 * The wire format of the realtime (WebSocket) API, in one place for the handlers, the local gateway,
 * the web client and the tests (ARCHITECTURE "A realtime call, end to end"):
 *
 * - client -> server: `{action: <event name>, reqID, ...body}`, plus `chunk: {index, count}` when the
 *   typed call had to split a long request into several messages;
 * - server -> client while working: progress `{reqID, done, total}`;
 * - server -> client at the end: the spec's reply event `{event, reqID, success, payload, error}`
 *   (001 §7), to the asking connection only; a refusal adds `status` and, for bad input,
 *   `fieldErrors`. A payload too big for one message arrives as `part: {index, count}` messages
 *   that the typed call merges.
 */

/**
 * API Gateway's WebSocket quotas, which the local gateway enforces too. A message may be 128 KB, but
 * a frame only 32 KB and a browser sends every message as one frame, so what a browser sends must fit
 * 32 KB; larger frames or messages make API Gateway close the connection with 1009.
 */
export const REALTIME_LIMITS = {
  /** Largest message (all its frames), both directions; also the largest `PostToConnection` body. */
  maxMessageBytes: 128 * 1024,
  /** Largest frame. */
  maxFrameBytes: 32 * 1024,
  /** What the typed call sends in one message, headroom kept below the frame limit. */
  clientMessageBudgetBytes: 30 * 1024,
  /** What a handler posts in one message, headroom kept below the message limit. */
  replyBudgetBytes: 120 * 1024,
  /** API Gateway stops waiting for the route's integration after 29 s. */
  integrationTimeoutMs: 29_000,
  /** A connection without traffic for 10 minutes is closed. */
  idleTimeoutMs: 10 * 60_000,
  /** A connection lives two hours at most. */
  connectionLifetimeMs: 2 * 60 * 60_000,
} as const;

/** The close code API Gateway (and the local gateway) sends for a frame or message over the limit. */
export const CLOSE_MESSAGE_TOO_BIG = 1009;

/**
 * The action of the keep-alive message the web sends when a connection has been quiet for a while:
 * API Gateway routes it to a mock integration (no Lambda, no reply); the traffic alone resets the
 * 10-minute idle timer.
 */
export const REALTIME_KEEP_ALIVE_ACTION = 'keepAlive';

/**
 * The reply event of messages no event owns: malformed JSON, a missing or unknown `action`. The
 * `$default` route answers with it.
 */
export const REALTIME_ERROR_EVENT = 'requestError';

/** A correlation id chosen by the client: short, URL-safe, so it can key idempotent work. */
export const ZReqId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be 1 to 64 letters, digits, "-" or "_".'));
export type TReqId = z.infer<typeof ZReqId>;

/** Which of `count` pieces a message is (a request chunk or a reply part). */
export const ZSlice = z
  .object({ index: z.number().check(z.int(), z.gte(0)), count: z.number().check(z.int(), z.gte(1), z.lte(10_000)) })
  .check(z.refine((slice) => slice.index < slice.count, { message: 'index must be below count', path: ['index'] }));
export type TSlice = z.infer<typeof ZSlice>;

/**
 * The envelope fields of a client message; the event's own fields sit beside them (the spec's flat
 * shape, e.g. `getTargetedCompanies {bgAdvertiserId, ..., reqID}`).
 */
export const ZRealtimeEnvelope = z.object({
  action: z.string().check(z.minLength(1), z.maxLength(128)),
  reqID: ZReqId,
  chunk: z.optional(ZSlice),
});
export type TRealtimeEnvelope = z.infer<typeof ZRealtimeEnvelope>;

/** Field names the envelope owns: no event's request may use them for something else. */
export const ENVELOPE_FIELDS = ['action', 'reqID', 'chunk'] as const;

/** Progress of a request while the server works on it. */
export const ZRealtimeProgress = z.object({
  reqID: ZReqId,
  done: z.number().check(z.int(), z.gte(0)),
  total: z.number().check(z.int(), z.gte(0)),
});
export type TRealtimeProgress = z.infer<typeof ZRealtimeProgress>;

/**
 * The reply to a request: the spec's reply event with `{success, payload, error}`. `reqID` is null
 * only when the message could not be read far enough to find one. `status` says what kind of
 * refusal it was (the HTTP status the same refusal has over REST): 400 with `fieldErrors` for bad
 * input, 401 when the connection's sign-in has ended (reconnect with a fresh token), 404 for another
 * agency's ids, 5xx (generic text) for our failures.
 */
export const ZRealtimeReply = z.object({
  event: z.string().check(z.minLength(1)),
  reqID: z.nullable(ZReqId),
  chunk: z.optional(ZSlice),
  part: z.optional(ZSlice),
  success: z.boolean(),
  payload: z.unknown(),
  error: z.nullable(z.string()),
  status: z.optional(z.number().check(z.int(), z.gte(200), z.lte(599))),
  fieldErrors: z.optional(ZFieldErrors),
});
export type TRealtimeReply = z.infer<typeof ZRealtimeReply>;

/**
 * What API Gateway itself sends when it cannot deliver a message to an integration (no route,
 * integration failure or timeout): `{message, connectionId, requestId}`, no `reqID`.
 */
export const ZGatewayNotice = z.object({
  message: z.string(),
  connectionId: z.optional(z.string()),
  requestId: z.optional(z.string()),
});
export type TGatewayNotice = z.infer<typeof ZGatewayNotice>;

/** Anything the server sends on a realtime connection. */
export type TRealtimeServerMessage =
  | { kind: 'reply'; reply: TRealtimeReply }
  | { kind: 'progress'; progress: TRealtimeProgress }
  | { kind: 'notice'; notice: TGatewayNotice };

/** Reads one server message; null for anything that is none of the three (logged by the caller). */
export function parseServerMessage(text: string): TRealtimeServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if ('success' in value) {
    const reply = ZRealtimeReply.safeParse(value);
    return reply.success ? { kind: 'reply', reply: reply.data } : null;
  }
  if ('done' in value) {
    const progress = ZRealtimeProgress.safeParse(value);
    return progress.success ? { kind: 'progress', progress: progress.data } : null;
  }
  const notice = ZGatewayNotice.safeParse(value);
  return notice.success ? { kind: 'notice', notice: notice.data } : null;
}

const encoder = new TextEncoder();

/** UTF-8 size of a message as it travels (what the limits count). */
export const messageBytes = (message: unknown): number => encoder.encode(JSON.stringify(message)).length;
