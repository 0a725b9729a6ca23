import '../test-env';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { sqsRecord } from '../test-events';
import { handler } from './report-sync-worker.job';

const ddbMock = mockClient(DynamoDBDocumentClient);

const record = (messageId: string, body: string) => sqsRecord(messageId, body);

describe('report sync worker handler', () => {
  beforeEach(() => {
    ddbMock.reset();
    // No campaign is stored: a message for one is done at once (a campaign deleted since it was enqueued).
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    ddbMock.on(BatchGetCommand).resolves({ Responses: {} });
  });

  it('answers the records that failed as batchItemFailures, and only those', async () => {
    // Prepare: one message for a campaign that is gone, two that are not sync messages.
    const event: SQSEvent = {
      Records: [
        record('m-gone', JSON.stringify({ agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-gone' })),
        record('m-junk', 'not json'),
        record('m-wrong', JSON.stringify({ campaign: 12 })),
      ],
    };
    // Act
    const response = await handler(event);
    // Assess
    expect(response.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m-junk', 'm-wrong']);
  });

  it('answers no failures for a batch that went through', async () => {
    const response = await handler({
      Records: [record('m-1', JSON.stringify({ agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-gone' }))],
    });
    expect(response).toEqual({ batchItemFailures: [] });
  });
});
