import '../../test-env';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
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

describe('campaign repository: a targeting change after launch', () => {
  const commit = (revision: number) =>
    campaignRepository.commitTargetingChange('bgAgency-demo', {
      campaign: campaignFixture({ version: 4, accounts: 2 }),
      revision,
      targeting: ZTargetingSelections.parse({ geo_zip: ['10001'] }),
      addLineItems: [lineItemFixture({ beeswaxLineItemId: 90, domain: 'hooli.example' })],
      removeLineItems: [lineItemFixture({ beeswaxLineItemId: 72, version: 3 })],
      activity: {
        id: 'act-1',
        bgCampaignId: 'bg-campaign-q3',
        at: '2026-11-26T10:00:00.000Z',
        username: 'demo',
        revision,
        addedCompanies: [{ domain: 'hooli.example', name: 'Hooli' }],
        removedCompanies: [{ domain: 'initech.example', name: 'Initech' }],
        layers: [],
        emailSegmentMade: false,
      },
    });

  it('writes all of it in one transaction, each part only as it was read', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});

    // Act
    const stored = await commit(3);

    // Assess
    expect(stored).toBe(true);
    const items = ddbMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(7);
    const [targeting, campaign, activity, lineItem, , removed] = items;
    expect(targeting?.Put?.ConditionExpression).toBe('attribute_exists(pk) AND revision = :previous');
    expect(targeting?.Put?.ExpressionAttributeValues).toEqual({ ':previous': 2 });
    expect(targeting?.Put?.Item).toMatchObject({ sk: 'TARGETING', revision: 3, geo_zip: ['10001'] });
    expect(campaign?.Put?.ExpressionAttributeValues).toMatchObject({ ':previous': 3 });
    expect(activity?.Put?.Item).toMatchObject({
      pk: 'AGENCY#bgAgency-demo#CAMP#bg-campaign-q3',
      sk: 'ACT#2026-11-26T10:00:00.000Z#act-1',
    });
    expect(lineItem?.Put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(removed?.Delete?.ExpressionAttributeValues).toEqual({ ':version': 3 });
  });

  it('takes a first change on targeting stored at creation (no revision yet)', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});

    // Act
    await commit(1);

    // Assess
    const [targeting] = ddbMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(targeting?.Put?.ConditionExpression).toBe(
      'attribute_exists(pk) AND (attribute_not_exists(revision) OR revision = :previous)',
    );
  });

  it('answers false when someone changed it meanwhile', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
      }),
    );

    // Act
    const stored = await commit(3);

    // Assess
    expect(stored).toBe(false);
  });
});
