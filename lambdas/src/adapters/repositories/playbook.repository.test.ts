import '../../test-env';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import { PLAYBOOKS_SEED } from '../../domain/agency/playbooks.seed';
import { playbookRepository } from './playbook.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
});

describe('playbookRepository.putPlaybooks', () => {
  it('stores each playbook under PB#{nn} with its order, 25 per batch, retrying unprocessed items', async () => {
    // Prepare: 30 playbooks -> batches of 25 and 5; the first batch leaves one item unprocessed once.
    const template = PLAYBOOKS_SEED[0] as TPlaybook;
    const many = Array.from({ length: 30 }, (_, i) => ({ ...template, id: `pb-${i + 1}` }));
    const table = 'bidgrid-test-app';
    ddbMock
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { [table]: [{ PutRequest: { Item: { pk: 'PLAYBOOKS', sk: 'PB#07' } } }] } })
      .resolves({});

    // Act
    await playbookRepository.putPlaybooks(many);

    // Assess
    // Batches go out several at once, so the retry of the first may come before or after the second.
    const batches = ddbMock.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems?.[table] ?? []);
    expect(batches.map((b) => b.length).sort((a, b) => a - b)).toEqual([1, 5, 25]);
    const first = batches[0]?.[0]?.PutRequest?.Item;
    expect(first).toMatchObject({ pk: 'PLAYBOOKS', sk: 'PB#01', order: 1, id: 'pb-1' });
    expect(batches.find((b) => b.length === 5)?.[4]?.PutRequest?.Item).toMatchObject({
      sk: 'PB#30',
      order: 30,
      id: 'pb-30',
    });
    expect(batches.find((b) => b.length === 1)?.[0]?.PutRequest?.Item).toMatchObject({ sk: 'PB#07' });
  });
});
