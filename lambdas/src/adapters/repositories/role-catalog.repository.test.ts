import '../../test-env';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import { roleCatalogRepository } from './role-catalog.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
});

const type = (roleTypeId: string): TRoleType => ({
  roleType: `Type ${roleTypeId}`,
  roleTypeId,
  roleSet: [
    { role: `Role of ${roleTypeId}`, roleId: `${roleTypeId}-1`, cookieSets: [{ segment_key: `seg-${roleTypeId}` }] },
  ],
});

describe('roleCatalogRepository', () => {
  it('stores each role type in the public partition under RT#{roleTypeId}, with its position', async () => {
    // Prepare
    ddbMock.on(BatchWriteCommand).resolves({});
    // Act
    await roleCatalogRepository.putRoleTypes([type('SALES'), type('FIN')]);
    // Assess
    const items = ddbMock
      .commandCalls(BatchWriteCommand)
      .flatMap((c) => Object.values(c.args[0].input.RequestItems ?? {}).flat())
      .map((request) => request.PutRequest?.Item);
    expect(items).toEqual([
      { pk: 'PUBLIC', sk: 'RT#SALES', entity: 'roleType', order: 1, ...type('SALES') },
      { pk: 'PUBLIC', sk: 'RT#FIN', entity: 'roleType', order: 2, ...type('FIN') },
    ]);
  });

  it('lists the role types in their stored position, not in key order, without the keys', async () => {
    // Prepare: the store answers in key order (FIN before SALES).
    ddbMock.on(QueryCommand).resolves({
      Items: [
        { pk: 'PUBLIC', sk: 'RT#FIN', entity: 'roleType', order: 2, ...type('FIN') },
        { pk: 'PUBLIC', sk: 'RT#SALES', entity: 'roleType', order: 1, ...type('SALES') },
      ],
    });
    // Act
    const listed = await roleCatalogRepository.listRoleTypes();
    // Assess
    expect(listed).toEqual([type('SALES'), type('FIN')]);
    expect(ddbMock.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues).toEqual({
      ':pk': 'PUBLIC',
      ':prefix': 'RT#',
    });
  });
});
