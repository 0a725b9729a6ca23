import { setEnvironmentForTests } from './kernel/config';

/**
 * Environment of the unit tests: import this first in every lambdas test. It sets what `config()`
 * requires (local stage, fake endpoints nobody calls: the SDK clients are mocked) and silences logs.
 */
const TEST_ENV: Record<string, string> = {
  STAGE: 'local',
  AWS_REGION: 'us-east-1',
  LOG_LEVEL: 'silent',
  TABLE_APP: 'bidgrid-test-app',
  TABLE_REPORTS: 'bidgrid-test-reports',
  TABLE_CONNECTIONS: 'bidgrid-test-connections',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:1',
  S3_ENDPOINT: 'http://127.0.0.1:1',
  CREATIVE_BUCKET: 'bidgrid-test-creatives',
  COGNITO_USER_POOL_ID: 'local_testpool',
  COGNITO_CLIENT_ID: 'test-client',
  COGNITO_ENDPOINT: 'http://127.0.0.1:1',
  WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:1/local',
  INTERNAL_USERS: 'ops-admin,Second-Admin',
  BIDDER_BASE_URL: 'http://127.0.0.1:1/bidder',
  BIDDER_BUZZ_KEY: 'bidgridtest',
  HUBSPOT_BASE_URL: 'http://127.0.0.1:1/crm',
  HUBSPOT_AUTHORIZE_URL: 'http://127.0.0.1:1/crm/oauth/authorize',
  STRIPE_API_URL: 'http://127.0.0.1:1/payments',
  COMPANY_MATCH_BASE_URL: 'http://127.0.0.1:1/company-match',
  MAIL_MODE: 'outbox',
  MAIL_OUTBOX_URL: 'http://127.0.0.1:1/mail',
  SECRETS_SOURCE: 'env',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
};

setEnvironmentForTests(TEST_ENV);
