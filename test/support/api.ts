import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { buildPath, type AnyOperation } from '@bidgrid/shared';
import { stackInfo } from './stack';

export const DEMO_PASSWORD = 'Demo-pass-1';

const tokens = new Map<string, string>();

/** Signs in against the local pool as a person would (USER_PASSWORD_AUTH); returns the access token. */
export async function accessTokenFor(username: string, password = DEMO_PASSWORD): Promise<string> {
  const info = stackInfo();
  // Per pool: a bench or test run may talk to more than one stack in turn.
  const key = `${info.userPoolId}\u0000${username}\u0000${password}`;
  const known = tokens.get(key);
  if (known) return known;
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: info.cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const out = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: info.userPoolClientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  const token = out.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`No access token for ${username}`);
  tokens.set(key, token);
  return token;
}

export interface ApiReply<T = unknown> {
  status: number;
  body: {
    success?: boolean;
    payload?: T;
    error?: string | null;
    message?: string;
    fieldErrors?: Record<string, string[]>;
  };
}

/** Raw HTTP call to the local gateway. */
export async function request<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiReply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // fetch refuses a body on GET; the API never reads one there.
  const payload = method === 'GET' || method === 'HEAD' ? undefined : options.body;
  // JSON unless the caller names another type (the 415 tests do).
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${stackInfo().apiUrl}${path}`, {
    method,
    headers,
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await res.text();
  let body: ApiReply<T>['body'] = {};
  try {
    body = text ? (JSON.parse(text) as ApiReply<T>['body']) : {};
  } catch {
    body = { message: text };
  }
  return { status: res.status, body };
}

/** Calls an operation of the table with path params, query and body. */
export function callOperation<T = unknown>(
  op: AnyOperation,
  options: { token?: string; params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): Promise<ApiReply<T>> {
  const qs = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  return request<T>(op.method, buildPath(op.path, options.params ?? {}) + qs, options);
}

/**
 * Calls a form-data operation (`bodyKind: 'form'`, the creative uploads) with text fields as the
 * browser's FormData sends them.
 */
export async function callFormOperation<T = unknown>(
  op: AnyOperation,
  options: { token?: string; params?: Record<string, string>; fields?: Record<string, string> } = {},
): Promise<ApiReply<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  const res = await fetch(`${stackInfo().apiUrl}${buildPath(op.path, options.params ?? {})}`, {
    method: op.method,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    body: form,
  });
  const text = await res.text();
  let body: ApiReply<T>['body'] = {};
  try {
    body = text ? (JSON.parse(text) as ApiReply<T>['body']) : {};
  } catch {
    body = { message: text };
  }
  return { status: res.status, body };
}
