/**
 * The check API Gateway's Cognito authorizer makes in the cloud, as functions: the local gateway
 * (`cdk/local/gateway/cognito-authorizer.ts`) stands in for that authorizer with them, so the local
 * REST gateway, the WebSocket `$connect` handler and the cloud accept exactly the same tokens.
 * Exported on purpose for the local stack, which may not import adapters directly (lint).
 */
export { TokenVerificationError, toAuthorizerClaims, verifyAccessToken } from './adapters/jwt';
