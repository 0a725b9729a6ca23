import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { coreConfig } from '../kernel/config';
import type { AppMetrics, TBidderErrorStatus, TBillingOutcomeKind } from '../domain/ports/metrics.port';
import { publishAtInvocationEnd } from '../kernel/invocation-metrics';
import { logger } from '../kernel/logger';
import type { Logger } from '../kernel/logger';
import { METRICS_NAMESPACE, METRICS_SERVICE, OPS_METRICS } from '../kernel/metric-catalog';
import type { TMetricDefinition } from '../kernel/metric-catalog';

/** The metrics port with what an invocation recorded, and how to write it out. */
export interface PublishingMetrics extends AppMetrics {
  /** Writes what was recorded since the last call as EMF log lines on stdout, and forgets it. */
  publish(): void;
}

/** A count of one value of a metric's own dimension (a bidder route, a billing outcome), with its detail. */
interface DimensionCount {
  metric: TMetricDefinition & { dimension: string };
  value: string;
  /** Kept as a property of the line (searchable in Logs Insights), not as a dimension. */
  detail?: { key: string; value: string };
  count: number;
}

/**
 * The metrics port on Powertools Metrics: CloudWatch Embedded Metric Format lines on stdout, which
 * Lambda's log delivery turns into metrics with no API call (no PutMetricData, no latency, no
 * grant). Namespace `BidGrid`, dimensions `service` and `stage`. Plain figures go into one line per
 * invocation (Powertools keeps every value of a metric); counts by a dimension of their own are
 * added up in memory and written one line per value at `publish` (Powertools gives a line of other
 * dimensions its own `singleMetric`). Recording never throws: a bad figure is logged and dropped.
 */
export function createPowertoolsMetrics(options: { stage: string; log: Logger }): PublishingMetrics {
  const { log } = options;
  const metrics = new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: METRICS_SERVICE,
    defaultDimensions: { stage: options.stage },
    // Powertools' own warnings (a dimension overwritten...) go through our logger, as JSON.
    logger: {
      debug: (message: unknown) => log.debug(String(message)),
      info: (message: unknown) => log.info(String(message)),
      warn: (message: unknown) => log.warn(String(message)),
      error: (message: unknown) => log.error(String(message)),
    },
  });
  const counts = new Map<string, DimensionCount>();

  const record = (what: string, write: () => void): void => {
    try {
      write();
    } catch (error) {
      log.warn(`metric ${what} not recorded`, { error });
    }
  };
  const add = (metric: TMetricDefinition, value: number): void => {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${metric.name} got ${value}`);
    metrics.addMetric(metric.name, MetricUnit[metric.unit], value);
  };
  const countBy = (
    metric: TMetricDefinition & { dimension: string },
    value: string,
    detail?: DimensionCount['detail'],
  ): void => {
    const key = JSON.stringify([metric.name, value, detail?.value ?? null]);
    const known = counts.get(key);
    if (known) known.count++;
    else counts.set(key, { metric, value, count: 1, ...(detail ? { detail } : {}) });
  };

  return {
    campaignCreated: (durationMs, lineItems) =>
      record(OPS_METRICS.campaignsCreated.name, () => {
        add(OPS_METRICS.campaignCreationDuration, durationMs);
        add(OPS_METRICS.campaignLineItems, lineItems);
        add(OPS_METRICS.campaignsCreated, 1);
      }),
    campaignCreationFailed: (durationMs) =>
      record(OPS_METRICS.campaignCreationsFailed.name, () => {
        add(OPS_METRICS.campaignCreationDuration, durationMs);
        add(OPS_METRICS.campaignCreationsFailed, 1);
      }),
    bidderError: (route: string, status: TBidderErrorStatus) =>
      record(OPS_METRICS.bidderErrors.name, () =>
        countBy(OPS_METRICS.bidderErrors, route, { key: 'bidderStatus', value: String(status) }),
      ),
    reportRowsSynced: (rows) =>
      record(OPS_METRICS.reportRowsSynced.name, () => add(OPS_METRICS.reportRowsSynced, rows)),
    reportSyncLag: (seconds) => record(OPS_METRICS.reportSyncLag.name, () => add(OPS_METRICS.reportSyncLag, seconds)),
    billingOutcome: (outcome: TBillingOutcomeKind) =>
      record(OPS_METRICS.billingOutcomes.name, () => countBy(OPS_METRICS.billingOutcomes, outcome)),
    publish() {
      const pending = [...counts.values()];
      counts.clear();
      for (const { metric, value, detail, count } of pending) {
        const single = metrics.singleMetric();
        single.addDimension(metric.dimension, value);
        if (detail) single.addMetadata(detail.key, detail.value);
        // A single metric writes its line as soon as its figure is added.
        single.addMetric(metric.name, MetricUnit[metric.unit], count);
      }
      // Without a figure Powertools would warn of an empty line: most invocations record nothing.
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    },
  };
}

let shared: PublishingMetrics | undefined;

/**
 * The metrics of this warm Lambda (made on first use, when the stage is known), published by the
 * entry wrappers at the end of each invocation. The local stack runs every handler in one process:
 * there one invocation's end may publish another's figures too, which changes only how lines group.
 */
export function appMetrics(): AppMetrics {
  if (!shared) {
    const made = createPowertoolsMetrics({ stage: coreConfig().STAGE, log: logger() });
    publishAtInvocationEnd(() => made.publish());
    shared = made;
  }
  return shared;
}

/** A metrics port that counts nothing: for the local seeds and the benches, whose work is not the app's. */
export const uncountedMetrics: AppMetrics = {
  campaignCreated: () => undefined,
  campaignCreationFailed: () => undefined,
  bidderError: () => undefined,
  reportRowsSynced: () => undefined,
  reportSyncLag: () => undefined,
  billingOutcome: () => undefined,
};
