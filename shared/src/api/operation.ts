import * as z from 'zod';

/**
 * Who may call an operation.
 * - `user`: a signed-in user; the API Gateway Cognito authorizer (locally: the gateway's JWT check)
 *   rejects a missing or bad access token with 401 before the handler runs.
 * - `public`: anyone (legal pages, health); the handler must not trust any caller identity.
 * - `hubspot-signed`: the HubSpot app card; the handler verifies HubSpot's v3 request signature.
 * - `stripe-signed`: Stripe webhooks; the handler verifies the `Stripe-Signature` header.
 */
export type AuthKind = 'user' | 'public' | 'hubspot-signed' | 'stripe-signed';

/**
 * Whether the middleware resolves the caller's agency before the use case runs.
 * - `agency`: the caller must belong to an agency (from the token's user, never the request).
 * - `none`: the caller is authenticated but may have no agency yet (e.g. agency creation).
 */
export type TenantKind = 'agency' | 'none';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

// Schemas are typed loosely here so the table can hold every operation; `defineOperation` keeps the
// precise types for callers.
type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface OperationDef<
  TParams extends AnyObject = AnyObject,
  TQuery extends AnyObject = AnyObject,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** camelCase, unique; also names the handler file (`lambdas/src/http/<kebab>.handler.ts`). */
  readonly name: string;
  readonly method: HttpMethod;
  /** Full path with API Gateway style `{param}` segments, e.g. `/api/advertiser/{id}`. */
  readonly path: string;
  readonly auth: AuthKind;
  readonly tenant: TenantKind;
  /** Path parameters. */
  readonly params: TParams;
  /** Query string parameters (strings as they arrive; coerce in the schema). */
  readonly query: TQuery;
  /** Request body. `z.undefined()`-like `z.unknown().optional()` when there is none. */
  readonly body: TBody;
  /** `json` (default) or `form` (multipart form data: creative uploads). */
  readonly bodyKind: 'json' | 'form';
  /** Schema of the envelope's `payload` on success. */
  readonly response: TResponse;
  /** One line: what the call does (used in docs and logs). */
  readonly summary: string;
  /** Which spec document and section names the call. */
  readonly specRef: string;
}

export type AnyOperation = OperationDef;

const emptyObject = z.object({});
const noBody = z.unknown().optional();

type Defaults = {
  params: typeof emptyObject;
  query: typeof emptyObject;
  body: typeof noBody;
};

/** Declares one operation; leaving out params, query or body means "none". */
export function defineOperation<
  TParams extends AnyObject = Defaults['params'],
  TQuery extends AnyObject = Defaults['query'],
  TBody extends z.ZodType = Defaults['body'],
  TResponse extends z.ZodType = z.ZodType,
>(def: {
  name: string;
  method: HttpMethod;
  path: string;
  auth: AuthKind;
  tenant?: TenantKind;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  bodyKind?: 'json' | 'form';
  response: TResponse;
  summary: string;
  specRef: string;
}): OperationDef<TParams, TQuery, TBody, TResponse> {
  return {
    tenant: def.auth === 'user' ? 'agency' : 'none',
    bodyKind: 'json',
    ...def,
    params: (def.params ?? emptyObject) as TParams,
    query: (def.query ?? emptyObject) as TQuery,
    body: (def.body ?? noBody) as TBody,
  };
}

export type ParamsOf<O> = O extends OperationDef<infer P, AnyObject, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type QueryOf<O> = O extends OperationDef<AnyObject, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<O> = O extends OperationDef<AnyObject, AnyObject, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<O> = O extends OperationDef<AnyObject, AnyObject, z.ZodType, infer R> ? z.infer<R> : never;

/**
 * One part of a call's input: empty when the schema declares no field (`z.object({})` infers
 * `Record<string, never>`, so a stray name does not compile), optional when every field is optional,
 * required otherwise.
 */
type InputPart<K extends 'params' | 'query', T> =
  T extends Record<string, never>
    ? { readonly [P in K]?: Record<string, never> }
    : object extends T
      ? { readonly [P in K]?: T }
      : { readonly [P in K]: T };

/** The body part: none for an operation without a body (`unknown`), optional when the schema accepts none. */
type BodyPart<T> = unknown extends T
  ? { readonly body?: undefined }
  : undefined extends T
    ? { readonly body?: T }
    : { readonly body: T };

/**
 * The input of a call to an operation, inferred from its schemas: `{ params, query, body }`, each present,
 * optional or absent as the operation declares it. Used by the web's hooks and the test client, so a wrong
 * name or value is a compile error wherever an operation is called.
 */
export type InputOf<O> = InputPart<'params', ParamsInputOf<O>> & InputPart<'query', QueryOf<O>> & BodyPart<BodyOf<O>>;

/** Path parameters as a caller sends them (`ParamsOf` is what the handler gets after parsing). */
type ParamsInputOf<O> = O extends OperationDef<infer P, AnyObject, z.ZodType, z.ZodType> ? z.input<P> : never;

/** Kebab-case of an operation name: `getAgencyAssignedToUser` -> `get-agency-assigned-to-user`. */
export const kebabName = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Builds a concrete URL path from a template and params: `/api/advertiser/{id}` + {id} -> `/api/advertiser/x`. */
export function buildPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${template}`);
    return encodeURIComponent(value);
  });
}

/**
 * Matches a concrete path against a template; returns the decoded params or null.
 * Literal segments win over parameters when the table is sorted with `compareTemplates`.
 */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const t = template.split('/');
  const p = path.split('/');
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i] as string;
    const actual = p[i] as string;
    const m = /^\{(\w+)\}$/.exec(seg);
    if (m) {
      if (actual === '') return null;
      params[m[1] as string] = decodeURIComponent(actual);
    } else if (seg !== actual) return null;
  }
  return params;
}

/** Sort order so that literal segments are tried before `{param}` ones (as API Gateway does). */
export function compareTemplates(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = (sa[i] as string).startsWith('{');
    const pb = (sb[i] as string).startsWith('{');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}
