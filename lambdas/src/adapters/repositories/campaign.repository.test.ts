import '../../test-env';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';
import { campaignFixture, lineItemFixture } from '../../domain/campaigns/test-campaign-fakes';
import { campaignRepository } from './campaign.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(BatchWriteCommand).resolves({});
});

/** The keys the batch writes deleted, in order. */
const deletedKeys = () =>
  ddbMock
    .commandCalls(BatchWriteCommand)
    .flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flat())
    .flatMap((request) => (request.DeleteRequest?.Key ? [request.DeleteRequest.Key] : []));

const write = () =>
  campaignRepository.putNewCampaign(
    campaignFixture({ bgCampaignId: 'bg-campaign-new' }),
    [
      lineItemFixture({ bgCampaignId: 'bg-campaign-new', beeswaxLineItemId: 71 }),
      lineItemFixture({ bgCampaignId: 'bg-campaign-new', beeswaxLineItemId: 72 }),
    ],
    ZTargetingSelections.parse({}),
  );

describe('campaign repository: a new campaign', () => {
  it('writes the line items, then the campaign in one transaction, and removes nothing', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});

    // Act
    const written = await write();

    // Assess
    expect(written).toBe(true);
    expect(deletedKeys()).toEqual([]);
  });

  const refused = new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
  });
  const failure = new Error('DynamoDB is unavailable');

  it.each([
    ['refused (the id is taken)', refused, false],
    ['failing', failure, failure],
  ])('removes the line items it wrote when the campaign write is %s', async (_what, error, expected) => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejects(error);

    // Act
    const outcome = await write().catch((thrown: unknown) => thrown);

    // Assess
    expect(outcome).toBe(expected);
    expect(deletedKeys()).toEqual([
      { pk: 'AGENCY#bgAgency-demo#CAMP#bg-campaign-new', sk: 'LI#71' },
      { pk: 'AGENCY#bgAgency-demo', sk: 'BIDLI#71' },
      { pk: 'AGENCY#bgAgency-demo#CAMP#bg-campaign-new', sk: 'LI#72' },
      { pk: 'AGENCY#bgAgency-demo', sk: 'BIDLI#72' },
    ]);
  });
});
