/**
 * A scheduled job: CDK creates an EventBridge rule with `cloudSchedule` for the handler, and the
 * local stack's job runner calls the same handler every `localIntervalMs`.
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
    // shows up on the dashboard while one watches.
    name: 'report-sync',
    handlerFile: 'report-sync.job.ts',
    cloudSchedule: 'rate(1 hour)',
    localIntervalMs: 60_000,
  },
];
