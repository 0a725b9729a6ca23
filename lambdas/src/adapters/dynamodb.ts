import {
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import type { AttributeValue, WriteRequest } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type {
  DeleteCommandInput,
  PutCommandInput,
  QueryCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { coreConfig } from '../kernel/config';
import type { TPage, TPageRequest } from '../domain/ports/page.port';
import { decodeCursor, encodeCursor } from './page-keys';
import type { TCursorScope, TStartKey } from './page-keys';

/** An item as stored: attribute name to value (the document client converts to and from JS). */
export type Item = Record<string, unknown>;

let client: DynamoDBDocumentClient | undefined;
let base: DynamoDBClient | undefined;

/**
 * The low-level client under {@link ddb}: writers that build `AttributeValue` items themselves (the
 * report sync's thousands of rows) skip the document client's conversion.
 */
export function rawDdb(): DynamoDBClient {
  if (base) return base;
  const cfg = coreConfig();
  base = new DynamoDBClient({
    region: cfg.AWS_REGION,
    ...(cfg.DYNAMODB_ENDPOINT
      ? { endpoint: cfg.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return base;
}

/**
 * The one DynamoDB document client of this Lambda, created on first use so the module can be
 * imported before the environment is set (the local stack sets it, then imports handlers).
 * Locally it points at DynamoDB Local, which accepts any credentials.
 */
export function ddb(): DynamoDBDocumentClient {
  if (client) return client;
  client = DynamoDBDocumentClient.from(rawDdb(), {
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

/**
 * Reads one item by its key with a strongly consistent read (it sees a write that just succeeded);
 * undefined when there is none.
 */
export async function getConsistentItem(
  key: Record<string, unknown>,
  tableName: string = tables().app,
): Promise<Item | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return out.Item as Item | undefined;
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

/** A Delete with a ConditionExpression: true when deleted, false when the condition failed (other errors throw). */
export function conditionalDelete(input: DeleteCommandInput): Promise<boolean> {
  return appliedUnlessConditionFails(() => ddb().send(new DeleteCommand(input)));
}

/** An Update with a ConditionExpression: true when applied, false when the condition failed (other errors throw). */
export function conditionalUpdate(input: UpdateCommandInput): Promise<boolean> {
  return appliedUnlessConditionFails(() => ddb().send(new UpdateCommand(input)));
}

/**
 * Runs one write transaction: true when applied, false when it was cancelled because one of its
 * conditions failed (an item already there). Any other cancellation (a conflicting transaction,
 * throttling) throws, so a caller never takes a write that was lost for one that was not needed.
 */
export async function transactUnlessConditionFails(
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
): Promise<boolean> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
    if (reasons.some((reason) => reason.Code === 'ConditionalCheckFailed')) return false;
    throw error;
  }
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

/**
 * DynamoDB reads one page may make. A filtered list (items of one advertiser among the agency's, one
 * kind of item under a shared prefix) may have to read past many items it does not keep; past this many
 * reads the page ends short, with a cursor where the reading stopped, so no request reads without bound.
 */
export const MAX_READS_PER_PAGE = 8;
/** How many items a filtered read evaluates at least, so sparse matches do not cost one round trip each. */
const FILTERED_READ_LIMIT = 200;

/**
 * One page of a list stored in one or more partitions (read in the order of `scope.partitions`): at most
 * `page.limit` kept items in key order and a cursor after the last of them, or null when the list has
 * ended. It reads one item past the page to know whether another page exists, so the last page has a null
 * cursor rather than leading to an empty one. `queryOf` builds the query of a partition (key condition,
 * filter, projection, direction; the projection must keep `pk` and `sk`); `keep` drops items a filter
 * expression cannot (optional). The cursor is checked against `scope` (`decodeCursor`): 400 when it is
 * not this list's.
 */
export async function queryPage(
  scope: TCursorScope,
  page: TPageRequest,
  queryOf: (partition: string) => Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit'>,
  keep?: (item: Item) => boolean,
): Promise<TPage<Item>> {
  const start = decodeCursor(scope, page.cursor);
  let index = start ? scope.partitions.indexOf(start.pk) : 0;
  let startKey: Record<string, unknown> | undefined = start;
  const items: Item[] = [];
  let reads = 0;
  while (index < scope.partitions.length) {
    const input = queryOf(scope.partitions[index] as string);
    const wanted = page.limit + 1 - items.length;
    const filtered = input.FilterExpression !== undefined || keep !== undefined;
    const out = await ddb().send(
      new QueryCommand({
        ...input,
        ExclusiveStartKey: startKey,
        Limit: filtered ? Math.max(wanted, FILTERED_READ_LIMIT) : wanted,
      }),
    );
    reads++;
    for (const item of (out.Items ?? []) as Item[]) if (!keep || keep(item)) items.push(item);
    if (items.length > page.limit) {
      const kept = items.slice(0, page.limit);
      return { items: kept, nextCursor: encodeCursor(scope, keyOf(kept[kept.length - 1] as Item)) };
    }
    startKey = out.LastEvaluatedKey;
    if (!startKey) index++;
    else if (reads >= MAX_READS_PER_PAGE) return { items, nextCursor: encodeCursor(scope, startKey as TStartKey) };
  }
  return { items, nextCursor: null };
}

function keyOf(item: Item): TStartKey {
  const { pk, sk } = item;
  if (typeof pk !== 'string' || typeof sk !== 'string') throw new Error('queryPage: an item without pk and sk');
  return { pk, sk };
}

/** Items of one BatchWriteItem request (the DynamoDB limit). */
export const BATCH_WRITE_SIZE = 25;
/** Tries of one batch before its unprocessed items fail the write. */
export const MAX_BATCH_WRITE_ATTEMPTS = 8;
/** Requests in flight by default: DynamoDB takes batches to different partitions in parallel. */
const DEFAULT_BATCH_WRITE_CONCURRENCY = 4;
/** First back-off before a retry of unprocessed items; doubled per try, capped at `MAX_BACKOFF_MS`. */
const BASE_BACKOFF_MS = 25;
const MAX_BACKOFF_MS = 2_000;

/** Options of {@link batchWrite}. */
export interface BatchWriteOptions {
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Waits before a retry; tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wait before retry `attempt` (2 = the first retry): exponential with full jitter, so batches
 * that were throttled together do not come back together.
 */
export function batchBackoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 2));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Sends `items` in BatchWriteItem requests of 25, `concurrency` requests in flight. `send` sends one
 * request and answers what DynamoDB left unprocessed, which is sent again after a jittered
 * exponential back-off, at most `MAX_BATCH_WRITE_ATTEMPTS` tries per batch; then the write throws,
 * naming how many items were left.
 */
async function writeInBatches<T>(
  tableName: string,
  items: readonly T[],
  send: (requests: T[]) => Promise<T[]>,
  options: BatchWriteOptions,
): Promise<void> {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_BATCH_WRITE_CONCURRENCY);
  const sleep = options.sleep ?? defaultSleep;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      let requests = items.slice(next, next + BATCH_WRITE_SIZE);
      next += BATCH_WRITE_SIZE;
      for (let attempt = 1; requests.length > 0; attempt++) {
        if (attempt > MAX_BATCH_WRITE_ATTEMPTS) {
          throw new Error(`batchWrite: ${requests.length} items still unprocessed in ${tableName}`);
        }
        if (attempt > 1) await sleep(batchBackoffMs(attempt));
        requests = await send(requests);
      }
    }
  };
  const lanes = Math.min(concurrency, Math.ceil(items.length / BATCH_WRITE_SIZE));
  await Promise.all(Array.from({ length: lanes }, lane));
}

/**
 * Puts already-marshalled items (low-level `AttributeValue` maps: the report sync builds its
 * thousands of rows directly, without the document client's conversion) in batches of 25, several in
 * flight, retrying unprocessed items (see `writeInBatches`). Puts are whole-item overwrites, so a
 * retried or repeated batch changes nothing twice.
 */
export async function batchWrite(
  tableName: string,
  items: ReadonlyArray<Record<string, AttributeValue>>,
  options: BatchWriteOptions = {},
): Promise<void> {
  await writeInBatches(
    tableName,
    items.map((Item): WriteRequest => ({ PutRequest: { Item } })),
    async (requests) => {
      const out = await rawDdb().send(new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }));
      return out.UnprocessedItems?.[tableName] ?? [];
    },
    options,
  );
}

/** Puts items (document-client values) in batches of 25, several in flight, retrying unprocessed items. */
export async function batchPut(
  tableName: string,
  items: readonly Item[],
  options: BatchWriteOptions = {},
): Promise<void> {
  await writeInBatches(
    tableName,
    items,
    async (batch) => {
      const out = await ddb().send(
        new BatchWriteCommand({ RequestItems: { [tableName]: batch.map((Item) => ({ PutRequest: { Item } })) } }),
      );
      return (out.UnprocessedItems?.[tableName] ?? []).flatMap((r) => (r.PutRequest?.Item ? [r.PutRequest.Item] : []));
    },
    options,
  );
}

/** Deletes items by key in batches of 25, several in flight, retrying unprocessed deletes (a delete of nothing is fine). */
export async function batchDelete(
  tableName: string,
  keys: readonly Item[],
  options: BatchWriteOptions = {},
): Promise<void> {
  await writeInBatches(
    tableName,
    keys,
    async (batch) => {
      const out = await ddb().send(
        new BatchWriteCommand({ RequestItems: { [tableName]: batch.map((Key) => ({ DeleteRequest: { Key } })) } }),
      );
      return (out.UnprocessedItems?.[tableName] ?? []).flatMap((r) =>
        r.DeleteRequest?.Key ? [r.DeleteRequest.Key] : [],
      );
    },
    options,
  );
}

/** Test helper: forget the clients so a test with another configuration builds fresh ones. */
export function resetDynamoDbForTests(): void {
  client = undefined;
  base = undefined;
}
