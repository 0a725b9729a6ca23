import type { TokenVerifier } from './rest';

/**
 * The local stand-in for API Gateway's Cognito authorizer, built on the handlers' own verifier
 * (`verifyAccessToken`, exported for the local stack by `lambdas/src/authorizer.ts`) so the gateway and the WebSocket
 * `$connect` handler accept exactly the same tokens. Imported lazily: the verifier reads config(),
 * which must see the stack's environment first.
 */
export async function loadCognitoAuthorizer(): Promise<TokenVerifier> {
  const jwt = await import('@bidgrid/lambdas/authorizer');
  return async (token) => {
    try {
      const claims = await jwt.verifyAccessToken(token);
      return { ok: true, claims: jwt.toAuthorizerClaims(claims) };
    } catch (error) {
      if (error instanceof jwt.TokenVerificationError)
        return { ok: false, reason: error.expired ? 'expired' : 'invalid' };
      throw error;
    }
  };
}
