import * as z from '@bidgrid/shared/zod';

/**
 * What every Buzz route shares: ids, decimals, dates, the two reply styles and the errors. The
 * bidder speaks two API versions at once (VENDORS.md): v2 (`/rest/v2/<resource>`, plain JSON, lists
 * as `{count, next, previous, results}`) and 0.5 (`/rest/<resource>`, every reply wrapped in
 * `{success, message, payload}`) for the resources that have no v2 route yet. Both the client
 * (`../bidder-client.ts`) and the simulator (`cdk/local/simulators/bidder.ts`) use these
 * descriptions, so neither can drift alone.
 */

/** A bidder id: a positive integer. */
export const ZBuzzId = z.number().check(z.int(), z.positive());

/** Money in v2 bodies: a decimal string in dollars ("12.50"), as the v2 line item shows it. */
export const ZBuzzDecimal = z
  .string()
  .check(z.regex(/^\d{1,12}(\.\d{1,6})?$/, 'Expected a decimal string like "12.50"'));

/** Dollars as the v2 API writes them: at most six decimals, never exponent notation. */
export const buzzDecimal = (usd: number): string => {
  const fixed = usd.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '' ? '0' : fixed;
};

/** v2 date-times: ISO 8601 with a zone ("2026-07-01T00:00:00Z"). */
export const ZBuzzDateTime = z.iso.datetime({ offset: true });

/** 0.5 dates and date-times: `2026-11-25` or `2026-11-25 14:03:00`. */
export const ZBuzzLegacyDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/));

/** A v2 list reply (Buzz pages by 50 by default: `page`, `page_size`). */
export const zV2List = <T extends z.ZodMiniType>(row: T) =>
  z.object({
    count: z.number().check(z.int(), z.gte(0)),
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    results: z.array(row),
  });

/**
 * A v2 error. Unconfirmed (the v2 docs show no error body): built as the v2 API's framework answers,
 * `{detail}` for 401/403/404/429/5xx and one list of messages per field for 400
 * (`{"campaign_id": ["This field is required."]}`). Kept here only, so it is easy to change.
 */
export const ZV2Error = z.union([
  z.object({ detail: z.string() }),
  z
    .record(z.string(), z.array(z.string()).check(z.minLength(1)))
    .check(z.refine((errors) => Object.keys(errors).length > 0)),
]);
export type TV2Error = z.infer<typeof ZV2Error>;

/** A 0.5 success envelope around `payload`. */
export const zEnvelope = <T extends z.ZodMiniType>(payload: T) =>
  z.object({ success: z.literal(true), message: z.optional(z.string()), payload });

/** A 0.5 refusal: `{success: false, message, errors: ["ERROR: ..."]}`. */
export const ZLegacyError = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z._default(z.array(z.string()), []),
});

/** What a 0.5 create answers inside its envelope. */
export const ZLegacyCreated = zEnvelope(z.object({ id: ZBuzzId }));

/** A 204 reply: no body. */
export const ZNoContent = z.undefined();

/** How a route's request body travels. */
export type TBuzzBodyKind = 'json' | 'multipart' | 'none';

/**
 * One route of the bidder: method, path pattern (`:id` segments), API version, request body and
 * reply. The client builds requests typed from `request` and parses replies with `reply`; the
 * simulator validates requests with `request` and its tests parse every reply with `reply`.
 */
export interface BuzzRoute<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly api: 'v2' | '0.5';
  readonly body: TBuzzBodyKind;
  readonly request: Req;
  readonly reply: Res;
  /** The multipart field that carries the file (multipart routes only). */
  readonly fileField?: string;
}

/** Declares a route (keeps the schema types for the client). */
export const buzzRoute = <Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  route: BuzzRoute<Req, Res>,
): BuzzRoute<Req, Res> => route;

/** No request body. */
export const ZNoBody = z.undefined();

/** Fills `:name` segments of a route path. */
export function routePath(route: BuzzRoute, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route ${route.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
