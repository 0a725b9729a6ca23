import { describe, expect, it } from 'vitest';
import { TABLES } from '@bidgrid/shared/tables';
import { createTableInput, localTableName } from './dynamodb';

describe('createTableInput', () => {
  it('creates the app table on demand with its keys and GSI, each attribute defined once', () => {
    // Act
    const input = createTableInput(TABLES.app, localTableName('app'));
    // Assess
    expect(input).toMatchObject({
      TableName: 'bidgrid-local-app',
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
    expect(input.AttributeDefinitions?.map((a) => a.AttributeName)).toEqual(['pk', 'sk', 'gsi1pk', 'gsi1sk']);
  });

  it('creates a hash-only table without a GSI list when it has none', () => {
    const input = createTableInput(TABLES.reports, 'r');
    expect(input.GlobalSecondaryIndexes).toBeUndefined();
    const connections = createTableInput(TABLES.connections, 'c');
    expect(connections.KeySchema).toEqual([{ AttributeName: 'connectionId', KeyType: 'HASH' }]);
  });
});
