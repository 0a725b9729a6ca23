import { describe, expect, it } from 'vitest';
import { lambdaEnvironment, type LambdaEnvInput } from './lambda-env';

const input: LambdaEnvInput = {
  tables: { app: 'app', reports: 'reports', connections: 'connections' },
  dynamodbEndpoint: 'http://127.0.0.1:1',
  s3Endpoint: 'http://127.0.0.1:2',
  bucket: 'creatives',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  cognitoEndpoint: 'http://127.0.0.1:3',
  wsManagementUrl: 'http://127.0.0.1:4',
  simulators: {
    bidder: 'http://127.0.0.1:5',
    hubspot: 'http://127.0.0.1:6',
    stripe: 'http://127.0.0.1:7',
    companyMatch: 'http://127.0.0.1:8',
    mail: 'http://127.0.0.1:9',
  },
  verbose: false,
};

describe('the handlers’ environment on the local stack', () => {
  it('keeps the metrics’ EMF lines and debug logs off the console unless --verbose', () => {
    expect(lambdaEnvironment(input)).toMatchObject({ POWERTOOLS_METRICS_DISABLED: 'true', LOG_LEVEL: 'warn' });
    expect(lambdaEnvironment({ ...input, verbose: true })).toMatchObject({
      POWERTOOLS_METRICS_DISABLED: 'false',
      LOG_LEVEL: 'debug',
    });
  });
});
