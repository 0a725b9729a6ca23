import { RemovalPolicy } from 'aws-cdk-lib';
import type { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_HANDLER, entryCode } from './bundles';
import type { LambdaEntry } from './entries';

/** Props of {@link AppFunction}. */
export interface AppFunctionProps {
  readonly entry: LambdaEntry;
  /** Every variable `lambdas/src/kernel/config.ts` reads (see `lambdaEnvironment`). */
  readonly environment: Record<string, string>;
  readonly timeout: Duration;
  readonly memorySize: number;
  readonly logRetentionDays: number;
  /** One line for the console (operation summary, event, job). */
  readonly description: string;
}

/**
 * One handler as a Lambda: Node 24 on arm64, ESM bundle from the shared esbuild pass, its own log
 * group with a retention, and its own role that starts with nothing but writing to that log
 * group. Callers add exactly the data grants the handler needs (`grants.ts`), so no function
 * carries the AWS managed basic-execution policy or another function's rights.
 */
export class AppFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetentionDays as logs.RetentionDays,
      // Logs are diagnostics, not business data: they go with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `BidGrid ${props.entry.outName}`,
    });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.function = new lambda.Function(this, 'Function', {
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      handler: LAMBDA_HANDLER,
      code: entryCode(this, props.entry),
      role: this.role,
      logGroup: this.logGroup,
      environment: props.environment,
      timeout: props.timeout,
      memorySize: props.memorySize,
      description: props.description.slice(0, 256),
    });
    // The role's policy must exist before the function runs its first request.
    this.function.node.addDependency(this.role);
  }
}
