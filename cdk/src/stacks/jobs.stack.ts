import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CustomResource, Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { schedules as jobSchedules } from '@bidgrid/lambdas/manifest';
import type { JobSchedule, JobWorker } from '@bidgrid/lambdas/manifest';
import type { TStageConfig } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import { AppFunction } from '../lambda/app-function.construct';
import { LAMBDAS_SRC, REPO_ROOT, jobEntry } from '../lambda/entries';
import { grantDataAccess } from '../lambda/grants';
import type { DataAccess, DataResources } from '../lambda/grants';

/** Props of {@link JobsStack}. */
export interface JobsStackProps extends StackProps {
  readonly config: TStageConfig;
  readonly data: DataResources;
  readonly environment: Record<string, string>;
  /** Defaults to `lambdas/src/jobs/schedules.ts`. */
  readonly schedules?: readonly JobSchedule[];
}

// Report sync writes daily rows, billing writes billing logs and invoices and mails them; both
// call vendors with the stage's secrets.
const SCHEDULED_JOB_ACCESS: DataAccess = {
  tables: { app: 'readWrite', reports: 'readWrite' },
  secrets: true,
  sendMail: true,
};
const SEED_ACCESS: DataAccess = { tables: { app: 'readWrite' }, secrets: false };
// A worker reads campaigns and writes reports (report sync: the bidder's rows and the rollups).
const WORKER_ACCESS: DataAccess = { tables: { app: 'read', reports: 'readWrite' }, secrets: true };

/** The queue, dead letters and worker of a job that fans out (the observability stack watches them). */
export interface JobQueueResources {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly worker: AppFunction;
}

/** The file the deploy-time seed runs. */
export const SEED_JOB_FILE = 'seed-playbooks.job.ts';

/** Changes whenever the seeded data can change (the playbooks and the step labels they use). */
export function seedHash(): string {
  const hash = createHash('sha256');
  for (const file of [
    join(LAMBDAS_SRC, 'domain', 'agency', 'playbooks.seed.ts'),
    join(REPO_ROOT, 'shared', 'src', 'constants.ts'),
  ]) {
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * Scheduled work and deploy-time seeding: one Lambda and one EventBridge rule per entry of
 * `lambdas/src/jobs/schedules.ts` (report sync, billing...), so a new schedule needs no CDK edit;
 * for an entry with a `worker`, its SQS queue (the job's `JOB_QUEUE_URL`), dead-letter queue and
 * worker Lambda (the alarms on them are the observability stack's); and a custom resource that stores the playbook cards whenever their source changes.
 */
export class JobsStack extends Stack {
  readonly jobFunctions: ReadonlyMap<string, AppFunction>;
  readonly rules: ReadonlyMap<string, events.Rule>;
  /** The queues of the jobs whose work fans out (`worker` in `schedules.ts`), by job name. */
  readonly queues: ReadonlyMap<string, JobQueueResources>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const makeFunction = (
      idPart: string,
      file: string,
      access: DataAccess,
      description: string,
      extra: { environment?: Record<string, string>; timeoutSeconds?: number } = {},
    ) => {
      const fn = new AppFunction(this, idPart, {
        entry: jobEntry(file),
        environment: { ...props.environment, ...extra.environment },
        timeout: Duration.seconds(extra.timeoutSeconds ?? config.lambda.jobTimeoutSeconds),
        memorySize: config.lambda.memoryMb,
        logRetentionDays: config.logRetentionDays,
        description,
      });
      grantDataAccess(fn.role, props.data, access);
      return fn;
    };

    /**
     * A job that fans out: its queue (visibility timeout six times the worker's timeout, AWS's advice
     * for Lambda event sources, so a message is never handed to a second worker while the first still
     * runs), a dead-letter queue after `maxReceiveCount` deliveries (its alarm, as soon as it holds a
     * message, is the observability stack's), and the worker Lambda reading the queue with partial
     * batch failures.
     */
    const makeQueue = (id: string, schedule: JobSchedule, worker: JobWorker): JobQueueResources => {
      const prefix = `${resourcePrefix(config)}-${schedule.name}`;
      const deadLetters = new sqs.Queue(this, `${id}DeadLetters`, {
        queueName: `${prefix}-dead-letters`,
        // The longest SQS keeps anything: a person has two weeks to look at what failed.
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new sqs.Queue(this, `${id}Queue`, {
        queueName: `${prefix}-work`,
        visibilityTimeout: Duration.seconds(worker.timeoutSeconds * 6),
        // The schedule sends everything again at its next run: older messages are not worth keeping.
        retentionPeriod: Duration.days(1),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: worker.maxReceiveCount },
      });
      const workerFunction = makeFunction(
        `Worker${id}`,
        worker.handlerFile,
        WORKER_ACCESS,
        `Worker of ${schedule.name} (reads ${prefix}-work)`,
        { timeoutSeconds: worker.timeoutSeconds },
      );
      workerFunction.function.addEventSource(
        new SqsEventSource(queue, {
          batchSize: worker.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency: worker.maxConcurrency,
        }),
      );
      return { queue, deadLetters, worker: workerFunction };
    };

    const jobFunctions = new Map<string, AppFunction>();
    const rules = new Map<string, events.Rule>();
    const queues = new Map<string, JobQueueResources>();
    for (const schedule of props.schedules ?? jobSchedules) {
      const id = schedule.name.replace(/(^|-)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());
      const fanOut = schedule.worker ? makeQueue(id, schedule, schedule.worker) : undefined;
      const fn = makeFunction(
        `Job${id}`,
        schedule.handlerFile,
        SCHEDULED_JOB_ACCESS,
        `Scheduled job ${schedule.name}`,
        fanOut ? { environment: { JOB_QUEUE_URL: fanOut.queue.queueUrl } } : {},
      );
      if (fanOut) {
        fanOut.queue.grantSendMessages(fn.role);
        queues.set(schedule.name, fanOut);
      }
      const rule = new events.Rule(this, `Schedule${id}`, {
        ruleName: `${resourcePrefix(config)}-${schedule.name}`,
        description: `Runs ${schedule.handlerFile} ${schedule.cloudSchedule}`,
        schedule: events.Schedule.expression(schedule.cloudSchedule),
        // Jobs are idempotent per day; two retries cover a throttled start without piling up runs.
        targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
      });
      jobFunctions.set(schedule.name, fn);
      rules.set(schedule.name, rule);
    }
    this.jobFunctions = jobFunctions;
    this.rules = rules;
    this.queues = queues;

    const seed = makeFunction('SeedPlaybooks', SEED_JOB_FILE, SEED_ACCESS, 'Deploy-time seed of the playbook cards');
    new CustomResource(this, 'PlaybooksSeed', {
      serviceToken: seed.function.functionArn,
      resourceType: 'Custom::PlaybooksSeed',
      properties: { seedHash: seedHash() },
    });
  }
}
