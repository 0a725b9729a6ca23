import * as z from '../zod';

/** Field errors of a 400 reply: dotted path -> messages. */
export const ZFieldErrors = z.record(z.string(), z.array(z.string()));
export type TFieldErrors = z.infer<typeof ZFieldErrors>;

/**
 * Where the next page of a paged list starts (our addition, like `fieldErrors`): a successful reply of a
 * paged operation (`paged` in the operation table) carries it beside its payload, so the payload keeps the
 * spec's shape. An opaque text to send back as the `cursor` query parameter, bound to the list and the
 * caller's agency (anything else answers 400); null once the list has ended. Other replies have none.
 */
export const ZNextCursor = z.nullable(z.string().check(z.minLength(1)));

/**
 * Every reply of the API, success or not, is this envelope (spec section 7: "Success replies carry
 * success, payload, error"). `fieldErrors` (400 replies) and `nextCursor` (paged lists) are our additions.
 */
export const envelope = <T extends z.ZodMiniType>(payload: T) =>
  z.object({
    success: z.boolean(),
    payload: z.nullable(payload),
    error: z.nullable(z.string()),
    fieldErrors: z.optional(ZFieldErrors),
    nextCursor: z.optional(ZNextCursor),
  });

export type TEnvelope<T> = {
  success: boolean;
  payload: T | null;
  error: string | null;
  fieldErrors?: TFieldErrors;
  nextCursor?: string | null;
};

/**
 * Headers every API reply carries, whoever answers it: a handler, API Gateway itself (its 4xx, 5xx and
 * 429, the 501 placeholders, the redirects to the API's description) and the local gateway. Authenticated
 * replies hold billing e-mails and card digits, so no browser or proxy cache keeps one (`no-store`), and no
 * browser reads a reply as another type than the one it declares (`nosniff`).
 */
export const API_REPLY_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Spec section 8: the generic texts the client falls back to. */
export const GENERIC_REQUEST_ERROR = 'There was an error with this request.';
export const MISSING_BODY_ERROR = 'There was an error with this request, request body not provided';
/**
 * The error of a 429: a caller over its request budget (the cloud's WAF rate rules, API Gateway's
 * stage throttle and the local gateway's limiter all answer it in the envelope, so the web shows it
 * in its usual API-error toast).
 */
export const TOO_MANY_REQUESTS_ERROR = 'Too many requests. Please wait a moment and try again.';
/** The error of a 503: the database stayed throttled through the server's own retries (issue 16 faults). */
export const BUSY_ERROR = 'BidGrid is busy right now. Please try again in a moment.';

/**
 * 415 replies (ours): a body the operation cannot read because of its declared type. JSON operations
 * take `application/json` (or a `+json` type), UTF-8 or without a charset; form operations take
 * `multipart/form-data`. Nothing is guessed from the bytes, so a cross-site form post (`text/plain`,
 * URL-encoded) never reaches a use case.
 */
export const UNSUPPORTED_JSON_MEDIA_TYPE_ERROR = 'Unsupported media type: send the request body as application/json.';
export const UNSUPPORTED_FORM_MEDIA_TYPE_ERROR =
  'Unsupported media type: send the request body as multipart/form-data.';

/**
 * The error of an operation of the table whose handler does not exist yet: the cloud deploys it as a
 * mock answering 501 with it, and the local gateway answers the same.
 */
export const NOT_IMPLEMENTED_ERROR = 'Not implemented yet';

/**
 * API Gateway's own replies, word for word (`{message}`, not the envelope): the authorizer's 401s,
 * an unknown route, a body over the 10 MB limit, an integration that failed or took longer than 29 s.
 * The local gateway answers them too, and the API reference documents them.
 */
export const GATEWAY_MESSAGES = {
  unauthorized: { message: 'Unauthorized' },
  expired: { message: 'The incoming token has expired' },
  notFound: { message: 'Not Found' },
  badRequest: { message: 'Bad Request' },
  internal: { message: 'Internal server error' },
  timeout: { message: 'Endpoint request timed out' },
  tooLarge: { message: 'Request Too Long' },
} as const;
