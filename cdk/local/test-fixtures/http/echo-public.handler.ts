import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

/** Test fixture: a public operation that returns a binary (base64) body. */
export async function handler(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  return {
    statusCode: 201,
    headers: { 'content-type': 'application/octet-stream' },
    multiValueHeaders: { 'x-seen-query': [event.queryStringParameters?.['q'] ?? ''] },
    body: Buffer.from([0, 1, 2, 255]).toString('base64'),
    isBase64Encoded: true,
  };
}
