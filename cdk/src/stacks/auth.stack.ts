import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { MIN_PASSWORD_LENGTH } from '@bidgrid/shared/constants';
import { SIGN_UP_TICKET_KEY_PREFIX } from '@bidgrid/shared/tables';
import { userPoolTriggers } from '@bidgrid/lambdas/manifest';
import type { TStageConfig } from '../config/stages';
import { resourcePrefix } from '../config/stages';
import { AppFunction } from '../lambda/app-function.construct';
import { triggerEntry } from '../lambda/entries';
import { acknowledge } from '../nag';

/** Props of {@link AuthStack}. */
export interface AuthStackProps extends StackProps {
  readonly config: TStageConfig;
  /** The app table, where the PreSignUp trigger uses up sign-up tickets (from the data stack). */
  readonly appTable: dynamodb.ITable;
  /** The core configuration of the trigger (`coreLambdaEnvironment`): nothing that names this pool. */
  readonly triggerEnvironment: Record<string, string>;
}

/**
 * Identity (state): the Cognito user pool agency staff sign in to, the SPA's app client, and the
 * pool's PreSignUp trigger. Usernames sign in (the spec's login form asks for a username), e-mail is
 * a required, verified attribute (sign-up sends a confirmation code), and the client allows
 * USER_PASSWORD_AUTH because the web signs in with it everywhere (cognito-local has no SRP) plus
 * refresh tokens. SignUp stays open (the spec's /bgsignup page calls it from the browser, then the
 * confirmation step), but the trigger refuses every sign-up without a sign-up ticket, which the API
 * issues to the allow-listed internal users only.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  /** The trigger functions, by Cognito trigger name. */
  readonly triggers: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    const triggers = new Map<string, AppFunction>();
    for (const trigger of userPoolTriggers) {
      const fn = new AppFunction(this, trigger.trigger, {
        entry: triggerEntry(trigger.handlerFile),
        environment: props.triggerEnvironment,
        // Cognito waits 5 s for a trigger.
        timeout: Duration.seconds(5),
        memorySize: config.lambda.memoryMb,
        logRetentionDays: config.logRetentionDays,
        description: `User pool ${trigger.trigger} trigger: only sign-ups with a sign-up ticket pass`,
      });
      triggers.set(trigger.trigger, fn);
    }
    this.triggers = triggers;
    const preSignUp = triggers.get('PreSignUp');
    if (!preSignUp) throw new Error('The user pool needs its PreSignUp trigger');
    // One action on one kind of item: the trigger moves a ticket from issued to signed-up, nothing else.
    preSignUp.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.appTable.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${SIGN_UP_TICKET_KEY_PREFIX}*`] } },
      }),
    );

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${resourcePrefix(config)}-users`,
      // The sign-up page (allow-listed internal users) calls SignUp with a sign-up ticket, then the
      // confirmation code step; the PreSignUp trigger refuses SignUp calls without a valid ticket.
      selfSignUpEnabled: true,
      lambdaTriggers: { preSignUp: preSignUp.function },
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
