import { afterEach, describe, expect, it } from 'vitest';
import { config, resetConfigForTests } from '@bidgrid/lambdas/kernel/config';
import { loadStageConfig } from '../config/stages';
import { lambdaEnvironment } from './environment';

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

describe('Lambda environment', () => {
  it.each(['dev', 'prod'] as const)('is exactly what lambdas/src/kernel/config.ts accepts in %s', (stage) => {
    // Prepare: deployed names stand in for the tokens CloudFormation fills in.
    const environment = lambdaEnvironment({
      config: loadStageConfig(stage),
      tableNames: { app: 'bidgrid-app', reports: 'bidgrid-reports', connections: 'bidgrid-connections' },
      bucketName: 'bidgrid-creatives',
      creativeDomainName: 'd222creatives.cloudfront.net',
      userPoolId: 'us-east-1_abc',
      userPoolClientId: 'client',
      wsManagementEndpoint: `https://abc123.execute-api.us-east-1.amazonaws.com/${stage}`,
      webOrigins: ['https://d111.cloudfront.net', 'http://localhost:5173'],
    });
    process.env = { AWS_REGION: 'us-east-1', ...environment };
    resetConfigForTests();

    // Act
    const parsed = config();

    // Assess
    expect(parsed.STAGE).toBe(stage);
    expect(parsed.MAIL_MODE).toBe('ses');
    expect(parsed.SECRETS_SOURCE).toBe('ssm');
    expect(parsed.SECRETS_PREFIX).toBe(`/bidgrid/${stage}`);
    expect(parsed.CORS_ORIGIN).toEqual(['https://d111.cloudfront.net', 'http://localhost:5173']);
    expect(parsed.INTERNAL_USERS).toEqual(['ops-admin']);
    expect(parsed.CREATIVE_CDN_DOMAIN).toBe('d222creatives.cloudfront.net');
    // Nothing local leaks into the cloud: no endpoint overrides, no outbox.
    expect(
      parsed.DYNAMODB_ENDPOINT ?? parsed.S3_ENDPOINT ?? parsed.COGNITO_ENDPOINT ?? parsed.MAIL_OUTBOX_URL,
    ).toBeUndefined();
  });
});
