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

/** Every scheduled job. Later features (report sync, billing) add their entries here. */
export const schedules: ReadonlyArray<JobSchedule> = [];
