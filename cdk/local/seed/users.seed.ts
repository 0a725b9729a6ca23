import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_USERS } from './demo-world';
import type { SeedModule } from './seed-module';

/**
 * The Cognito users: AdminCreateUser (welcome message suppressed, e-mail verified), then
 * AdminSetUserPassword with `Permanent: true`, which cognito-local supports, so the first sign-in
 * is not asked for a new password. A user that already exists is left alone.
 */
export const usersSeed: SeedModule = {
  name: 'users',
  store: 'cognito',
  async run({ cognito, userPoolId, logger }) {
    for (const user of DEMO_USERS) {
      try {
        await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.username }));
        continue;
      } catch (error) {
        if (!(error instanceof UserNotFoundException)) throw error;
      }
      await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: user.username,
          TemporaryPassword: user.password,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: user.email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      await cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: user.username,
          Password: user.password,
          Permanent: true,
        }),
      );
      logger.debug(`seeded user ${user.username}`);
    }
  },
};
