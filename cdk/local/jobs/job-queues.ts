import { join } from 'node:path';
import type { JobSchedule, JobWorker } from '@bidgrid/lambdas/jobs/schedules';
import { startLocalWorkQueue, stopLocalWorkQueue } from '@bidgrid/lambdas/jobs/work-queues';
import type { InProcessWorkQueue, TDeadLetter, TQueueStats } from '@bidgrid/lambdas/jobs/work-queues';
import { LOCAL_REGION } from '../emulators/dynamodb';
import { invoke, lambdaContext, LOCAL_ACCOUNT_ID, loadHandler } from '../gateway/lambda-context';
import { describeError, type Logger } from '../support/logger';

/**
 * Worker calls at once locally (the cloud's `maxConcurrency` is for Lambda's scale, not a laptop's).
 * A report sync call mostly waits (the bidder's report queue, DynamoDB Local): four calls of two
 * campaigns each kept two cores busy in `npm run bench -- sync`, where two left them half idle.
 */
export const LOCAL_WORKER_CONCURRENCY = 4;
/** A failed message comes back after this (SQS: the visibility timeout; short here so retries show soon). */
const LOCAL_RETRY_DELAY_MS = 1_000;

/** What the queue of a job did while a run of the job waited for it. */
export interface TWorkerSummary {
  /** Messages delivered and done. */
  processed: number;
  /** Deliveries that failed and were tried again or dead-lettered. */
  failedDeliveries: number;
  /** Messages that failed every delivery (moved to the dead letters, and logged). */
  failed: number;
  /** True when no message was dead-lettered. */
  complete: boolean;
}

/** The local stack's queues of the jobs that fan out (`worker` in `schedules.ts`). */
export interface JobQueues {
  /** Whether the job sends to a queue. */
  has(jobName: string): boolean;
  /** Counts of the job's queue now (pass them to `settle`). */
  mark(jobName: string): TQueueStats | undefined;
  /** Waits until the job's queue is idle and says what it did since `mark`. */
  settle(jobName: string, since: TQueueStats | undefined): Promise<TWorkerSummary | undefined>;
  /** Messages that failed every delivery, per job. */
  deadLetters(jobName: string): readonly TDeadLetter[];
  /** Waits for the queues to empty (bounded by the caller) and unregisters them. */
  stop(): Promise<void>;
}

/**
 * One in-process queue per job with a worker (lambdas `startLocalWorkQueue`): the job's handler sends
 * to it as it sends to SQS in the cloud, and it calls the job's worker handler (the cloud's, unchanged)
 * with SQS events of `batchSize` records, `LOCAL_WORKER_CONCURRENCY` calls at once, delivering the
 * records it names as failed again up to `maxReceiveCount` times, then keeping them as dead letters
 * and logging each.
 */
export function startJobQueues(options: {
  schedules: readonly JobSchedule[];
  jobsDir: string;
  logger: Logger;
}): JobQueues {
  const queues = new Map<string, InProcessWorkQueue<unknown>>();
  for (const job of options.schedules) {
    if (!job.worker) continue;
    const worker: JobWorker = job.worker;
    const functionName = `bidgrid-local-${job.name}-worker`;
    const timeoutMs = worker.timeoutSeconds * 1000;
    const log = options.logger.child(`${job.name} queue`);
    queues.set(
      job.name,
      startLocalWorkQueue(job.name, {
        name: `bidgrid-local-${job.name}`,
        batchSize: worker.batchSize,
        concurrency: Math.min(worker.maxConcurrency, LOCAL_WORKER_CONCURRENCY),
        maxReceiveCount: worker.maxReceiveCount,
        retryDelayMs: LOCAL_RETRY_DELAY_MS,
        region: LOCAL_REGION,
        accountId: LOCAL_ACCOUNT_ID,
        deliver: async (event) =>
          invoke(
            await loadHandler(join(options.jobsDir, worker.handlerFile)),
            event,
            lambdaContext(functionName, timeoutMs),
            timeoutMs,
          ),
        log: {
          warn: (message, fields) => log.warn(`${message}: ${describeError(fields?.['error'] ?? '')}`),
          error: (message, fields) =>
            log.error(`${message}: ${fields?.['body'] === undefined ? '' : String(fields['body'])}`),
        },
      }),
    );
  }
  return {
    has: (name) => queues.has(name),
    mark: (name) => queues.get(name)?.stats(),
    async settle(name, since) {
      const queue = queues.get(name);
      if (!queue) return undefined;
      await queue.idle();
      const now = queue.stats();
      const failed = now.deadLettered - (since?.deadLettered ?? 0);
      return {
        processed: now.succeeded - (since?.succeeded ?? 0),
        failedDeliveries: now.failedDeliveries - (since?.failedDeliveries ?? 0),
        failed,
        complete: failed === 0,
      };
    },
    deadLetters: (name) => queues.get(name)?.deadLetters() ?? [],
    async stop() {
      await Promise.all([...queues.values()].map((q) => q.idle()));
      for (const name of queues.keys()) stopLocalWorkQueue(name);
    },
  };
}

/**
 * Runs a job's handler and, for a job that fans out, waits for its queue: the answer is the handler's
 * result joined with what the worker did (`processed`, `failed`, `complete`).
 */
export async function runAndSettle(
  queues: JobQueues | undefined,
  jobName: string,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const since = queues?.mark(jobName);
  const result = await run();
  const worker = await queues?.settle(jobName, since);
  if (!worker) return result;
  return { ...(typeof result === 'object' && result !== null ? result : { result }), ...worker };
}
