import '../../test-env';
import { BatchWriteItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import { resetDynamoDbForTests } from '../dynamodb';
import { reportRepository } from './report.repository';

const docMock = mockClient(DynamoDBDocumentClient);
const rawMock = mockClient(DynamoDBClient);

describe('report repository', () => {
  beforeEach(() => {
    resetDynamoDbForTests();
    docMock.reset();
    rawMock.reset();
  });

  it('reads when each campaign was last synced in one batch, by campaign id', async () => {
    // Prepare
    docMock.on(BatchGetCommand).resolves({
      Responses: {
        'bidgrid-test-reports': [{ pk: 'AGENCY#bgAgency-a#CAMP#bg-campaign-1', syncedAt: '2026-11-26T08:00:00.000Z' }],
      },
    });
    // Act
    const found = await reportRepository.getCampaignsSyncedAt('bgAgency-a', ['bg-campaign-1', 'bg-campaign-2']);
    // Assess: the campaign never synced is left out; the request names no attribute it does not use.
    expect([...found]).toEqual([['bg-campaign-1', '2026-11-26T08:00:00.000Z']]);
    const input = docMock.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.['bidgrid-test-reports'];
    expect(input?.Keys).toEqual([
      { pk: 'AGENCY#bgAgency-a#CAMP#bg-campaign-1', sk: 'SYNC' },
      { pk: 'AGENCY#bgAgency-a#CAMP#bg-campaign-2', sk: 'SYNC' },
    ]);
    expect(input).not.toHaveProperty('ExpressionAttributeNames');
    expect(await reportRepository.getCampaignsSyncedAt('bgAgency-a', [])).toEqual(new Map());
  });

  it('writes daily rows as DynamoDB items of their counts, 25 a request', async () => {
    // Prepare
    rawMock.on(BatchWriteItemCommand).resolves({ UnprocessedItems: {} });
    const rows = Array.from({ length: 30 }, (_, i) => ({
      subject: { kind: 'lineItem' as const, agencyId: 'bgAgency-a', beeswaxLineItemId: 40 + i },
      date: '2026-11-25',
      counts: { ...emptyCounts(), impressions: 1000 + i, spend_micros: 2_500_000 },
    }));
    // Act
    await reportRepository.putDailyRows(rows);
    // Assess
    const requests = rawMock
      .commandCalls(BatchWriteItemCommand)
      .map((c) => c.args[0].input.RequestItems?.['bidgrid-test-reports'] ?? []);
    expect(requests.map((r) => r.length).sort()).toEqual([25, 5]);
    const first = requests.flat().find((r) => r.PutRequest?.Item?.['pk']?.S === 'AGENCY#bgAgency-a#LI#40');
    expect(first?.PutRequest?.Item).toMatchObject({
      sk: { S: 'DAY#2026-11-25' },
      date: { S: '2026-11-25' },
      impressions: { N: '1000' },
      spend_micros: { N: '2500000' },
      clicks: { N: '0' },
    });
  });
});
