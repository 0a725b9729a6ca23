import { nowMs } from '@bidgrid/shared/clock';
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from '@bidgrid/shared/zod';
import { API_REPLY_HEADERS, MISSING_BODY_ERROR, UNSUPPORTED_JSON_MEDIA_TYPE_ERROR } from '@bidgrid/shared/api/envelope';
import type { TEnvelope, TFieldErrors } from '@bidgrid/shared/api/envelope';
import { isPaged, PICKER_TICKET_HEADER } from '@bidgrid/shared/api/operation';
import type { AnyOperation, AuthKind, PagedOperation } from '@bidgrid/shared/api/operation';
import { agencyRepository } from '../adapters/repositories/agency.repository';
import { config } from '../kernel/config';
import type { TPagedPayload, TPageRequest } from '../domain/ports/page.port';
import {
  BadRequestError,
  ForbiddenError,
  InternalError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  toAppError,
} from '../kernel/errors';
import { publishInvocationMetrics } from '../kernel/invocation-metrics';
import { logger } from '../kernel/logger';
import type { Logger } from '../kernel/logger';
import type { MultipartForm, UploadedFile } from '../kernel/multipart';
import { nextCursorOf, pageBindingOf, pageRequestOf } from './paging';
import { restRequestIds } from './request-ids';
import type { TSignedReply } from './signed-replays';
import type { TSignedRequest } from './signed-requests';
import { collectFieldErrors, invalidRequest } from '../kernel/validation';

/**
 * The caller of an operation. Both getters throw on operations that do not have them, which is a
 * bug in the handler, not the request: `username` on `public` operations, `agencyId` on operations
 * whose tenant is `none` (the middleware resolves the agency only for tenant `agency`).
 */
export interface Caller {
  /** The Cognito user name, lower-cased (agency users are stored lower-cased). */
  readonly username: string;
  /** The caller's agency, from the `USER#{username}` item, never from the request. */
  readonly agencyId: string;
}

/** What a use-case runner receives: validated input (schema outputs), the caller and request details. */
export interface HttpInput<O extends AnyOperation> {
  params: z.output<O['params']>;
  query: z.output<O['query']>;
  body: z.output<O['body']>;
  /** Files of a `form` body (empty for JSON operations). */
  files: readonly UploadedFile[];
  caller: Caller;
  /** Raw request details for signed webhooks (signature over the raw body) and logging. */
  request: {
    headers: Readonly<Record<string, string | undefined>>;
    rawBody: string | null;
    requestId: string;
    /** Method and URL parts as received, for signatures over the request URI (HubSpot v3). */
    method: string;
    /** The resource path (`/public/...`). */
    path: string;
    /** The path as API Gateway saw it, stage included (`/prod/public/...`); null when unknown. */
    stagePath: string | null;
    /** Query parameters in arrival order, each with all its values. */
    query: Readonly<Record<string, readonly string[]>>;
  };
  /** A logger bound to this request (operation, requestId, username, agencyId). */
  log: Logger;
  /** The page asked of a paged operation (`limit`, the opened `cursor`); undefined on other operations. */
  page: O extends PagedOperation ? TPageRequest : undefined;
}

/** What a use case answers: the payload, or for a paged operation the payload and the next page's cursor. */
export type HttpResult<O extends AnyOperation> = O extends PagedOperation
  ? TPagedPayload<z.input<O['response']>>
  : z.input<O['response']>;

/** Runs the use case of one operation and returns the envelope's payload (and cursor, when paged). */
export type HttpRun<O extends AnyOperation> = (input: HttpInput<O>) => Promise<HttpResult<O>>;

/**
 * How the frame checks the requests of a signed operation (`hubspot-signed*`, `stripe-signed`): the handler
 * of one passes `signedRequests` (`entry/signed-request-guard.ts`), so the signature code is in no other bundle.
 */
export interface SignedRequestGuard {
  /**
   * Refuses (401) a request whose signature is missing, wrong or stale; answers the name a replay of a
   * HubSpot-signed request carries (its verified signature), null for any other (`assertSigned`).
   */
  verify(auth: AuthKind, request: TSignedRequest): Promise<string | null>;
  /** Runs the signed write `key` once: its repeats answer its first reply (`oncePerSignedRequest`). */
  once(key: string, run: () => Promise<TSignedReply>, log: Logger): Promise<TSignedReply>;
}

/** Options of `httpHandler`. */
export interface HttpHandlerOptions {
  /** Required for a signed operation, refused for any other. */
  readonly signed?: SignedRequestGuard;
  /**
   * Required for a form operation (`bodyKind: 'form'`), refused for any other: `readFormBody` of
   * `./multipart`, so only the upload handlers' bundles carry the multipart parser.
   */
  readonly form?: FormBodyReader;
}

/** Reads a form operation's body into fields and files; throws its 415 or 400. */
export type FormBodyReader = (bytes: Buffer, contentType: string | undefined) => MultipartForm;

/** Whether an operation's requests are signed by a vendor instead of carrying a user's token. */
const isSigned = (auth: AuthKind): boolean => auth !== 'user' && auth !== 'public';

/** The Lambda entry point of a REST operation (API Gateway REST proxy event in, proxy result out). */
export type HttpLambda = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** The event after the body middleware: the body parsed, the raw text and the files kept beside it. */
export interface ParsedHttpEvent extends APIGatewayProxyEvent {
  /** Parsed JSON, or the text fields of a form; `undefined` when the request has no body. */
  parsedBody?: unknown;
  /** The body as text (base64 decoded); null when absent or binary (form). */
  rawBody?: string | null;
  files?: UploadedFile[];
  /**
   * Why the body could not be read (415, 400), thrown only after a signed operation's signature was
   * checked: an unsigned request learns nothing about its body, not even that it is not JSON.
   */
  bodyError?: unknown;
}

/** How long a warm Lambda trusts a user -> agency look-up (DATA-MODEL: cache per warm Lambda). */
export const AGENCY_CACHE_TTL_MS = 60_000;

// Only hits are cached: a user whose agency is created a moment later must not wait out a
// cached "no agency". A mapping is never changed once written, so a hit cannot go stale.
const agencyCache = new Map<string, { agencyId: string; expiresAt: number }>();

async function resolveAgencyId(username: string): Promise<string | null> {
  const now = nowMs();
  const hit = agencyCache.get(username);
  if (hit && hit.expiresAt > now) return hit.agencyId;
  const agencyId = await agencyRepository.getUserAgencyId(username);
  if (agencyId) agencyCache.set(username, { agencyId, expiresAt: now + AGENCY_CACHE_TTL_MS });
  else agencyCache.delete(username);
  return agencyId;
}

/** Tests only: forget cached user -> agency look-ups. */
export function resetCallerCacheForTests(): void {
  agencyCache.clear();
}

class RequestCaller implements Caller {
  readonly #operation: string;
  readonly #username: string | null;
  readonly #agencyId: string | null;

  constructor(operation: string, username: string | null, agencyId: string | null) {
    this.#operation = operation;
    this.#username = username;
    this.#agencyId = agencyId;
  }

  get username(): string {
    if (this.#username === null) throw new InternalError(`${this.#operation} has no caller (public operation)`);
    return this.#username;
  }

  get agencyId(): string {
    if (this.#agencyId === null) throw new InternalError(`${this.#operation} resolves no agency (tenant none)`);
    return this.#agencyId;
  }
}

/** The user name from the authorizer's claims: access tokens say `username`, ID tokens `cognito:username`. */
function usernameFromClaims(event: APIGatewayProxyEvent): string | null {
  const claims: unknown = event.requestContext?.authorizer?.['claims'];
  if (!claims || typeof claims !== 'object') return null;
  const record = claims as Record<string, unknown>;
  const username = record['username'] ?? record['cognito:username'];
  return typeof username === 'string' && username.trim() !== '' ? username.trim().toLowerCase() : null;
}

/** A body schema that refuses `undefined` means the operation needs a body. */
function requiresBody(operation: AnyOperation): boolean {
  return !operation.body.safeParse(undefined).success;
}

function decodeBody(event: APIGatewayProxyEvent): Buffer | null {
  if (event.body === null || event.body === undefined || event.body === '') return null;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

/**
 * Whether a Content-Type announces JSON we read: `application/json` or a structured `+json` type
 * (RFC 6839, e.g. `application/merge-patch+json`), with no charset or UTF-8 (RFC 8259 makes JSON
 * UTF-8; a body declared in another charset would be misread). Both need a CORS preflight, so a
 * cross-site page cannot send one without the API's consent, unlike `text/plain`.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [type = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type)) return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || value.replace(/^"(.*)"$/, '$1') === 'utf-8';
  });
}

/**
 * Parses the body by the operation's kind: JSON, or multipart form data (fields + files). A body
 * whose Content-Type is not the kind's answers 415 without being parsed; a request without a
 * body is not judged by its type. The refusal is kept on the event (`bodyError`) and thrown by the
 * core once a signed operation's signature passed; the raw text is kept either way, as it is signed.
 */
function bodyParser(operation: AnyOperation, form: FormBodyReader | undefined): MiddlewareObj<ParsedHttpEvent> {
  return {
    before: (request) => {
      const event = request.event;
      try {
        parseBody(operation, event, form);
      } catch (error) {
        event.parsedBody = undefined;
        event.bodyError = error;
      }
    },
  };
}

/** Reads the body into the event (parsed, raw text, files); throws the 415 or 400 of a body it cannot read. */
function parseBody(operation: AnyOperation, event: ParsedHttpEvent, form: FormBodyReader | undefined): void {
  const bytes = decodeBody(event);
  event.files = [];
  if (bytes === null) {
    event.parsedBody = undefined;
    event.rawBody = null;
    return;
  }
  const contentType = event.headers?.['content-type'];
  if (form) {
    event.rawBody = null;
    const read = form(bytes, contentType);
    event.parsedBody = read.fields;
    event.files = read.files;
    return;
  }
  const text = bytes.toString('utf8');
  event.rawBody = text;
  if (!isJsonContentType(contentType)) {
    throw new UnsupportedMediaTypeError(UNSUPPORTED_JSON_MEDIA_TYPE_ERROR, {
      internalMessage: `JSON body sent as ${contentType ?? 'no Content-Type'}`,
    });
  }
  if (text.trim() === '') {
    event.parsedBody = undefined;
    return;
  }
  try {
    event.parsedBody = JSON.parse(text) as unknown;
  } catch (error) {
    // Spec §8: a body the server cannot read answers like a missing one.
    throw new BadRequestError(MISSING_BODY_ERROR, undefined, {
      internalMessage: 'Invalid JSON body',
      cause: error,
    });
  }
}

function corsHeaders(event: APIGatewayProxyEvent | undefined): Record<string, string> {
  const allowed = config().CORS_ORIGIN;
  const common = {
    'Access-Control-Allow-Headers': `Content-Type,Authorization,${PICKER_TICKET_HEADER}`,
    'Access-Control-Allow-Methods': 'GET,POST,PUT,DELETE,OPTIONS',
  };
  // Locally (no list) every origin is fine: the stack listens on loopback only.
  if (allowed.length === 0) return { ...common, 'Access-Control-Allow-Origin': '*' };
  const origin = event?.headers?.['origin'] ?? event?.headers?.['Origin'];
  const match = origin && allowed.includes(origin) ? origin : allowed[0];
  return { ...common, 'Access-Control-Allow-Origin': match ?? '', Vary: 'Origin' };
}

function reply(status: number, envelope: TEnvelope<unknown>): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: { 'Content-Type': 'application/json', ...API_REPLY_HEADERS },
    body: JSON.stringify(envelope),
  };
}

interface RequestState {
  startedAt: number;
  log: Logger;
}

// Per-invocation state between the outer middleware and the handler, keyed by the event object.
const states = new WeakMap<object, RequestState>();

function stateOf(event: object, operation: AnyOperation, context: Context | undefined): RequestState {
  let state = states.get(event);
  if (!state) {
    const ids = restRequestIds(event as Partial<APIGatewayProxyEvent>, context);
    state = { startedAt: performance.now(), log: logger().child({ operation: operation.name, ...ids }) };
    states.set(event, state);
  }
  return state;
}

/**
 * Outermost middleware: times the request, adds CORS headers, turns every error into a status and
 * an envelope (5xx with the generic text only), and writes one structured line per request.
 */
function replyMiddleware(operation: AnyOperation): MiddlewareObj<ParsedHttpEvent, APIGatewayProxyResult> {
  return {
    before: (request) => {
      stateOf(request.event, operation, request.context);
    },
    after: (request) => {
      const state = stateOf(request.event, operation, request.context);
      const response = request.response;
      if (!response) return;
      response.headers = { ...response.headers, ...corsHeaders(request.event) };
      state.log.info('request completed', {
        status: response.statusCode,
        durationMs: Math.round(performance.now() - state.startedAt),
      });
    },
    onError: (request) => {
      const state = stateOf(request.event, operation, request.context);
      const error = toAppError(request.error);
      const durationMs = Math.round(performance.now() - state.startedAt);
      const fields = { status: error.status, durationMs, code: error.code, error };
      if (error.status >= 500) state.log.error(`request failed: ${error.message}`, fields);
      else state.log.warn(`request refused: ${error.message}`, fields);
      const envelope: TEnvelope<unknown> = { success: false, payload: null, error: error.publicMessage };
      if (error instanceof BadRequestError && error.fieldErrors) envelope.fieldErrors = error.fieldErrors;
      const response = reply(error.status, envelope);
      response.headers = { ...response.headers, ...corsHeaders(request.event) };
      request.response = response;
    },
  };
}

/**
 * Builds the Lambda of one operation. `raw` is the core (validate, caller, run, envelope) on an
 * already parsed event and throws typed errors; `handler` is `raw` inside the middy stack:
 * reply/errors/CORS/logging, header normalizer, body parser. A signed operation's handler passes
 * `{ signed: signedRequests }` (its signature checks and run-once), which no other operation takes.
 */
export function httpHandler<O extends AnyOperation>(
  operation: O,
  run: HttpRun<O>,
  options: HttpHandlerOptions = {},
): { handler: HttpLambda; raw: (event: ParsedHttpEvent, context: Context) => Promise<APIGatewayProxyResult> } {
  const { signed, form } = options;
  // A handler bug, found when its module loads: a signed operation unchecked, or a guard nothing uses.
  if (isSigned(operation.auth) !== (signed !== undefined)) {
    throw new Error(
      `${operation.name} (${operation.auth}): ${signed ? 'only signed operations take' : 'pass'} { signed: signedRequests }`,
    );
  }
  // The same for a form operation's body reader.
  if ((operation.bodyKind === 'form') !== (form !== undefined)) {
    throw new Error(
      `${operation.name} (${operation.bodyKind} body): ${form ? 'only form operations take' : 'pass'} { form: readFormBody }`,
    );
  }
  const raw = async (event: ParsedHttpEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const state = stateOf(event, operation, context);
    const request: HttpInput<O>['request'] = {
      headers: event.headers ?? {},
      rawBody: event.rawBody ?? null,
      requestId: context?.awsRequestId ?? '',
      method: event.httpMethod ?? operation.method,
      path: event.path ?? '',
      stagePath: event.requestContext?.path ?? null,
      query: Object.fromEntries(
        Object.entries(event.multiValueQueryStringParameters ?? {}).flatMap(([name, values]) =>
          values ? [[name, values]] : [],
        ),
      ),
    };

    // 1. A signed operation's signature comes first: an unsigned request learns nothing, not even
    //    what its body lacks (401 before any 400).
    const signedBy = signed ? await signed.verify(operation.auth, request) : null;

    // 2. Validate the request against the operation's schemas, collecting every field error (after a
    //    body that could not be read at all: its 415 or 400).
    if (event.bodyError !== undefined) throw event.bodyError;
    if (event.parsedBody === undefined && requiresBody(operation)) {
      throw new BadRequestError(MISSING_BODY_ERROR, undefined, { internalMessage: 'Request body not provided' });
    }
    const fieldErrors: TFieldErrors = {};
    const params = operation.params.safeParse(event.pathParameters ?? {});
    if (!params.success) collectFieldErrors(params.error.issues, 'params', fieldErrors);
    const query = operation.query.safeParse(event.queryStringParameters ?? {});
    if (!query.success) collectFieldErrors(query.error.issues, 'query', fieldErrors);
    const body = operation.body.safeParse(event.parsedBody);
    if (!body.success) collectFieldErrors(body.error.issues, 'body', fieldErrors);
    if (!params.success || !query.success || !body.success) {
      throw invalidRequest(fieldErrors);
    }

    // 3. The caller: from the authorizer's claims, and their agency from the USER item.
    let username: string | null = null;
    let agencyId: string | null = null;
    if (operation.auth === 'user') {
      username = usernameFromClaims(event);
      if (!username) throw new UnauthorizedError();
      if (operation.tenant === 'agency') {
        agencyId = await resolveAgencyId(username);
        if (!agencyId) {
          throw new ForbiddenError('Your user is not assigned to an agency.', {
            internalMessage: `No agency for user ${username}`,
          });
        }
      }
      state.log = state.log.child({ username, ...(agencyId ? { agencyId } : {}) });
    }

    // 4. The use case, with the page a paged list asks for (its cursor opened for this caller: 400 if not theirs).
    const binding = pageBindingOf(operation, { username, agencyId });
    const page = isPaged(operation)
      ? await pageRequestOf(operation, query.data as { limit?: number; cursor?: string }, binding)
      : undefined;
    const answer = async (): Promise<TSignedReply> => {
      const result = await run({
        params: params.data as z.output<O['params']>,
        query: query.data as z.output<O['query']>,
        body: body.data as z.output<O['body']>,
        files: event.files ?? [],
        caller: new RequestCaller(operation.name, username, agencyId),
        request,
        log: state.log,
        page: page as HttpInput<O>['page'],
      });
      const paged = isPaged(operation) ? (result as TPagedPayload<unknown>) : null;
      const payload: unknown = paged ? paged.payload : result;

      // 5. Outside prod, a payload that breaks the contract is our bug: log it and answer 500.
      if (config().STAGE !== 'prod') {
        const checked = operation.response.safeParse(payload);
        if (!checked.success) {
          throw new InternalError(
            `Response of ${operation.name} breaks its schema: ${JSON.stringify(checked.error.issues)}`,
          );
        }
      }
      if (!paged) return { status: 200, envelope: { success: true, payload, error: null } };
      return {
        status: 200,
        envelope: { success: true, payload, error: null, nextCursor: await nextCursorOf(paged.nextCursor, binding) },
      };
    };

    // A write HubSpot signed runs once per signature: its replays answer the first reply (issue 26 §4).
    const { status, envelope } =
      signed && signedBy !== null && operation.method !== 'GET'
        ? await signed.once(`signed-request#${operation.name}#${signedBy}`, answer, state.log)
        : await answer();
    return reply(status, envelope);
  };

  const wrapped = middy<ParsedHttpEvent, APIGatewayProxyResult>(raw)
    .use(replyMiddleware(operation))
    .use(httpHeaderNormalizer())
    .use(bodyParser(operation, form)) as unknown as HttpLambda;

  // Outside middy, so what the request recorded is published however it ended (reply, refusal or crash).
  const handler: HttpLambda = async (event, context) => {
    try {
      return await wrapped(event, context);
    } finally {
      publishInvocationMetrics(stateOf(event, operation, context).log);
    }
  };
  return { handler, raw };
}
