import { nowMs } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { APIGatewayEventIdentity, APIGatewayProxyEvent } from 'aws-lambda';
import * as z from '@bidgrid/shared/zod';
import {
  kebabName,
  matchPath,
  compareTemplates,
  type AnyOperation,
  type HttpMethod,
} from '@bidgrid/shared/api/operation';
import {
  API_REPLY_HEADERS,
  GATEWAY_MESSAGES,
  NOT_IMPLEMENTED_ERROR,
  TOO_MANY_REQUESTS_ERROR,
} from '@bidgrid/shared/api/envelope';
import { ENTRY_FILE_SUFFIX, type JobSchedule } from '@bidgrid/lambdas/manifest';
import {
  dynamoDbThrottleReport,
  setDynamoDbThrottle,
  ZDynamoDbThrottlePlan,
} from '@bidgrid/lambdas/adapters/dynamodb-throttle';
import { scheduledEvent } from '../jobs/job-runner';
import { runAndSettle, type JobQueues } from '../jobs/job-queues';
import { BodyTooLargeError, readBody } from '../support/http';
import type { Logger } from '../support/logger';
import { paths } from '../support/paths';
import {
  handlerExists,
  invoke,
  InvocationTimeoutError,
  lambdaContext,
  LOCAL_ACCOUNT_ID,
  loadHandler,
} from './lambda-context';
import { createApiDocsRoute, type ApiDocsOptions } from './api-docs';
import { DEFAULT_LOCAL_RATE_LIMITS, RateLimiter, ZRateLimits, type TRateLimits } from './rate-limiter';

/** API Gateway's limits that matter locally: 29 s integration timeout, 10 MB payload. */
export const REST_TIMEOUT_MS = 29_000;
export const REST_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const LOCAL_STAGE = 'local';

/** One API Gateway resource: a path template and the operations on it by method. */
export interface RestResource {
  readonly template: string;
  readonly methods: ReadonlyMap<HttpMethod, AnyOperation>;
}

/**
 * The resources of the operation table in the order API Gateway tries them: for paths of the same
 * length, literal segments before `{param}` ones (`/api/campaign/templates` before `/api/campaign/{id}`).
 */
export function buildRouteTable(operations: readonly AnyOperation[]): readonly RestResource[] {
  const byTemplate = new Map<string, Map<HttpMethod, AnyOperation>>();
  for (const op of operations) {
    const methods = byTemplate.get(op.path) ?? new Map<HttpMethod, AnyOperation>();
    if (methods.has(op.method)) throw new Error(`Two operations for ${op.method} ${op.path}`);
    methods.set(op.method, op);
    byTemplate.set(op.path, methods);
  }
  const depth = (t: string): number => t.split('/').length;
  return [...byTemplate.entries()]
    .map(([template, methods]) => ({ template, methods }))
    .sort((a, b) => depth(a.template) - depth(b.template) || compareTemplates(a.template, b.template));
}

export type RouteMatch =
  | { kind: 'operation'; resource: RestResource; operation: AnyOperation; params: Record<string, string> }
  | { kind: 'resource'; resource: RestResource }
  | { kind: 'none' };

/**
 * Finds the resource for a path first, then the method on it, as API Gateway does: a literal
 * resource that lacks the method does not fall through to a `{param}` sibling.
 */
export function matchRoute(table: readonly RestResource[], method: string, path: string): RouteMatch {
  for (const resource of table) {
    const params = matchPath(resource.template, path);
    if (!params) continue;
    const operation = resource.methods.get(method as HttpMethod);
    return operation ? { kind: 'operation', resource, operation, params } : { kind: 'resource', resource };
  }
  return { kind: 'none' };
}

/** Content types API Gateway passes base64-encoded (the stack's binary media types). */
export const isBinaryContentType = (contentType: string | undefined): boolean =>
  !!contentType &&
  /^(multipart\/|application\/octet-stream|image\/|video\/|audio\/|application\/pdf|application\/zip)/i.test(
    contentType,
  );

/** Request facts the proxy event is built from. */
export interface RawRequest {
  readonly method: string;
  /** Path and query string as received (`/api/x?a=1`). */
  readonly url: string;
  /** `IncomingMessage.rawHeaders`: names keep their case, repeated headers stay repeated. */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  readonly sourceIp: string;
}

/** Builds the API Gateway REST proxy event (payload format 1.0) for one request. */
export function buildProxyEvent(
  request: RawRequest,
  route: { template: string; params: Record<string, string> },
  claims: Record<string, string> | null,
  requestId: string,
): APIGatewayProxyEvent {
  const url = new URL(request.url, 'http://local');
  // Maps, then plain objects of own entries: a name such as `constructor` or `__proto__` must be an
  // entry like any other (a `{}` would hand back Object's own members for them).
  const headerMap = new Map<string, string>();
  const multiHeaderMap = new Map<string, string[]>();
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i] as string;
    const value = request.rawHeaders[i + 1] as string;
    headerMap.set(name, value);
    multiHeaderMap.set(name, [...(multiHeaderMap.get(name) ?? []), value]);
  }
  const queryMap = new Map<string, string>();
  const multiQueryMap = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) {
    queryMap.set(name, value);
    multiQueryMap.set(name, [...(multiQueryMap.get(name) ?? []), value]);
  }
  const headers: Record<string, string> = Object.fromEntries(headerMap);
  const multiValueHeaders: Record<string, string[]> = Object.fromEntries(multiHeaderMap);
  const query: Record<string, string> = Object.fromEntries(queryMap);
  const multiQuery: Record<string, string[]> = Object.fromEntries(multiQueryMap);
  const contentType = Object.entries(headers).find(([n]) => n.toLowerCase() === 'content-type')?.[1];
  const binary = isBinaryContentType(contentType);
  const hasQuery = Object.keys(query).length > 0;
  const hasParams = Object.keys(route.params).length > 0;
  const userAgent = Object.entries(headers).find(([n]) => n.toLowerCase() === 'user-agent')?.[1] ?? null;
  const now = nowMs();
  const identity: APIGatewayEventIdentity = {
    accessKey: null,
    accountId: null,
    apiKey: null,
    apiKeyId: null,
    caller: null,
    clientCert: null,
    cognitoAuthenticationProvider: null,
    cognitoAuthenticationType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    principalOrgId: null,
    sourceIp: request.sourceIp,
    user: null,
    userAgent,
    userArn: null,
  };
  return {
    resource: route.template,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: hasParams ? route.params : null,
    stageVariables: null,
    body: request.body.length === 0 ? null : request.body.toString(binary ? 'base64' : 'utf8'),
    isBase64Encoded: binary && request.body.length > 0,
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: 'local',
      authorizer: claims ? { claims } : null,
      protocol: 'HTTP/1.1',
      httpMethod: request.method,
      identity,
      path: `/${LOCAL_STAGE}${url.pathname}`,
      stage: LOCAL_STAGE,
      requestId,
      requestTimeEpoch: now,
      resourceId: route.template,
      resourcePath: route.template,
    },
  };
}

/**
 * What a token check yields: the claims as the Cognito authorizer hands them on (every value a
 * string), or why the token was refused.
 */
export type TokenCheck = { ok: true; claims: Record<string, string> } | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies a bearer access token as the Cognito authorizer would. */
export type TokenVerifier = (token: string) => Promise<TokenCheck>;

/** API Gateway's own replies, word for word (shared with the API reference). */
export { GATEWAY_MESSAGES };

/** The envelope for an operation of the table whose handler file does not exist yet. */
export const NOT_IMPLEMENTED = { success: false, payload: null, error: NOT_IMPLEMENTED_ERROR } as const;

/** The envelope of a 429, as the cloud's WAF rate rules answer it. */
export const TOO_MANY_REQUESTS = { success: false, payload: null, error: TOO_MANY_REQUESTS_ERROR } as const;

/** Headers the SPA may send (CDK's `Cors.DEFAULT_HEADERS`). */
const DEFAULT_ALLOWED_HEADERS =
  'Content-Type, X-Amz-Date, Authorization, X-Api-Key, X-Amz-Security-Token, X-Amz-User-Agent, X-BidGrid-Picker-Ticket';

/** Path prefix of the local-only admin route that runs a scheduled job now (`POST /__local/jobs/{name}`). */
export const LOCAL_JOBS_PATH = '/__local/jobs/';

/**
 * Local-only admin route of the rate limits: `GET` shows them, `PUT {perUser?, perIp?}` changes them
 * (every budget starts full again). Not in the operation table, so the cloud never has it.
 */
export const LOCAL_RATE_LIMITS_PATH = '/__local/rate-limits';
/** Local-only control of the DynamoDB throttling fault (`GET|PUT|DELETE`, see `dynamoDbThrottleRoute`). */
export const LOCAL_DYNAMODB_THROTTLE_PATH = '/__local/dynamodb-throttle';

export interface RestGatewayOptions {
  readonly operations: readonly AnyOperation[];
  /**
   * Scheduled jobs the local admin route may run (`POST /__local/jobs/{name}`, no token, loopback
   * only): tests and people trigger billing without waiting for the schedule. The route exists only
   * in the local stack: it is not in the operation table, so CDK never builds it.
   */
  readonly jobs?: { readonly schedules: readonly JobSchedule[]; readonly jobsDir: string; readonly queues?: JobQueues };
  /** Resolves the verifier once the environment is in place (the JWT adapter reads config()). */
  readonly verifier: () => Promise<TokenVerifier>;
  /** Requests wait for this before they are served (the stack is still starting). */
  readonly ready: Promise<void>;
  readonly logger: Logger;
  /** One line per request unless quiet. */
  readonly logRequests: boolean;
  /** Where handler files live (tests point it at fixtures). */
  readonly handlersDir?: string;
  /**
   * Request budgets per verified user (`user` operations, counted after the token check, keyed by
   * its `username`) and per source IP (`public` operations); over budget answers 429 with the
   * envelope and `Retry-After`. Defaults to {@link DEFAULT_LOCAL_RATE_LIMITS}.
   */
  readonly rateLimits?: TRateLimits;
  /**
   * The API's description (`GET /openapi.json`, `GET /reference`) from the gateway's operations, their
   * handler files telling which are implemented; absent, the gateway serves no description.
   */
  readonly apiDocs?: Pick<ApiDocsOptions, 'urls' | 'features'>;
}

/** Answers the API description's paths (true), or leaves the request to the routes (false). */
type DocsRoute = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

/** The limiters of one gateway. */
interface Limiters {
  readonly perUser: RateLimiter;
  readonly perIp: RateLimiter;
}

/** Handler file of an operation: `lambdas/src/http/<kebab(name)>.handler.ts`. */
export const httpHandlerFile = (dir: string, op: AnyOperation): string =>
  join(dir, `${kebabName(op.name)}${ENTRY_FILE_SUFFIX.http}`);

interface ProxyResult {
  statusCode: number;
  headers?: Record<string, string | number | boolean>;
  multiValueHeaders?: Record<string, Array<string | number | boolean>>;
  body?: string;
  isBase64Encoded?: boolean;
}

const isProxyResult = (value: unknown): value is ProxyResult =>
  typeof value === 'object' && value !== null && typeof (value as ProxyResult).statusCode === 'number';

/**
 * The local REST API: routes by the operation table, answers CORS preflights, checks bearer tokens
 * for `user` operations, and runs the operation's handler in-process with a REST proxy event.
 * Unknown routes answer 404 `{"message":"Not Found"}` (API Gateway says 403 "Missing
 * Authentication Token"; 404 tells a developer what is wrong). With `apiDocs` it also answers the
 * API's description, `GET /openapi.json` and `GET /reference` (`api-docs.ts`).
 */
export function createRestGateway(options: RestGatewayOptions): Server {
  const table = buildRouteTable(options.operations);
  const handlersDir = options.handlersDir ?? paths.httpHandlers;
  const limits = options.rateLimits ?? DEFAULT_LOCAL_RATE_LIMITS;
  const limiters: Limiters = { perUser: new RateLimiter(limits.perUser), perIp: new RateLimiter(limits.perIp) };
  const docs: DocsRoute = options.apiDocs
    ? createApiDocsRoute(
        { ...options.apiDocs, isImplemented: (op) => handlerExists(httpHandlerFile(handlersDir, op)) },
        options.operations,
      )
    : async () => false;
  return createServer((req, res) => {
    const started = performance.now();
    // On every reply, the gateway's own (404, 401, 429, 502, preflights, the API's description) and the
    // handlers', as API Gateway's gateway responses and the handlers carry them in the cloud.
    for (const [name, value] of Object.entries(API_REPLY_HEADERS)) res.setHeader(name, value);
    res.on('finish', () => {
      if (options.logRequests) {
        options.logger.info(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
      }
    });
    options.ready
      .then(() => serve(req, res, table, handlersDir, options, limiters, docs))
      .catch((error: unknown) => {
        options.logger.error(`${req.method} ${req.url} failed`, error);
        if (!res.headersSent) send(res, 502, GATEWAY_MESSAGES.internal);
      });
  });
}

function send(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'x-amzn-requestid': extra['x-amzn-requestid'] ?? randomUUID(),
    ...extra,
  });
  res.end(text);
}

/** 429 with the envelope and the whole seconds until the caller's next request would go through. */
function sendTooMany(res: ServerResponse, retryAfterSeconds: number): void {
  send(res, 429, TOO_MANY_REQUESTS, { 'retry-after': String(retryAfterSeconds) });
}

function bearerToken(req: IncomingMessage): string | undefined {
  const value = req.headers.authorization?.trim();
  if (!value) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1] : value)?.trim() || undefined;
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  table: readonly RestResource[],
  handlersDir: string,
  options: RestGatewayOptions,
  limiters: Limiters,
  docs: DocsRoute,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = new URL(req.url ?? '/', 'http://local').pathname;
  const requestId = randomUUID();

  if (await docs(req, res, path)) return;
  if (options.jobs && path.startsWith(LOCAL_JOBS_PATH))
    return runLocalJob(req, res, path, options.jobs, options.logger);
  if (path === LOCAL_RATE_LIMITS_PATH) return rateLimitsRoute(req, res, limiters);
  if (path === LOCAL_DYNAMODB_THROTTLE_PATH) return dynamoDbThrottleRoute(req, res);

  let match: RouteMatch;
  try {
    match = matchRoute(table, method, path);
  } catch (error) {
    // A path parameter with broken percent-encoding cannot be decoded.
    if (error instanceof URIError) return send(res, 400, GATEWAY_MESSAGES.badRequest);
    throw error;
  }

  if (method === 'OPTIONS') {
    if (match.kind === 'none') return send(res, 404, GATEWAY_MESSAGES.notFound);
    res.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': [...match.resource.methods.keys(), 'OPTIONS'].join(', '),
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
      'access-control-max-age': '600',
    });
    res.end();
    return;
  }

  if (match.kind !== 'operation') return send(res, 404, GATEWAY_MESSAGES.notFound);
  const { operation, params, resource } = match;

  // Public operations are counted per source IP before anything else, as the cloud's WAF does.
  const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
  if (operation.auth !== 'user') {
    const decision = limiters.perIp.take(sourceIp);
    if (!decision.allowed) return sendTooMany(res, decision.retryAfterSeconds);
  }

  let body: Buffer;
  try {
    body = await readBody(req, REST_MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return send(res, 413, GATEWAY_MESSAGES.tooLarge);
    throw error;
  }

  let claims: Record<string, string> | null = null;
  if (operation.auth === 'user') {
    const token = bearerToken(req);
    if (!token) return send(res, 401, GATEWAY_MESSAGES.unauthorized);
    const verify = await options.verifier();
    const check = await verify(token);
    if (!check.ok) {
      return send(res, 401, check.reason === 'expired' ? GATEWAY_MESSAGES.expired : GATEWAY_MESSAGES.unauthorized);
    }
    claims = check.claims;
    // Per verified user: a forged or expired token was refused above and counts against nobody.
    const decision = limiters.perUser.take(claims['username'] ?? claims['sub'] ?? token);
    if (!decision.allowed) return sendTooMany(res, decision.retryAfterSeconds);
  }

  const file = httpHandlerFile(handlersDir, operation);
  if (!handlerExists(file)) return send(res, 501, NOT_IMPLEMENTED);

  const event = buildProxyEvent(
    {
      method,
      url: req.url ?? '/',
      rawHeaders: req.rawHeaders,
      body,
      sourceIp,
    },
    { template: resource.template, params },
    claims,
    requestId,
  );
  const functionName = `bidgrid-local-${kebabName(operation.name)}`;
  let result: unknown;
  try {
    const handler = await loadHandler(file);
    result = await invoke(handler, event, lambdaContext(functionName, REST_TIMEOUT_MS, requestId), REST_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof InvocationTimeoutError) {
      options.logger.warn(`${functionName} timed out after ${REST_TIMEOUT_MS} ms`);
      return send(res, 504, GATEWAY_MESSAGES.timeout);
    }
    // As in Lambda, an unhandled error is the integration's failure: 502, details only in the log.
    options.logger.error(`${functionName} threw`, error);
    return send(res, 502, GATEWAY_MESSAGES.internal);
  }
  if (!isProxyResult(result)) {
    options.logger.error(`${functionName} returned something that is not a proxy result`);
    return send(res, 502, GATEWAY_MESSAGES.internal);
  }
  writeProxyResult(res, result, requestId);
}

function writeProxyResult(res: ServerResponse, result: ProxyResult, requestId: string): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    headers[name.toLowerCase()] = values.map(String);
  }
  headers['access-control-allow-origin'] ??= '*';
  headers['x-amzn-requestid'] = requestId;
  const body = result.body ?? '';
  const payload = result.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  headers['content-length'] = String(payload.length);
  delete headers['transfer-encoding'];
  res.writeHead(result.statusCode, headers);
  res.end(payload);
}

/**
 * `POST /__local/jobs/{name}`: runs the job's handler now with an EventBridge scheduled event, beside
 * the schedule (jobs are written to tolerate an overlapping run), and answers `{job, result}` with
 * what the handler returned (for a job that fans out, once its queue is idle, joined with what the
 * worker did: `processed`, `failed`, `complete`); 404 for an unknown job, 500 `{job, error}` when it failed.
 */
async function runLocalJob(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  jobs: NonNullable<RestGatewayOptions['jobs']>,
  logger: Logger,
): Promise<void> {
  const name = decodeURIComponent(path.slice(LOCAL_JOBS_PATH.length));
  const job = jobs.schedules.find((s) => s.name === name);
  if (!job) return send(res, 404, { message: `No job named ${name}` });
  if (req.method !== 'POST') return send(res, 405, { message: 'Use POST' }, { allow: 'POST' });
  const requestId = randomUUID();
  try {
    const result = await runAndSettle(jobs.queues, job.name, async () =>
      invoke(
        await loadHandler(join(jobs.jobsDir, job.handlerFile)),
        scheduledEvent(job),
        lambdaContext(`bidgrid-local-${job.name}`, JOB_ROUTE_TIMEOUT_MS, requestId),
        JOB_ROUTE_TIMEOUT_MS,
      ),
    );
    send(res, 200, { job: name, result: result ?? null });
  } catch (error) {
    logger.error(`job ${name} failed when run through ${LOCAL_JOBS_PATH}`, error);
    send(res, 500, { job: name, error: error instanceof Error ? error.message : String(error) });
  }
}

/** What `PUT /__local/rate-limits` accepts: either budget, or both. */
const ZRateLimitsChange = z.partial(ZRateLimits);

/** `GET|PUT /__local/rate-limits`: the current limits, or new ones (400 with the issues when invalid). */
async function rateLimitsRoute(req: IncomingMessage, res: ServerResponse, limiters: Limiters): Promise<void> {
  const current = (): TRateLimits => ({ perUser: limiters.perUser.limit, perIp: limiters.perIp.limit });
  if (req.method === 'GET') return send(res, 200, current());
  if (req.method !== 'PUT') return send(res, 405, { message: 'Use GET or PUT' }, { allow: 'GET, PUT' });
  let change: z.infer<typeof ZRateLimitsChange>;
  try {
    change = ZRateLimitsChange.parse(JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')));
  } catch (error) {
    const issues =
      error instanceof z.core.$ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) : [];
    return send(res, 400, { message: 'Expected {"perUser"?: {requests, windowSeconds}, "perIp"?: {...}}', issues });
  }
  if (change.perUser) limiters.perUser.setLimit(change.perUser);
  if (change.perIp) limiters.perIp.setLimit(change.perIp);
  send(res, 200, current());
}

/**
 * `GET|PUT|DELETE /__local/dynamodb-throttle`: what the DynamoDB throttling fault did, a new plan
 * (`{commands?, inputContains?, failFirst | rate, error?}`: matching sends of the handlers' DynamoDB
 * client are refused as DynamoDB refuses a throttled request, below the SDK's retries), or none.
 */
async function dynamoDbThrottleRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') return send(res, 200, dynamoDbThrottleReport());
  if (req.method === 'DELETE') return send(res, 200, setDynamoDbThrottle(null));
  if (req.method !== 'PUT') return send(res, 405, { message: 'Use GET, PUT or DELETE' }, { allow: 'GET, PUT, DELETE' });
  let plan: z.infer<typeof ZDynamoDbThrottlePlan>;
  try {
    plan = ZDynamoDbThrottlePlan.parse(JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')));
  } catch (error) {
    const issues =
      error instanceof z.core.$ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) : [];
    return send(res, 400, {
      message: 'Expected {"commands"?, "inputContains"?, "failFirst" | "rate", "error"?}',
      issues,
    });
  }
  send(res, 200, setDynamoDbThrottle(plan));
}

/** A job run through the admin route may take as long as a scheduled Lambda (15 minutes). */
const JOB_ROUTE_TIMEOUT_MS = 15 * 60_000;
