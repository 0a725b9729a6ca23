import '../test-env';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { advertiserFixture } from '../domain/test-fakes';
import { resetCallerCacheForTests } from '../entry/http';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './list-advertisers-by-agency.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
});

describe('GET /api/advertiser/agency/{agencyId}', () => {
  it("lists the caller's agency's advertisers by name, whatever agency the path names", async () => {
    // Prepare
    const item = (id: `bgAdvertiser-${string}`, name: string) => ({
      pk: 'AGENCY#bgAgency-demo',
      sk: `ADV#${id}`,
      entity: 'advertiser',
      ...advertiserFixture({ bgAdvertiserId: id, name }),
    });
    ddbMock.on(QueryCommand).resolves({
      Items: [item('bgAdvertiser-3', 'zeta'), item('bgAdvertiser-1', 'Alpha'), item('bgAdvertiser-2', 'beta')],
    });

    // Act
    const result = await handler(
      apiEvent({ path: '/api/advertiser/agency/bgAgency-rival', pathParameters: { agencyId: 'bgAgency-rival' } }),
      lambdaContext(),
    );

    // Assess
    expect(result.statusCode).toBe(200);
    expect((JSON.parse(result.body) as TEnvelope<TAdvertiser[]>).payload?.map((a) => a.name)).toEqual([
      'Alpha',
      'beta',
      'zeta',
    ]);
    const query = ddbMock.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(query?.ExpressionAttributeValues).toMatchObject({
      ':pk': 'AGENCY#bgAgency-demo',
      ':prefix': 'ADV#',
      ':entity': 'advertiser',
    });
  });
});
