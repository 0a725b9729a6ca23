import { registerLocalWorkQueue } from '../adapters/queues/job-queues';

export { jobWorkQueue } from '../adapters/queues/job-queues';
import { createInProcessWorkQueue } from '../adapters/queues/in-process-work-queue';
import type { InProcessWorkQueue, InProcessWorkQueueOptions } from '../adapters/queues/in-process-work-queue';

export type {
  InProcessWorkQueue,
  InProcessWorkQueueOptions,
  TDeadLetter,
  TQueueStats,
} from '../adapters/queues/in-process-work-queue';

/**
 * For the local stack (and benches): makes the in-process queue of a job's worker and makes it the
 * queue the job's handler sends to (`jobWorkQueue(jobName)`), as SQS is in the cloud. The cloud's
 * worker handler goes in `options.deliver` unchanged. `stopLocalWorkQueue` forgets it.
 */
export function startLocalWorkQueue<T>(jobName: string, options: InProcessWorkQueueOptions): InProcessWorkQueue<T> {
  const queue = createInProcessWorkQueue<T>(options);
  registerLocalWorkQueue(jobName, queue);
  return queue;
}

/** Forgets the local queue of a job (the stack stopped). */
export function stopLocalWorkQueue(jobName: string): void {
  registerLocalWorkQueue(jobName, undefined);
}
