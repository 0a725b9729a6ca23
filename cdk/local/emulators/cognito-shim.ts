import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../support/logger';
import { readBody } from '../support/http';

const AMZ_JSON = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** CORS headers every reply carries: the SPA calls the shim from another loopback port. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
} as const;

/** Headers that describe one hop and must not be copied to the next. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'content-encoding',
  'upgrade',
  'accept-encoding',
]);

/** A request rewritten for cognito-local, or a reply the shim gives itself. */
export type ShimAction =
  | { kind: 'forward'; target: string | undefined; body: Buffer; mapReply?: (status: number, body: string) => string }
  | { kind: 'answer'; status: number; body: unknown };

/**
 * Decides what to do with one Cognito API call (cognito-local's gaps, TOOLCHAIN.md):
 * - `GetTokensFromRefreshToken` (Amplify 6.22 refreshes with it; cognito-local lacks it) becomes
 *   InitiateAuth REFRESH_TOKEN_AUTH, and the reply keeps only `AuthenticationResult` as the real
 *   operation's reply does. cognito-local returns no new refresh token, so Amplify keeps the old one.
 * - `GlobalSignOut` (cognito-local answers 500) is answered `{}`; local tokens simply expire.
 * - InitiateAuth's wrong-password error is `InvalidPasswordException` in cognito-local but
 *   `NotAuthorizedException: Incorrect username or password.` in Cognito; the shim answers like
 *   Cognito so the login form shows the real message.
 * - `ResendConfirmationCode` (cognito-local lacks it) is forwarded as ForgotPassword, which takes the same
 *   input, answers the same `CodeDeliveryDetails`, and stores and prints a fresh code that ConfirmSignUp
 *   then accepts: the sign-up page's "resend code" works locally.
 * - user names are lower-cased on every call (`lowerCaseUserNames`): cognito-local compares them as
 *   written, the cloud pool case-insensitively (`signInCaseSensitive: false`), so `SECPROBE-X` and
 *   `secprobe-x` are one user locally too, as the sign-up tickets, agencies and tokens take them.
 * - everything else passes through unchanged.
 */
export function planRequest(target: string | undefined, original: Buffer): ShimAction {
  const operation = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
  const body = lowerCaseUserNames(original);
  if (operation === 'GlobalSignOut') return { kind: 'answer', status: 200, body: {} };
  if (operation === 'GetTokensFromRefreshToken') {
    const input = parseJson(body) as {
      ClientId?: string;
      RefreshToken?: string;
      DeviceKey?: string;
      ClientMetadata?: Record<string, string>;
    };
    const rewritten = {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: input.ClientId,
      AuthParameters: {
        REFRESH_TOKEN: input.RefreshToken,
        ...(input.DeviceKey ? { DEVICE_KEY: input.DeviceKey } : {}),
      },
      ...(input.ClientMetadata ? { ClientMetadata: input.ClientMetadata } : {}),
    };
    return {
      kind: 'forward',
      target: `${TARGET_PREFIX}InitiateAuth`,
      body: Buffer.from(JSON.stringify(rewritten)),
      mapReply: (status, text) => {
        if (status !== 200) return text;
        const reply = parseJson(Buffer.from(text)) as { AuthenticationResult?: unknown };
        return JSON.stringify({ AuthenticationResult: reply.AuthenticationResult });
      },
    };
  }
  if (operation === 'ResendConfirmationCode')
    return { kind: 'forward', target: `${TARGET_PREFIX}ForgotPassword`, body };
  if (operation === 'InitiateAuth') {
    return {
      kind: 'forward',
      target,
      body,
      mapReply: (status, text) => {
        if (status !== 400) return text;
        const reply = parseJson(Buffer.from(text)) as { __type?: string };
        if (reply.__type !== 'InvalidPasswordException') return text;
        return JSON.stringify({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
      },
    };
  }
  return { kind: 'forward', target, body };
}

/**
 * The request with its user names lower-cased: `Username` (SignUp, ConfirmSignUp, ForgotPassword, the
 * Admin* calls...) and `USERNAME` in `AuthParameters` (InitiateAuth) and `ChallengeResponses`
 * (RespondToAuthChallenge). A request naming none, or only lower-case ones, is passed on as it came.
 */
export function lowerCaseUserNames(body: Buffer): Buffer {
  const input = parseJson(body) as Record<string, unknown>;
  let changed = false;
  const lower = (holder: unknown, key: string): void => {
    if (!holder || typeof holder !== 'object') return;
    const record = holder as Record<string, unknown>;
    const value = record[key];
    if (typeof value === 'string' && value !== value.toLowerCase()) {
      record[key] = value.toLowerCase();
      changed = true;
    }
  };
  lower(input, 'Username');
  lower(input['AuthParameters'], 'USERNAME');
  lower(input['ChallengeResponses'], 'USERNAME');
  return changed ? Buffer.from(JSON.stringify(input)) : body;
}

function parseJson(body: Buffer): unknown {
  try {
    return body.length ? JSON.parse(body.toString('utf8')) : {};
  } catch {
    return {};
  }
}

/**
 * The Cognito endpoint clients use (the SPA through Amplify's `userPoolEndpoint`, tests, the
 * gateway's JWKS look-up): forwards every request to cognito-local, with the rewrites of
 * `planRequest`, CORS for the browser, and an OpenID configuration naming the shim's own URLs.
 */
export function createCognitoShim(options: { upstream: () => string; logger: Logger }): Server {
  return createServer((req, res) => {
    handle(req, res, options.upstream()).catch((error: unknown) => {
      options.logger.error(`cognito shim ${req.method} ${req.url}`, error);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': AMZ_JSON, ...CORS_HEADERS });
        res.end(JSON.stringify({ __type: 'InternalErrorException', message: 'cognito-local is not reachable' }));
      }
    });
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, upstream: string): Promise<void> {
  const url = req.url ?? '/';
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      ...CORS_HEADERS,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers':
        req.headers['access-control-request-headers'] ??
        'content-type, x-amz-target, x-amz-user-agent, amz-sdk-invocation-id, amz-sdk-request, authorization, cache-control',
      'access-control-max-age': '600',
    });
    res.end();
    return;
  }

  const openId = /^\/([\w-]+_[\w-]+)\/\.well-known\/openid-configuration$/.exec(url);
  if (req.method === 'GET' && openId) {
    // cognito-local hard-codes localhost:9229 here; name the URLs clients actually reach.
    const base = `http://${req.headers.host ?? '127.0.0.1'}/${openId[1]}`;
    res.writeHead(200, { 'content-type': 'application/json', ...CORS_HEADERS });
    res.end(
      JSON.stringify({
        issuer: base,
        jwks_uri: `${base}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
    return;
  }

  const body = await readBody(req);
  const targetHeader = req.headers['x-amz-target'];
  const target = Array.isArray(targetHeader) ? targetHeader[0] : targetHeader;
  const action: ShimAction = req.method === 'POST' ? planRequest(target, body) : { kind: 'forward', target, body };

  if (action.kind === 'answer') {
    res.writeHead(action.status, { 'content-type': AMZ_JSON, ...CORS_HEADERS });
    res.end(JSON.stringify(action.body));
    return;
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (action.target) headers['x-amz-target'] = action.target;
  const reply = await fetch(`${upstream}${url}`, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : action.body,
  });
  const text = await reply.text();
  const out = action.mapReply ? action.mapReply(reply.status, text) : text;
  const replyHeaders: Record<string, string> = {};
  reply.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name) && !name.startsWith('access-control-')) replyHeaders[name] = value;
  });
  res.writeHead(reply.status, { ...replyHeaders, ...CORS_HEADERS, 'content-length': String(Buffer.byteLength(out)) });
  res.end(out);
}
