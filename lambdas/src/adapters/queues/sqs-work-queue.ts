import { randomUUID } from 'node:crypto';
import { SQSClient, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { SendMessageBatchRequestEntry } from '@aws-sdk/client-sqs';
import { coreConfig } from '../../kernel/config';
import type { WorkQueue } from '../../domain/ports/work-queue.port';

let client: SQSClient | undefined;

/** The one SQS client of this Lambda, created on first use. */
function sqs(): SQSClient {
  client ??= new SQSClient({ region: coreConfig().AWS_REGION });
  return client;
}

/** Entries of one SendMessageBatch request (the SQS limit). */
export const SQS_BATCH_SIZE = 10;
/** Requests in flight. */
const SEND_CONCURRENCY = 4;
/** Tries of one batch's failed entries before the send throws. */
export const MAX_SEND_ATTEMPTS = 5;

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A work queue on SQS: messages as JSON, ten to a SendMessageBatch request, several in flight. Entries
 * SQS refuses for its own reasons (throttling, a busy partition: `SenderFault` false) are sent again
 * after a back-off; an entry refused as malformed, or still refused after the last try, fails the
 * send, naming how many were lost (the schedule's run fails and is retried; a message sent twice is
 * harmless because every worker is idempotent).
 */
export function sqsWorkQueue<T>(
  queueUrl: string,
  options: { client?: SQSClient; sleep?: (ms: number) => Promise<void> } = {},
): WorkQueue<T> {
  const sleep = options.sleep ?? defaultSleep;
  const send = async (entries: SendMessageBatchRequestEntry[]): Promise<void> => {
    let pending = entries;
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 1) await sleep(Math.min(2_000, 50 * 2 ** (attempt - 2)));
      const out = await (options.client ?? sqs()).send(
        new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }),
      );
      const failed = out.Failed ?? [];
      const refused = failed.filter((f) => f.SenderFault);
      if (refused.length > 0) {
        throw new Error(
          `SQS refused ${refused.length} message(s): ${refused[0]?.Code ?? ''} ${refused[0]?.Message ?? ''}`,
        );
      }
      const again = new Set(failed.map((f) => f.Id));
      pending = pending.filter((entry) => again.has(entry.Id));
      if (pending.length > 0 && attempt >= MAX_SEND_ATTEMPTS) {
        throw new Error(`SQS did not take ${pending.length} message(s) after ${attempt} tries`);
      }
    }
  };
  return {
    async send(messages) {
      const batches: SendMessageBatchRequestEntry[][] = [];
      for (let i = 0; i < messages.length; i += SQS_BATCH_SIZE) {
        batches.push(
          messages.slice(i, i + SQS_BATCH_SIZE).map((message, index) => ({
            // Ids only need to be unique within one request.
            Id: `m${index}-${randomUUID().slice(0, 8)}`,
            MessageBody: JSON.stringify(message),
          })),
        );
      }
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < batches.length) await send(batches[next++] as SendMessageBatchRequestEntry[]);
      };
      await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, batches.length) }, lane));
    },
  };
}

/** Test helper: forget the client. */
export function resetSqsForTests(): void {
  client = undefined;
}
