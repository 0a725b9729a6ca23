import { config } from '../../kernel/config';
import type { WorkQueue } from '../../domain/ports/work-queue.port';
import { sqsWorkQueue } from './sqs-work-queue';

/** In-process queues the local stack registered, by job name. */
const localQueues = new Map<string, WorkQueue<unknown>>();
let cloudQueue: { url: string; queue: WorkQueue<unknown> } | undefined;

/** The local stack's in-process queue of a job (see `jobs/work-queues.ts`). */
export function registerLocalWorkQueue(jobName: string, queue: WorkQueue<unknown> | undefined): void {
  if (queue) localQueues.set(jobName, queue);
  else localQueues.delete(jobName);
}

/**
 * The queue of a job's worker: in the cloud the SQS queue CDK names in the job Lambda's
 * `JOB_QUEUE_URL`; locally the in-process queue the local stack registered under the job's name.
 */
export function jobWorkQueue<T>(jobName: string): WorkQueue<T> {
  // Only the local stack registers queues, so in the cloud this always goes on to SQS.
  const local = localQueues.get(jobName);
  if (local) return local as WorkQueue<T>;
  const url = config().JOB_QUEUE_URL;
  if (!url) throw new Error(`Job ${jobName} has no queue: JOB_QUEUE_URL is unset and no local queue is registered`);
  if (cloudQueue?.url !== url) cloudQueue = { url, queue: sqsWorkQueue<unknown>(url) };
  return cloudQueue.queue as WorkQueue<T>;
}
