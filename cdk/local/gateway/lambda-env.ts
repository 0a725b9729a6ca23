import type { TableId } from '@bidgrid/shared/tables';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../emulators/dynamodb';

/**
 * Credentials the vendor simulators accept, handed to the handlers as `SECRET_*` variables
 * (`SECRETS_SOURCE=env`). In the cloud the same names are SSM SecureString parameters under
 * SECRETS_PREFIX (`/bidgrid/BIDDER_PASSWORD`, ...). Local values are not secret.
 */
export const SIMULATOR_SECRETS = {
  BIDDER_EMAIL: 'api@bidgrid.local',
  BIDDER_PASSWORD: 'bidder-local-password',
  BIDDER_HEM_SALT: 'bidder-local-hem-salt',
  HUBSPOT_CLIENT_ID: 'bidgrid-local-hubspot-client',
  HUBSPOT_CLIENT_SECRET: 'bidgrid-local-hubspot-secret',
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local',
  COMPANY_MATCH_API_KEY: 'company-match-local-key',
  /** 32 bytes, base64: encrypts CRM tokens at rest locally (KMS in the cloud). */
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 'bidgrid-local-token-key').toString('base64'),
} as const;

/** The app id the HubSpot simulator gives our app (its `APP_ID`): card calls naming another app answer 401. */
export const LOCAL_HUBSPOT_APP_ID = '1234567';

/** The simulated bidder account's buzz key (names its session cookie and its conversion tags). */
export const BIDDER_BUZZ_KEY = 'bidgridlocal';

/** Allow-listed internal user names locally (the spec's five are configured per stage). */
export const LOCAL_INTERNAL_USERS = ['ops-admin'] as const;

/** What the handlers need to know about the running stack. */
export interface LambdaEnvInput {
  readonly tables: Record<TableId, string>;
  readonly dynamodbEndpoint: string;
  readonly s3Endpoint: string;
  readonly bucket: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly cognitoEndpoint: string;
  readonly wsManagementUrl: string;
  readonly simulators: { bidder: string; hubspot: string; stripe: string; companyMatch: string; mail: string };
  readonly verbose: boolean;
  /** The web app's origin, where HubSpot returns the browser (`{webUrl}/advertisers`); null without a web app. */
  readonly webUrl?: string | null;
}

/**
 * Every variable `lambdas/src/kernel/config.ts` reads, for handlers running in-process. The stack puts
 * them on `process.env` before it imports any handler or repository (config() parses once), so
 * one process hosts one stack.
 */
export function lambdaEnvironment(input: LambdaEnvInput): Record<string, string> {
  const secrets = Object.fromEntries(Object.entries(SIMULATOR_SECRETS).map(([k, v]) => [`SECRET_${k}`, v]));
  return {
    STAGE: 'local',
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    // The SDK's default chain reads these; s3rver accepts only this pair, DynamoDB Local anything.
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    LOG_LEVEL: input.verbose ? 'debug' : 'warn',
    // The metrics' EMF lines (one JSON blob per figure, a minute's job runs included) are CloudWatch's
    // input, not a reader's: the console shows them only with --verbose.
    POWERTOOLS_METRICS_DISABLED: input.verbose ? 'false' : 'true',
    TABLE_APP: input.tables.app,
    TABLE_REPORTS: input.tables.reports,
    TABLE_CONNECTIONS: input.tables.connections,
    DYNAMODB_ENDPOINT: input.dynamodbEndpoint,
    S3_ENDPOINT: input.s3Endpoint,
    CREATIVE_BUCKET: input.bucket,
    COGNITO_USER_POOL_ID: input.userPoolId,
    COGNITO_CLIENT_ID: input.userPoolClientId,
    COGNITO_ENDPOINT: input.cognitoEndpoint,
    WS_MANAGEMENT_ENDPOINT: input.wsManagementUrl,
    INTERNAL_USERS: LOCAL_INTERNAL_USERS.join(','),
    BIDDER_BASE_URL: input.simulators.bidder,
    BIDDER_BUZZ_KEY,
    HUBSPOT_BASE_URL: input.simulators.hubspot,
    HUBSPOT_AUTHORIZE_URL: `${input.simulators.hubspot}/oauth/authorize`,
    ...(input.webUrl ? { HUBSPOT_REDIRECT_URI: `${input.webUrl}/advertisers`, WEB_APP_URL: input.webUrl } : {}),
    HUBSPOT_APP_ID: LOCAL_HUBSPOT_APP_ID,
    STRIPE_API_URL: input.simulators.stripe,
    COMPANY_MATCH_BASE_URL: input.simulators.companyMatch,
    MAIL_MODE: 'outbox',
    MAIL_OUTBOX_URL: `${input.simulators.mail}/outbox`,
    MAIL_FROM: 'billing@bidgrid.local',
    SECRETS_SOURCE: 'env',
    SECRETS_PREFIX: '/bidgrid',
    ...secrets,
  };
}
