import * as z from '@bidgrid/shared/zod';
import { CIDR4_PATTERN, MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { buzzRoute, ZBuzzId, zV2List, ZNoBody, ZNoContent } from './common.wire';

/**
 * Targeting expressions v2 (`/rest/v2/targeting-expressions`, VENDORS.md): `modules` by module name,
 * each `{all: {key: {any: [{comparator, value}]}}}`: every key of the module must match, and a key
 * matches when any of its values does. The keys we use:
 * - geo `country` (ISO 3166 alpha-3, "USA"), `region` ("USA/NJ", "CAN/ON"), `zip` ("USA/07030"),
 *   `zip_list` (a ZIP list by id, for more than `MAX_INLINE_ZIPS` ZIPs);
 * - user `ip_range` (IPv4 CIDR: the bidder has no IP list type) and `segment` (a boolean expression
 *   of segment keys, "bidgrid-12 OR bidgrid-13");
 * - inventory `domain_list` (a domain list by id).
 * The ZIP value format and the list keys are unconfirmed; they live here only.
 */

/** Above about 100 ZIPs the bidder wants a ZIP list rather than inline values. */
export const MAX_INLINE_ZIPS = 100;

export const ALPHA3 = /^[A-Z]{3}$/;
export const REGION = /^[A-Z]{3}\/[A-Z0-9]{1,3}$/;
export const ZIP = /^[A-Z]{3}\/[A-Z0-9][A-Z0-9 -]{2,9}$/;
/** Segment keys joined by AND / OR / NOT with parentheses. */
export const SEGMENT_EXPRESSION = /^[()\sA-Za-z0-9_-]+$/;

const term = <V extends z.ZodMiniType>(comparator: 'equals' | 'boolean_expression' | 'in_list', value: V) =>
  z.object({ any: z.array(z.object({ comparator: z.literal(comparator), value })).check(z.minLength(1)) });

export const ZGeoModule = z.object({
  all: z
    .partial(
      z.object({
        country: term('equals', z.string().check(z.regex(ALPHA3, 'Expected an ISO 3166 alpha-3 code like USA'))),
        region: term('equals', z.string().check(z.regex(REGION, 'Expected a region like USA/NJ'))),
        zip: term('equals', z.string().check(z.regex(ZIP, 'Expected a ZIP like USA/07030'))),
        zip_list: term('in_list', ZBuzzId),
      }),
    )
    .check(z.refine((keys) => Object.keys(keys).length > 0, 'A module needs a key')),
});

export const ZUserModule = z.object({
  all: z
    .partial(
      z.object({
        ip_range: term(
          'equals',
          z.string().check(z.regex(CIDR4_PATTERN, 'Expected an IPv4 CIDR range like 23.24.240.0/29')),
        ),
        segment: term('boolean_expression', z.string().check(z.minLength(1), z.regex(SEGMENT_EXPRESSION))),
      }),
    )
    .check(z.refine((keys) => Object.keys(keys).length > 0, 'A module needs a key')),
});

export const ZInventoryModule = z.object({
  all: z.object({ domain_list: term('in_list', ZBuzzId) }),
});

export const ZTargetingModules = z.partial(
  z.object({ geo: ZGeoModule, user: ZUserModule, inventory: ZInventoryModule }),
);
export type TTargetingModules = z.infer<typeof ZTargetingModules>;

export const ZTargetingExpressionRequest = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
  modules: ZTargetingModules,
});

export const ZTargetingExpression = z.looseObject(
  z.extend(ZTargetingExpressionRequest, {
    id: ZBuzzId,
    create_date: z.string(),
    update_date: z.string(),
  }).shape,
);

export const targetingExpressionRoutes = {
  create: buzzRoute({
    method: 'POST',
    path: '/rest/v2/targeting-expressions',
    api: 'v2',
    body: 'json',
    request: ZTargetingExpressionRequest,
    reply: ZTargetingExpression,
  }),
  get: buzzRoute({
    method: 'GET',
    path: '/rest/v2/targeting-expressions/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZTargetingExpression,
  }),
  list: buzzRoute({
    method: 'GET',
    path: '/rest/v2/targeting-expressions',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: zV2List(ZTargetingExpression),
  }),
  update: buzzRoute({
    method: 'PATCH',
    path: '/rest/v2/targeting-expressions/:id',
    api: 'v2',
    body: 'json',
    request: z.partial(ZTargetingExpressionRequest),
    reply: ZTargetingExpression,
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/v2/targeting-expressions/:id',
    api: 'v2',
    body: 'none',
    request: ZNoBody,
    reply: ZNoContent,
  }),
};
