/**
 * What the CDK app knows of the Lambdas, in one file: `cdk/src` and `cdk/bin` import nothing else
 * from lambdas (a lint zone, proved by `test/lint/boundaries.test.ts`), and nothing here loads Lambda
 * code. The entry files are found on disk by folder and suffix; everything else the stacks read is
 * listed below: the job schedules, the user pool triggers, the realtime timeouts, the metric catalog
 * and the Stripe resources the bundles keep.
 */

/** The kinds of Lambda entry file; each kind lives in the folder of its name under `lambdas/src`. */
export type EntryKind = 'http' | 'ws' | 'jobs' | 'triggers';

/** How an entry file of each kind is named: `<name><suffix>` (CONTRIBUTING.md). */
export const ENTRY_FILE_SUFFIX: Readonly<Record<EntryKind, string>> = {
  http: '.handler.ts',
  ws: '.handler.ts',
  jobs: '.job.ts',
  triggers: '.trigger.ts',
};

export { schedules, type JobSchedule, type JobWorker } from './jobs/schedules';
export { userPoolTriggers, type UserPoolTrigger } from './triggers/user-pool-triggers';
export { REALTIME_TIMEOUT_SECONDS } from './ws/timeouts';
export {
  BILLING_OUTCOMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  OPS_METRICS,
  type TMetricDefinition,
  type TOpsMetric,
} from './kernel/metric-catalog';
export { STRIPE_RESOURCES } from './adapters/stripe-resources';
