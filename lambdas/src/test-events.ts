import type { APIGatewayProxyEvent, Context, SQSRecord } from 'aws-lambda';

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

/** An SQS record of the report sync queue as Lambda hands it to a worker: `body` as sent, delivered `receiveCount` times. */
export function sqsRecord(messageId: string, body: string, receiveCount = 1): SQSRecord {
  return {
    messageId,
    receiptHandle: `${messageId}-receipt`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '1764144000000',
      SenderId: 'AIDA',
      ApproximateFirstReceiveTimestamp: '1764144000000',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:bidgrid-dev-report-sync-work',
    awsRegion: 'us-east-1',
  };
}
