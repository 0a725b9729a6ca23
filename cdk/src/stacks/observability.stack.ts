import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { BILLING_OUTCOMES, METRICS_NAMESPACE, METRICS_SERVICE, OPS_METRICS } from '@bidgrid/lambdas/manifest';
import type { TMetricDefinition, TOpsMetric } from '@bidgrid/lambdas/manifest';
import type { TStageConfig } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import type { AppFunction } from '../lambda/app-function.construct';
import type { JobQueueResources } from './jobs.stack';

/** When the alarms go off (docs/DEPLOY.md "Operations"). */
export const ALARM_THRESHOLDS = {
  /** REST 5xx replies, in percent of the requests of a 5-minute period, two periods in a row. */
  rest5xxPercent: 5,
  /** Below this many requests in a period the 5xx rate counts as 0: one failure of two is no outage. */
  rest5xxMinRequests: 10,
  /** Failed invocations of one job or worker Lambda in 5 minutes. */
  jobErrors: 1,
  /** Messages in a dead-letter queue. */
  deadLetters: 1,
  /**
   * The longest report sync lag in an hour, in seconds. The sync runs hourly, so a lag of an hour
   * is its rhythm; three hours is two runs that did not happen or did not finish.
   */
  syncLagSeconds: 3 * 3600,
} as const;

/**
 * How the dashboard graphs each metric of the catalog: its title and statistics (`Sum` for counts,
 * percentiles or `Maximum` for times). A metric added to the catalog does not compile until it has one.
 */
export const METRIC_GRAPHS: Record<TOpsMetric, { readonly title: string; readonly statistics: readonly string[] }> = {
  campaignsCreated: { title: 'Campaigns created', statistics: ['Sum'] },
  campaignCreationsFailed: { title: 'Campaign creations failed (undone)', statistics: ['Sum'] },
  campaignCreationDuration: { title: 'Campaign creation duration (ms)', statistics: ['p50', 'p99', 'Maximum'] },
  campaignLineItems: { title: 'Line items per created campaign', statistics: ['Average', 'Maximum'] },
  bidderErrors: { title: 'Bidder errors by route', statistics: ['Sum'] },
  reportRowsSynced: { title: 'Report rows synced', statistics: ['Sum'] },
  reportSyncLag: { title: 'Report sync lag (s since the last sync)', statistics: ['Maximum', 'p50'] },
  billingOutcomes: { title: 'Billing outcomes', statistics: ['Sum'] },
};

/** Props of {@link ObservabilityStack}: what the other stacks made, to watch. */
export interface ObservabilityStackProps extends StackProps {
  readonly config: TStageConfig;
  /** Its stage is named after the stage (`dev`, `prod`), as the WebSocket API's is. */
  readonly restApi: apigateway.RestApi;
  readonly webSocketApi: apigwv2.IWebSocketApi;
  /** Each scheduled job's Lambda, by job name. */
  readonly jobFunctions: ReadonlyMap<string, AppFunction>;
  /** The queues (and worker Lambda) of each job that fans out, by job name. */
  readonly jobQueues: ReadonlyMap<string, JobQueueResources>;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * The stage's alarms and dashboard (issue 16), deployed after the stacks it watches:
 * - alarms: the REST API's 5xx rate, each job and worker Lambda's failures, each dead-letter queue's
 *   depth, and the report sync lag (the custom metric `ReportSyncLag`), all notifying one SNS topic
 *   (KMS-encrypted, TLS only; the stage's `alarmEmail` subscribed when it has one);
 * - one CloudWatch dashboard: the REST API (requests, 4xx, 5xx, latency p50/p99), the WebSocket
 *   API, the jobs and their queues, every metric of `lambdas/src/kernel/metric-catalog.ts` (a metric
 *   added there gets its graph here) and the alarms' states.
 * The custom metrics come from EMF log lines the Lambdas write (`lambdas/src/adapters/metrics.ts`):
 * CloudWatch extracts them from the log groups, so no function needs a grant for them.
 */
export class ObservabilityStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly rest5xxAlarm: cloudwatch.Alarm;
  readonly syncLagAlarm: cloudwatch.Alarm;
  /** One per scheduled job and per worker, by job name (`<job>` and `<job>-worker`). */
  readonly jobAlarms: ReadonlyMap<string, cloudwatch.Alarm>;
  /** One per job that fans out, by job name. */
  readonly deadLetterAlarms: ReadonlyMap<string, cloudwatch.Alarm>;

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = resourcePrefix(config);

    // CloudWatch publishes to an encrypted topic only with a key whose policy lets it: the AWS
    // managed SNS key does not, so the topic has its own.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `BidGrid ${config.stage}: encrypts the alarm notifications`,
      enableKeyRotation: true,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    key.grant(new iam.ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `${prefix}-alarms`,
      displayName: `BidGrid ${config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (config.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));
    const notify = (alarm: cloudwatch.Alarm): cloudwatch.Alarm => {
      alarm.addAlarmAction(new actions.SnsAction(this.topic));
      alarm.addOkAction(new actions.SnsAction(this.topic));
      return alarm;
    };

    // REST API: API Gateway's stage metrics (ApiName + Stage).
    const restMetric = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiName: props.restApi.restApiName, Stage: config.stage },
        statistic,
        period: FIVE_MINUTES,
      });
    const requests = restMetric('Count', cloudwatch.Stats.SUM);
    const serverErrors = restMetric('5XXError', cloudwatch.Stats.SUM);
    const clientErrors = restMetric('4XXError', cloudwatch.Stats.SUM);
    const rest5xxRate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${ALARM_THRESHOLDS.rest5xxMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      label: '5xx rate (%)',
      period: FIVE_MINUTES,
    });
    this.rest5xxAlarm = notify(
      new cloudwatch.Alarm(this, 'Rest5xxRateAlarm', {
        alarmName: `${prefix}-rest-5xx-rate`,
        alarmDescription: `More than ${ALARM_THRESHOLDS.rest5xxPercent}% of the REST API's replies were 5xx for 10 minutes: read the failing operations' logs (level "error", by apiRequestId).`,
        metric: rest5xxRate,
        threshold: ALARM_THRESHOLDS.rest5xxPercent,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 2,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // Jobs: a failed invocation (thrown, timed out, out of memory) of a schedule's or a worker's Lambda.
    const jobAlarms = new Map<string, cloudwatch.Alarm>();
    const lambdas: Array<[string, AppFunction]> = [...props.jobFunctions];
    for (const [job, resources] of props.jobQueues) lambdas.push([`${job}-worker`, resources.worker]);
    for (const [name, fn] of lambdas) {
      const id = pascal(name);
      jobAlarms.set(
        name,
        notify(
          new cloudwatch.Alarm(this, `Job${id}ErrorsAlarm`, {
            alarmName: `${prefix}-job-${name}-errors`,
            alarmDescription: `The ${name} Lambda failed: read its log lines "job failed" (by runId) and fix; the next run retries.`,
            metric: fn.function.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
            threshold: ALARM_THRESHOLDS.jobErrors,
            comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            evaluationPeriods: 1,
            treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
          }),
        ),
      );
    }
    this.jobAlarms = jobAlarms;

    // Dead letters: a message that failed every delivery waits for a person.
    const deadLetterAlarms = new Map<string, cloudwatch.Alarm>();
    for (const [job, resources] of props.jobQueues) {
      const queueName = `${prefix}-${job}-dead-letters`;
      deadLetterAlarms.set(
        job,
        notify(
          new cloudwatch.Alarm(this, `${pascal(job)}DeadLettersAlarm`, {
            alarmName: queueName,
            alarmDescription: `Messages of ${job} failed every delivery and wait in ${queueName}: read the worker's logs (by messageId), fix, then redrive them.`,
            metric: resources.deadLetters.metricApproximateNumberOfMessagesVisible({
              period: FIVE_MINUTES,
              statistic: cloudwatch.Stats.MAXIMUM,
            }),
            threshold: ALARM_THRESHOLDS.deadLetters,
            evaluationPeriods: 1,
            comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
            treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
          }),
        ),
      );
    }
    this.deadLetterAlarms = deadLetterAlarms;

    // Our own metrics (EMF): namespace BidGrid, dimensions service and stage (+ the metric's own).
    const custom = (
      metric: TMetricDefinition,
      statistic: string,
      options: { period?: Duration; label?: string; dimension?: Record<string, string> } = {},
    ) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: metric.name,
        dimensionsMap: { service: METRICS_SERVICE, stage: config.stage, ...options.dimension },
        statistic,
        period: options.period ?? FIVE_MINUTES,
        ...(options.label ? { label: options.label } : {}),
      });
    // No data is no campaign to sync (a new stage): the jobs' alarms and the dead letters watch the runs.
    this.syncLagAlarm = notify(
      new cloudwatch.Alarm(this, 'ReportSyncLagAlarm', {
        alarmName: `${prefix}-report-sync-lag`,
        alarmDescription: `A campaign's reports were more than ${ALARM_THRESHOLDS.syncLagSeconds / 3600} hours old when its sync began: read report-sync and report-sync-worker's logs.`,
        metric: custom(OPS_METRICS.reportSyncLag, cloudwatch.Stats.MAXIMUM, { period: Duration.hours(1) }),
        threshold: ALARM_THRESHOLDS.syncLagSeconds,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
      new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, ...extra });
    const header = (text: string) => new cloudwatch.TextWidget({ markdown: `## ${text}`, width: 24, height: 1 });

    const ws = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.webSocketApi.apiId, Stage: config.stage },
        statistic,
        period: FIVE_MINUTES,
      });

    const jobLambdaMetric = (name: string, fn: AppFunction, metricName: string, statistic: string) =>
      fn.function.metric(metricName, { statistic, period: FIVE_MINUTES, label: name });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: prefix,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: [this.rest5xxAlarm, this.syncLagAlarm, ...jobAlarms.values(), ...deadLetterAlarms.values()],
        width: 24,
        height: 3,
      }),
    );
    this.dashboard.addWidgets(header('REST API'));
    this.dashboard.addWidgets(
      graph('Requests', [requests], { width: 6 }),
      graph('4xx and 5xx replies', [clientErrors, serverErrors], { width: 6 }),
      graph(
        'Latency (ms)',
        [restMetric('Latency', cloudwatch.Stats.p(50)), restMetric('Latency', cloudwatch.Stats.p(99))],
        { width: 6 },
      ),
      graph('5xx rate (%)', [rest5xxRate], {
        width: 6,
        leftAnnotations: [{ value: ALARM_THRESHOLDS.rest5xxPercent, label: 'alarm' }],
      }),
    );
    this.dashboard.addWidgets(header('WebSocket API'));
    this.dashboard.addWidgets(
      graph('Connections and messages', [ws('ConnectCount', cloudwatch.Stats.SUM), ws('MessageCount', 'Sum')]),
      graph('Errors', [
        ws('ClientError', cloudwatch.Stats.SUM),
        ws('ExecutionError', cloudwatch.Stats.SUM),
        ws('IntegrationError', cloudwatch.Stats.SUM),
      ]),
      graph('Integration latency (ms)', [
        ws('IntegrationLatency', cloudwatch.Stats.p(50)),
        ws('IntegrationLatency', cloudwatch.Stats.p(99)),
      ]),
    );
    this.dashboard.addWidgets(header('Jobs'));
    this.dashboard.addWidgets(
      graph(
        'Job invocations',
        lambdas.map(([name, fn]) => jobLambdaMetric(name, fn, 'Invocations', cloudwatch.Stats.SUM)),
      ),
      graph(
        'Job failures',
        lambdas.map(([name, fn]) => jobLambdaMetric(name, fn, 'Errors', cloudwatch.Stats.SUM)),
      ),
      graph(
        'Job duration, longest (ms)',
        lambdas.map(([name, fn]) => jobLambdaMetric(name, fn, 'Duration', cloudwatch.Stats.MAXIMUM)),
      ),
      graph(
        'Queues: dead letters and oldest waiting message (s)',
        [...props.jobQueues].map(([job, resources]) =>
          resources.deadLetters.metricApproximateNumberOfMessagesVisible({
            period: FIVE_MINUTES,
            statistic: cloudwatch.Stats.MAXIMUM,
            label: `${job} dead letters`,
          }),
        ),
        {
          right: [...props.jobQueues].map(([job, resources]) =>
            resources.queue.metricApproximateAgeOfOldestMessage({
              period: FIVE_MINUTES,
              statistic: cloudwatch.Stats.MAXIMUM,
              label: `${job} oldest message`,
            }),
          ),
        },
      ),
    );
    this.dashboard.addWidgets(header('BidGrid metrics'));
    this.dashboard.addWidgets(
      ...(Object.entries(OPS_METRICS) as Array<[TOpsMetric, TMetricDefinition]>).map(([key, metric]) => {
        const { title, statistics } = METRIC_GRAPHS[key];
        if (key === 'billingOutcomes') {
          return graph(
            title,
            BILLING_OUTCOMES.map((outcome) =>
              custom(metric, cloudwatch.Stats.SUM, {
                period: Duration.hours(1),
                label: outcome,
                dimension: { [OPS_METRICS.billingOutcomes.dimension]: outcome },
              }),
            ),
            { stacked: true },
          );
        }
        if (metric.dimension) {
          // One line per value of the metric's own dimension, whatever values the code sends.
          return graph(
            title,
            statistics.map(
              (statistic) =>
                new cloudwatch.MathExpression({
                  expression: `SEARCH('{${METRICS_NAMESPACE},${metric.dimension},service,stage} MetricName="${metric.name}" service="${METRICS_SERVICE}" stage="${config.stage}"', '${statistic}', 300)`,
                  label: '',
                  period: FIVE_MINUTES,
                }),
            ),
          );
        }
        const annotations =
          key === 'reportSyncLag'
            ? { leftAnnotations: [{ value: ALARM_THRESHOLDS.syncLagSeconds, label: 'alarm' }] }
            : {};
        return graph(
          title,
          statistics.map((statistic) => custom(metric, statistic, { label: statistic })),
          annotations,
        );
      }),
    );
  }
}

/** `report-sync` -> `ReportSync`, for construct ids. */
function pascal(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());
}
