import { nowMs } from '@bidgrid/shared/clock';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SIGN_UP_TICKET_METADATA_KEY } from '@bidgrid/shared/agency/agency.schema';
import { seedAgency } from '@bidgrid/local/seed/agencies.seed';
import { newId } from '@bidgrid/shared';
import { useLambdasOn } from './lambda-environment';
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
  return `${prefix}-${nowMs().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
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

/**
 * Creates an agency for a user made by an administrator (above), the way an operator would: the
 * seed's writer, straight into the stack's table. The API's `POST /public/agency/create` creates
 * agencies only for users its own sign-up registered (with a sign-up ticket), which these are not.
 */
export async function createAgencyFor(username: string, name = `Agency of ${username}`): Promise<string> {
  await useLambdasOn(stackInfo());
  const agencyId = newId('agency');
  await seedAgency({ agencyId, name, email: `${username}@example.com`, username });
  return agencyId;
}

/**
 * An agency of its own whose users are colleagues: confirmed users (password `password`), the first
 * the agency's creator, all mapped to it, written as an operator would (the sign-up API makes one user
 * an agency). For the rules that tell users of one agency apart, such as templates being per user.
 */
export async function createAgencyWithColleagues(usernames: readonly string[], password: string): Promise<string> {
  await useLambdasOn(stackInfo());
  for (const username of usernames) await createConfirmedUser(username, password);
  const agencyId = newId('agency');
  const [owner = '', ...colleagues] = usernames;
  const name = `Agency of ${owner}`;
  if (!(await seedAgency({ agencyId, name, email: `${owner}@example.com`, username: owner, colleagues }))) {
    throw new Error(`The agency of ${usernames.join(', ')} was not created: it exists already`);
  }
  return agencyId;
}

/**
 * Cognito's public SignUp call, as the browser (or anyone with the pool's public client id) makes it:
 * with a sign-up ticket in the client metadata, or without one. Rejects as Cognito does.
 */
export async function signUpUser(input: {
  username: string;
  email: string;
  password: string;
  signUpTicket?: string;
}): Promise<void> {
  await adminClient().send(
    new SignUpCommand({
      ClientId: stackInfo().userPoolClientId,
      Username: input.username,
      Password: input.password,
      UserAttributes: [{ Name: 'email', Value: input.email }],
      ...(input.signUpTicket ? { ClientMetadata: { [SIGN_UP_TICKET_METADATA_KEY]: input.signUpTicket } } : {}),
    }),
  );
}

/** Confirms a signed-up user as an administrator would (instead of the e-mailed code). */
export async function confirmUser(username: string): Promise<void> {
  await adminClient().send(new AdminConfirmSignUpCommand({ UserPoolId: stackInfo().userPoolId, Username: username }));
}

/** Deletes a user from the pool. */
export async function deleteUser(username: string): Promise<void> {
  await adminClient().send(new AdminDeleteUserCommand({ UserPoolId: stackInfo().userPoolId, Username: username }));
}
