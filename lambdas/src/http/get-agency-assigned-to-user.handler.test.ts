import '../test-env';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import { resetCallerCacheForTests } from '../entry/http';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './get-agency-assigned-to-user.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

const demoAgency: TAgency = {
  agencyId: 'bgAgency-demo',
  name: 'Demo Agency',
  email: 'demo@agency.test',
  createdBy: 'demo',
  users: ['demo'],
  createdAt: '2026-01-05T10:00:00.000Z',
};

function request(pathUsername: string, tokenUsername: string) {
  return handler(
    apiEvent({
      path: `/api/agency/agencyassignedtouser/${pathUsername}`,
      pathParameters: { username: pathUsername },
      claims: { username: tokenUsername, sub: `sub-${tokenUsername}`, token_use: 'access' },
    }),
    lambdaContext(),
  );
}

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
  ddbMock.on(GetCommand, { Key: { pk: 'USER#rival', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-rival' } });
  ddbMock
    .on(GetCommand, { Key: { pk: 'AGENCY#bgAgency-demo', sk: 'AGENCY' } })
    .resolves({ Item: { pk: 'AGENCY#bgAgency-demo', sk: 'AGENCY', ...demoAgency } });
});

describe('GET /api/agency/agencyassignedtouser/{username}', () => {
  it("answers the caller's agency without its keys", async () => {
    // Act
    const result = await request('demo', 'demo');

    // Assess
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ success: true, payload: demoAgency, error: null });
  });

  it("answers the caller's own agency even when the path names a rival user", async () => {
    // Act
    const result = await request('rival', 'demo');

    // Assess
    const envelope = JSON.parse(result.body) as TEnvelope<TAgency>;
    expect(result.statusCode).toBe(200);
    expect(envelope.payload?.agencyId).toBe('bgAgency-demo');
    const keysRead = ddbMock.commandCalls(GetCommand).map((call) => call.args[0].input.Key?.['pk']);
    expect(keysRead).not.toContain('USER#rival');
    expect(keysRead).not.toContain('AGENCY#bgAgency-rival');
  });

  it('answers 404 when the agency item is missing', async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { pk: 'AGENCY#bgAgency-rival', sk: 'AGENCY' } }).resolves({});

    // Act
    const result = await request('rival', 'rival');

    // Assess
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body)).toEqual({ success: false, payload: null, error: 'Agency not found.' });
  });

  it('answers 403 for a user without an agency', async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { pk: 'USER#stranger', sk: 'USER' } }).resolves({});

    // Act
    const result = await request('stranger', 'stranger');

    // Assess
    expect(result.statusCode).toBe(403);
  });
});
