import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Logger } from '../support/logger';

/** What a seed module may use. Repositories are imported inside `run` (they read config()). */
export interface SeedContext {
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
  readonly logger: Logger;
}

/**
 * One piece of the demo world. It runs once per data folder: the runner records its name in
 * `seed-state.json` and skips it on later starts, unless the store it writes to (`store`) was
 * created afresh on this start (a deleted DynamoDB folder, a new user pool), then it runs again.
 */
export interface SeedModule {
  readonly name: string;
  readonly store: 'cognito' | 'dynamodb';
  run(context: SeedContext): Promise<void>;
}
