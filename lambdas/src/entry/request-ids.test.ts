import { nowMs } from '@bidgrid/shared/clock';
import '../test-env';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineOperation } from '@bidgrid/shared/api/operation';
import { defineRealtimeEvent } from '@bidgrid/shared/realtime/event';
import { handler as syncWorker } from '../jobs/report-sync-worker.job';
import { apiEvent, lambdaContext, sqsRecord } from '../test-events';
import { httpHandler, resetCallerCacheForTests } from './http';
import { publishAtInvocationEnd, resetInvocationMetricsForTests } from '../kernel/invocation-metrics';
import { jobHandler, scheduledRunId } from './job';
import { captureLogsForTests } from '../kernel/logger';
import { wsHandler } from './ws';
import type { WsDeps } from './ws';

// Every log line of a REST request, a realtime message and a job run names what it served (issue 16),
// and what an invocation recorded as metrics is published when it ends, however it ends.

const ddbMock = mockClient(DynamoDBDocumentClient);
let lines: Array<Record<string, unknown>> = [];
let publishes = 0;

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  lines = [];
  captureLogsForTests((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  publishes = 0;
  publishAtInvocationEnd(() => publishes++);
});
afterEach(() => {
  captureLogsForTests();
  resetInvocationMetricsForTests();
});

const thing = defineOperation({
  name: 'getThing',
  method: 'GET',
  path: '/api/thing/{id}',
  auth: 'user',
  tenant: 'agency',
  params: z.object({ id: z.string() }),
  response: z.object({ id: z.string() }),
  summary: 'Test operation',
  specRef: 'test',
});

describe('REST request lines', () => {
  it("carry the Lambda's and API Gateway's request ids, the operation and the caller", async () => {
    // Prepare
    ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
    const { handler } = httpHandler(thing, async ({ params, log }) => {
      log.info('inside the use case');
      return { id: params.id };
    });

    // Act
    const result = await handler(apiEvent({ pathParameters: { id: 't-1' } }), lambdaContext('lambda-7'));

    // Assess
    expect(result.statusCode).toBe(200);
    expect(lines.map((l) => l['message'])).toEqual(['inside the use case', 'request completed']);
    for (const line of lines) {
      expect(line).toMatchObject({
        operation: 'getThing',
        requestId: 'lambda-7',
        apiRequestId: 'api-request-1',
        username: 'demo',
        agencyId: 'bgAgency-demo',
      });
    }
    expect(publishes).toBe(1);
  });

  it('carry them on a failed request too, and publish its metrics', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({ Item: { agencyId: 'bgAgency-demo' } });
    const { handler } = httpHandler(thing, async () => {
      throw new Error('store down');
    });

    // Act
    const result = await handler(apiEvent({ pathParameters: { id: 't-1' } }), lambdaContext('lambda-8'));

    // Assess
    expect(result.statusCode).toBe(500);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        status: 500,
        requestId: 'lambda-8',
        apiRequestId: 'api-request-1',
      }),
    ]);
    expect(publishes).toBe(1);
  });
});

describe('WebSocket message lines', () => {
  const event = defineRealtimeEvent({
    name: 'createNewDomainList',
    request: z.object({ listName: z.string() }),
    successEvent: 'newDomainListCreated',
    errorEvent: 'domainListCreationError',
    payload: z.object({ listName: z.string() }),
    summary: 'Test event',
    specRef: 'test',
  });
  const deps: WsDeps = {
    connections: {
      getConnection: async () => ({
        connectionId: 'conn-1',
        username: 'demo',
        agencyId: 'bgAgency-demo',
        connectedAt: '2026-11-25T10:00:00.000Z',
        expiresAt: Math.floor(nowMs() / 1000) + 600,
      }),
      deleteConnection: async () => undefined,
    },
    post: async () => 'sent',
  };
  const message = (body: unknown) => ({
    requestContext: {
      connectionId: 'conn-1',
      routeKey: 'createNewDomainList',
      domainName: 'ws.example.test',
      stage: 'prod',
      requestId: 'ws-api-request-1',
    },
    body: JSON.stringify(body),
  });

  it("carry the connection, the client's reqID and both request ids", async () => {
    // Prepare
    const handler = wsHandler(
      event,
      async ({ input, log }) => {
        log.info('inside the use case');
        return { listName: input.listName };
      },
      deps,
    );

    // Act
    await handler(message({ action: 'createNewDomainList', reqID: 'r-42', listName: 'Top' }), lambdaContext('l-ws'));

    // Assess
    expect(lines.map((l) => l['message'])).toEqual(['inside the use case', 'event completed']);
    for (const line of lines) {
      expect(line).toMatchObject({
        operation: 'createNewDomainList',
        connectionId: 'conn-1',
        reqID: 'r-42',
        requestId: 'l-ws',
        apiRequestId: 'ws-api-request-1',
        username: 'demo',
      });
    }
    expect(publishes).toBe(1);
  });

  it('carry the ids of a message refused before its reqID could be read', async () => {
    // Prepare
    const handler = wsHandler(event, async () => ({ listName: 'never' }), deps);

    // Act
    await handler({ ...message(null), body: 'not json' }, lambdaContext('l-ws-2'));

    // Assess
    expect(lines.map((l) => [l['level'], l['status']])).toEqual([
      ['warn', 400],
      ['info', 400],
    ]);
    for (const line of lines) {
      expect(line).toMatchObject({ connectionId: 'conn-1', requestId: 'l-ws-2', apiRequestId: 'ws-api-request-1' });
    }
    expect(publishes).toBe(1);
  });
});

describe('job lines', () => {
  it("carry the job's name, the schedule's run id and the invocation's request id, and end with the run", async () => {
    // Prepare
    const handler = jobHandler(
      'billing',
      async (_event: { id?: string }, { log }) => {
        log.info('billing run done');
        return 'ok';
      },
      { runIdOf: scheduledRunId },
    );

    // Act
    await handler({ id: 'eventbridge-event-1' }, lambdaContext('l-job'));

    // Assess
    expect(lines).toEqual([
      expect.objectContaining({ message: 'billing run done', operation: 'billing', runId: 'eventbridge-event-1' }),
      expect.objectContaining({ message: 'job completed', requestId: 'l-job', durationMs: expect.any(Number) }),
    ]);
    expect(publishes).toBe(1);
  });

  it('log a failed run with its ids, publish its metrics and fail the invocation (Lambda counts it)', async () => {
    // Prepare
    const handler = jobHandler('creation-recovery', async () => {
      throw new Error('table unavailable');
    });

    // Act
    const run = handler({}, lambdaContext('l-job-2'));

    // Assess
    await expect(run).rejects.toThrow('table unavailable');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'job failed',
        operation: 'creation-recovery',
        runId: 'l-job-2',
        requestId: 'l-job-2',
      }),
    ]);
    expect(publishes).toBe(1);
  });

  it("carry each SQS message's id and the schedule's run that sent it in the worker", async () => {
    // Prepare: the campaign's store cannot be read, so its sync fails and logs.
    ddbMock.on(GetCommand).rejects(new Error('throttled'));
    const record = (messageId: string, body: unknown) => sqsRecord(messageId, JSON.stringify(body), 2);

    // Act
    await syncWorker(
      { Records: [record('m-9', { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-1', runId: 'run-3' })] },
      lambdaContext('l-worker'),
    );

    // Assess
    expect(lines.find((l) => l['message'] === 'report sync of a campaign failed')).toMatchObject({
      operation: 'report-sync-worker',
      runId: 'l-worker',
      requestId: 'l-worker',
      messageId: 'm-9',
      scheduledRunId: 'run-3',
      receiveCount: 2,
    });
    expect(lines.at(-1)).toMatchObject({ message: 'job completed', runId: 'l-worker' });
  });
});
