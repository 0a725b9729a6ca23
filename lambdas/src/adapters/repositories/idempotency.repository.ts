import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@bidgrid/shared/zod';
import type { IdempotencyRepository } from '../../domain/ports/idempotency.port';
import { conditionalDelete, conditionalPut, ddb, getConsistentItem, tables } from '../dynamodb';

/** Key of an idempotency record (DATA-MODEL: `IDEM#{key}`, TTL). */
export const idempotencyKeys = {
  record: (key: string) => ({ pk: `IDEM#${key}`, sk: `IDEM#${key}` }),
} as const;

/**
 * How long a charge's record is kept. Stripe forgets an idempotency key after 24 hours; this record
 * keeps the charge known for longer, so a run that crashed between the charge and the billing
 * marker and is repeated days later still charges nothing twice.
 */
export const IDEMPOTENCY_TTL_SECONDS = 60 * 24 * 3600;

const ENTITY = 'idempotency';
const ZRecord = z.object({ result: z.record(z.string(), z.unknown()) });

async function get(key: string): Promise<Record<string, unknown> | null> {
  const parsed = ZRecord.safeParse(await getConsistentItem(idempotencyKeys.record(key)));
  return parsed.success ? parsed.data.result : null;
}

async function put(
  key: string,
  result: Record<string, unknown>,
  nowEpochSeconds: number,
  ttlSeconds = IDEMPOTENCY_TTL_SECONDS,
): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tables().app,
      Item: { ...idempotencyKeys.record(key), entity: ENTITY, result, expiresAt: nowEpochSeconds + ttlSeconds },
    }),
  );
}

async function claim(key: string, nowEpochSeconds: number, ttlSeconds: number): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: {
      ...idempotencyKeys.record(key),
      entity: ENTITY,
      claimedAt: nowEpochSeconds,
      expiresAt: nowEpochSeconds + ttlSeconds,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

async function release(key: string): Promise<void> {
  // Only a bare claim: a result stored meanwhile (by this run) is what its repeats must answer.
  await conditionalDelete({
    TableName: tables().app,
    Key: idempotencyKeys.record(key),
    ConditionExpression: 'attribute_not_exists(#result)',
    ExpressionAttributeNames: { '#result': 'result' },
  });
}

/** The DynamoDB implementation (the billing job's charges, the signed CRM card writes). */
export const idempotencyRepository: IdempotencyRepository = { get, put, claim, release };
