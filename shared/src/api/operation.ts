import * as z from '../zod';

/**
 * Who may call an operation.
 * - `user`: a signed-in user; the API Gateway Cognito authorizer (locally: the gateway's JWT check)
 *   rejects a missing or bad access token with 401 before the handler runs.
 * - `public`: anyone (legal pages, health); the handler must not trust any caller identity.
 * - `hubspot-signed`: the HubSpot app card; the handler verifies HubSpot's v3 request signature.
 * - `hubspot-signed-or-ticket`: the same, or (from the picker page in the browser, which cannot sign)
 *   a picker ticket in `X-BidGrid-Picker-Ticket` that the server issued to a signed card call and
 *   that binds the portal, the company's domain and name, and an expiry (`createCrmCardPickerTicket`).
 * - `stripe-signed`: Stripe webhooks; the handler verifies the `Stripe-Signature` header.
 */
export type AuthKind = 'user' | 'public' | 'hubspot-signed' | 'hubspot-signed-or-ticket' | 'stripe-signed';

/** The header the public campaign picker sends its ticket in (CORS allows it for the web origins). */
export const PICKER_TICKET_HEADER = 'X-BidGrid-Picker-Ticket';

/**
 * The headers signed operations are checked by, as the vendors spell them: HubSpot's v3 request
 * signature and its timestamp (`hubspot-signed`), Stripe's webhook signature (`stripe-signed`). The
 * handlers read them (lower-cased) and the API reference names them.
 */
export const SIGNATURE_HEADERS = {
  hubspotSignature: 'X-HubSpot-Signature-v3',
  hubspotTimestamp: 'X-HubSpot-Request-Timestamp',
  stripeSignature: 'Stripe-Signature',
} as const;

/**
 * Whether the middleware resolves the caller's agency before the use case runs.
 * - `agency`: the caller must belong to an agency (from the token's user, never the request).
 * - `none`: the caller is authenticated but may have no agency yet (e.g. agency creation).
 */
export type TenantKind = 'agency' | 'none';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a paged list operation pages (issue 9 §6: a list never answers everything at once). The page is
 * asked in the query string on every method, POST lists included, so the spec's bodies keep their shape:
 * `limit` (1 to `maxLimit`, `defaultLimit` when absent) and `cursor` (the `nextCursor` of the previous
 * reply, opaque). The reply's envelope carries `nextCursor`: null once the list has ended.
 */
export interface PageSpec {
  /** Items of a page when the caller names no `limit`. */
  readonly defaultLimit: number;
  /** The largest `limit` accepted (a larger one answers 400). */
  readonly maxLimit: number;
}

/** The longest cursor accepted: sealed storage keys are far shorter; anything longer is not ours. */
export const MAX_CURSOR_LENGTH = 1024;

/** The query fields a paged operation adds to its own (see `PageSpec`). */
export function pageQueryShape(spec: PageSpec) {
  const range = `Must be a whole number from 1 to ${spec.maxLimit}.`;
  return {
    // A query string carries text: coerced, so what reaches the checks is a number (an empty or wordy
    // limit is NaN or 0, refused with the same message).
    limit: z.optional(
      z.coerce
        .number<number | string>({ error: range })
        .check(z.int(range), z.gte(1, range), z.lte(spec.maxLimit, range)),
    ),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_CURSOR_LENGTH, 'Not a cursor of this list.'))),
  };
}

type PageQueryShape = ReturnType<typeof pageQueryShape>;
/** The query schema of a paged operation: its own fields plus `limit` and `cursor`. */
export type PagedQuery<TQuery extends AnyObject> = z.ZodMiniObject<TQuery['shape'] & PageQueryShape>;

// Schemas are typed loosely here so the table can hold every operation; `defineOperation` keeps the
// precise types for callers.
type AnyObject = z.ZodMiniObject<z.core.$ZodShape>;

export interface OperationDef<
  TParams extends AnyObject = AnyObject,
  TQuery extends AnyObject = AnyObject,
  TBody extends z.ZodMiniType = z.ZodMiniType,
  TResponse extends z.ZodMiniType = z.ZodMiniType,
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
  /** Request body. `z.undefined()`-like `z.optional(z.unknown())` when there is none. */
  readonly body: TBody;
  /** `json` (default) or `form` (multipart form data: creative uploads). */
  readonly bodyKind: 'json' | 'form';
  /** Schema of the envelope's `payload` on success. */
  readonly response: TResponse;
  /** One line: what the call does (used in docs and logs). */
  readonly summary: string;
  /** Which spec document and section names the call. */
  readonly specRef: string;
  /** Set on list operations that answer one page at a time (see `PageSpec`). */
  readonly paged?: PageSpec;
}

export type AnyOperation = OperationDef;

/** An operation that answers one page at a time: `limit`/`cursor` in its query, `nextCursor` in its reply. */
export type PagedOperation = AnyOperation & { readonly paged: PageSpec };

/** Whether an operation is paged (the handler wrapper, the web client and the test client ask). */
export const isPaged = (operation: AnyOperation): operation is PagedOperation => operation.paged !== undefined;

const emptyObject = z.object({});
const noBody = z.optional(z.unknown());

type Defaults = {
  params: typeof emptyObject;
  query: typeof emptyObject;
  body: typeof noBody;
};

interface OperationInit<TParams, TQuery, TBody, TResponse> {
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
}

/**
 * Declares one operation; leaving out params, query or body means "none". With `paged`, the operation is
 * a paged list: its query gains `limit` and `cursor` (typed, so callers pass them like any query field).
 */
export function defineOperation<
  TParams extends AnyObject = Defaults['params'],
  TQuery extends AnyObject = Defaults['query'],
  TBody extends z.ZodMiniType = Defaults['body'],
  TResponse extends z.ZodMiniType = z.ZodMiniType,
>(
  def: OperationInit<TParams, TQuery, TBody, TResponse> & { paged: PageSpec },
): OperationDef<TParams, PagedQuery<TQuery>, TBody, TResponse> & { readonly paged: PageSpec };
export function defineOperation<
  TParams extends AnyObject = Defaults['params'],
  TQuery extends AnyObject = Defaults['query'],
  TBody extends z.ZodMiniType = Defaults['body'],
  TResponse extends z.ZodMiniType = z.ZodMiniType,
>(def: OperationInit<TParams, TQuery, TBody, TResponse>): OperationDef<TParams, TQuery, TBody, TResponse>;
export function defineOperation(
  def: OperationInit<AnyObject, AnyObject, z.ZodMiniType, z.ZodMiniType> & { paged?: PageSpec },
): OperationDef {
  const query = def.query ?? emptyObject;
  if (def.paged && (def.paged.defaultLimit < 1 || def.paged.defaultLimit > def.paged.maxLimit)) {
    throw new Error(`${def.name}: the default page size must be from 1 to its maximum`);
  }
  return {
    tenant: def.auth === 'user' ? 'agency' : 'none',
    bodyKind: 'json',
    ...def,
    params: def.params ?? emptyObject,
    query: def.paged ? z.extend(query, pageQueryShape(def.paged)) : query,
    body: def.body ?? noBody,
  };
}

export type ParamsOf<O> = O extends OperationDef<infer P, AnyObject, z.ZodMiniType, z.ZodMiniType> ? z.infer<P> : never;
export type QueryOf<O> = O extends OperationDef<AnyObject, infer Q, z.ZodMiniType, z.ZodMiniType> ? z.input<Q> : never;
export type BodyOf<O> = O extends OperationDef<AnyObject, AnyObject, infer B, z.ZodMiniType> ? z.input<B> : never;
export type ResponseOf<O> = O extends OperationDef<AnyObject, AnyObject, z.ZodMiniType, infer R> ? z.infer<R> : never;

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
type ParamsInputOf<O> = O extends OperationDef<infer P, AnyObject, z.ZodMiniType, z.ZodMiniType> ? z.input<P> : never;

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
