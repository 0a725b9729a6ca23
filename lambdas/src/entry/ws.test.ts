import { nowMs } from '@bidgrid/shared/clock';
import '../test-env';
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { GENERIC_REQUEST_ERROR, MISSING_BODY_ERROR } from '@bidgrid/shared/api/envelope';
import { defineRealtimeEvent } from '@bidgrid/shared/realtime/event';
import { arrayParts } from '@bidgrid/shared/realtime/parts';
import { messageBytes, REALTIME_LIMITS } from '@bidgrid/shared/realtime/wire';
import type { TRealtimeReply } from '@bidgrid/shared/realtime/wire';
import type { TConnection } from '../domain/connections/connection';
import { NotFoundError } from '../kernel/errors';
import { CONNECTION_EXPIRED, PROGRESS_INTERVAL_MS, wsDefaultHandler, wsHandler } from './ws';
import type { WsDeps, WsEvent } from './ws';

const createList = defineRealtimeEvent({
  name: 'createNewDomainList',
  request: z.object({
    bgAdvertiserId: z.string().check(z.startsWith('bgAdvertiser-')),
    listName: z.string().check(z.minLength(1, 'Required field.')),
  }),
  successEvent: 'newDomainListCreated',
  errorEvent: 'domainListCreationError',
  payload: z.object({ listName: z.string(), agencyId: z.string() }),
  summary: 'Test event',
  specRef: 'test',
});

const bigLists = defineRealtimeEvent({
  name: 'getHubSpotLists',
  request: z.object({ count: z.number().check(z.int()) }),
  successEvent: 'retrievedLists',
  errorEvent: 'retrievedLists',
  payload: z.array(z.object({ listId: z.string(), name: z.string() })),
  summary: 'Test event with parts',
  specRef: 'test',
  parts: arrayParts<{ listId: string; name: string }>(),
});

const DEMO: TConnection = {
  connectionId: 'conn-1',
  username: 'demo',
  agencyId: 'bgAgency-demo',
  connectedAt: '2026-11-25T10:00:00.000Z',
  expiresAt: Math.floor(nowMs() / 1000) + 600,
};

/** Fake connections and management API: what was posted to which connection, in order. */
function fakeDeps(options: { gone?: boolean; connections?: TConnection[] } = {}) {
  const posted: Array<{ connectionId: string; message: Record<string, unknown> }> = [];
  const known = new Map((options.connections ?? [DEMO]).map((c) => [c.connectionId, c]));
  const deleted: string[] = [];
  const deps: WsDeps = {
    connections: {
      getConnection: async (id) => known.get(id) ?? null,
      deleteConnection: async (id) => {
        deleted.push(id);
      },
    },
    post: async (_endpoint, connectionId, message) => {
      if (options.gone) return 'gone';
      posted.push({ connectionId, message: message as Record<string, unknown> });
      return 'sent';
    },
  };
  return { deps, posted, deleted, replies: () => posted.map((p) => p.message as unknown as TRealtimeReply) };
}

function wsEvent(message: unknown, connectionId = 'conn-1'): WsEvent {
  return {
    requestContext: { connectionId, routeKey: 'createNewDomainList', domainName: 'ws.example.test', stage: 'prod' },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  };
}

const echoAgency = (deps: WsDeps) =>
  wsHandler(createList, async ({ input, caller }) => ({ listName: input.listName, agencyId: caller.agencyId }), deps);

describe('wsHandler', () => {
  it("replies to the asking connection only, with the agency of the connection and not the message's", async () => {
    // Prepare
    const { deps, posted } = fakeDeps();

    // Act
    const result = await echoAgency(deps)(
      wsEvent({
        action: 'createNewDomainList',
        reqID: 'r-1',
        bgAdvertiserId: 'bgAdvertiser-1',
        listName: 'Top 50',
        agencyId: 'bgAgency-rival',
      }),
    );

    // Assess
    expect(result.statusCode).toBe(200);
    expect(posted).toEqual([
      {
        connectionId: 'conn-1',
        message: {
          event: 'newDomainListCreated',
          reqID: 'r-1',
          success: true,
          payload: { listName: 'Top 50', agencyId: 'bgAgency-demo' },
          error: null,
        },
      },
    ]);
  });

  it('answers invalid fields with the error event, status 400 and field errors, echoing the reqID', async () => {
    // Prepare
    const { deps, replies } = fakeDeps();

    // Act
    const result = await echoAgency(deps)(
      wsEvent({ action: 'createNewDomainList', reqID: 'r-2', bgAdvertiserId: 'x', listName: '' }),
    );

    // Assess
    expect(result.statusCode).toBe(400);
    const [reply] = replies();
    expect(reply).toMatchObject({
      event: 'domainListCreationError',
      reqID: 'r-2',
      success: false,
      payload: null,
      status: 400,
      fieldErrors: { listName: ['Required field.'], bgAdvertiserId: [expect.any(String)] },
    });
    expect(reply?.error).toContain('listName: Required field.');
  });

  it('refuses a message without a usable reqID with a field error, replying all the same', async () => {
    const { deps, replies } = fakeDeps();
    await echoAgency(deps)(wsEvent({ action: 'createNewDomainList', reqID: 'has spaces', listName: 'L' }));
    expect(replies()[0]).toMatchObject({ reqID: null, status: 400, fieldErrors: { reqID: [expect.any(String)] } });
  });

  it('answers a message that is not a JSON object with the missing-body text', async () => {
    const { deps, replies } = fakeDeps();
    await echoAgency(deps)(wsEvent('{"action":'));
    await echoAgency(deps)(wsEvent('[1,2]'));
    expect(replies()).toEqual([
      expect.objectContaining({ reqID: null, success: false, error: MISSING_BODY_ERROR, status: 400 }),
      expect.objectContaining({ reqID: null, success: false, error: MISSING_BODY_ERROR, status: 400 }),
    ]);
  });

  it('answers 401 on an unknown or expired connection, before running anything', async () => {
    // Prepare
    const { deps, replies } = fakeDeps({ connections: [] });
    const run = vi.fn();

    // Act
    const result = await wsHandler(
      createList,
      run,
      deps,
    )(wsEvent({ action: 'createNewDomainList', reqID: 'r-3', bgAdvertiserId: 'bgAdvertiser-1', listName: 'L' }));

    // Assess
    expect(result.statusCode).toBe(401);
    expect(run).not.toHaveBeenCalled();
    expect(replies()[0]).toMatchObject({ reqID: 'r-3', status: 401, error: CONNECTION_EXPIRED });
  });

  it('says what a typed refusal says (another agency: not found), and hides the details of failures', async () => {
    // Prepare
    const { deps, replies } = fakeDeps();
    const notFound = wsHandler(
      createList,
      async () => {
        throw new NotFoundError('Advertiser not found.');
      },
      deps,
    );
    const failing = wsHandler(
      createList,
      async () => {
        throw new Error('HubSpot token pat-na1-secret rejected');
      },
      deps,
    );
    const message = { action: 'createNewDomainList', reqID: 'r-4', bgAdvertiserId: 'bgAdvertiser-1', listName: 'L' };

    // Act
    const refused = await notFound(wsEvent(message));
    const failed = await failing(wsEvent(message));

    // Assess
    expect([refused.statusCode, failed.statusCode]).toEqual([404, 500]);
    expect(replies()).toEqual([
      {
        event: 'domainListCreationError',
        reqID: 'r-4',
        success: false,
        payload: null,
        error: 'Advertiser not found.',
        status: 404,
      },
      {
        event: 'domainListCreationError',
        reqID: 'r-4',
        success: false,
        payload: null,
        error: GENERIC_REQUEST_ERROR,
        status: 500,
      },
    ]);
  });

  it('answers 500 when the use case returns what its schema forbids', async () => {
    const { deps, replies } = fakeDeps();
    const broken = wsHandler(createList, async () => ({ listName: 1 }) as never, deps);
    await broken(
      wsEvent({ action: 'createNewDomainList', reqID: 'r-5', bgAdvertiserId: 'bgAdvertiser-1', listName: 'L' }),
    );
    expect(replies()[0]).toMatchObject({ success: false, status: 500, error: GENERIC_REQUEST_ERROR });
  });

  it('sends throttled progress, the last one always, and all of it before the reply; the chunk is echoed', async () => {
    // Prepare
    vi.useFakeTimers();
    const { deps, replies } = fakeDeps();
    const handler = wsHandler(
      createList,
      async ({ progress, input, caller }) => {
        for (let done = 1; done <= 5; done++) progress(done, 10);
        await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS);
        for (let done = 6; done <= 10; done++) progress(done, 10);
        return { listName: input.listName, agencyId: caller.agencyId };
      },
      deps,
    );

    // Act
    await handler(
      wsEvent({
        action: 'createNewDomainList',
        reqID: 'r-6',
        chunk: { index: 1, count: 3 },
        bgAdvertiserId: 'bgAdvertiser-1',
        listName: 'L',
      }),
    );
    vi.useRealTimers();

    // Assess: the first at once, the fifth after the interval, the last at once, then the reply.
    expect(replies()).toEqual([
      { reqID: 'r-6', done: 1, total: 10 },
      { reqID: 'r-6', done: 5, total: 10 },
      { reqID: 'r-6', done: 10, total: 10 },
      expect.objectContaining({ event: 'newDomainListCreated', reqID: 'r-6', chunk: { index: 1, count: 3 } }),
    ]);
  });

  it('cuts a reply larger than a message into parts that merge back to the payload', async () => {
    // Prepare
    const { deps, replies } = fakeDeps();
    const lists = Array.from({ length: 3000 }, (_, i) => ({ listId: String(i), name: `A fairly long list name ${i}` }));
    const handler = wsHandler(bigLists, async () => lists, deps);

    // Act
    await handler(wsEvent({ action: 'getHubSpotLists', reqID: 'r-7', count: 3000 }));

    // Assess
    const parts = replies();
    expect(parts.length).toBeGreaterThan(1);
    for (const [index, part] of parts.entries()) {
      expect(part).toMatchObject({
        event: 'retrievedLists',
        reqID: 'r-7',
        success: true,
        part: { index, count: parts.length },
      });
      expect(messageBytes(part)).toBeLessThanOrEqual(REALTIME_LIMITS.replyBudgetBytes);
    }
    expect(parts.flatMap((part) => part.payload as unknown[])).toEqual(lists);
  });

  it('stops the use case and forgets the connection when the connection is gone', async () => {
    // Prepare
    const { deps, deleted } = fakeDeps({ gone: true });
    let aborted = false;
    const handler = wsHandler(
      createList,
      async ({ progress, signal, input, caller }) => {
        progress(1, 2);
        await vi.waitFor(() => expect(signal.aborted).toBe(true));
        aborted = signal.aborted;
        return { listName: input.listName, agencyId: caller.agencyId };
      },
      deps,
    );

    // Act
    const result = await handler(
      wsEvent({ action: 'createNewDomainList', reqID: 'r-8', bgAdvertiserId: 'bgAdvertiser-1', listName: 'L' }),
    );

    // Assess
    expect(aborted).toBe(true);
    expect(result.statusCode).toBe(410);
    expect(deleted).toEqual(['conn-1']);
  });
});

describe('wsHandler with the AWS clients', () => {
  const ddbMock = mockClient(DynamoDBDocumentClient);
  const wsMock = mockClient(ApiGatewayManagementApiClient);

  beforeEach(() => {
    ddbMock.reset();
    wsMock.reset();
    ddbMock.on(GetCommand, { Key: { connectionId: 'conn-1' } }).resolves({ Item: { ...DEMO } });
    ddbMock.on(DeleteCommand).resolves({});
  });

  it('posts through the management API, and deletes the connection item on GoneException', async () => {
    // Prepare
    wsMock
      .on(PostToConnectionCommand)
      .rejects(new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } }));
    const handler = wsHandler(createList, async ({ input, caller }) => ({
      listName: input.listName,
      agencyId: caller.agencyId,
    }));

    // Act
    const result = await handler(
      wsEvent({ action: 'createNewDomainList', reqID: 'r-9', bgAdvertiserId: 'bgAdvertiser-1', listName: 'L' }),
    );

    // Assess
    expect(result.statusCode).toBe(410);
    expect(wsMock.commandCalls(PostToConnectionCommand)[0]?.args[0].input.ConnectionId).toBe('conn-1');
    expect(ddbMock.commandCalls(DeleteCommand)[0]?.args[0].input).toEqual({
      TableName: 'bidgrid-test-connections',
      Key: { connectionId: 'conn-1' },
    });
  });
});

describe('wsDefaultHandler', () => {
  const events = [{ name: 'createCampaign', errorEvent: 'campaignCreationError' }];

  it('answers an event of the table without a handler with its error event and 501', async () => {
    const { deps, replies } = fakeDeps();
    await wsDefaultHandler(events, deps)(wsEvent({ action: 'createCampaign', reqID: 'r-10' }));
    expect(replies()).toEqual([
      {
        event: 'campaignCreationError',
        reqID: 'r-10',
        success: false,
        payload: null,
        error: 'Not implemented yet',
        status: 501,
      },
    ]);
  });

  it('answers unknown or missing actions and unreadable messages with requestError, never silence', async () => {
    // Prepare
    const { deps, replies } = fakeDeps();
    const handler = wsDefaultHandler(events, deps);

    // Act
    await handler(wsEvent({ action: 'dropTables', reqID: 'r-11' }));
    await handler(wsEvent({ reqID: 'r-12' }));
    await handler(wsEvent('not json'));

    // Assess
    expect(replies()).toEqual([
      expect.objectContaining({
        event: 'requestError',
        reqID: 'r-11',
        status: 400,
        fieldErrors: { action: ['Unknown action.'] },
      }),
      expect.objectContaining({ event: 'requestError', reqID: 'r-12', status: 400 }),
      expect.objectContaining({ event: 'requestError', reqID: null, status: 400, error: MISSING_BODY_ERROR }),
    ]);
  });
});
