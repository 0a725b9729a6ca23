import { fixClock } from '@bidgrid/shared/clock';
import '../test-env';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSegmentsLogs as operation } from '@bidgrid/shared/segments/segments-log.operations';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import { SEGMENTS_LOG_MONTHS, SEGMENTS_LOGS_FORBIDDEN } from '../domain/segments/list-segments-logs.use-case';
import { resetCallerCacheForTests } from '../entry/http';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './list-segments-logs.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

// The last seconds of November: the log's newest month is the clock's month, not the month a
// fixture was written in.
let restoreClock: () => void;
afterEach(() => restoreClock());

beforeEach(() => {
  restoreClock = fixClock('2026-11-30T23:59:59.000Z');
  ddbMock.reset();
  resetCallerCacheForTests();
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
  ddbMock
    .on(GetCommand, { Key: { pk: 'USER#ops-admin', sk: 'USER' } })
    .resolves({ Item: { agencyId: 'bgAgency-ops' } });
});

const call = (username: string) =>
  handler(
    apiEvent({
      method: 'POST',
      path: '/api/segmentsLogs/all',
      body: JSON.stringify({ username: 'ops-admin' }),
      claims: { username, sub: `sub-${username}`, token_use: 'access' },
    }),
    lambdaContext(),
  );

describe('POST /api/segmentsLogs/all', () => {
  it('refuses a caller who is not internal staff, whatever the body says', async () => {
    const result = await call('demo');
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body)).toEqual({ success: false, payload: null, error: SEGMENTS_LOGS_FORBIDDEN });
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('answers internal staff the entries of the last months as a JSON string', async () => {
    // Prepare
    const month = '2026-11';
    const entry = {
      pk: `SEGLOG#${month}`,
      sk: `${month}-02T10:00:00.000Z#1`,
      id: '1',
      subdomain: 'acme.com',
      originalDomains: ['www.acme.com', 'acme.com'],
      ipSegment: '198.18.0.0/24',
      date: `${month}-02T10:00:00.000Z`,
    };
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `SEGLOG#${month}` } }).resolves({ Items: [entry] });

    // Act
    const result = await call('ops-admin');

    // Assess
    expect(result.statusCode).toBe(200);
    const envelope = JSON.parse(result.body) as TEnvelope<string>;
    expect(typeof envelope.payload).toBe('string');
    expect(operation.response.parse(envelope.payload)).toEqual([
      {
        id: '1',
        subdomain: 'acme.com',
        originalDomains: ['www.acme.com', 'acme.com'],
        ipSegment: '198.18.0.0/24',
        date: '2026-11-02T10:00:00.000Z',
      },
    ]);
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(SEGMENTS_LOG_MONTHS);
    const months = ddbMock.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues?.[':pk']);
    expect(months.slice(0, 2)).toEqual(['SEGLOG#2026-11', 'SEGLOG#2026-10']);
    expect(months.at(-1)).toBe('SEGLOG#2025-11');
  });
});
