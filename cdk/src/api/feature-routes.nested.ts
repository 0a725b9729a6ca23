import { Duration, NestedStack } from 'aws-cdk-lib';
import type { NestedStackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import { NOT_IMPLEMENTED_ERROR } from '@bidgrid/shared/api/envelope';
import type { AnyOperation } from '@bidgrid/shared/api/operation';
import type { TStageConfig } from '../config/stages';
import { AppFunction } from '../lambda/app-function.construct';
import { operationEntry } from '../lambda/entries';
import { grantDataAccess } from '../lambda/grants';
import type { DataResources } from '../lambda/grants';
import { acknowledge } from '../nag';
import { operationAccess } from './access';
import { mockReplyHeaders } from './reply-headers';

/** The scope API Gateway requires in an access token for a Cognito-authorized method. */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/** The 501 body of an operation whose handler file does not exist yet (the local gateway's too). */
export const NOT_IMPLEMENTED = { success: false, payload: null, error: NOT_IMPLEMENTED_ERROR } as const;

/** Props of {@link FeatureRoutes}. */
export interface FeatureRoutesProps extends NestedStackProps {
  readonly config: TStageConfig;
  readonly restApiId: string;
  readonly rootResourceId: string;
  /** The API Gateway resource id of every path the operations use (created by the parent). */
  readonly resourceIds: ReadonlyMap<string, string>;
  readonly authorizerId: string;
  readonly operations: readonly AnyOperation[];
  readonly environment: Record<string, string>;
  readonly data: DataResources;
  /** The origin the 501 placeholder answers CORS for. */
  readonly primaryOrigin: string;
  /** Where handler files are looked up (tests point it at fixtures); `lambdas/src` by default. */
  readonly lambdasRoot?: string;
}

const AUTH_REASONS: Record<Exclude<AnyOperation['auth'], 'user'>, string> = {
  public: 'A public operation of the spec (no sign-in); the handler trusts no caller identity.',
  'hubspot-signed':
    "Called by the HubSpot app card, which cannot hold a Cognito token; the handler verifies HubSpot's v3 request signature.",
  'hubspot-signed-or-ticket':
    'Called by the HubSpot app card (v3 request signature) or by the public campaign picker page with a picker ticket the server issued to a signed card call; the handler verifies one or the other.',
  'stripe-signed':
    'Stripe webhook; Stripe cannot hold a Cognito token and the handler verifies the Stripe-Signature header.',
};

/**
 * The methods (and Lambdas) of one feature, in a nested stack so ~80 functions never crowd one
 * template. Resources, the authorizer, CORS preflights and the deployment stay in the parent.
 *
 * Operations WITH a handler file (`lambdas/src/http/<kebab>.handler.ts`) get a Lambda proxy
 * integration; operations WITHOUT one yet still get their route, answering 501 with the
 * envelope `{success:false, payload:null, error:'Not implemented yet'}` from a mock integration,
 * behind the same authorizer. The stacks grow by themselves as handlers land.
 */
export class FeatureRoutes extends NestedStack {
  /** The Lambda of each implemented operation, by operation name. */
  readonly functions: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: FeatureRoutesProps) {
    super(scope, id, props);
    const { config } = props;
    const api = apigateway.RestApi.fromRestApiAttributes(this, 'Api', {
      restApiId: props.restApiId,
      rootResourceId: props.rootResourceId,
    });
    const resources = new Map<string, apigateway.IResource>();
    const resourceFor = (path: string): apigateway.IResource => {
      let resource = resources.get(path);
      if (!resource) {
        const resourceId = props.resourceIds.get(path);
        if (!resourceId) throw new Error(`No API resource for ${path}`);
        resource = apigateway.Resource.fromResourceAttributes(this, `Resource${resources.size}`, {
          resourceId,
          restApi: api,
          path,
        });
        resources.set(path, resource);
      }
      return resource;
    };

    const functions = new Map<string, AppFunction>();
    for (const op of props.operations) {
      const entry = operationEntry(op, props.lambdasRoot);
      let integration: apigateway.Integration;
      let methodResponses: apigateway.MethodResponse[] | undefined;
      if (entry) {
        const fn = new AppFunction(this, op.name, {
          entry,
          environment: props.environment,
          timeout: Duration.seconds(config.lambda.restTimeoutSeconds),
          memorySize: config.lambda.memoryMb,
          logRetentionDays: config.logRetentionDays,
          description: `${op.method} ${op.path}: ${op.summary}`,
        });
        grantDataAccess(fn.role, props.data, operationAccess(op));
        // One permission per method (no extra test-invoke permission): keeps each feature small.
        integration = new apigateway.LambdaIntegration(fn.function, { allowTestInvoke: false });
        functions.set(op.name, fn);
      } else {
        const corsHeader = 'method.response.header.Access-Control-Allow-Origin';
        const replyHeaders = mockReplyHeaders();
        const statusTemplate = JSON.stringify({ statusCode: 501 });
        integration = new apigateway.MockIntegration({
          passthroughBehavior: apigateway.PassthroughBehavior.NEVER,
          requestTemplates: { 'application/json': statusTemplate, 'multipart/form-data': statusTemplate },
          integrationResponses: [
            {
              statusCode: '501',
              responseTemplates: { 'application/json': JSON.stringify(NOT_IMPLEMENTED) },
              responseParameters: { [corsHeader]: `'${props.primaryOrigin}'`, ...replyHeaders.integration },
            },
          ],
        });
        methodResponses = [{ statusCode: '501', responseParameters: { [corsHeader]: true, ...replyHeaders.method } }];
      }

      const options: apigateway.MethodOptions =
        op.auth === 'user'
          ? {
              authorizationType: apigateway.AuthorizationType.COGNITO,
              authorizer: { authorizerId: props.authorizerId, authorizationType: apigateway.AuthorizationType.COGNITO },
              // Required for API Gateway to accept ACCESS tokens (ID tokens carry no scope).
              authorizationScopes: [ACCESS_TOKEN_SCOPE],
            }
          : { authorizationType: apigateway.AuthorizationType.NONE };
      const method = new apigateway.Method(this, `${op.name}Method`, {
        resource: resourceFor(op.path),
        httpMethod: op.method,
        integration,
        options: { ...options, ...(methodResponses ? { methodResponses } : {}), operationName: op.name },
      });
      if (op.auth !== 'user') {
        acknowledge(method, 'APIG4', AUTH_REASONS[op.auth]);
        acknowledge(method, 'COG4', AUTH_REASONS[op.auth]);
      }
    }
    this.functions = functions;
  }
}
