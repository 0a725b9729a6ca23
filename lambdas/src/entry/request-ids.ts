import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { LogFields } from '../kernel/logger';

// The ids that tie a log line to the request it served, for every kind of entry point. Apart from the
// wrappers, so the `$connect` and `$disconnect` handlers name them without loading `wsHandler`.

/**
 * The ids every line of a REST request carries: `requestId`, the Lambda invocation's (Lambda's own
 * START/END/REPORT lines name it), and `apiRequestId`, API Gateway's (its access log and the
 * `x-amzn-RequestId` header the client got), so a reply a user reports leads to its lines.
 */
export function restRequestIds(event: Partial<APIGatewayProxyEvent>, context: Context | undefined): LogFields {
  const apiRequestId = event.requestContext?.requestId;
  return {
    requestId: context?.awsRequestId ?? apiRequestId ?? 'unknown',
    ...(apiRequestId ? { apiRequestId } : {}),
  };
}

/**
 * The ids every line of a WebSocket invocation carries: the route (`operation`), `connectionId`,
 * `requestId` (the Lambda invocation's) and `apiRequestId` (API Gateway's, as in its access log).
 * `wsHandler` adds the client's `reqID` once the message is read, so one call's lines (every chunk,
 * retry and progress) share it.
 */
export function wsRequestFields(
  operation: string,
  event: { requestContext: { connectionId: string; requestId?: string } },
  context: Context | undefined,
): LogFields {
  const apiRequestId = event.requestContext.requestId;
  return {
    operation,
    requestId: context?.awsRequestId ?? apiRequestId ?? 'unknown',
    ...(apiRequestId ? { apiRequestId } : {}),
    connectionId: event.requestContext.connectionId,
  };
}
