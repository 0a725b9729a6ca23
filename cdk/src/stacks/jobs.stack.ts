import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CustomResource, Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { schedules as jobSchedules } from '@bidgrid/lambdas/jobs/schedules';
import type { JobSchedule } from '@bidgrid/lambdas/jobs/schedules';
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

/** The file the deploy-time seed runs. */
export const SEED_JOB_FILE = 'seed-playbooks.job.ts';

/** Changes whenever the seeded data can change (the playbooks and the step labels they use). */
export function seedHash(): string {
  const hash = createHash('sha256');
  for (const file of [
    join(LAMBDAS_SRC, 'domain', 'playbooks.seed.ts'),
    join(REPO_ROOT, 'shared', 'src', 'constants.ts'),
  ]) {
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * Scheduled work and deploy-time seeding: one Lambda and one EventBridge rule per entry of
 * `lambdas/src/jobs/schedules.ts` (report sync, billing...), so a new schedule needs no CDK edit,
 * and a custom resource that stores the playbook cards whenever their source changes.
 */
export class JobsStack extends Stack {
  readonly jobFunctions: ReadonlyMap<string, AppFunction>;
  readonly rules: ReadonlyMap<string, events.Rule>;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const makeFunction = (idPart: string, file: string, access: DataAccess, description: string) => {
      const fn = new AppFunction(this, idPart, {
        entry: jobEntry(file),
        environment: props.environment,
        timeout: Duration.seconds(config.lambda.jobTimeoutSeconds),
        memorySize: config.lambda.memoryMb,
        logRetentionDays: config.logRetentionDays,
        description,
      });
      grantDataAccess(fn.role, props.data, access);
      return fn;
    };

    const jobFunctions = new Map<string, AppFunction>();
    const rules = new Map<string, events.Rule>();
    for (const schedule of props.schedules ?? jobSchedules) {
      const id = schedule.name.replace(/(^|-)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());
      const fn = makeFunction(`Job${id}`, schedule.handlerFile, SCHEDULED_JOB_ACCESS, `Scheduled job ${schedule.name}`);
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

    const seed = makeFunction('SeedPlaybooks', SEED_JOB_FILE, SEED_ACCESS, 'Deploy-time seed of the playbook cards');
    new CustomResource(this, 'PlaybooksSeed', {
      serviceToken: seed.function.functionArn,
      resourceType: 'Custom::PlaybooksSeed',
      properties: { seedHash: seedHash() },
    });
  }
}
