import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobSchedule } from '@bidgrid/lambdas/jobs/schedules';
import { createLogger } from '../support/logger';
import { runAndSettle, startJobQueues, type JobQueues } from './job-queues';
import { startJobRunner } from './job-runner';

const jobsDir = fileURLToPath(new URL('../test-fixtures/jobs', import.meta.url));
const fanOut: JobSchedule = {
  name: 'fan-out',
  handlerFile: 'fan-out.job.ts',
  cloudSchedule: 'rate(1 hour)',
  localIntervalMs: 3_600_000,
  worker: {
    handlerFile: 'flaky-worker.job.ts',
    batchSize: 2,
    timeoutSeconds: 5,
    maxReceiveCount: 2,
    maxConcurrency: 4,
  },
};
const seen = (): string[] => ((globalThis as { flakyWorkerSeen?: string[] }).flakyWorkerSeen ??= []);

describe('local job queues', () => {
  let queues: JobQueues | undefined;
  const errors: string[] = [];
  const logger = {
    ...createLogger('silent'),
    child: () => ({ ...createLogger('silent'), error: (m: string) => errors.push(m) }),
  };
  afterEach(async () => {
    await queues?.stop();
    seen().length = 0;
    errors.length = 0;
  });

  it('runs the job, feeds its messages to the worker handler, retries the failed one, then dead-letters it', async () => {
    // Prepare
    queues = startJobQueues({ schedules: [fanOut], jobsDir, logger: logger as never });
    const { handler } = (await import('../test-fixtures/jobs/fan-out.job')) as { handler: () => Promise<unknown> };
    // Act
    const result = await runAndSettle(queues, 'fan-out', handler);
    // Assess: the failing message was delivered twice (maxReceiveCount), then kept and logged.
    expect(result).toEqual({ enqueued: 3, processed: 2, failedDeliveries: 2, failed: 1, complete: false });
    expect(seen().filter((body) => body.includes('"fail":true'))).toHaveLength(2);
    expect(seen()).toHaveLength(4);
    expect(queues.deadLetters('fan-out')).toMatchObject([{ body: '{"n":2,"fail":true}', receiveCount: 2 }]);
    expect(errors).toEqual([expect.stringContaining('message moved to the dead letters')]);
  });

  it('makes a run of the job runner last until its queue is idle', async () => {
    // Prepare
    queues = startJobQueues({ schedules: [fanOut], jobsDir, logger: logger as never });
    const runner = startJobRunner({
      schedules: [fanOut],
      jobsDir,
      logger: createLogger('silent'),
      logRuns: false,
      queues,
    });
    try {
      // Act
      await runner.runNow('fan-out');
      // Assess
      expect(seen()).toHaveLength(4);
      expect(queues.has('fan-out')).toBe(true);
    } finally {
      await runner.stop();
    }
  });
});
