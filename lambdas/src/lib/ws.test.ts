import '../test-env';
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { GENERIC_REQUEST_ERROR, MISSING_BODY_ERROR } from '@bidgrid/shared/api/envelope';
import { defineRealtimeEvent } from '@bidgrid/shared/realtime/event';
import { wsHandler } from './ws';
import type { TWsReply, WsEvent } from './ws';

const ddbMock = mockClient(DynamoDBDocumentClient);
const wsMock = mockClient(ApiGatewayManagementApiClient);

const createList = defineRealtimeEvent({
  name: 'createNewDomainList',
  request: z.object({
    bgAdvertiserId: z.string().startsWith('bgAdvertiser-'),
    listName: z.string().min(1, 'Required field.'),
  }),
  successEvent: 'newDomainListCreated',
  errorEvent: 'domainListCreationError',
  payload: z.object({ listName: z.string(), agencyId: z.string() }),
  summary: 'Test event',
  specRef: 'test',
});

const handler = wsHandler(createList, async ({ data, caller }) => ({
  listName: data.listName,
  agencyId: caller.agencyId,
}));

function wsEvent(message: unknown, connectionId = 'conn-1'): WsEvent {
  return {
    requestContext: { connectionId, routeKey: 'createNewDomainList', domainName: 'ws.example.test', stage: 'prod' },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  };
}

function postedReplies(): TWsReply[] {
  return wsMock
    .commandCalls(PostToConnectionCommand)
    .map((call) => JSON.parse(Buffer.from(call.args[0].input.Data as Uint8Array).toString('utf8')) as TWsReply);
}

beforeEach(() => {
  ddbMock.reset();
  wsMock.reset();
  wsMock.on(PostToConnectionCommand).resolves({});
  ddbMock.on(GetCommand, { Key: { connectionId: 'conn-1' } }).resolves({
    Item: {
      connectionId: 'conn-1',
      username: 'demo',
      agencyId: 'bgAgency-demo',
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    },
  });
});

describe('wsHandler', () => {
  it("posts the success reply to the caller's connection with the agency from the connection item", async () => {
    // Act
    const result = await handler(
      wsEvent({
        action: 'createNewDomainList',
        data: { bgAdvertiserId: 'bgAdvertiser-1', listName: 'Top 50', agencyId: 'bgAgency-rival' },
      }),
    );

    // Assess
    expect(result.statusCode).toBe(200);
    expect(postedReplies()).toEqual([
      {
        event: 'newDomainListCreated',
        success: true,
        payload: { listName: 'Top 50', agencyId: 'bgAgency-demo' },
        error: null,
      },
    ]);
    expect(wsMock.commandCalls(PostToConnectionCommand)[0]?.args[0].input.ConnectionId).toBe('conn-1');
  });

  it('posts the error event with the validation summary for invalid data', async () => {
    // Act
    const result = await handler(
      wsEvent({ action: 'createNewDomainList', data: { bgAdvertiserId: 'x', listName: '' } }),
    );

    // Assess
    expect(result.statusCode).toBe(400);
    const [reply] = postedReplies();
    expect(reply).toMatchObject({ event: 'domainListCreationError', success: false, payload: null });
    expect(reply?.error).toContain('listName: Required field.');
  });

  it('posts the missing-body text for a message that is not JSON', async () => {
    // Act
    await handler(wsEvent('{"action":'));

    // Assess
    expect(postedReplies()[0]).toMatchObject({ success: false, error: MISSING_BODY_ERROR });
  });

  it('answers 401 on an unknown or expired connection', async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { connectionId: 'conn-old' } }).resolves({
      Item: { connectionId: 'conn-old', username: 'demo', agencyId: 'bgAgency-demo', expiresAt: 1 },
    });

    // Act
    const result = await handler(wsEvent({ action: 'createNewDomainList', data: {} }, 'conn-old'));

    // Assess
    expect(result.statusCode).toBe(401);
    expect(postedReplies()[0]).toMatchObject({ success: false, error: 'Unauthorized' });
  });

  it('hides the details of unexpected failures', async () => {
    // Prepare
    const failing = wsHandler(createList, async () => {
      throw new Error('HubSpot token pat-na1-secret rejected');
    });

    // Act
    const result = await failing(
      wsEvent({ action: 'createNewDomainList', data: { bgAdvertiserId: 'bgAdvertiser-1', listName: 'L' } }),
    );

    // Assess
    expect(result.statusCode).toBe(500);
    expect(postedReplies()[0]).toEqual({
      event: 'domainListCreationError',
      success: false,
      payload: null,
      error: GENERIC_REQUEST_ERROR,
    });
  });

  it('deletes the connection item when API Gateway says the connection is gone', async () => {
    // Prepare
    wsMock
      .on(PostToConnectionCommand)
      .rejects(new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } }));
    ddbMock.on(DeleteCommand).resolves({});

    // Act
    const result = await handler(
      wsEvent({ action: 'createNewDomainList', data: { bgAdvertiserId: 'bgAdvertiser-1', listName: 'L' } }),
    );

    // Assess
    expect(result.statusCode).toBe(410);
    const deletes = ddbMock.commandCalls(DeleteCommand);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.args[0].input).toEqual({
      TableName: 'bidgrid-test-connections',
      Key: { connectionId: 'conn-1' },
    });
  });
});
