import '../test-env';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { advertiserKeys } from '../adapters/repositories/advertiser.repository';
import { cardRecordFixture } from '../domain/test-fakes';
import { resetCallerCacheForTests } from '../entry/http';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './get-advertiser.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
  ddbMock.on(GetCommand, { Key: { pk: 'USER#rival', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-rival' } });
  ddbMock.on(GetCommand, { Key: advertiserKeys.advertiser('bgAgency-demo', 'bgAdvertiser-acme') }).resolves({
    Item: {
      ...advertiserKeys.advertiser('bgAgency-demo', 'bgAdvertiser-acme'),
      entity: 'advertiser',
      ...cardRecordFixture(),
    },
  });
});

const get = (username: string, id: string) =>
  handler(
    apiEvent({
      path: `/api/advertiser/${id}`,
      pathParameters: { id },
      claims: { username, sub: `sub-${username}`, token_use: 'access' },
    }),
    lambdaContext(),
  );

describe('GET /api/advertiser/{id}', () => {
  it("answers the caller's advertiser without server-only fields", async () => {
    // Act
    const result = await get('demo', 'bgAdvertiser-acme');

    // Assess
    expect(result.statusCode).toBe(200);
    const envelope = JSON.parse(result.body) as TEnvelope<TAdvertiser>;
    expect(envelope.payload).toMatchObject({
      bgAdvertiserId: 'bgAdvertiser-acme',
      paymentMethod: { card: { last4: '4242' } },
    });
    expect(result.body).not.toMatch(/stripe|pk|gsi1|billedThrough|cus_acme|pm_acme/);
  });

  it("answers 404 for another agency's advertiser: the key is built from the caller's agency", async () => {
    // Act
    const result = await get('rival', 'bgAdvertiser-acme');

    // Assess
    expect(result.statusCode).toBe(404);
    const lookups = ddbMock.commandCalls(GetCommand).map((c) => c.args[0].input.Key);
    expect(lookups).toContainEqual(advertiserKeys.advertiser('bgAgency-rival', 'bgAdvertiser-acme'));
  });

  it('answers 400 with a field error for an id without the prefix', async () => {
    const result = await get('demo', 'acme');
    expect(result.statusCode).toBe(400);
    expect(Object.keys((JSON.parse(result.body) as TEnvelope<null>).fieldErrors ?? {})).toEqual(['id']);
  });
});
