import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { PutCommandInput, QueryCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { coreConfig } from '../config';

/** An item as stored: attribute name to value (the document client converts to and from JS). */
export type Item = Record<string, unknown>;

let client: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB document client of this Lambda, created on first use so the module can be
 * imported before the environment is set (the local stack sets it, then imports handlers).
 * Locally it points at DynamoDB Local, which accepts any credentials.
 */
export function ddb(): DynamoDBDocumentClient {
  if (client) return client;
  const cfg = coreConfig();
  const base = new DynamoDBClient({
    region: cfg.AWS_REGION,
    ...(cfg.DYNAMODB_ENDPOINT
      ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  client = DynamoDBDocumentClient.from(base, {
    // Optional domain fields are often `undefined`; DynamoDB rejects them unless removed.
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return client;
}

/** Physical table names, from the configuration CDK or the local stack sets. */
export function tables(): { app: string; reports: string; connections: string } {
  const cfg = coreConfig();
  return { app: cfg.TABLE_APP, reports: cfg.TABLE_REPORTS, connections: cfg.TABLE_CONNECTIONS };
}

/** True when a single write failed on its ConditionExpression. */
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/** Runs one conditional write: true when it was applied, false when its ConditionExpression failed. */
async function appliedUnlessConditionFails(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** A Put with a ConditionExpression: true when written, false when the condition failed (other errors throw). */
export function conditionalPut(input: PutCommandInput): Promise<boolean> {
  return appliedUnlessConditionFails(() => ddb().send(new PutCommand(input)));
}

/** An Update with a ConditionExpression: true when applied, false when the condition failed (other errors throw). */
export function conditionalUpdate(input: UpdateCommandInput): Promise<boolean> {
  return appliedUnlessConditionFails(() => ddb().send(new UpdateCommand(input)));
}

/** Runs a Query to the end, following LastEvaluatedKey, and returns every item. */
export async function queryAll(input: QueryCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as Item[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const BATCH_SIZE = 25;
const MAX_BATCH_ATTEMPTS = 6;

/**
 * Puts items in batches of 25 (the BatchWriteItem limit), retrying what DynamoDB leaves
 * unprocessed with a short exponential back-off; throws if some items still fail.
 */
export async function batchPut(tableName: string, items: readonly Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    let requests = items.slice(i, i + BATCH_SIZE).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > MAX_BATCH_ATTEMPTS) {
        throw new Error(`batchPut: ${requests.length} items still unprocessed in ${tableName}`);
      }
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 2)));
      const result = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = (result.UnprocessedItems?.[tableName] ?? []).flatMap((r) =>
        r.PutRequest?.Item ? [{ PutRequest: { Item: r.PutRequest.Item } }] : [],
      );
    }
  }
}

/** Test helper: forget the client so a test with another configuration builds a fresh one. */
export function resetDynamoDbForTests(): void {
  client = undefined;
}
