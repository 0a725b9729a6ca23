import '../../test-env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { segmentsLogRepository, SEGMENTS_LOG_RUN_TTL_SECONDS } from './segments-log.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
});

describe('segmentsLogRepository.runDate', () => {
  it("stores the first call's date with a one-day expiry, only if the run has none", async () => {
    // Prepare
    ddbMock.on(PutCommand).resolves({});
    const now = new Date('2026-11-25T10:00:00.000Z');

    // Act
    const date = await segmentsLogRepository.runDate('run-a', now);

    // Assess
    expect(date).toBe('2026-11-25T10:00:00.000Z');
    expect(ddbMock.commandCalls(PutCommand)[0]?.args[0].input).toEqual({
      TableName: 'bidgrid-test-app',
      Item: {
        pk: 'SEGLOGRUN#run-a',
        sk: 'RUN',
        entity: 'segmentsLogRun',
        date: '2026-11-25T10:00:00.000Z',
        expiresAt: Math.floor(now.getTime() / 1000) + SEGMENTS_LOG_RUN_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('gives a later call the stored date, read consistently', async () => {
    // Prepare
    ddbMock.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    ddbMock.on(GetCommand).resolves({ Item: { pk: 'SEGLOGRUN#run-a', sk: 'RUN', date: '2026-11-25T10:00:00.000Z' } });

    // Act
    const date = await segmentsLogRepository.runDate('run-a', new Date('2026-11-25T11:30:00.000Z'));

    // Assess
    expect(date).toBe('2026-11-25T10:00:00.000Z');
    expect(ddbMock.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({ ConsistentRead: true });
  });
});
