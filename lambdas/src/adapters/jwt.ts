import { JwtVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { config } from '../kernel/config';
import { UnauthorizedError } from '../kernel/errors';

/** The texts API Gateway's Cognito authorizer answers with; the web client refreshes on the first. */
export const TOKEN_EXPIRED_MESSAGE = 'The incoming token has expired';
export const TOKEN_INVALID_MESSAGE = 'Unauthorized';

/** The claims of a verified Cognito access token that the app relies on (others are kept). */
export interface TAccessTokenClaims {
  sub: string;
  username: string;
  token_use: 'access';
  client_id: string;
  iss: string;
  exp: number;
  iat: number;
  scope?: string;
  'cognito:groups'?: string[];
  [claim: string]: unknown;
}

/**
 * A rejected token: 401 with API Gateway's wording. `expired` tells an expired token (the client
 * should refresh and retry) from every other failure.
 */
export class TokenVerificationError extends UnauthorizedError {
  readonly expired: boolean;

  constructor(expired: boolean, cause?: unknown) {
    const message = expired ? TOKEN_EXPIRED_MESSAGE : TOKEN_INVALID_MESSAGE;
    super(message, { internalMessage: message, cause });
    this.expired = expired;
  }
}

/**
 * JWKS fetcher on the global `fetch`: the library's default one refuses plain http, which is
 * what cognito-local serves. Used in the local stage only.
 */
export class FetchJwksFetcher implements Fetcher {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status} from ${uri}`);
    return response.arrayBuffer();
  }
}

/** What a verifier needs: the issuer (`iss`), where its keys are, and the app client id. */
export interface AccessTokenVerifierOptions {
  issuer: string;
  jwksUri: string;
  clientId: string;
  /** Overrides the JWKS download (local http issuer); the library's https fetcher otherwise. */
  fetcher?: Fetcher;
}

/** Verifies access tokens of one issuer; throws TokenVerificationError on any failure. */
export type AccessTokenVerifier = (token: string) => Promise<TAccessTokenClaims>;

/** Builds a verifier: RS256 signature against the issuer's JWKS, expiry, issuer, `token_use` and `client_id`. */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const verifier = JwtVerifier.create(
    {
      issuer: options.issuer,
      jwksUri: options.jwksUri,
      // Cognito access tokens carry no `aud`; the app client is in `client_id`, checked below.
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload['token_use'] !== 'access') throw new Error('Not an access token');
        if (payload['client_id'] !== options.clientId) throw new Error('Token of another app client');
        if (typeof payload['username'] !== 'string' || typeof payload.sub !== 'string') {
          throw new Error('Token without username or sub');
        }
      },
    },
    options.fetcher ? { jwksCache: new SimpleJwksCache({ fetcher: options.fetcher }) } : undefined,
  );
  return async (token) => {
    if (!token) throw new TokenVerificationError(false);
    let payload: JwtPayload;
    try {
      payload = await verifier.verify(token);
    } catch (error) {
      throw new TokenVerificationError(error instanceof JwtExpiredError, error);
    }
    return payload as TAccessTokenClaims;
  };
}

/**
 * Issuer of the configured pool. Locally it is cognito-local behind COGNITO_ENDPOINT (its static
 * signing key must never be trusted elsewhere, so only the local stage builds this issuer).
 */
export function configuredIssuer(): string {
  const cfg = config();
  if (cfg.STAGE === 'local') {
    if (!cfg.COGNITO_ENDPOINT) throw new Error('COGNITO_ENDPOINT is required in the local stage');
    return `${cfg.COGNITO_ENDPOINT.replace(/\/+$/, '')}/${cfg.COGNITO_USER_POOL_ID}`;
  }
  return `https://cognito-idp.${cfg.AWS_REGION}.amazonaws.com/${cfg.COGNITO_USER_POOL_ID}`;
}

let defaultVerifier: AccessTokenVerifier | undefined;

/**
 * Verifies a Cognito access token of the configured pool and app client and returns its claims.
 * Throws TokenVerificationError: message 'The incoming token has expired' for an expired token,
 * 'Unauthorized' for anything else. The WebSocket $connect handler and the local REST gateway
 * share this check, so both accept exactly the tokens API Gateway would.
 */
export async function verifyAccessToken(token: string): Promise<TAccessTokenClaims> {
  if (!defaultVerifier) {
    const cfg = config();
    const issuer = configuredIssuer();
    defaultVerifier = createAccessTokenVerifier({
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      clientId: cfg.COGNITO_CLIENT_ID,
      ...(cfg.STAGE === 'local' ? { fetcher: new FetchJwksFetcher() } : {}),
    });
  }
  return defaultVerifier(token);
}

/**
 * Claims as API Gateway's Cognito authorizer hands them to a Lambda (`requestContext.authorizer.claims`):
 * every value a string. The local gateway uses this to build the same event.
 */
export function toAuthorizerClaims(claims: TAccessTokenClaims): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    out[name] = Array.isArray(value)
      ? value.join(',')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return out;
}

/** Test helper: forget the verifier so a changed configuration is read again. */
export function resetAccessTokenVerifierForTests(): void {
  defaultVerifier = undefined;
}
