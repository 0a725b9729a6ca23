import '../../test-env';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { crmConnectionRepository } from './crm-connection.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });

beforeEach(() => {
  ddbMock.reset();
});

describe('CRM connection repository', () => {
  const connection = {
    portalId: 4410002,
    sealedAccessToken: 'v1.a.b.c',
    sealedRefreshToken: 'v1.d.e.f',
    accessTokenExpiresAt: 1,
    connectedBy: 'demo',
    connectedAt: '2026-11-25T10:00:00.000Z',
    version: 2,
  };

  it('connects in one transaction: advertiser flags, tokens, new portal mapping, old mapping removed', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});

    // Act
    const done = await crmConnectionRepository.connect('bgAgency-demo', 'bgAdvertiser-acme', connection, 4410001);

    // Assess
    expect(done).toBe(true);
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Update?.Key).toEqual({ pk: 'AGENCY#bgAgency-demo', sk: 'ADV#bgAdvertiser-acme' });
    expect(items[1]?.Put?.Item).toMatchObject({ pk: 'AGENCY#bgAgency-demo', sk: 'ADV#bgAdvertiser-acme#CRM' });
    expect(items[2]?.Put?.Item).toMatchObject({
      pk: 'PORTAL#4410002',
      sk: 'ADV#bgAdvertiser-acme',
      agencyId: 'bgAgency-demo',
    });
    expect(items[3]?.Delete?.Key).toEqual({ pk: 'PORTAL#4410001', sk: 'ADV#bgAdvertiser-acme' });
  });

  it('answers false when the advertiser condition cancels the transaction', async () => {
    ddbMock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    expect(await crmConnectionRepository.disconnect('bgAgency-demo', 'bgAdvertiser-acme', null)).toBe(false);
  });

  it('consumes a state nonce once', async () => {
    // Prepare
    ddbMock
      .on(DeleteCommand)
      .resolvesOnce({
        Attributes: { agencyId: 'bgAgency-demo', username: 'demo', advertiserId: 'bgAdvertiser-acme', expiresAt: 5 },
      })
      .rejects(conditionFailed());

    // Act
    const first = await crmConnectionRepository.consumeState('nonce');
    const second = await crmConnectionRepository.consumeState('nonce');

    // Assess
    expect(first).toEqual({
      agencyId: 'bgAgency-demo',
      username: 'demo',
      advertiserId: 'bgAdvertiser-acme',
      expiresAt: 5,
    });
    expect(second).toBeNull();
    expect(ddbMock.commandCalls(DeleteCommand)[0]?.args[0].input).toMatchObject({
      Key: { pk: 'STATE#nonce', sk: 'STATE#nonce' },
      ConditionExpression: 'attribute_exists(pk)',
    });
  });
});
