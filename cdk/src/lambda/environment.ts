import type { TableId } from '@bidgrid/shared/tables';
import type { TStageConfig } from '../config/stages';

/** The deployed resources the handlers' configuration names (tokens at synth time). */
export interface LambdaEnvironmentInput {
  readonly config: TStageConfig;
  readonly tableNames: Record<TableId, string>;
  readonly bucketName: string;
  /** The CloudFront domain creatives are read through (`d123.cloudfront.net`). */
  readonly creativeDomainName: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The WebSocket management endpoint, `https://{api}.execute-api.{region}.amazonaws.com/{stage}`. */
  readonly wsManagementEndpoint: string;
  /** Origins the REST replies allow (CloudFront first, then `extraWebOrigins`). */
  readonly webOrigins: readonly string[];
}

/**
 * The core variables of `lambdas/src/kernel/config.ts` (`coreConfig()`): all a Lambda that may not know the
 * rest gets. The user pool's trigger is one: the pool names the trigger, so the trigger's environment
 * cannot name the pool (CloudFormation would refuse the cycle), and it needs nothing more anyway.
 */
export function coreLambdaEnvironment(
  input: Pick<LambdaEnvironmentInput, 'config' | 'tableNames'>,
): Record<string, string> {
  const { config } = input;
  return {
    STAGE: config.stage,
    LOG_LEVEL: config.logLevel,
    TABLE_APP: input.tableNames.app,
    TABLE_REPORTS: input.tableNames.reports,
    TABLE_CONNECTIONS: input.tableNames.connections,
    SECRETS_SOURCE: 'ssm',
    SECRETS_PREFIX: config.secretsPrefix,
  };
}

/**
 * Every variable `lambdas/src/kernel/config.ts` reads, for a Lambda in the cloud. The cloud differs from
 * the local stack in three ways: no endpoint overrides (the SDKs reach AWS), `MAIL_MODE=ses`, and
 * secrets read from SSM SecureStrings under `SECRETS_PREFIX` instead of `SECRET_*` variables.
 * `AWS_REGION` is set by the Lambda runtime itself (a reserved name).
 */
export function lambdaEnvironment(input: LambdaEnvironmentInput): Record<string, string> {
  const { config } = input;
  return {
    ...coreLambdaEnvironment(input),
    CREATIVE_BUCKET: input.bucketName,
    CREATIVE_CDN_DOMAIN: input.creativeDomainName,
    COGNITO_USER_POOL_ID: input.userPoolId,
    COGNITO_CLIENT_ID: input.userPoolClientId,
    WS_MANAGEMENT_ENDPOINT: input.wsManagementEndpoint,
    CORS_ORIGIN: input.webOrigins.join(','),
    INTERNAL_USERS: config.internalUsers.join(','),
    BIDDER_BASE_URL: config.vendors.bidderBaseUrl,
    HUBSPOT_BASE_URL: config.vendors.hubspotBaseUrl,
    HUBSPOT_AUTHORIZE_URL: config.vendors.hubspotAuthorizeUrl,
    ...(config.vendors.hubspotAppId ? { HUBSPOT_APP_ID: config.vendors.hubspotAppId } : {}),
    STRIPE_API_URL: config.vendors.stripeApiUrl,
    COMPANY_MATCH_BASE_URL: config.vendors.companyMatchBaseUrl,
    MAIL_MODE: 'ses',
    MAIL_FROM: config.mail.from,
  };
}

/**
 * The SSM parameters an operator creates before the first deploy (docs/DEPLOY.md): the
 * same names the local stack passes as `SECRET_*` variables (cdk/local/gateway/lambda-env.ts),
 * as SecureStrings under the stage's prefix, encrypted with the stage's secrets key.
 */
export const SECRET_PARAMETER_NAMES = [
  'BIDDER_EMAIL',
  'BIDDER_PASSWORD',
  'BIDDER_HEM_SALT',
  'HUBSPOT_CLIENT_ID',
  'HUBSPOT_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'COMPANY_MATCH_API_KEY',
  'TOKEN_ENCRYPTION_KEY',
] as const;

/** A public (String) parameter the web's runtime config reads at deploy time. */
export const STRIPE_PUBLISHABLE_KEY_PARAMETER = 'STRIPE_PUBLISHABLE_KEY';
