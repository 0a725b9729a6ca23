import type { BILLING_OUTCOMES } from '../../kernel/metric-catalog';

/**
 * What happened to one advertiser in a billing run, as the billing dashboard counts it: `charged`
 * (the card paid), `declined` (the card provider refused the charge: billing waits for another
 * card), `skipped` (nothing to charge: no card, a refused card still on file, nothing due, under the
 * minimum), `error` (an outage cut the attempt short; the next run retries it).
 */
export type TBillingOutcomeKind = (typeof BILLING_OUTCOMES)[number];

/**
 * Why a bidder call failed: the bidder's HTTP status when it answered, otherwise `timeout` (no
 * answer in time), `unreachable` (no connection) or `unexpected-reply` (an answer we cannot read).
 */
export type TBidderErrorStatus = number | 'timeout' | 'unreachable' | 'unexpected-reply';

/**
 * The operational figures the use cases report (CloudWatch metrics in the cloud, issue 16). Calls
 * only record: the entry file's wrapper publishes what an invocation recorded when it ends, so a use
 * case never waits on them and never fails because of them.
 */
export interface AppMetrics {
  /** A campaign was made (bidder and tables): how long the creation took and how many line items it has. */
  campaignCreated(durationMs: number, lineItems: number): void;
  /**
   * A campaign creation failed after its request claimed the campaign id (what it made at the
   * bidder is undone, or left to the recovery job): how long it ran.
   */
  campaignCreationFailed(durationMs: number): void;
  /**
   * A bidder call failed for good (its retries spent). `route` is the call's template with the
   * method, never an id: `DELETE /rest/v2/campaigns/{id}`.
   */
  bidderError(route: string, status: TBidderErrorStatus): void;
  /** Daily report rows one campaign's sync wrote (0 when nothing changed). */
  reportRowsSynced(rows: number): void;
  /** How old a campaign's reports were when its sync began: now minus its last completed sync, in seconds. */
  reportSyncLag(seconds: number): void;
  /** One advertiser's outcome in a billing run. */
  billingOutcome(outcome: TBillingOutcomeKind): void;
}
