import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { MIN_PASSWORD_LENGTH } from '@bidgrid/shared/constants';
import type { Logger } from '../support/logger';
import { paths } from '../support/paths';
import { HOST } from '../support/ports';
import { startProcess, type ManagedProcess } from '../support/processes';
import { waitUntil } from '../support/wait';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './dynamodb';

/** A code cognito-local "sent" (sign-up confirmation, forgotten password): it only prints them. */
export interface CodeDelivery {
  readonly username: string;
  readonly destination: string;
  readonly code: string;
}

/** ANSI colour codes (ESC [ ... m) of cognito-local's pretty log. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * Reads cognito-local's output line by line and calls `onDelivery` for each "Confirmation Code
 * Delivery" box it prints (colours and box borders removed).
 */
export function codeDeliveryReader(onDelivery: (delivery: CodeDelivery) => void): (line: string) => void {
  let fields: Record<string, string> | null = null;
  return (raw) => {
    const line = raw
      .replace(ANSI_COLOUR, '')
      .replace(/[│╭╮╰╯─]/g, '')
      .trim();
    if (line.includes('Confirmation Code Delivery')) {
      fields = {};
      return;
    }
    if (!fields) return;
    const field = /^(Username|Destination|Code):\s*(\S+)$/.exec(line);
    if (field) fields[field[1] as string] = field[2] as string;
    const { Username: username, Destination: destination, Code: code } = fields;
    if (username && destination && code) {
      fields = null;
      onDelivery({ username, destination, code });
    }
  };
}

export interface CognitoLocal {
  /** cognito-local itself (internal; clients use the shim). */
  readonly endpoint: string;
  readonly process: ManagedProcess;
}

/** Where cognito-local invokes the pool's triggers: a Lambda Invoke API endpoint and the function names. */
export interface CognitoTriggers {
  readonly lambdaEndpoint: string;
  /** Cognito trigger name (`PreSignUp`) -> function name on that endpoint. */
  readonly functions: Readonly<Record<string, string>>;
}

/**
 * cognito-local's `config.json`:
 * - `UserPoolDefaults.UsernameAttributes: []` because it otherwise insists usernames are e-mails
 *   ('Username should be an email' for `demo`), and CreateUserPool's own setting does not override it;
 * - `TokenConfig.IssuerDomain` = the shim's URL, so the `iss` claim names the endpoint clients use and
 *   the gateway's verifier (issuer = COGNITO_ENDPOINT + pool id) accepts it;
 * - `LambdaClient.endpoint` and `TriggerFunctions`: the pool's triggers, run by the local stack's
 *   Lambda endpoint with the handlers the cloud pool uses.
 */
export function cognitoLocalConfig(options: { port: number; issuerUrl: string; triggers?: CognitoTriggers }): object {
  return {
    UserPoolDefaults: { UsernameAttributes: [] },
    TokenConfig: { IssuerDomain: options.issuerUrl },
    ServerConfig: { hostname: HOST, port: options.port },
    ...(options.triggers
      ? {
          LambdaClient: {
            endpoint: options.triggers.lambdaEndpoint,
            region: LOCAL_REGION,
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          },
          TriggerFunctions: options.triggers.functions,
        }
      : {}),
  };
}

/**
 * Starts cognito-local as a child process with its working folder in the data dir (it keeps its
 * database in `./.cognito/db`). Its config (`cognitoLocalConfig`) is rewritten on every start.
 */
export function spawnCognitoLocal(
  options: {
    port: number;
    dataDir: string;
    issuerUrl: string;
    triggers?: CognitoTriggers;
    onCodeDelivery?: (delivery: CodeDelivery) => void;
  },
  logger: Logger,
): CognitoLocal {
  const configDir = join(options.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'config.json'), `${JSON.stringify(cognitoLocalConfig(options), null, 2)}\n`);
  const child = startProcess(
    'cognito-local',
    process.execPath,
    [join(paths.nodeModules, 'cognito-local/lib/bin/start.js')],
    {
      cwd: options.dataDir,
      env: { ...process.env, PORT: String(options.port), HOST, NODE_ENV: 'production' },
    },
    logger,
    options.onCodeDelivery ? codeDeliveryReader(options.onCodeDelivery) : undefined,
  );
  return { endpoint: `http://${HOST}:${options.port}`, process: child };
}

/** Waits for cognito-local's `/health`. */
export async function waitForCognito(cognito: CognitoLocal, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    async () => {
      try {
        const res = await fetch(`${cognito.endpoint}/health`);
        return res.ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    {
      timeoutMs,
      message: `cognito-local did not answer within ${timeoutMs / 1000} s at ${cognito.endpoint}`,
      abort: () =>
        cognito.process.hasExited()
          ? `cognito-local exited while starting:\n${cognito.process.outputTail()}`
          : undefined,
    },
  );
}

/** An admin client talking to cognito-local directly (setup and seeding). */
export function cognitoAdminClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

export interface PoolIds {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
}

/**
 * Returns the pool and app client remembered from an earlier start when they still exist, or
 * creates them: e-mail auto-verified (sign-up confirmation codes go to the e-mail attribute),
 * passwords of at least 8 characters, and an app client allowing USER_PASSWORD_AUTH (cognito-local
 * has no SRP; the cloud client allows the same flow) and REFRESH_TOKEN_AUTH.
 */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  remembered: Partial<PoolIds>,
  logger: Logger,
): Promise<PoolIds & { created: boolean }> {
  if (remembered.userPoolId && remembered.userPoolClientId) {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: remembered.userPoolId }));
      await client.send(
        new DescribeUserPoolClientCommand({ UserPoolId: remembered.userPoolId, ClientId: remembered.userPoolClientId }),
      );
      return { userPoolId: remembered.userPoolId, userPoolClientId: remembered.userPoolClientId, created: false };
    } catch {
      logger.warn('the remembered user pool is gone; creating a new one');
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'bidgrid-local',
      AutoVerifiedAttributes: ['email'],
      UsernameAttributes: [],
      Policies: {
        PasswordPolicy: {
          MinimumLength: MIN_PASSWORD_LENGTH,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local returned no user pool id');
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'bidgrid-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = appClient.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local returned no app client id');
  logger.debug(`created user pool ${userPoolId} and app client ${userPoolClientId}`);
  return { userPoolId, userPoolClientId, created: true };
}
