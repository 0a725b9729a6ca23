import '../../test-env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TDomainListRecord } from '../../domain/ports/domain-list.port';
import { domainListRepository } from './domain-list.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddbMock.reset();
});

const LIST: TDomainListRecord = {
  domainListId: 'bg-domain-list-1',
  beeswaxListId: 7,
  bgAdvertiserId: 'bgAdvertiser-acme',
  name: 'News',
  createdAt: '2026-11-01T00:00:00.000Z',
  domains: [{ bgItemId: 'i1', domain: 'cnn.com', active: true, createdAt: '2026-11-01T00:00:00.000Z' }],
  agencyId: 'bgAgency-demo',
  version: 3,
};

describe('domainListRepository', () => {
  it("keys a custom list under the caller's agency and its advertiser, written only when new", async () => {
    ddbMock.on(PutCommand).resolves({});
    expect(await domainListRepository.putNewDomainList(LIST)).toBe('ok');
    const input = ddbMock.commandCalls(PutCommand)[0]?.args[0].input;
    expect(input?.Item).toMatchObject({ pk: 'AGENCY#bgAgency-demo#ADV#bgAdvertiser-acme', sk: 'DL#bg-domain-list-1' });
    expect(input?.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('replaces a list only at the version it was read, and answers conflict otherwise', async () => {
    ddbMock.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect(await domainListRepository.replaceDomainList({ ...LIST, version: 4 }, 3)).toBe('conflict');
    const input = ddbMock.commandCalls(PutCommand)[0]?.args[0].input;
    expect(input?.ExpressionAttributeValues).toEqual({ ':expected': 3 });
    expect(input?.Item).toMatchObject({ version: 4 });
  });

  it('reads a list back with its agency and version, and nothing for a missing key', async () => {
    ddbMock
      .on(GetCommand)
      .resolvesOnce({ Item: { pk: 'x', sk: 'y', entity: 'domainList', ...LIST } })
      .resolvesOnce({});
    expect(await domainListRepository.getDomainList('bgAgency-demo', 'bgAdvertiser-acme', 'bg-domain-list-1')).toEqual(
      LIST,
    );
    expect(await domainListRepository.getDomainList('bgAgency-demo', 'bgAdvertiser-acme', 'other')).toBeUndefined();
  });
});
