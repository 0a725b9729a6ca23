import '../../test-env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { advertiserFixture } from '../../domain/test-fakes';
import { advertiserRepository, BILLABLE_INDEX_PK } from './advertiser.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });

beforeEach(() => {
  ddbMock.reset();
});

describe('advertiser repository', () => {
  it('saves a card only on the advertiser of that payment customer and lists it for billing', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).resolves({ Attributes: { entity: 'advertiser', ...advertiserFixture() } });

    // Act
    await advertiserRepository.saveCard('bgAgency-demo', 'bgAdvertiser-acme', 'cus_1', {
      paymentMethodId: 'pm_1',
      last4: '4242',
      brand: 'visa',
      friendlyName: 'Main',
      billingEmail: 'ap@acme.example',
    });

    // Assess
    const input = ddbMock.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.Key).toEqual({ pk: 'AGENCY#bgAgency-demo', sk: 'ADV#bgAdvertiser-acme' });
    expect(input?.ConditionExpression).toContain('stripeCustomerId = :customer');
    expect(input?.UpdateExpression).toContain('REMOVE billingBlockedPaymentMethodId');
    expect(input?.ExpressionAttributeValues).toMatchObject({
      ':gsi1pk': BILLABLE_INDEX_PK,
      ':gsi1sk': 'bgAgency-demo#bgAdvertiser-acme',
      ':customer': 'cus_1',
    });
  });

  it('moves the billing marker only from the value it read', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).rejectsOnce(conditionFailed()).resolves({});

    // Act
    const lost = await advertiserRepository.advanceBilledThrough(
      'bgAgency-demo',
      'bgAdvertiser-acme',
      '2026-10-31',
      '2026-11-24',
      'x',
    );
    const won = await advertiserRepository.advanceBilledThrough(
      'bgAgency-demo',
      'bgAdvertiser-acme',
      null,
      '2026-11-24',
      'x',
    );

    // Assess
    expect([lost, won]).toEqual([false, true]);
    const conditions = ddbMock.commandCalls(UpdateCommand).map((c) => c.args[0].input.ConditionExpression);
    expect(conditions[0]).toContain('billedThrough = :previous');
    expect(conditions[1]).toContain('attribute_not_exists(billedThrough)');
  });

  it('reads the billing work list from the sparse index, across pages', async () => {
    ddbMock
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ gsi1sk: 'bgAgency-a#bgAdvertiser-1' }], LastEvaluatedKey: { x: 1 } })
      .resolvesOnce({ Items: [{ gsi1sk: 'bgAgency-b#bgAdvertiser-2' }, { gsi1sk: 'broken' }] });
    expect(await advertiserRepository.listBillable()).toEqual([
      { agencyId: 'bgAgency-a', advertiserId: 'bgAdvertiser-1' },
      { agencyId: 'bgAgency-b', advertiserId: 'bgAdvertiser-2' },
    ]);
    expect(ddbMock.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({ IndexName: 'gsi1' });
  });

  it('treats an item that is not an advertiser as missing', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { pk: 'AGENCY#a', sk: 'ADV#x', entity: 'campaign' } });
    expect(await advertiserRepository.getAdvertiser('a', 'x')).toBeNull();
  });
});
