import { now } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { JobSchedule } from '@bidgrid/lambdas/jobs/schedules';
import { LOCAL_REGION } from '../emulators/dynamodb';
import { invoke, lambdaContext, LOCAL_ACCOUNT_ID, loadHandler } from '../gateway/lambda-context';
import type { Logger } from '../support/logger';
import { runAndSettle, type JobQueues } from './job-queues';

/** Scheduled Lambdas may run up to 15 minutes. */
const JOB_TIMEOUT_MS = 15 * 60_000;

/** The event EventBridge sends a scheduled rule's target. */
export function scheduledEvent(job: JobSchedule, time = now()): Record<string, unknown> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: LOCAL_ACCOUNT_ID,
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: LOCAL_REGION,
    resources: [`arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:rule/bidgrid-local-${job.name}`],
    detail: {},
  };
}

export interface JobRunner {
  /**
   * Runs a job now (tests, or a person who does not want to wait); joins a run already under way. A run
   * of a job that fans out ends when its queue is idle.
   */
  runNow(name: string): Promise<void>;
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

/**
 * Calls each job's handler every `localIntervalMs` (first run one interval after start, so jobs
 * do not slow the start). A run never overlaps a run of the same job: a tick that finds the job
 * still busy is skipped; a job that fans out is busy until its queue (`queues`) is idle. Failures
 * are logged and the schedule goes on.
 */
export function startJobRunner(options: {
  schedules: readonly JobSchedule[];
  jobsDir: string;
  logger: Logger;
  logRuns: boolean;
  queues?: JobQueues;
}): JobRunner {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const run = (job: JobSchedule): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const started = performance.now();
    const requestId = randomUUID();
    const execution = runAndSettle(options.queues, job.name, async () =>
      invoke(
        await loadHandler(join(options.jobsDir, job.handlerFile)),
        scheduledEvent(job),
        lambdaContext(`bidgrid-local-${job.name}`, JOB_TIMEOUT_MS, requestId),
        JOB_TIMEOUT_MS,
      ),
    )
      .then(
        () => {
          if (options.logRuns)
            options.logger.info(`job ${job.name} done in ${Math.round(performance.now() - started)}ms`);
        },
        (error: unknown) => options.logger.error(`job ${job.name} failed`, error),
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, execution);
    return execution;
  };

  for (const job of options.schedules) {
    if (!(job.localIntervalMs > 0)) throw new Error(`Job ${job.name} needs a positive localIntervalMs`);
    const timer = setInterval(() => {
      if (stopped) return;
      if (running.has(job.name)) {
        options.logger.debug(`job ${job.name} still running; skipping this tick`);
        return;
      }
      void run(job);
    }, job.localIntervalMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    runNow(name) {
      const job = options.schedules.find((s) => s.name === name);
      if (!job) return Promise.reject(new Error(`No job named ${name}`));
      return run(job);
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all([...running.values()]);
    },
  };
}
