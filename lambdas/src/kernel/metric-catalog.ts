/**
 * Every CloudWatch metric the Lambdas publish (Embedded Metric Format log lines, written by the
 * metrics adapter `adapters/metrics.ts`), read by the CDK app for the alarms and the dashboard
 * (`cdk/src/stacks/observability.stack.ts`, which must give each one a graph), so a name is written
 * once. No imports: the CDK app reads it without loading any Lambda code; what only the dashboard
 * needs (titles, statistics) stays there, out of the Lambda bundles.
 *
 * Each metric has the dimensions `service` (always `bidgrid`) and `stage` (`dev`, `prod`, `local`),
 * plus its own `dimension` when it has one (one series per value: a bidder route, a billing outcome).
 */

/** The CloudWatch namespace of our metrics. */
export const METRICS_NAMESPACE = 'BidGrid';

/** The `service` dimension of every metric (Powertools always adds one; ours names the app). */
export const METRICS_SERVICE = 'bidgrid';

/** CloudWatch units we use (the names of CloudWatch's `StandardUnit`, which Powertools' `MetricUnit` shares). */
export type TMetricUnit = 'Count' | 'Milliseconds' | 'Seconds';

/** One metric: its name, unit, and its own dimension if it has one. */
export interface TMetricDefinition {
  readonly name: string;
  readonly unit: TMetricUnit;
  readonly dimension?: string;
}

export const OPS_METRICS = {
  campaignsCreated: { name: 'CampaignsCreated', unit: 'Count' },
  campaignCreationsFailed: { name: 'CampaignCreationsFailed', unit: 'Count' },
  campaignCreationDuration: { name: 'CampaignCreationDuration', unit: 'Milliseconds' },
  campaignLineItems: { name: 'CampaignLineItems', unit: 'Count' },
  bidderErrors: { name: 'BidderErrors', unit: 'Count', dimension: 'route' },
  reportRowsSynced: { name: 'ReportRowsSynced', unit: 'Count' },
  reportSyncLag: { name: 'ReportSyncLag', unit: 'Seconds' },
  billingOutcomes: { name: 'BillingOutcomes', unit: 'Count', dimension: 'outcome' },
} as const satisfies Record<string, TMetricDefinition>;

/** The key of a metric in `OPS_METRICS`. */
export type TOpsMetric = keyof typeof OPS_METRICS;

/** The values of the `outcome` dimension of `BillingOutcomes` (the port's `TBillingOutcomeKind`). */
export const BILLING_OUTCOMES = ['charged', 'declined', 'skipped', 'error'] as const;
