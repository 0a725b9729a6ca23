import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { agency, newId } from '@bidgrid/shared';
import { accessTokenFor, callOperation } from './api';
import { stackInfo } from './stack';

/**
 * The local user pool as tests need it: the confirmation codes cognito-local keeps in its database
 * (it "e-mails" them by printing), and users made the way an administrator would make them.
 */

interface PoolDatabase {
  Users?: Record<string, { ConfirmationCode?: string; UserStatus?: string }>;
}

/** cognito-local keeps each pool in `<dataDir>/.cognito/db/<poolId>.json`. */
function poolDatabaseFile(): string {
  const info = stackInfo();
  return join(info.dataDir, '.cognito', 'db', `${info.userPoolId}.json`);
}

/**
 * The code the pool last sent to a user (sign-up confirmation, resend, or password reset), or null when
 * there is none. The file is rewritten as the pool works; a half-written file reads as "no code yet",
 * so callers poll (`expect.poll`) instead of sleeping.
 */
export function storedConfirmationCode(username: string): string | null {
  try {
    const db = JSON.parse(readFileSync(poolDatabaseFile(), 'utf8')) as PoolDatabase;
    return db.Users?.[username]?.ConfirmationCode ?? null;
  } catch {
    return null;
  }
}

/** A unique, lower-case user name for one test (the pool and the agencies are shared by a whole run). */
export function uniqueUserName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

let admin: CognitoIdentityProviderClient | undefined;
function adminClient(): CognitoIdentityProviderClient {
  admin ??= new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: stackInfo().cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return admin;
}

/** AdminCreateUser with a temporary password: the first sign-in must choose a new one. */
export async function createUserWithTemporaryPassword(username: string, temporaryPassword: string): Promise<void> {
  await adminClient().send(
    new AdminCreateUserCommand({
      UserPoolId: stackInfo().userPoolId,
      Username: username,
      TemporaryPassword: temporaryPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: `${username}@example.com` },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/** A confirmed user with a permanent password and an e-mail address (so password reset can reach it). */
export async function createConfirmedUser(username: string, password: string): Promise<void> {
  await createUserWithTemporaryPassword(username, `${password}-temporary`);
  await adminClient().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: stackInfo().userPoolId,
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
}

/** Creates an agency for a user through `POST /public/agency/create`, as the allow-listed ops-admin. */
export async function createAgencyFor(username: string, name = `Agency of ${username}`): Promise<string> {
  const agencyId = newId('agency');
  const reply = await callOperation(agency.createAgency, {
    token: await accessTokenFor('ops-admin'),
    body: { agencyId, name, email: `${username}@example.com`, createdBy: username, users: [username] },
  });
  if (reply.status !== 200) throw new Error(`createAgency answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return agencyId;
}
