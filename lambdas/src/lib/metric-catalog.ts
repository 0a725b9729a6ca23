/**
 * Every CloudWatch metric the Lambdas publish (Embedded Metric Format log lines, written by the
 * metrics adapter `adapters/metrics.ts`), read by the CDK app for the alarms and the dashboard
 * (`cdk/src/stacks/observability.stack.ts`), so a name is written once. No imports: the CDK app reads
 * it without loading any Lambda code.
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

/** One metric: its name, unit, the statistic its dashboard graph shows, and its own dimension if any. */
export interface TMetricDefinition {
  readonly name: string;
  readonly unit: TMetricUnit;
  /** What the dashboard graphs: `Sum` for counts, percentiles or `Maximum` for times. */
  readonly statistics: readonly string[];
  /** The title of its dashboard graph. */
  readonly title: string;
  readonly dimension?: string;
}

export const OPS_METRICS = {
  campaignsCreated: {
    name: 'CampaignsCreated',
    unit: 'Count',
    statistics: ['Sum'],
    title: 'Campaigns created',
  },
  campaignCreationsFailed: {
    name: 'CampaignCreationsFailed',
    unit: 'Count',
    statistics: ['Sum'],
    title: 'Campaign creations failed (undone)',
  },
  campaignCreationDuration: {
    name: 'CampaignCreationDuration',
    unit: 'Milliseconds',
    statistics: ['p50', 'p99', 'Maximum'],
    title: 'Campaign creation duration (ms)',
  },
  campaignLineItems: {
    name: 'CampaignLineItems',
    unit: 'Count',
    statistics: ['Average', 'Maximum'],
    title: 'Line items per created campaign',
  },
  bidderErrors: {
    name: 'BidderErrors',
    unit: 'Count',
    statistics: ['Sum'],
    title: 'Bidder errors by route',
    dimension: 'route',
  },
  reportRowsSynced: {
    name: 'ReportRowsSynced',
    unit: 'Count',
    statistics: ['Sum'],
    title: 'Report rows synced',
  },
  reportSyncLag: {
    name: 'ReportSyncLag',
    unit: 'Seconds',
    statistics: ['Maximum', 'p50'],
    title: 'Report sync lag (s since the last sync)',
  },
  billingOutcomes: {
    name: 'BillingOutcomes',
    unit: 'Count',
    statistics: ['Sum'],
    title: 'Billing outcomes',
    dimension: 'outcome',
  },
} as const satisfies Record<string, TMetricDefinition>;

/** The values of the `outcome` dimension of `BillingOutcomes` (the port's `TBillingOutcomeKind`). */
export const BILLING_OUTCOMES = ['charged', 'declined', 'skipped', 'error'] as const;
