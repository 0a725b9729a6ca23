import { nowMs } from '@bidgrid/shared/clock';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** cognito-local signs every token with this static key (TOOLCHAIN.md): tests use it to forge expiry. */
const cognitoLocalKey = (require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem;

/** A key nobody trusts, for "signed by another key" cases. */
const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
}) as string;

const b64url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

/** Decodes a JWT's claims without verifying it (tests only). */
export function decodeClaims(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  if (!payload) throw new Error('Not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Signs RS256 claims with the local pool's key (`'local'`) or an untrusted one (`'foreign'`). */
export function signJwt(claims: Record<string, unknown>, key: 'local' | 'foreign'): string {
  const header = { alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' };
  const unsigned = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(key === 'local' ? cognitoLocalKey : foreignKey);
  return `${unsigned}.${b64url(signature)}`;
}

/** The same token, expired an hour ago but otherwise valid and correctly signed. */
export function expiredCopy(token: string): string {
  const claims = decodeClaims(token);
  const now = Math.floor(nowMs() / 1000);
  return signJwt({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }, 'local');
}

/** The same claims, still valid in time, signed by a key the pool never issued. */
export function foreignCopy(token: string): string {
  return signJwt(decodeClaims(token), 'foreign');
}
