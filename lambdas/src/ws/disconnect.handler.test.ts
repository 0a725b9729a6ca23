import '../test-env';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from './disconnect.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddbMock.reset();
});

describe('$disconnect', () => {
  it('deletes the connection item', async () => {
    // Prepare
    ddbMock.on(DeleteCommand).resolves({});

    // Act
    const result = await handler({ requestContext: { connectionId: 'conn-3', routeKey: '$disconnect' } });

    // Assess
    expect(result.statusCode).toBe(200);
    expect(ddbMock.commandCalls(DeleteCommand)[0]?.args[0].input).toEqual({
      TableName: 'bidgrid-test-connections',
      Key: { connectionId: 'conn-3' },
    });
  });

  it('answers 500 (logged) when the delete fails', async () => {
    // Prepare
    ddbMock.on(DeleteCommand).rejects(new Error('throttled'));

    // Act
    const result = await handler({ requestContext: { connectionId: 'conn-3' } });

    // Assess
    expect(result.statusCode).toBe(500);
  });
});
