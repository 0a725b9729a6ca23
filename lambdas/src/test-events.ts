import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

/** Options of a test REST event: what a test varies; the rest is a plausible API Gateway event. */
export interface ApiEventOptions {
  method?: string;
  path?: string;
  pathParameters?: Record<string, string> | null;
  queryStringParameters?: Record<string, string> | null;
  headers?: Record<string, string>;
  body?: string | null;
  isBase64Encoded?: boolean;
  /** The authorizer's claims; `null` for a request without any (public route, or a bug upstream). */
  claims?: Record<string, string> | null;
}

/** A REST proxy event as API Gateway (or the local gateway) hands it to a handler. */
export function apiEvent(options: ApiEventOptions = {}): APIGatewayProxyEvent {
  const claims =
    options.claims === undefined ? { username: 'demo', sub: 'sub-demo', token_use: 'access' } : options.claims;
  return {
    httpMethod: options.method ?? 'GET',
    path: options.path ?? '/',
    resource: options.path ?? '/',
    pathParameters: options.pathParameters ?? null,
    queryStringParameters: options.queryStringParameters ?? null,
    multiValueQueryStringParameters: null,
    headers: { 'Content-Type': 'application/json', ...options.headers },
    multiValueHeaders: {},
    body: options.body ?? null,
    isBase64Encoded: options.isBase64Encoded ?? false,
    stageVariables: null,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: claims ? { claims } : null,
      protocol: 'HTTP/1.1',
      httpMethod: options.method ?? 'GET',
      identity: {} as APIGatewayProxyEvent['requestContext']['identity'],
      path: options.path ?? '/',
      stage: 'local',
      requestId: 'api-request-1',
      requestTimeEpoch: 0,
      resourceId: 'resource',
      resourcePath: options.path ?? '/',
    },
  };
}

/** A Lambda context with a request id and nothing that arms middy's early-timeout timer. */
export function lambdaContext(requestId = 'lambda-request-1'): Context {
  return { awsRequestId: requestId, functionName: 'test', callbackWaitsForEmptyEventLoop: false } as Context;
}
