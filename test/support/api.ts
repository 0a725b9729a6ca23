import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { buildPath, type AnyOperation, type InputOf, type PagedOperation, type ResponseOf } from '@bidgrid/shared';
import { stackInfo } from './stack';

export const DEMO_PASSWORD = 'Demo-pass-1';

const tokens = new Map<string, string>();

/** Signs in against the local pool as a person would (USER_PASSWORD_AUTH); returns the access token. */
export async function accessTokenFor(username: string, password = DEMO_PASSWORD): Promise<string> {
  const info = stackInfo();
  // Per issuer (the pool and where it answers): a bench or test run may talk to more than one stack
  // in turn, and a stack started again on its data keeps the pool but not its port.
  const key = `${info.cognitoEndpoint}\u0000${info.userPoolId}\u0000${username}\u0000${password}`;
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
    /** A paged operation's cursor of the next page (null once the list has ended). */
    nextCursor?: string | null;
  };
}

/** A typed call's options: the operation's input as its schemas declare it, and the caller's token. */
export type CallOptions<O extends AnyOperation> = InputOf<O> & { readonly token?: string };

/** An unchecked call's options: anything, on purpose (security and validation tests send bad input). */
export interface UncheckedCallOptions {
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

async function readReply(res: Response): Promise<ApiReply> {
  const text = await res.text();
  let body: ApiReply['body'];
  try {
    body = text ? (JSON.parse(text) as ApiReply['body']) : {};
  } catch {
    body = { message: text };
  }
  return { status: res.status, body };
}

/** Raw HTTP call to the local gateway. */
export async function request(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiReply> {
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
  return readReply(res);
}

/** A query string as the web client sends one: arrays repeat their key, other values as text. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const pathOf = (op: AnyOperation, params: Record<string, unknown> | undefined, query?: Record<string, unknown>) =>
  buildPath(op.path, Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)]))) +
  queryString(query);

/**
 * The method, path (with its query string) and body of a typed call, as `callOperation` sends them: for a
 * client with a connection of its own (the load bench keeps one keep-alive socket per simulated client).
 */
export function operationRequest<O extends AnyOperation>(
  op: O,
  input: InputOf<O>,
): { method: string; path: string; body: unknown } {
  const { params, query, body } = input as UncheckedCallOptions;
  return { method: op.method, path: pathOf(op, params, query), body };
}

/**
 * Calls an operation of the table with its params, query and body, typed by its schemas (a wrong name or
 * value does not compile). The reply is the raw envelope (never re-parsed, so a check on what the server
 * sent, such as a leak check, sees everything); its payload is typed as the contract's. An operation whose
 * payload travels in another form than it parses to (the spec's JSON-string lists) is read with
 * `callOperationUnchecked`.
 */
export function callOperation<O extends AnyOperation>(
  op: O,
  options: CallOptions<O>,
): Promise<ApiReply<ResponseOf<O>>> {
  if (op.bodyKind === 'form') throw new Error(`${op.name} takes form data: use callFormOperation.`);
  const { token, params, query, body } = options as UncheckedCallOptions;
  return request(op.method, pathOf(op, params, query), { token, body }) as Promise<ApiReply<ResponseOf<O>>>;
}

/**
 * The escape hatch: calls an operation with any input, for tests that send what the schemas refuse on
 * purpose (validation, security) or read a reply in its wire form. Typed calls use `callOperation`.
 */
export function callOperationUnchecked(op: AnyOperation, options: UncheckedCallOptions = {}): Promise<ApiReply> {
  return request(op.method, pathOf(op, options.params, options.query), options);
}

/** Text fields of a multipart body as the browser's FormData sends them; Blobs as file parts. */
function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

async function sendForm(op: AnyOperation, token: string | undefined, path: string, form: FormData): Promise<ApiReply> {
  const res = await fetch(`${stackInfo().apiUrl}${path}`, {
    method: op.method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return readReply(res);
}

/**
 * Calls a form-data operation (`bodyKind: 'form'`, the creative uploads), typed like `callOperation`; the
 * body goes out as multipart, as the web client sends it.
 */
export function callFormOperation<O extends AnyOperation>(
  op: O,
  options: CallOptions<O>,
): Promise<ApiReply<ResponseOf<O>>> {
  const { token, params, body } = options as UncheckedCallOptions;
  return sendForm(op, token, pathOf(op, params), formOf((body ?? {}) as Record<string, unknown>)) as Promise<
    ApiReply<ResponseOf<O>>
  >;
}

/** The escape hatch of `callFormOperation`: any text fields, for tests that send bad input on purpose. */
export function callFormOperationUnchecked(
  op: AnyOperation,
  options: { token?: string; params?: Record<string, string>; fields?: Record<string, string> } = {},
): Promise<ApiReply> {
  return sendForm(op, options.token, pathOf(op, options.params), formOf(options.fields ?? {}));
}

/** Every page of a paged list, as `callAllPages` read it. */
export interface AllPages<O extends AnyOperation> {
  /** The replies, page after page, raw (a leak check sees what the server sent). */
  readonly replies: ReadonlyArray<ApiReply<ResponseOf<O>>>;
  /** Each page's payload parsed by the contract (the spec's JSON strings become their arrays). */
  readonly payloads: ReadonlyArray<ResponseOf<O>>;
}

/**
 * Calls a paged operation page after page (its `nextCursor` as the next `cursor`, the input's other query
 * fields kept) until the list ends; throws on a page that is not a 200 or on a list that never ends.
 */
export async function callAllPages<O extends PagedOperation>(
  op: O,
  options: CallOptions<O>,
  maxPages = 1000,
): Promise<AllPages<O>> {
  const replies: Array<ApiReply<ResponseOf<O>>> = [];
  const payloads: Array<ResponseOf<O>> = [];
  const { query, ...rest } = options as UncheckedCallOptions & { query?: Record<string, unknown> };
  let cursor: string | null = null;
  do {
    if (replies.length >= maxPages) throw new Error(`${op.name}: more than ${maxPages} pages`);
    const pageQuery = cursor === null ? query : { ...query, cursor };
    const reply = (await callOperation(op, { ...rest, query: pageQuery } as CallOptions<O>)) as ApiReply<ResponseOf<O>>;
    if (reply.status !== 200)
      throw new Error(`${op.name} page ${replies.length + 1}: ${reply.status} ${JSON.stringify(reply.body)}`);
    replies.push(reply);
    payloads.push(op.response.parse(reply.body.payload) as ResponseOf<O>);
    cursor = reply.body.nextCursor ?? null;
  } while (cursor !== null);
  return { replies, payloads };
}
