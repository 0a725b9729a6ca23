import type { LocalStackInfo } from '@bidgrid/local/info';
import { lambdaEnvironment } from '@bidgrid/local/gateway/lambda-env';

/**
 * Sets, in this process, the environment the local gateway gives its handlers, so a test or bench can
 * call lambdas code (repositories, seeds) directly against the running stack. Logs stay silent.
 */
export function applyLambdaEnvironment(info: LocalStackInfo): void {
  Object.assign(
    process.env,
    lambdaEnvironment({
      tables: info.tables,
      dynamodbEndpoint: info.dynamodbEndpoint,
      s3Endpoint: info.s3Endpoint,
      bucket: info.bucket,
      userPoolId: info.userPoolId,
      userPoolClientId: info.userPoolClientId,
      cognitoEndpoint: info.cognitoEndpoint,
      wsManagementUrl: info.wsManagementUrl,
      simulators: info.simulators,
      verbose: false,
    }),
    { LOG_LEVEL: 'silent' },
  );
}
