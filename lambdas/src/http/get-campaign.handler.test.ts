import '../test-env';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { campaignKeys } from '../adapters/repositories/campaign.repository';
import { campaignFixture } from '../domain/campaigns/test-campaign-fakes';
import { resetCallerCacheForTests } from '../entry/http';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './get-campaign.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(QueryCommand).resolves({ Items: [] });
  // The campaign's rollups are read by key (none stored: the report is summed from its rows).
  ddbMock.on(BatchGetCommand).resolves({ Responses: {} });
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
  ddbMock.on(GetCommand, { Key: { pk: 'USER#rival', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-rival' } });
  ddbMock
    .on(GetCommand, { Key: campaignKeys.campaignPointer('bgAgency-demo', 'bg-campaign-q3') })
    .resolves({ Item: { bgAdvertiserId: 'bgAdvertiser-acme' } });
  ddbMock
    .on(GetCommand, { Key: campaignKeys.campaign('bgAgency-demo', 'bgAdvertiser-acme', 'bg-campaign-q3') })
    .resolves({ Item: { entity: 'campaign', ...campaignFixture(), version: 3 } });
});

const get = (username: string, id: string) =>
  handler(
    apiEvent({
      path: `/api/campaign/${id}`,
      pathParameters: { id },
      claims: { username, sub: `sub-${username}`, token_use: 'access' },
    }),
    lambdaContext(),
  );

describe('GET /api/campaign/{id}', () => {
  it('answers the campaign without server fields, with an all-time report', async () => {
    const result = await get('demo', 'bg-campaign-q3');
    expect(result.statusCode).toBe(200);
    const envelope = JSON.parse(result.body) as TEnvelope<TCampaign>;
    expect(envelope.payload).toMatchObject({ bgCampaignId: 'bg-campaign-q3', name: 'Q3 ABM' });
    expect(envelope.payload?.campaignReports[0]).toMatchObject({ timeFrame: 'ALL_TIME', impressions: 0, ctr: null });
    expect(result.body).not.toMatch(/"version"|"pk"|gsi1/);
  });

  it("looks under the caller's agency only, so another agency's campaign is not found", async () => {
    const result = await get('rival', 'bg-campaign-q3');
    expect(result.statusCode).toBe(404);
    const keys = ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key);
    expect(keys).toContainEqual(campaignKeys.campaignPointer('bgAgency-rival', 'bg-campaign-q3'));
    expect(keys).not.toContainEqual(campaignKeys.campaignPointer('bgAgency-demo', 'bg-campaign-q3'));
  });

  it('answers 400 with a field error for an id without the prefix', async () => {
    const result = await get('demo', 'q3');
    expect(result.statusCode).toBe(400);
    expect(Object.keys((JSON.parse(result.body) as TEnvelope<null>).fieldErrors ?? {})).toEqual(['id']);
  });
});
