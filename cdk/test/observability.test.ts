import type { CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_OUTCOMES, OPS_METRICS, schedules } from '@bidgrid/lambdas/manifest';
import { ALARM_THRESHOLDS } from '../src/stacks/observability.stack';
import { resourcesOfType, synthStage } from './support';
import type { SynthesizedStage } from './support';

let dev: SynthesizedStage;
let template: Template;

beforeAll(() => {
  dev = synthStage('dev');
  template = Template.fromJSON(dev.template(dev.stacks.observability));
}, 120_000);

/** The logical id of a construct's CloudFormation resource in its own stack. */
const logicalIdOf = (resource: { node: { defaultChild?: unknown } } | CfnResource, stack = dev.stacks.jobs) =>
  stack.getLogicalId(
    ('node' in resource && resource.node.defaultChild ? resource.node.defaultChild : resource) as CfnResource,
  );

/** An import of another stack's output whose export names the given logical id. */
const importOf = (logicalId: string) => ({ 'Fn::ImportValue': Match.stringLikeRegexp(logicalId) });

/** The topic every alarm notifies, when it goes off and when it is over. */
const TOPIC = { Ref: Match.stringLikeRegexp('^AlarmTopic') };
const notifies = { AlarmActions: [TOPIC], OKActions: [TOPIC] };

/** The dashboard's widgets, its deploy-time values (other stacks' names and ids) as `<token>`. */
function dashboardWidgets(): Array<{ type: string; properties: Record<string, unknown> }> {
  const [[, dashboard] = []] = resourcesOfType(dev.template(dev.stacks.observability), 'AWS::CloudWatch::Dashboard');
  const [, parts] = (dashboard?.['DashboardBody'] as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  const body = parts.map((part) => (typeof part === 'string' ? part : '<token>')).join('');
  return (JSON.parse(body) as { widgets: Array<{ type: string; properties: Record<string, unknown> }> }).widgets;
}

/** Every metric line of the dashboard's graphs, as `[namespace, name, ...dimensions, options]`. */
function dashboardMetrics(): unknown[][] {
  return dashboardWidgets().flatMap((w) => (w.properties['metrics'] as unknown[][] | undefined) ?? []);
}

describe('observability stack: alarms', () => {
  it("alarms on the REST API's 5xx rate: 5XXError over Count of the stage, over 5% for 10 minutes", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'bidgrid-dev-rest-5xx-rate',
      Threshold: ALARM_THRESHOLDS.rest5xxPercent,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
      ...notifies,
      Metrics: Match.arrayWith([
        Match.objectLike({
          Expression: `IF(requests >= ${ALARM_THRESHOLDS.rest5xxMinRequests}, 100 * errors / requests, 0)`,
          ReturnData: true,
        }),
        ...[
          ['requests', 'Count'],
          ['errors', '5XXError'],
        ].map(([id, metricName]) =>
          Match.objectLike({
            Id: id,
            ReturnData: false,
            MetricStat: {
              Metric: {
                Namespace: 'AWS/ApiGateway',
                MetricName: metricName,
                Dimensions: Match.arrayWith([
                  { Name: 'ApiName', Value: 'bidgrid-dev-api' },
                  { Name: 'Stage', Value: 'dev' },
                ]),
              },
              Period: 300,
              Stat: 'Sum',
            },
          }),
        ),
      ]),
    });
  });

  it('alarms on the first failure of every scheduled job and worker Lambda', () => {
    // Prepare
    const lambdas = [
      ...schedules.map((s) => [s.name, dev.stacks.jobs.jobFunctions.get(s.name)] as const),
      ...schedules
        .filter((s) => s.worker)
        .map((s) => [`${s.name}-worker`, dev.stacks.jobs.queues.get(s.name)?.worker] as const),
    ];

    // Assess
    expect(lambdas.length).toBeGreaterThan(schedules.length - 1);
    for (const [name, fn] of lambdas) {
      expect(fn, name).toBeDefined();
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        AlarmName: `bidgrid-dev-job-${name}-errors`,
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Statistic: 'Sum',
        Period: 300,
        Threshold: ALARM_THRESHOLDS.jobErrors,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
        Dimensions: [{ Name: 'FunctionName', Value: importOf(logicalIdOf(fn?.function as never)) }],
        ...notifies,
      });
    }
  });

  it('alarms as soon as a dead-letter queue holds a message, and the jobs stack has no alarm of its own', () => {
    // Prepare
    const deadLetters = dev.stacks.jobs.queues.get('report-sync')?.deadLetters;

    // Assess
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'bidgrid-dev-report-sync-dead-letters',
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Statistic: 'Maximum',
      Threshold: ALARM_THRESHOLDS.deadLetters,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Dimensions: [{ Name: 'QueueName', Value: importOf(logicalIdOf(deadLetters as never)) }],
      ...notifies,
    });
    expect(resourcesOfType(dev.template(dev.stacks.jobs), 'AWS::CloudWatch::Alarm')).toEqual([]);
  });

  it('alarms when the report sync lag (our EMF metric) passes three hours', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'bidgrid-dev-report-sync-lag',
      Namespace: 'BidGrid',
      MetricName: OPS_METRICS.reportSyncLag.name,
      Dimensions: Match.arrayEquals([
        { Name: 'service', Value: 'bidgrid' },
        { Name: 'stage', Value: 'dev' },
      ]),
      Statistic: 'Maximum',
      Period: 3600,
      Threshold: 3 * 3600,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
      ...notifies,
    });
  });

  it('has exactly those alarms', () => {
    const workers = schedules.filter((s) => s.worker).length;
    template.resourceCountIs('AWS::CloudWatch::Alarm', 1 + schedules.length + workers + workers + 1);
  });

  it('notifies an encrypted, TLS-only topic CloudWatch may publish to, with no subscriber unless the stage names one', () => {
    template.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: 'bidgrid-dev-alarms',
      KmsMasterKeyId: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('subscribes the stage’s alarm e-mail to the topic', () => {
    // Prepare
    const synth = synthStage('dev', { overrides: { alarmEmail: 'ops@example.org' } });

    // Assess
    Template.fromJSON(synth.template(synth.stacks.observability)).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.org',
      TopicArn: { Ref: Match.stringLikeRegexp('^AlarmTopic') },
    });
  }, 120_000);
});

describe('observability stack: dashboard', () => {
  it('is one dashboard named after the stage', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'bidgrid-dev' });
  });

  it("graphs the REST API's requests, 4xx, 5xx and latency p50/p99", () => {
    // Prepare
    const rest = dashboardMetrics().filter((m) => m[0] === 'AWS/ApiGateway' && m.includes('bidgrid-dev-api'));
    const stat = (name: string) =>
      rest.filter((m) => m[1] === name).map((m) => (m.at(-1) as { stat?: string }).stat ?? 'Average');

    // Assess
    expect(stat('Count')).toContain('Sum');
    expect(stat('4XXError')).toEqual(['Sum']);
    expect(stat('5XXError')).toContain('Sum');
    expect(stat('Latency').sort()).toEqual(['p50', 'p99']);
  });

  it('graphs the WebSocket API: connections, messages, errors and integration latency', () => {
    const names = dashboardMetrics()
      .filter((m) => m[0] === 'AWS/ApiGateway' && m.includes('ApiId'))
      .map((m) => m[1]);
    expect(new Set(names)).toEqual(
      new Set([
        'ConnectCount',
        'MessageCount',
        'ClientError',
        'ExecutionError',
        'IntegrationError',
        'IntegrationLatency',
      ]),
    );
  });

  it('graphs every job and worker (invocations, failures, duration) and the queues', () => {
    const lambda = dashboardMetrics().filter((m) => m[0] === 'AWS/Lambda');
    const workers = schedules.filter((s) => s.worker).length;
    for (const name of ['Invocations', 'Errors', 'Duration']) {
      expect(
        lambda.filter((m) => m[1] === name),
        name,
      ).toHaveLength(schedules.length + workers);
    }
    const sqs = dashboardMetrics()
      .filter((m) => m[0] === 'AWS/SQS')
      .map((m) => m[1]);
    expect(sqs.sort()).toEqual(['ApproximateAgeOfOldestMessage', 'ApproximateNumberOfMessagesVisible']);
  });

  it('graphs every metric of the catalog: bidder errors by route, billing by outcome', () => {
    // Prepare
    const ours = dashboardMetrics().filter((m) => m[0] === 'BidGrid');
    const expressions = dashboardMetrics()
      .map((m) => (m[0] as { expression?: string }).expression)
      .filter((e): e is string => typeof e === 'string');

    // Assess
    for (const metric of Object.values(OPS_METRICS)) {
      if ('dimension' in metric && metric.name === OPS_METRICS.bidderErrors.name) continue;
      expect(
        ours.some((m) => m[1] === metric.name),
        metric.name,
      ).toBe(true);
    }
    expect(expressions).toContain(
      `SEARCH('{BidGrid,route,service,stage} MetricName="BidderErrors" service="bidgrid" stage="dev"', 'Sum', 300)`,
    );
    expect(
      ours
        .filter((m) => m[1] === OPS_METRICS.billingOutcomes.name)
        .map((m) => m[m.indexOf('outcome') + 1])
        .sort(),
    ).toEqual([...BILLING_OUTCOMES].sort());
    expect(
      ours
        .filter((m) => m[1] === OPS_METRICS.campaignCreationDuration.name)
        .map((m) => (m.at(-1) as { stat: string }).stat),
    ).toEqual(['p50', 'p99', 'Maximum']);
  });

  it('shows the state of every alarm', () => {
    const [status] = dashboardWidgets().filter((w) => w.type === 'alarm');
    const workers = schedules.filter((s) => s.worker).length;
    expect((status?.properties['alarms'] as unknown[]).length).toBe(1 + schedules.length + workers + workers + 1);
  });
});
