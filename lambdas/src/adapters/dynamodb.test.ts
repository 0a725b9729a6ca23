import '../test-env';
import { BatchWriteItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AttributeValue, WriteRequest } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BATCH_WRITE_SIZE,
  MAX_BATCH_WRITE_ATTEMPTS,
  batchBackoffMs,
  batchWrite,
  resetDynamoDbForTests,
} from './dynamodb';

const ddbMock = mockClient(DynamoDBClient);

const item = (n: number): Record<string, AttributeValue> => ({ pk: { S: `P#${n}` }, sk: { S: 'DAY#2026-11-25' } });
const requestsOf = (call: number): WriteRequest[] =>
  (ddbMock.commandCalls(BatchWriteItemCommand)[call]?.args[0].input.RequestItems?.['reports'] ?? []) as WriteRequest[];
const keysOf = (requests: WriteRequest[]): string[] => requests.map((r) => String(r.PutRequest?.Item?.['pk']?.S));

describe('batchWrite', () => {
  beforeEach(() => {
    resetDynamoDbForTests();
    ddbMock.reset();
  });
  afterEach(() => resetDynamoDbForTests());

  it('writes in requests of 25, several in flight', async () => {
    // Prepare: 60 items; count how many requests are under way at once.
    let inFlight = 0;
    let most = 0;
    ddbMock.on(BatchWriteItemCommand).callsFake(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return { UnprocessedItems: {} };
    });
    // Act
    await batchWrite(
      'reports',
      Array.from({ length: 60 }, (_, i) => item(i)),
      { concurrency: 4 },
    );
    // Assess
    const sizes = ddbMock
      .commandCalls(BatchWriteItemCommand)
      .map((c) => c.args[0].input.RequestItems?.['reports']?.length);
    expect(sizes.sort()).toEqual([10, BATCH_WRITE_SIZE, BATCH_WRITE_SIZE].sort());
    expect(most).toBe(3);
  });

  it('sends unprocessed items again, after a back-off, until DynamoDB takes them', async () => {
    // Prepare: the first answer leaves two items unprocessed, the second one of them.
    const items = Array.from({ length: 5 }, (_, i) => item(i));
    const left = (...n: number[]) => ({
      UnprocessedItems: { reports: n.map((i) => ({ PutRequest: { Item: item(i) } })) },
    });
    ddbMock
      .on(BatchWriteItemCommand)
      .resolvesOnce(left(1, 3))
      .resolvesOnce(left(3))
      .resolvesOnce({ UnprocessedItems: {} });
    const waits: number[] = [];
    // Act
    await batchWrite('reports', items, { sleep: async (ms) => void waits.push(ms) });
    // Assess
    expect(keysOf(requestsOf(0))).toEqual(['P#0', 'P#1', 'P#2', 'P#3', 'P#4']);
    expect(keysOf(requestsOf(1))).toEqual(['P#1', 'P#3']);
    expect(keysOf(requestsOf(2))).toEqual(['P#3']);
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms > 0)).toBe(true);
  });

  it('gives up after its last try, naming how many items were left', async () => {
    ddbMock.on(BatchWriteItemCommand).resolves({ UnprocessedItems: { reports: [{ PutRequest: { Item: item(7) } }] } });
    await expect(batchWrite('reports', [item(7)], { sleep: async () => undefined })).rejects.toThrow(
      'batchWrite: 1 items still unprocessed in reports',
    );
    expect(ddbMock.commandCalls(BatchWriteItemCommand)).toHaveLength(MAX_BATCH_WRITE_ATTEMPTS);
  });

  it('fails when a request fails, and writes nothing for no items', async () => {
    ddbMock.on(BatchWriteItemCommand).rejects(new Error('ProvisionedThroughputExceeded'));
    await expect(batchWrite('reports', [item(1)])).rejects.toThrow('ProvisionedThroughputExceeded');
    ddbMock.reset();
    await batchWrite('reports', []);
    expect(ddbMock.commandCalls(BatchWriteItemCommand)).toHaveLength(0);
  });
});

describe('batchBackoffMs', () => {
  it('doubles per try within a jittered band and is capped', () => {
    expect(batchBackoffMs(2, () => 0)).toBe(13);
    expect(batchBackoffMs(2, () => 1)).toBe(25);
    expect(batchBackoffMs(4, () => 1)).toBe(100);
    expect(batchBackoffMs(30, () => 1)).toBe(2000);
  });
});
