/**
 * The worker of a job whose work fans out (ARCHITECTURE "Jobs at scale"): the job's handler sends
 * messages to a queue and this handler works them off in batches, answering partial batch failures.
 * CDK makes the SQS queue, its dead-letter queue with an alarm on its depth, the worker Lambda and its
 * event source mapping; the local job runner an in-process queue that calls the same handler.
 */
export interface JobWorker {
  /** File name under `lambdas/src/jobs/` exporting `handler` (SQS event in, `{batchItemFailures}` out). */
  readonly handlerFile: string;
  /** Messages per worker call. */
  readonly batchSize: number;
  /** The worker Lambda's timeout; the queue's visibility timeout is six times it (AWS's advice). */
  readonly timeoutSeconds: number;
  /** Deliveries of a message before it moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /** Worker calls at once: the event source mapping's maximum concurrency (2 or more), and locally. */
  readonly maxConcurrency: number;
}

/**
 * A scheduled job: CDK creates an EventBridge rule with `cloudSchedule` for the handler, and the
 * local stack's job runner calls the same handler every `localIntervalMs`. A job with a `worker`
 * fans its work out through a queue.
 */
export interface JobSchedule {
  /** Unique, kebab-case (`report-sync`); names the rule and the local log lines. */
  readonly name: string;
  /** File name under `lambdas/src/jobs/` exporting `handler`, e.g. `report-sync.job.ts`. */
  readonly handlerFile: string;
  /** EventBridge schedule expression, e.g. `rate(1 hour)` or `cron(15 2 * * ? *)`. */
  readonly cloudSchedule: string;
  /** How often the local stack runs it (short, so a laptop sees results while one works). */
  readonly localIntervalMs: number;
  readonly worker?: JobWorker;
}

/** Every scheduled job. */
export const schedules: ReadonlyArray<JobSchedule> = [
  {
    // Daily in the cloud, after midnight UTC, so yesterday's delivery is complete; every 3 minutes
    // locally so a person sees charges, logs and invoices while trying the app.
    name: 'billing',
    handlerFile: 'billing.job.ts',
    cloudSchedule: 'cron(30 6 * * ? *)',
    localIntervalMs: 3 * 60_000,
  },
  {
    // Hourly in the cloud: the bidder's reporting updates hourly. Every minute locally, so delivery
    // shows up on the dashboard while one watches. The schedule enqueues one message per campaign;
    // the worker syncs them. Five campaigns a call keeps a call of big campaigns well inside its
    // timeout (25,000 line items sync in well under a minute); ten calls at once stay under the
    // bidder's rate limit and leave DynamoDB's on-demand table room for the dashboards.
    name: 'report-sync',
    handlerFile: 'report-sync.job.ts',
    cloudSchedule: 'rate(1 hour)',
    localIntervalMs: 60_000,
    worker: {
      handlerFile: 'report-sync-worker.job.ts',
      batchSize: 5,
      timeoutSeconds: 300,
      maxReceiveCount: 3,
      maxConcurrency: 10,
    },
  },
  {
    // A campaign creation whose Lambda died part-way is undone once its claim's one-minute lease ran
    // out (the client's retry undoes it sooner). Every 5 minutes in the cloud; every 20 s locally, so
    // a restarted local stack cleans up what the stopped one left within seconds.
    name: 'creation-recovery',
    handlerFile: 'creation-recovery.job.ts',
    cloudSchedule: 'rate(5 minutes)',
    localIntervalMs: 20_000,
  },
];
