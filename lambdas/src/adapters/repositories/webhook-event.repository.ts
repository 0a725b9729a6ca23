import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEventRepository } from '../../domain/ports/webhook-event.port';
import { conditionalPut, ddb, tables } from '../dynamodb';

/** Key of a processed webhook event (DATA-MODEL: `EVT#{id}`, one-time, TTL). */
export const webhookEventKeys = {
  event: (eventId: string) => ({ pk: `EVT#${eventId}`, sk: `EVT#${eventId}` }),
} as const;

/**
 * How long an event id is remembered: Stripe retries a delivery for up to three days, and a
 * signature older than 300 s is refused anyway, so a week covers every replay that could pass.
 */
export const WEBHOOK_EVENT_TTL_SECONDS = 7 * 24 * 3600;

async function claim(eventId: string, type: string, nowEpochSeconds: number): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: {
      ...webhookEventKeys.event(eventId),
      entity: 'webhookEvent',
      type,
      receivedAt: new Date(nowEpochSeconds * 1000).toISOString(),
      expiresAt: nowEpochSeconds + WEBHOOK_EVENT_TTL_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

async function release(eventId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tables().app, Key: webhookEventKeys.event(eventId) }));
}

/** The DynamoDB implementation used by the webhook handler. */
export const webhookEventRepository: WebhookEventRepository = { claim, release };
