import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

/** Test fixture: answers with the proxy event and context facts it received, so tests can check them. */
export async function handler(event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> {
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json', 'x-fixture': 'echo' },
    body: JSON.stringify({
      event,
      context: { functionName: context.functionName, remainingMs: context.getRemainingTimeInMillis() },
    }),
  };
}
