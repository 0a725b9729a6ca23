import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct, IDependable } from 'constructs';
import { API_REPLY_HEADERS } from '@bidgrid/shared/api/envelope';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from '@bidgrid/shared/api/openapi/openapi-document';
import { operations as tableOperations } from '@bidgrid/shared/api/operations';
import { PICKER_TICKET_HEADER } from '@bidgrid/shared/api/operation';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import { ApiRateLimits, TOO_MANY_REQUESTS_BODY } from '../api/api-rate-limits.construct';
import { FeatureRoutes } from '../api/feature-routes.nested';
import { gatewayReplyHeaders, mockReplyHeaders } from '../api/reply-headers';
import { pascal, planRoutes } from '../api/routes';
import type { TStageConfig } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import { operationEntry } from '../lambda/entries';
import type { DataResources } from '../lambda/grants';
import { acknowledge } from '../nag';

/** Props of {@link ApiStack}. */
export interface ApiStackProps extends StackProps {
  readonly config: TStageConfig;
  readonly userPool: cognito.IUserPool;
  readonly data: DataResources;
  readonly environment: Record<string, string>;
  /** CloudFront origin first, then the stage's extra origins. */
  readonly webOrigins: readonly string[];
  readonly apiGatewayAccount: IDependable;
  /** Defaults to the operation table; tests pass their own. */
  readonly operations?: readonly AnyOperation[];
  /** Where handler files are looked up (tests point it at fixtures); `lambdas/src` by default. */
  readonly lambdasRoot?: string;
}

/**
 * Headers the SPA sends (CDK's defaults: Content-Type, Authorization, X-Amz-*...), plus the public
 * campaign picker's ticket header.
 */
const ALLOWED_HEADERS = [...apigateway.Cors.DEFAULT_HEADERS, PICKER_TICKET_HEADER];

/** The API's description: the OpenAPI document and its reference page, answered beside the operations. */
export const API_DESCRIPTION_PATHS = [OPENAPI_DOCUMENT_PATH, API_REFERENCE_PATH] as const;

/**
 * The REST API generated from the operation table: one route per operation (`/api` ones behind
 * the Cognito authorizer, `/public` ones open unless their auth is `user`), one Lambda per
 * implemented operation in per-feature nested stacks, CORS for the web origins only, throttling,
 * per-user and per-IP rate limits (a WAF web ACL, {@link ApiRateLimits}) and JSON access logs on
 * the stage. `GET /openapi.json` and `GET /reference` redirect to the API's description, which the web
 * content stack publishes beside the SPA.
 *
 * API Gateway's COGNITO_USER_POOLS authorizer reads the `Authorization` header; the web sends
 * `Bearer <access token>`, which the authorizer accepts as well as the bare token (AWS documents
 * user pool tokens as bearer tokens; the local gateway strips the prefix the same way).
 */
export class ApiStack extends Stack {
  readonly restApi: apigateway.RestApi;
  readonly stage: apigateway.Stage;
  /** Base URL the SPA appends operation paths to, e.g. `https://x.execute-api.../dev`. */
  readonly url: string;
  readonly features: ReadonlyMap<string, FeatureRoutes>;
  readonly rateLimits: ApiRateLimits;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const operations = props.operations ?? tableOperations;
    const plan = planRoutes(operations);
    const [primaryOrigin] = props.webOrigins;
    if (!primaryOrigin) throw new Error('ApiStack needs at least one web origin');

    this.restApi = new apigateway.RestApi(this, 'RestApi', {
      restApiName: `${resourcePrefix(config)}-api`,
      description: 'BidGrid REST API (generated from shared/src/api/operations.ts)',
      // The deployment and stage are made below, after every feature's methods exist.
      deploy: false,
      cloudWatchRole: false,
      endpointTypes: [apigateway.EndpointType.REGIONAL],
      // Creative uploads arrive as multipart bodies; the handler gets them base64-encoded, intact.
      binaryMediaTypes: ['multipart/form-data'],
    });
    acknowledge(
      this.restApi,
      'APIG2',
      "Requests are validated in each handler against the shared zod schemas, which answer the spec's envelope and field messages; a gateway validator would answer another body shape.",
    );

    const authorizer = new apigateway.CfnAuthorizer(this, 'CognitoAuthorizer', {
      restApiId: this.restApi.restApiId,
      name: `${resourcePrefix(config)}-cognito`,
      type: 'COGNITO_USER_POOLS',
      providerArns: [props.userPool.userPoolArn],
      identitySource: 'method.request.header.Authorization',
    });

    // Every path node is created here, once: features share prefixes (/api/campaign/...), and
    // API Gateway refuses the same path part twice under one parent.
    const resourceIds = new Map<string, string>();
    for (const [path, methods] of plan.methodsByPath) {
      const resource = this.restApi.root.resourceForPath(path);
      resourceIds.set(path, resource.resourceId);
      const preflight = resource.addCorsPreflight({
        allowOrigins: [...props.webOrigins],
        allowHeaders: ALLOWED_HEADERS,
        allowMethods: [...methods, 'OPTIONS'],
        maxAge: Duration.minutes(10),
      });
      const reason =
        'CORS preflight: browsers send OPTIONS without credentials; the mock answers the allowed origins only.';
      acknowledge(preflight, 'APIG4', reason);
      acknowledge(preflight, 'COG4', reason);
    }

    // API Gateway's own errors (401 from the authorizer, 429, 5xx) carry CORS headers too, so the
    // SPA can read "The incoming token has expired" and refresh, and the reply headers every API reply has.
    const gatewayCors = {
      'Access-Control-Allow-Origin': `'${primaryOrigin}'`,
      'Access-Control-Allow-Headers': `'${ALLOWED_HEADERS.join(',')}'`,
      ...gatewayReplyHeaders(),
    };
    const gatewayResponses = [
      this.restApi.addGatewayResponse('Default4xx', {
        type: apigateway.ResponseType.DEFAULT_4XX,
        responseHeaders: gatewayCors,
      }),
      this.restApi.addGatewayResponse('Default5xx', {
        type: apigateway.ResponseType.DEFAULT_5XX,
        responseHeaders: gatewayCors,
      }),
      // The stage throttle's 429 in the envelope, as the WAF rate rules answer it.
      this.restApi.addGatewayResponse('Throttled', {
        type: apigateway.ResponseType.THROTTLED,
        statusCode: '429',
        responseHeaders: gatewayCors,
        templates: { 'application/json': TOO_MANY_REQUESTS_BODY },
      }),
    ];

    // The API's description answers at the API's own origin, as the local gateway serves it: a redirect
    // to the copy the web content stack publishes beside the SPA (API Gateway is no file host).
    const replyHeaders = mockReplyHeaders();
    const docsMethods = API_DESCRIPTION_PATHS.map((path) => {
      const location = 'method.response.header.Location';
      const method = this.restApi.root.resourceForPath(path).addMethod(
        'GET',
        new apigateway.MockIntegration({
          passthroughBehavior: apigateway.PassthroughBehavior.NEVER,
          requestTemplates: { 'application/json': JSON.stringify({ statusCode: 302 }) },
          integrationResponses: [
            {
              statusCode: '302',
              responseParameters: { [location]: `'${primaryOrigin}${path}'`, ...replyHeaders.integration },
            },
          ],
        }),
        {
          authorizationType: apigateway.AuthorizationType.NONE,
          methodResponses: [{ statusCode: '302', responseParameters: { [location]: true, ...replyHeaders.method } }],
        },
      );
      const reason = "The API's public description (OpenAPI document and reference page): a redirect, no data.";
      acknowledge(method, 'APIG4', reason);
      acknowledge(method, 'COG4', reason);
      return method;
    });

    const features = new Map<string, FeatureRoutes>();
    for (const feature of plan.features) {
      features.set(
        feature,
        new FeatureRoutes(this, `Routes${pascal(feature)}`, {
          config,
          restApiId: this.restApi.restApiId,
          rootResourceId: this.restApi.restApiRootResourceId,
          resourceIds,
          authorizerId: authorizer.ref,
          operations: plan.routes.filter((r) => r.feature === feature).map((r) => r.operation),
          environment: props.environment,
          data: props.data,
          primaryOrigin,
          ...(props.lambdasRoot ? { lambdasRoot: props.lambdasRoot } : {}),
        }),
      );
    }
    this.features = features;

    const deployment = new apigateway.Deployment(this, 'Deployment', {
      api: this.restApi,
      description: 'BidGrid routes from the operation table',
    });
    // Methods live in nested stacks, out of the RestApi's sight: the deployment's logical id is
    // salted with everything that shapes the API, so CloudFormation makes a new deployment (and
    // the stage serves it) whenever a route, its auth, its integration kind or CORS changes.
    // CDK resolves these (tokens included) and hashes them into the logical id.
    deployment.addToLogicalId({
      routes: operations.map((op) => [
        op.method,
        op.path,
        op.auth,
        operationEntry(op, props.lambdasRoot) ? 'lambda' : 'mock',
      ]),
      origins: props.webOrigins,
      headers: ALLOWED_HEADERS,
      // Gateway responses and mock integrations are served only once deployed: a change of them is a new deployment.
      replyHeaders: API_REPLY_HEADERS,
      description: API_DESCRIPTION_PATHS,
    });
    // A deployment snapshots what exists when it is created: methods and gateway responses first.
    for (const nested of features.values()) deployment.node.addDependency(nested);
    for (const response of gatewayResponses) deployment.node.addDependency(response);
    for (const method of docsMethods) deployment.node.addDependency(method);

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: config.logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigateway.Stage(this, 'Stage', {
      deployment,
      stageName: config.stage,
      accessLogDestination: new apigateway.LogGroupLogDestination(accessLogs),
      accessLogFormat: apigateway.AccessLogFormat.jsonWithStandardFields(),
      // Errors only, and never request or response bodies: they carry tokens and card data.
      loggingLevel: apigateway.MethodLoggingLevel.ERROR,
      dataTraceEnabled: false,
      metricsEnabled: true,
      throttlingRateLimit: config.api.rateLimit,
      throttlingBurstLimit: config.api.burstLimit,
    });
    this.stage.node.addDependency(props.apiGatewayAccount);
    this.restApi.deploymentStage = this.stage;
    // Rate rules only: the AWS managed rule sets would block multipart creative uploads over 8 KB.
    this.rateLimits = new ApiRateLimits(this, 'RateLimits', { config, stage: this.stage, primaryOrigin });
    this.url = `https://${this.restApi.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${this.stage.stageName}`;

    new CfnOutput(this, 'ApiUrl', { value: this.url });
  }
}
