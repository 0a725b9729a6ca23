import '../test-env';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './get-health.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

describe('GET /public/health', () => {
  it('answers ok and the time without a token and without touching DynamoDB', async () => {
    // Act
    const result = await handler(apiEvent({ path: '/public/health', claims: null }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(200);
    const envelope = JSON.parse(result.body) as { success: boolean; payload: { status: string; time: string } };
    expect(envelope.success).toBe(true);
    expect(envelope.payload.status).toBe('ok');
    expect(Number.isNaN(Date.parse(envelope.payload.time))).toBe(false);
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
