import '../test-env';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { afterEach, describe, expect, it } from 'vitest';
import { isThrottled, toAppError } from '../kernel/errors';
import { addThrottleFault, dynamoDbThrottleReport, setDynamoDbThrottle } from './dynamodb-throttle';

/**
 * A real DynamoDB client whose HTTP handler is a fake DynamoDB answering every send, so the SDK's own
 * retry middleware runs around the fault (its waits made 0 ms, its attempts the default 3).
 */
function clientOnFakeDynamoDb(): { client: DynamoDBClient; sent: () => number } {
  let sent = 0;
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    retryStrategy: new ConfiguredRetryStrategy(3, () => 0),
    requestHandler: {
      handle: async () => {
        sent++;
        return {
          response: {
            statusCode: 200,
            reason: 'OK',
            headers: { 'content-type': 'application/x-amz-json-1.0' },
            body: new TextEncoder().encode(JSON.stringify({ Item: { pk: { S: 'P#1' }, sk: { S: 'S#1' } } })),
          },
        };
      },
    },
  });
  addThrottleFault(client, () => 0.5);
  return { client, sent: () => sent };
}

const get = new GetItemCommand({ TableName: 'app', Key: { pk: { S: 'P#1' }, sk: { S: 'S#1' } } });
const put = new PutItemCommand({ TableName: 'app', Item: { pk: { S: 'P#2' }, sk: { S: 'S#2' } } });

describe('the DynamoDB throttling fault', () => {
  afterEach(() => setDynamoDbThrottle(null));

  it('passes every send through while disarmed', async () => {
    // Prepare
    const { client, sent } = clientOnFakeDynamoDb();

    // Act
    const reply = await client.send(get);

    // Assess
    expect(reply.Item?.['pk']).toEqual({ S: 'P#1' });
    expect(sent()).toBe(1);
    expect(dynamoDbThrottleReport()).toEqual({ plan: null, refused: 0, passed: 0 });
  });

  it("refuses the first N sends as DynamoDB does, and the SDK's retries absorb them for a read and a write", async () => {
    // Prepare: two refusals for each command, within the SDK's three attempts.
    const { client, sent } = clientOnFakeDynamoDb();
    setDynamoDbThrottle({ commands: ['GetItemCommand'], failFirst: 2 });

    // Act
    const read = await client.send(get);
    setDynamoDbThrottle({ commands: ['PutItemCommand'], failFirst: 2, error: 'ThrottlingException' });
    const written = await client.send(put);

    // Assess: each command went out once, on its third attempt.
    expect(read.Item).toBeDefined();
    expect(read.$metadata.attempts).toBe(3);
    expect(written.$metadata.attempts).toBe(3);
    expect(sent()).toBe(2);
    expect(dynamoDbThrottleReport()).toMatchObject({ refused: 2, passed: 1 });
  });

  it('fails with the throttling error once it outlasts the retries, which the handlers answer as a 503 to try again', async () => {
    // Prepare
    const { client, sent } = clientOnFakeDynamoDb();
    setDynamoDbThrottle({ rate: 1 });

    // Act
    const error: unknown = await client.send(put).catch((e: unknown) => e);

    // Assess: nothing reached DynamoDB; the user is told to come back.
    expect(error).toMatchObject({ name: 'ProvisionedThroughputExceededException', $metadata: { attempts: 3 } });
    expect(sent()).toBe(0);
    expect(isThrottled(error)).toBe(true);
    const told = toAppError(error);
    expect([told.status, told.code, told.publicMessage]).toEqual([
      503,
      'UNAVAILABLE',
      'BidGrid is busy right now. Please try again in a moment.',
    ]);
  });

  it('refuses only the commands and inputs named, and a fraction by its draw', async () => {
    // Prepare: the draw is 0.5, so a rate of 0.4 lets the send through and 0.6 refuses it.
    const { client } = clientOnFakeDynamoDb();

    // Act
    setDynamoDbThrottle({ rate: 1, inputContains: 'P#9' });
    const otherInput = await client.send(get);
    setDynamoDbThrottle({ rate: 1, commands: ['QueryCommand'] });
    const otherCommand = await client.send(get);
    setDynamoDbThrottle({ rate: 0.4 });
    const drawnThrough = await client.send(get);
    setDynamoDbThrottle({ rate: 0.6 });
    const drawnRefused = await client.send(get).catch((e: unknown) => e);

    // Assess
    expect([otherInput, otherCommand, drawnThrough].map((r) => r.$metadata.attempts)).toEqual([1, 1, 1]);
    expect(drawnRefused).toMatchObject({ name: 'ProvisionedThroughputExceededException' });
  });
});
