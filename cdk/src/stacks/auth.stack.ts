import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { MIN_PASSWORD_LENGTH } from '@bidgrid/shared/constants';
import type { TStageConfig } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import { acknowledge } from '../nag';

/** Props of {@link AuthStack}. */
export interface AuthStackProps extends StackProps {
  readonly config: TStageConfig;
}

/**
 * Identity (state): the Cognito user pool agency staff sign in to and the SPA's app client.
 * Usernames sign in (the spec's login form asks for a username), e-mail is a required, verified
 * attribute (sign-up sends a confirmation code), and the client allows USER_PASSWORD_AUTH because
 * the web signs in with it everywhere (cognito-local has no SRP) plus refresh tokens.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${resourcePrefix(config)}-users`,
      // The sign-up page (allow-listed internal users) calls SignUp, then the confirmation code step.
      selfSignUpEnabled: true,
      signInAliases: { username: true },
      // Agency users are stored lower-cased; `Demo` and `demo` must be the same person.
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        // The spec's forms ask for 8 characters at least; Cognito also requires the four classes,
        // and its message is shown after the spec's prefix ('There was an error ...: {message}').
        minLength: MIN_PASSWORD_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: config.retainData,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.userPool,
      'COG2',
      'The spec signs in with username and password only (no second factor in its screens); MFA can be turned on later without a data migration.',
    );
    acknowledge(
      this.userPool,
      'COG8',
      'Threat protection needs the Cognito Plus plan (priced per user); accounts are created only for allow-listed agencies and the API is throttled. Revisit with traffic.',
    );

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${resourcePrefix(config)}-web`,
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      // Amplify signs in through the Cognito API, never the hosted UI: no OAuth flows or callback URLs.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      authSessionValidity: Duration.minutes(5),
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
  }
}
