import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration, WebSocketMockIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct, IDependable } from 'constructs';
import { realtimeEvents as tableEvents } from '@bidgrid/shared/realtime/events';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import { REALTIME_KEEP_ALIVE_ACTION } from '@bidgrid/shared/realtime/wire';
import { REALTIME_TIMEOUT_SECONDS } from '@bidgrid/lambdas/manifest';
import type { TStageConfig } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import { AppFunction } from '../lambda/app-function.construct';
import { defaultRouteEntry, lifecycleEntry, realtimeEntry } from '../lambda/entries';
import type { LambdaEntry } from '../lambda/entries';
import { grantDataAccess } from '../lambda/grants';
import type { DataAccess, DataResources } from '../lambda/grants';
import { acknowledge, allowWildcardResource } from '../nag';
import { CONNECT_ACCESS, DEFAULT_ROUTE_ACCESS, DISCONNECT_ACCESS, eventAccess } from '../realtime/access';

/** Props of {@link RealtimeStack}. */
export interface RealtimeStackProps extends StackProps {
  readonly config: TStageConfig;
  readonly data: DataResources;
  /** The Lambda environment without the WebSocket endpoint, which this stack defines. */
  readonly environment: (wsManagementEndpoint: string) => Record<string, string>;
  /** API Gateway's account logging role must exist before a stage logs. */
  readonly apiGatewayAccount: IDependable;
  /** Defaults to the realtime events of `shared/src/realtime/events.ts`. */
  readonly events?: readonly RealtimeEventDef[];
  /** Where handler files are looked up (tests point it at fixtures); `lambdas/src` by default. */
  readonly lambdasRoot?: string;
}

/**
 * The WebSocket API of the realtime events: `$connect` verifies the Cognito access token itself
 * (`?token=`; browsers cannot set headers on a WebSocket), `$disconnect` forgets the connection,
 * and each event with a handler file gets a route (the `action` of the message) and a Lambda,
 * with its own grants (`realtime/access.ts`), that may post to this API's connections. `$default`
 * answers every message without a route (events without a handler file yet among them) with an
 * error reply; `keepAlive` is a mock integration, so the web's keep-alive costs no Lambda. Adding
 * `lambdas/src/ws/<event>.handler.ts` is all the next deploy needs.
 */
export class RealtimeStack extends Stack {
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  /** `wss://...`: what the SPA connects to. */
  readonly url: string;
  /** `https://...`: where handlers post messages to connections. */
  readonly managementEndpoint: string;
  /** The Lambda of each routed event, by event name. */
  readonly eventFunctions: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { config } = props;
    const stageName = config.stage;

    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${resourcePrefix(config)}-realtime`,
      description: 'BidGrid realtime events (001 §7)',
      routeSelectionExpression: '$request.body.action',
    });
    this.managementEndpoint = `https://${this.webSocketApi.apiId}.execute-api.${this.region}.${this.urlSuffix}/${stageName}`;
    const environment = props.environment(this.managementEndpoint);

    const makeFunction = (
      idPart: string,
      entry: LambdaEntry,
      access: DataAccess,
      timeoutSeconds: number,
      description: string,
    ) => {
      const fn = new AppFunction(this, idPart, {
        entry,
        environment,
        timeout: Duration.seconds(timeoutSeconds),
        memorySize: config.lambda.memoryMb,
        logRetentionDays: config.logRetentionDays,
        description,
      });
      grantDataAccess(fn.role, props.data, access);
      return fn;
    };

    // $connect answers within the upgrade, so it keeps the REST time budget.
    const connect = makeFunction(
      'Connect',
      lifecycleEntry('connect', props.lambdasRoot),
      CONNECT_ACCESS,
      config.lambda.restTimeoutSeconds,
      '$connect: verifies the access token and records the connection',
    );
    const disconnect = makeFunction(
      'Disconnect',
      lifecycleEntry('disconnect', props.lambdasRoot),
      DISCONNECT_ACCESS,
      config.lambda.restTimeoutSeconds,
      '$disconnect: forgets the connection',
    );
    const connectRoute = this.webSocketApi.addRoute('$connect', {
      integration: new WebSocketLambdaIntegration('ConnectIntegration', connect.function),
    });
    const disconnectRoute = this.webSocketApi.addRoute('$disconnect', {
      integration: new WebSocketLambdaIntegration('DisconnectIntegration', disconnect.function),
    });
    acknowledge(
      connectRoute,
      'APIG4',
      '$connect is the authorization: its Lambda verifies the Cognito access token from ?token= and refuses the upgrade (401/403) otherwise.',
    );
    acknowledge(
      disconnectRoute,
      'APIG4',
      '$disconnect is called by API Gateway for a connection that $connect already authorized.',
    );

    const connectionsArn = `arn:${this.partition}:execute-api:${this.region}:${this.account}:${this.webSocketApi.apiId}/${stageName}/POST/@connections/*`;
    const mayPost = (fn: AppFunction): void => {
      fn.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connectionsArn] }),
      );
      allowWildcardResource(
        fn.role,
        connectionsArn,
        'Replies go to the connection that asked, whose id exists only at run time; the ARN names this API, stage and POST @connections.',
      );
    };
    const eventFunctions = new Map<string, AppFunction>();
    for (const event of props.events ?? tableEvents) {
      const entry = realtimeEntry(event, props.lambdasRoot);
      if (!entry) continue;
      const fn = makeFunction(
        `Event${event.name.charAt(0).toUpperCase()}${event.name.slice(1)}`,
        entry,
        eventAccess(event),
        REALTIME_TIMEOUT_SECONDS[event.name] ?? config.lambda.realtimeTimeoutSeconds,
        `${event.name}: ${event.summary}`,
      );
      mayPost(fn);
      const route = this.webSocketApi.addRoute(event.name, {
        integration: new WebSocketLambdaIntegration(`${event.name}Integration`, fn.function),
      });
      acknowledge(
        route,
        'APIG4',
        'Messages arrive on a connection that $connect authorized with the Cognito token; the handler resolves the caller from the stored connection.',
      );
      eventFunctions.set(event.name, fn);
    }
    this.eventFunctions = eventFunctions;

    const defaultEntry = defaultRouteEntry(props.lambdasRoot);
    if (defaultEntry) {
      const fn = makeFunction(
        'DefaultRoute',
        defaultEntry,
        DEFAULT_ROUTE_ACCESS,
        config.lambda.restTimeoutSeconds,
        '$default: answers messages without a route (not JSON, unknown action, event not implemented) with an error reply',
      );
      mayPost(fn);
      const route = this.webSocketApi.addRoute('$default', {
        integration: new WebSocketLambdaIntegration('DefaultIntegration', fn.function),
      });
      acknowledge(route, 'APIG4', 'Messages arrive on a connection that $connect authorized with the Cognito token.');
    }
    // The keep-alive: traffic resets API Gateway's 10-minute idle timer; a mock answers nothing.
    const keepAlive = this.webSocketApi.addRoute(REALTIME_KEEP_ALIVE_ACTION, {
      integration: new WebSocketMockIntegration('KeepAliveIntegration'),
    });
    acknowledge(keepAlive, 'APIG4', 'A mock integration on a connection $connect authorized: it reaches nothing.');

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName,
      autoDeploy: true,
      throttle: { rateLimit: config.api.rateLimit, burstLimit: config.api.burstLimit },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            connectionId: '$context.connectionId',
            error: '$context.error.message',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.stage.node.addDependency(props.apiGatewayAccount);
    this.url = this.stage.url;

    new CfnOutput(this, 'WebSocketUrl', { value: this.url });
    new CfnOutput(this, 'ManagementEndpoint', { value: this.managementEndpoint });
  }
}
