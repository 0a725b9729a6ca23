import '../test-env';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import { playbookKeys } from '../adapters/repositories/playbook.repository';
import { PLAYBOOKS_SEED } from '../domain/agency/playbooks.seed';
import { resetCallerCacheForTests } from '../entry/http';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './get-playbooks.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

const stored: Array<Record<string, unknown>> = PLAYBOOKS_SEED.map((playbook, index) => ({
  ...playbookKeys.playbook(index + 1),
  ...playbook,
  order: index + 1,
}));

/** The stored item at a position (the seed has four). */
function storedAt(index: number): Record<string, unknown> {
  const item = stored[index];
  if (!item) throw new Error(`No stored playbook ${index}`);
  return item;
}

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
});

describe('GET /api/playBooks', () => {
  it('answers the playbooks in their order, across pages, without storage fields', async () => {
    // Prepare: two pages, each out of order.
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [storedAt(2), storedAt(0)], LastEvaluatedKey: { pk: 'PLAYBOOKS', sk: 'PB#03' } })
      .resolvesOnce({ Items: [storedAt(3), storedAt(1)] });

    // Act
    const result = await handler(apiEvent({ path: '/api/playBooks' }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(200);
    const envelope = JSON.parse(result.body) as TEnvelope<TPlaybook[]>;
    expect(envelope.payload).toEqual(PLAYBOOKS_SEED);
    expect(ddbMock.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({
      pk: 'PLAYBOOKS',
      sk: 'PB#03',
    });
  });

  it('answers an empty list before seeding', async () => {
    // Prepare
    ddbMock.on(QueryCommand).resolves({ Items: [] });

    // Act
    const result = await handler(apiEvent({ path: '/api/playBooks' }), lambdaContext());

    // Assess
    expect(JSON.parse(result.body)).toEqual({ success: true, payload: [], error: null });
  });
});
