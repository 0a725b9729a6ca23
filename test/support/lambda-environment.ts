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

/** The stack this process's lambdas modules were last pointed at. */
let current: string | undefined;

/**
 * Points this process's lambdas modules at `info`'s stack: its environment, and fresh clients when an
 * earlier call pointed them at another stack (a bench starts one per section; the modules cache their
 * configuration and clients on first use). Calling it again for the same stack changes nothing.
 */
export async function useLambdasOn(info: LocalStackInfo): Promise<void> {
  const identity = JSON.stringify([info.dynamodbEndpoint, info.s3Endpoint, info.tables, info.simulators]);
  if (identity === current) return;
  applyLambdaEnvironment(info);
  const [
    { resetConfigForTests },
    { resetDynamoDbForTests },
    { resetCreativeStorageForTests },
    { resetBidderClientForTests },
  ] = await Promise.all([
    import('@bidgrid/lambdas/kernel/config'),
    import('@bidgrid/lambdas/adapters/dynamodb'),
    import('@bidgrid/lambdas/adapters/creative-storage'),
    import('@bidgrid/lambdas/adapters/bidder/bidder-client'),
  ]);
  resetConfigForTests();
  resetDynamoDbForTests();
  resetCreativeStorageForTests();
  resetBidderClientForTests();
  current = identity;
}
