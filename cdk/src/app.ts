import { Tags, Validations } from 'aws-cdk-lib';
import type { App, Environment, Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import type { JobSchedule } from '@bidgrid/lambdas/manifest';
import type { TStageConfig } from './config/stages';
import { coreLambdaEnvironment, lambdaEnvironment } from './lambda/environment';
import type { DataResources } from './lambda/grants';
import { ApiStack } from './stacks/api.stack';
import { AuthStack } from './stacks/auth.stack';
import { DataStack } from './stacks/data.stack';
import { JobsStack } from './stacks/jobs.stack';
import { ObservabilityStack } from './stacks/observability.stack';
import { RealtimeStack } from './stacks/realtime.stack';
import { WebContentStack } from './stacks/web-content.stack';
import { WebStack } from './stacks/web.stack';

/** The stacks of one stage, in deploy order. */
export interface BidGridStacks {
  readonly auth: AuthStack;
  readonly web: WebStack;
  readonly data: DataStack;
  readonly realtime: RealtimeStack;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  readonly webContent: WebContentStack;
  readonly observability: ObservabilityStack;
}

/** Test seams: another operation table, schedules or SPA folder. */
export interface BuildOptions {
  readonly operations?: readonly AnyOperation[];
  readonly schedules?: readonly JobSchedule[];
  readonly webDist?: string;
  /** Where REST and realtime handler files are looked up (fixtures); `lambdas/src` by default. */
  readonly lambdasRoot?: string;
  /** Run cdk-nag's AwsSolutions pack (default true; every synth of the real app keeps it on). */
  readonly nag?: boolean;
}

/**
 * Builds every stack of a stage into `app`. State (auth, web hosting, data) is apart from code
 * (realtime, api, jobs, web content); resources pass by props, so CDK wires the exports and the
 * deploy order: Web -> Data -> Auth (its sign-up trigger writes the app table) -> Realtime -> Api ->
 * Jobs, WebContent; Observability (alarms, their topic, the dashboard) last, as it watches the
 * APIs and the jobs.
 */
export function buildApp(app: App, config: TStageConfig, options: BuildOptions = {}): BidGridStacks {
  const env: Environment = {
    region: config.env.region,
    ...(config.env.account ? { account: config.env.account } : {}),
  };
  const name = (part: string): string => `${config.stackPrefix}-${config.stage}-${part}`;
  const stackProps = (part: string, description: string) => ({
    env,
    stackName: name(part),
    description: `BidGrid ${config.stage}: ${description}`,
    terminationProtection: config.retainData,
  });

  const web = new WebStack(app, name('Web'), { ...stackProps('Web', 'SPA bucket and CloudFront'), config });
  const webOrigins = [web.origin, ...config.extraWebOrigins];
  const data = new DataStack(app, name('Data'), {
    ...stackProps('Data', 'tables, creative bucket, secrets key'),
    config,
    webOrigins,
  });
  const tableNames = {
    app: data.tables.app.tableName,
    reports: data.tables.reports.tableName,
    connections: data.tables.connections.tableName,
  };
  const auth = new AuthStack(app, name('Auth'), {
    ...stackProps('Auth', 'Cognito user pool, web client and sign-up trigger'),
    config,
    appTable: data.tables.app,
    triggerEnvironment: coreLambdaEnvironment({ config, tableNames }),
  });

  const resources: DataResources = {
    tables: data.tables,
    bucket: data.creativeBucket,
    secretsKey: data.secretsKey,
    secretsPrefix: config.secretsPrefix,
    sesIdentity: config.mail.sesIdentity,
    userPoolArn: auth.userPool.userPoolArn,
  };
  const environment = (wsManagementEndpoint: string): Record<string, string> =>
    lambdaEnvironment({
      config,
      tableNames,
      bucketName: data.creativeBucket.bucketName,
      creativeDomainName: data.creativeDistribution.distributionDomainName,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.webClient.userPoolClientId,
      wsManagementEndpoint,
      webOrigins,
    });

  const realtime = new RealtimeStack(app, name('Realtime'), {
    ...stackProps('Realtime', 'WebSocket API and realtime event handlers'),
    config,
    data: resources,
    environment,
    apiGatewayAccount: data.apiGatewayAccount,
    ...(options.lambdasRoot ? { lambdasRoot: options.lambdasRoot } : {}),
  });
  const api = new ApiStack(app, name('Api'), {
    ...stackProps('Api', 'REST API and one Lambda per operation'),
    config,
    userPool: auth.userPool,
    data: resources,
    environment: environment(realtime.managementEndpoint),
    webOrigins,
    apiGatewayAccount: data.apiGatewayAccount,
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.lambdasRoot ? { lambdasRoot: options.lambdasRoot } : {}),
  });
  const jobs = new JobsStack(app, name('Jobs'), {
    ...stackProps('Jobs', 'scheduled jobs and deploy-time seed'),
    config,
    data: resources,
    environment: environment(realtime.managementEndpoint),
    ...(options.schedules ? { schedules: options.schedules } : {}),
  });
  const webContent = new WebContentStack(app, name('WebContent'), {
    ...stackProps('WebContent', 'SPA files and runtime config'),
    config,
    siteBucket: web.siteBucket,
    distribution: web.distribution,
    apiUrl: api.url,
    wsUrl: realtime.url,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.webClient.userPoolClientId,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
    ...(options.lambdasRoot ? { lambdasRoot: options.lambdasRoot } : {}),
  });

  const observability = new ObservabilityStack(app, name('Observability'), {
    ...stackProps('Observability', 'alarms, their SNS topic and the dashboard'),
    config,
    restApi: api.restApi,
    webSocketApi: realtime.webSocketApi,
    jobFunctions: jobs.jobFunctions,
    jobQueues: jobs.queues,
  });

  const stacks: Stack[] = [auth, web, data, realtime, api, jobs, webContent, observability];
  for (const stack of stacks) {
    Tags.of(stack).add('app', 'bidgrid');
    Tags.of(stack).add('stage', config.stage);
  }
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { auth, web, data, realtime, api, jobs, webContent, observability };
}
