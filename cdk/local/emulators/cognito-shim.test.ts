import { createServer, type Server } from 'node:http';
import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readBody } from '../support/http';
import { createLogger } from '../support/logger';
import { listen } from '../support/ports';
import { createCognitoShim, planRequest } from './cognito-shim';

interface Seen {
  method: string;
  url: string;
  target: string | undefined;
  body: Record<string, unknown>;
}

/** A fake cognito-local: records requests and answers like it. */
function fakeUpstream(seen: Seen[]): Server {
  return createServer((req, res) => {
    void readBody(req).then((raw) => {
      const target = req.headers['x-amz-target'] as string | undefined;
      const body = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
      seen.push({ method: req.method ?? '', url: req.url ?? '', target, body });
      const reply = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'access-control-allow-origin': 'x' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET') return reply(200, { keys: [{ kid: 'CognitoLocal' }] });
      const params = body.AuthParameters as Record<string, string> | undefined;
      if (target?.endsWith('InitiateAuth') && params?.PASSWORD === 'wrong') {
        return reply(400, { __type: 'InvalidPasswordException', message: 'Invalid password' });
      }
      if (target?.endsWith('InitiateAuth') && params?.REFRESH_TOKEN === 'unknown') {
        return reply(400, { __type: 'NotAuthorizedException', message: 'Invalid refresh token' });
      }
      if (target?.endsWith('InitiateAuth')) {
        return reply(200, {
          ChallengeParameters: {},
          AuthenticationResult: { AccessToken: 'a.b.c', IdToken: 'i.d.t', ExpiresIn: 3600, TokenType: 'Bearer' },
        });
      }
      reply(500, { __type: 'CognitoLocal#Unsupported', message: `unsupported ${target}` });
    });
  });
}

describe('planRequest', () => {
  it('answers GlobalSignOut itself', () => {
    expect(planRequest('AWSCognitoIdentityProviderService.GlobalSignOut', Buffer.from('{}'))).toEqual({
      kind: 'answer',
      status: 200,
      body: {},
    });
  });

  it('sends ResendConfirmationCode to ForgotPassword, which cognito-local has', () => {
    const body = Buffer.from('{"ClientId":"c","Username":"new-user"}');
    expect(planRequest('AWSCognitoIdentityProviderService.ResendConfirmationCode', body)).toEqual({
      kind: 'forward',
      target: 'AWSCognitoIdentityProviderService.ForgotPassword',
      body,
    });
  });

  it('lower-cases the user names of every call, as the cloud pool compares them (case-insensitive)', () => {
    // Prepare
    const forwarded = (operation: string, input: unknown) => {
      const action = planRequest(`AWSCognitoIdentityProviderService.${operation}`, Buffer.from(JSON.stringify(input)));
      return action.kind === 'forward' ? (JSON.parse(action.body.toString('utf8')) as Record<string, unknown>) : null;
    };

    // Act + Assess
    expect(forwarded('SignUp', { ClientId: 'c', Username: 'SECPROBE-X', Password: 'P' })).toEqual({
      ClientId: 'c',
      Username: 'secprobe-x',
      Password: 'P',
    });
    expect(
      forwarded('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'Demo', PASSWORD: 'Pw' },
      }),
    ).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'demo', PASSWORD: 'Pw' },
    });
    expect(
      forwarded('RespondToAuthChallenge', { ChallengeResponses: { USERNAME: 'Demo', NEW_PASSWORD: 'Pw' } }),
    ).toEqual({
      ChallengeResponses: { USERNAME: 'demo', NEW_PASSWORD: 'Pw' },
    });
    expect(forwarded('AdminGetUser', { UserPoolId: 'p', Username: 'SecProbe-X' })).toEqual({
      UserPoolId: 'p',
      Username: 'secprobe-x',
    });
    // The password keeps its case; a lower-case name leaves the body as it came.
    const lower = Buffer.from('{"Username":"demo","Password":"Demo-pass-1"}');
    expect(planRequest('AWSCognitoIdentityProviderService.ConfirmSignUp', lower)).toMatchObject({ body: lower });
  });

  it('passes other operations through untouched', () => {
    const body = Buffer.from('{"x":1}');
    expect(planRequest('AWSCognitoIdentityProviderService.SignUp', body)).toEqual({
      kind: 'forward',
      target: 'AWSCognitoIdentityProviderService.SignUp',
      body,
    });
  });
});

describe('Cognito shim', () => {
  const seen: Seen[] = [];
  let upstream: Server;
  let shim: Server;
  let endpoint: string;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    upstream = fakeUpstream(seen);
    const upstreamUrl = `http://127.0.0.1:${await listen(upstream, 0, 'fake cognito-local')}`;
    shim = createCognitoShim({ upstream: () => upstreamUrl, logger: createLogger('silent') });
    endpoint = `http://127.0.0.1:${await listen(shim, 0, 'shim')}`;
    client = new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
  });
  beforeEach(() => {
    seen.length = 0;
  });
  afterAll(async () => {
    client.destroy();
    await Promise.all([shim, upstream].map((s) => new Promise<void>((r) => s.close(() => r()))));
  });

  it('turns GetTokensFromRefreshToken into InitiateAuth REFRESH_TOKEN_AUTH and maps the reply', async () => {
    // Act
    const out = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: 'client-1', RefreshToken: 'r-1' }));
    // Assess
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/',
        target: 'AWSCognitoIdentityProviderService.InitiateAuth',
        body: { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'client-1', AuthParameters: { REFRESH_TOKEN: 'r-1' } },
      },
    ]);
    expect(out.AuthenticationResult).toMatchObject({ AccessToken: 'a.b.c', IdToken: 'i.d.t', ExpiresIn: 3600 });
  });

  it('passes refresh errors through as they are', async () => {
    const call = client.send(new GetTokensFromRefreshTokenCommand({ ClientId: 'client-1', RefreshToken: 'unknown' }));
    await expect(call).rejects.toBeInstanceOf(NotAuthorizedException);
  });

  it('answers GlobalSignOut with {} without asking cognito-local', async () => {
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: 'a.b.c' }))).resolves.toBeDefined();
    expect(seen).toEqual([]);
  });

  it("reports a wrong password as Cognito does: NotAuthorizedException 'Incorrect username or password.'", async () => {
    const call = client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: 'client-1',
        AuthParameters: { USERNAME: 'demo', PASSWORD: 'wrong' },
      }),
    );
    await expect(call).rejects.toSatisfy(
      (error) => error instanceof NotAuthorizedException && error.message === 'Incorrect username or password.',
    );
  });

  it('forwards GET requests (JWKS) and adds CORS to every reply', async () => {
    const res = await fetch(`${endpoint}/local_pool/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: [{ kid: 'CognitoLocal' }] });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/local_pool/.well-known/jwks.json' });
  });

  it('names its own URLs in the OpenID configuration', async () => {
    const res = await fetch(`${endpoint}/local_pool1/.well-known/openid-configuration`);
    expect(await res.json()).toMatchObject({
      issuer: `${endpoint}/local_pool1`,
      jwks_uri: `${endpoint}/local_pool1/.well-known/jwks.json`,
    });
  });

  it('answers CORS preflights with the requested headers', async () => {
    const res = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-amz-target,x-amz-user-agent');
    expect(seen).toEqual([]);
  });
});
