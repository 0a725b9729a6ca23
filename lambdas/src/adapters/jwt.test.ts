import { nowMs } from '@bidgrid/shared/clock';
import '../test-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestIssuer, jwksFetch } from '../test-tokens';
import {
  FetchJwksFetcher,
  TOKEN_EXPIRED_MESSAGE,
  TOKEN_INVALID_MESSAGE,
  TokenVerificationError,
  configuredIssuer,
  createAccessTokenVerifier,
  resetAccessTokenVerifierForTests,
  toAuthorizerClaims,
  verifyAccessToken,
} from './jwt';

// test-env: COGNITO_ENDPOINT http://127.0.0.1:1, pool local_testpool, client test-client.
const localIssuer = createTestIssuer('http://127.0.0.1:1/local_testpool', 'test-client');

beforeEach(() => {
  resetAccessTokenVerifierForTests();
  vi.stubGlobal('fetch', jwksFetch(localIssuer));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function rejection(promise: Promise<unknown>): Promise<TokenVerificationError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenVerificationError);
  return error as TokenVerificationError;
}

describe('verifyAccessToken (local stage)', () => {
  it('uses the cognito-local issuer of the configuration', () => {
    expect(configuredIssuer()).toBe('http://127.0.0.1:1/local_testpool');
  });

  it('returns the claims of a valid access token, keys fetched over http', async () => {
    // Act
    const claims = await verifyAccessToken(localIssuer.sign({ username: 'demo' }));

    // Assess
    expect(claims).toMatchObject({ username: 'demo', token_use: 'access', client_id: 'test-client', sub: 'sub-demo' });
  });

  it("says 'The incoming token has expired' for an expired token", async () => {
    // Prepare
    const past = Math.floor(nowMs() / 1000) - 7200;

    // Act
    const error = await rejection(verifyAccessToken(localIssuer.sign({ iat: past, exp: past + 3600 })));

    // Assess
    expect(error.expired).toBe(true);
    expect(error.message).toBe(TOKEN_EXPIRED_MESSAGE);
    expect(error.status).toBe(401);
  });

  it.each([
    ['an ID token', { token_use: 'id' }],
    ['a token of another app client', { client_id: 'other-client' }],
    ['a token of another issuer', { iss: 'http://127.0.0.1:1/other_pool' }],
  ])("says 'Unauthorized' for %s", async (_case, claims) => {
    // Act
    const error = await rejection(verifyAccessToken(localIssuer.sign(claims)));

    // Assess
    expect(error.expired).toBe(false);
    expect(error.message).toBe(TOKEN_INVALID_MESSAGE);
  });

  it("says 'Unauthorized' for a token signed by another key, garbage or nothing", async () => {
    // Prepare
    const forger = createTestIssuer(localIssuer.issuer, 'test-client');

    // Act + Assess
    expect((await rejection(verifyAccessToken(forger.sign()))).message).toBe(TOKEN_INVALID_MESSAGE);
    expect((await rejection(verifyAccessToken('not-a-jwt'))).message).toBe(TOKEN_INVALID_MESSAGE);
    expect((await rejection(verifyAccessToken(''))).message).toBe(TOKEN_INVALID_MESSAGE);
  });
});

describe('createAccessTokenVerifier', () => {
  it('checks tokens of the given issuer with the given fetcher', async () => {
    // Prepare
    const cloud = createTestIssuer('https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc', 'web-client');
    vi.stubGlobal('fetch', jwksFetch(cloud));
    const verify = createAccessTokenVerifier({
      issuer: cloud.issuer,
      jwksUri: `${cloud.issuer}/.well-known/jwks.json`,
      clientId: 'web-client',
      fetcher: new FetchJwksFetcher(),
    });

    // Act
    const claims = await verify(cloud.sign({ username: 'ops-admin' }));

    // Assess
    expect(claims.username).toBe('ops-admin');
  });
});

describe('toAuthorizerClaims', () => {
  it('turns every claim into a string, as the API Gateway authorizer does', () => {
    expect(
      toAuthorizerClaims({
        sub: 's',
        username: 'demo',
        token_use: 'access',
        client_id: 'c',
        iss: 'i',
        exp: 2,
        iat: 1,
        'cognito:groups': ['a', 'b'],
      }),
    ).toEqual({
      sub: 's',
      username: 'demo',
      token_use: 'access',
      client_id: 'c',
      iss: 'i',
      exp: '2',
      iat: '1',
      'cognito:groups': 'a,b',
    });
  });
});
