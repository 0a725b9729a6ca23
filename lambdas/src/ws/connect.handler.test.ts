import { nowMs } from '@bidgrid/shared/clock';
import '../test-env';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAccessTokenVerifierForTests } from '../adapters/jwt';
import { CONNECTION_TTL_SECONDS } from '../domain/connections/open-connection.use-case';
import { createTestIssuer, jwksFetch } from '../test-tokens';
import { handler } from './connect.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);
const pool = createTestIssuer('http://127.0.0.1:1/local_testpool', 'test-client');

function connect(token: string | undefined) {
  return handler({
    requestContext: { connectionId: 'conn-9', routeKey: '$connect', requestId: 'r' },
    queryStringParameters: token === undefined ? null : { token },
  });
}

beforeEach(() => {
  ddbMock.reset();
  resetAccessTokenVerifierForTests();
  vi.stubGlobal('fetch', jwksFetch(pool));
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
  ddbMock.on(GetCommand, { Key: { pk: 'USER#lonely', sk: 'USER' } }).resolves({});
  ddbMock.on(PutCommand).resolves({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('$connect', () => {
  it('stores the connection with the user, their agency and a two-hour expiry', async () => {
    // Prepare: a token valid for longer than a connection may live.
    const before = Math.floor(nowMs() / 1000);

    // Act
    const result = await connect(pool.sign({ username: 'Demo', exp: before + 3 * CONNECTION_TTL_SECONDS }));

    // Assess
    expect(result.statusCode).toBe(200);
    const puts = ddbMock.commandCalls(PutCommand);
    expect(puts).toHaveLength(1);
    const input = puts[0]?.args[0].input;
    expect(input?.TableName).toBe('bidgrid-test-connections');
    expect(input?.Item).toMatchObject({ connectionId: 'conn-9', username: 'demo', agencyId: 'bgAgency-demo' });
    const expiresAt = input?.Item?.['expiresAt'] as number;
    expect(expiresAt).toBeGreaterThanOrEqual(before + CONNECTION_TTL_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(nowMs() / 1000) + CONNECTION_TTL_SECONDS);
  });

  it('trusts the connection no longer than its token', async () => {
    // Prepare
    const exp = Math.floor(nowMs() / 1000) + 900;

    // Act
    await connect(pool.sign({ exp }));

    // Assess
    expect(ddbMock.commandCalls(PutCommand)[0]?.args[0].input.Item?.['expiresAt']).toBe(exp);
  });

  it('rejects a missing or forged token with 401 and stores nothing', async () => {
    // Prepare
    const forger = createTestIssuer(pool.issuer, 'test-client');

    // Act
    const missing = await connect(undefined);
    const forged = await connect(forger.sign());

    // Assess
    expect(missing).toEqual({ statusCode: 401, body: JSON.stringify({ message: 'Unauthorized' }) });
    expect(forged.statusCode).toBe(401);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('rejects an expired token with 401 and the expiry text', async () => {
    // Prepare
    const past = Math.floor(nowMs() / 1000) - 7200;

    // Act
    const result = await connect(pool.sign({ iat: past, exp: past + 3600 }));

    // Assess
    expect(result).toEqual({ statusCode: 401, body: JSON.stringify({ message: 'The incoming token has expired' }) });
  });

  it('rejects a user without an agency with 403', async () => {
    // Act
    const result = await connect(pool.sign({ username: 'lonely' }));

    // Assess
    expect(result.statusCode).toBe(403);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });
});
