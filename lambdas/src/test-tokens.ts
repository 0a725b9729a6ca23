import { nowMs } from '@bidgrid/shared/clock';
import { generateKeyPairSync, sign } from 'node:crypto';

/** A signing key and its JWKS, standing in for a Cognito user pool in tests. */
export interface TestIssuer {
  issuer: string;
  jwks: { keys: Array<Record<string, unknown>> };
  /** Signs an RS256 JWT with this issuer's key; `claims` are merged over the defaults of an access token. */
  sign(claims?: Record<string, unknown>, options?: { kid?: string }): string;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** Creates a fresh RSA key pair and a signer for access tokens of `issuer` and `clientId`. */
export function createTestIssuer(issuer: string, clientId: string): TestIssuer {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  return {
    issuer,
    jwks: { keys: [jwk] },
    sign(claims = {}, options = {}) {
      const now = Math.floor(nowMs() / 1000);
      const payload = {
        sub: 'sub-demo',
        username: 'demo',
        token_use: 'access',
        client_id: clientId,
        scope: 'aws.cognito.signin.user.admin',
        iss: issuer,
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      const header = { alg: 'RS256', typ: 'JWT', kid: options.kid ?? kid };
      const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
      return `${signingInput}.${base64url(sign('RSA-SHA256', Buffer.from(signingInput), privateKey))}`;
    },
  };
}

/** A `fetch` stand-in that serves `jwks` at `${issuer}/.well-known/jwks.json` and 404 elsewhere. */
export function jwksFetch(testIssuer: TestIssuer): typeof fetch {
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === `${testIssuer.issuer}/.well-known/jwks.json`) {
      return new Response(JSON.stringify(testIssuer.jwks), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response('not found', { status: 404 });
  };
}
