import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../kernel/config';
import type { TDirectoryUser, UserDirectory } from '../domain/ports/user-directory.port';

let client: CognitoIdentityProviderClient | undefined;

/**
 * The user pool's admin client of this Lambda, created on first use. Locally it talks to the
 * cognito-local shim (COGNITO_ENDPOINT), which accepts any credentials; in the cloud the function's
 * role allows AdminGetUser on the stage's pool and nothing else.
 */
function cognito(): CognitoIdentityProviderClient {
  if (client) return client;
  const cfg = config();
  client = new CognitoIdentityProviderClient({
    region: cfg.AWS_REGION,
    ...(cfg.COGNITO_ENDPOINT
      ? { endpoint: cfg.COGNITO_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return client;
}

async function getUser(username: string): Promise<TDirectoryUser | null> {
  try {
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: config().COGNITO_USER_POOL_ID, Username: username }),
    );
    const email = user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
    return {
      username: (user.Username ?? username).toLowerCase(),
      email: email ? email.trim().toLowerCase() : null,
      status: user.UserStatus ?? 'UNKNOWN',
      createdAt: user.UserCreateDate ?? new Date(0),
    };
  } catch (error) {
    if (error instanceof UserNotFoundException) return null;
    throw error;
  }
}

/** The Cognito implementation of the user directory. */
export const cognitoUserDirectory: UserDirectory = { getUser };

/** Tests only: forget the client so a test with another configuration builds a fresh one. */
export function resetCognitoUsersForTests(): void {
  client = undefined;
}
