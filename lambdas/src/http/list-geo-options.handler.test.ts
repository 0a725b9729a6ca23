import '../test-env';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { resetCallerCacheForTests } from '../entry/http';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './list-geo-options.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
});

/** Answers the options for a signed-in caller. */
async function options(): Promise<TGeoOption[]> {
  const result = await handler(apiEvent({ path: '/api/geo/options' }), lambdaContext());
  expect(result.statusCode).toBe(200);
  return (JSON.parse(result.body) as TEnvelope<TGeoOption[]>).payload as TGeoOption[];
}

describe('GET /api/geo/options', () => {
  it('answers the 50 US states and DC, then the 13 Canadian provinces and territories, each by name', async () => {
    // Act
    const regions = await options();

    // Assess
    const us = regions.filter((region) => region.country_code_3 === 'USA');
    const ca = regions.filter((region) => region.country_code_3 === 'CAN');
    expect(us).toHaveLength(51);
    expect(ca).toHaveLength(13);
    expect(regions).toHaveLength(64);
    expect(regions.slice(0, 51)).toEqual(us);
    const names = (list: TGeoOption[]) => list.map((region) => region.region_name);
    expect(names(us)).toEqual([...names(us)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names(ca)).toEqual([...names(ca)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(regions.map((region) => region.key)).size).toBe(64);
  });

  it('keys each region in the ISO form the campaign creation sends to the bidder', async () => {
    // Act
    const regions = await options();

    // Assess
    expect(regions).toContainEqual({ key: 'US-TX', region_name: 'Texas', country_code_2: 'US', country_code_3: 'USA' });
    expect(regions).toContainEqual({
      key: 'US-DC',
      region_name: 'District of Columbia',
      country_code_2: 'US',
      country_code_3: 'USA',
    });
    expect(regions).toContainEqual({
      key: 'CA-ON',
      region_name: 'Ontario',
      country_code_2: 'CA',
      country_code_3: 'CAN',
    });
    expect(regions).toContainEqual({ key: 'CA-YT', region_name: 'Yukon', country_code_2: 'CA', country_code_3: 'CAN' });
    for (const region of regions) expect(region.key).toMatch(new RegExp(`^${region.country_code_2}-[A-Z]{2}$`));
  });

  it('refuses a request without a token', async () => {
    // Act
    const result = await handler(apiEvent({ path: '/api/geo/options', claims: null }), lambdaContext());

    // Assess
    expect(result.statusCode).toBe(401);
  });
});
