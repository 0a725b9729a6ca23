import { now, nowMs } from '@bidgrid/shared/clock';
import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { WorkQueue } from '../../domain/ports/work-queue.port';

/** Where the local queue reports retries and dead letters. */
export interface QueueLog {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Options of {@link createInProcessWorkQueue}. */
export interface InProcessWorkQueueOptions {
  /** Names the queue in logs and in the records' `eventSourceARN`. */
  name: string;
  /** The worker, called as the event source mapping calls it: an SQS event in, partial batch failures out. */
  deliver: (event: SQSEvent) => Promise<unknown>;
  /** Records per worker call (the mapping's `batchSize`). */
  batchSize: number;
  /** Worker calls in flight at once (the mapping's maximum concurrency). */
  concurrency: number;
  /** Deliveries of a message before it goes to the dead letters (the redrive policy's `maxReceiveCount`). */
  maxReceiveCount: number;
  /** How long a failed message stays away before it is delivered again (the visibility timeout, shortened). */
  retryDelayMs: number;
  log: QueueLog;
  region?: string;
  accountId?: string;
}

/** A message that failed every delivery, kept (and logged) as a dead-letter queue would keep it. */
export interface TDeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  deadAt: string;
}

/** Counts since the queue was made. */
export interface TQueueStats {
  sent: number;
  /** Deliveries that succeeded (each message at most once). */
  succeeded: number;
  /** Deliveries that failed (a message retried twice counts twice). */
  failedDeliveries: number;
  deadLettered: number;
}

/** The local queue: a {@link WorkQueue} plus what the local stack needs to wait for it and report it. */
export interface InProcessWorkQueue<T> extends WorkQueue<T> {
  /** Resolves once nothing is waiting, in flight or due for a retry. */
  idle(): Promise<void>;
  stats(): TQueueStats;
  deadLetters(): readonly TDeadLetter[];
}

interface Pending {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
  firstReceivedAt: number | null;
}

/**
 * A work queue in this process that behaves, for the worker, like SQS behind a Lambda event source
 * mapping with `ReportBatchItemFailures`: batches of up to `batchSize` records, at most `concurrency`
 * worker calls at once, the records the worker names in `batchItemFailures` (or the whole batch when
 * the worker throws or names an id it was not given) delivered again after `retryDelayMs`, and a
 * message that failed `maxReceiveCount` deliveries moved to the dead letters and logged. The local
 * stack runs the cloud's worker handler through it unchanged.
 */
export function createInProcessWorkQueue<T>(options: InProcessWorkQueueOptions): InProcessWorkQueue<T> {
  const region = options.region ?? 'us-east-1';
  const arn = `arn:aws:sqs:${region}:${options.accountId ?? '000000000000'}:${options.name}`;
  const ready: Pending[] = [];
  const dead: TDeadLetter[] = [];
  const stats: TQueueStats = { sent: 0, succeeded: 0, failedDeliveries: 0, deadLettered: 0 };
  let inFlight = 0;
  let delayed = 0;
  let waiters: Array<() => void> = [];

  const isIdle = (): boolean => ready.length === 0 && inFlight === 0 && delayed === 0;
  const settleWaiters = (): void => {
    if (!isIdle()) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const record = (message: Pending): SQSRecord => ({
    messageId: message.messageId,
    receiptHandle: `${message.messageId}#${message.receiveCount}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(message.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: arn,
    awsRegion: region,
  });

  const failed = (message: Pending): void => {
    stats.failedDeliveries++;
    if (message.receiveCount >= options.maxReceiveCount) {
      stats.deadLettered++;
      const letter = {
        messageId: message.messageId,
        body: message.body,
        receiveCount: message.receiveCount,
        deadAt: now().toISOString(),
      };
      dead.push(letter);
      options.log.error(`queue ${options.name}: message moved to the dead letters`, { ...letter });
      return;
    }
    delayed++;
    setTimeout(() => {
      delayed--;
      ready.push(message);
      pump();
    }, options.retryDelayMs);
  };

  const runBatch = async (batch: Pending[]): Promise<void> => {
    const now = nowMs();
    for (const message of batch) {
      message.receiveCount++;
      message.firstReceivedAt ??= now;
    }
    let failedIds: Set<string>;
    try {
      // The handler's answer is whatever it returned: only a `batchItemFailures` list counts.
      const response = (await options.deliver({ Records: batch.map(record) })) as Partial<SQSBatchResponse> | undefined;
      const named = (response?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      const given = new Set(batch.map((m) => m.messageId));
      // Lambda treats an answer naming an id it did not send (or none) as the whole batch failing.
      failedIds = named.every((id) => typeof id === 'string' && given.has(id)) ? new Set(named) : given;
    } catch (error) {
      options.log.warn(`queue ${options.name}: the worker failed a whole batch`, { error });
      failedIds = new Set(batch.map((m) => m.messageId));
    }
    for (const message of batch) {
      if (failedIds.has(message.messageId)) failed(message);
      else stats.succeeded++;
    }
  };

  const pump = (): void => {
    while (inFlight < options.concurrency && ready.length > 0) {
      const batch = ready.splice(0, options.batchSize);
      inFlight++;
      void runBatch(batch).finally(() => {
        inFlight--;
        pump();
        settleWaiters();
      });
    }
    settleWaiters();
  };

  return {
    async send(messages) {
      const sentAt = nowMs();
      for (const message of messages) {
        ready.push({
          messageId: randomUUID(),
          body: JSON.stringify(message),
          receiveCount: 0,
          sentAt,
          firstReceivedAt: null,
        });
      }
      stats.sent += messages.length;
      pump();
    },
    idle() {
      if (isIdle()) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    stats: () => ({ ...stats }),
    deadLetters: () => [...dead],
  };
}
