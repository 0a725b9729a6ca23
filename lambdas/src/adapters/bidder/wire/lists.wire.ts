import * as z from '@bidgrid/shared/zod';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { buzzRoute, ZBuzzId, ZLegacyCreated, zEnvelope, ZNoBody } from './common.wire';

/**
 * Custom lists (0.5: the bidder has no v2 list route yet). A list has a type (domains, ZIPs); items
 * are added in bulk with `list_item_bulk`, one line per item `item|value|name` (value: a bid
 * multiplier 0-10, name optional). Duplicates are ignored; domains compare case-insensitively.
 * The bulk reply's counts are unconfirmed; they live here only.
 */
export const LIST_TYPES = ['domain', 'zip'] as const;

export const ZListRequest = z.object({
  list_name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  list_type: z.enum(LIST_TYPES),
  advertiser_id: z.optional(ZBuzzId),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
});

export const ZList = z.looseObject(
  z.extend(ZListRequest, {
    custom_list_id: ZBuzzId,
    item_count: z.number().check(z.int(), z.gte(0)),
    create_date: z.string(),
  }).shape,
);

/** One bulk line: `item|value|name`, value a multiplier from 0 to 10. */
export const LIST_LINE = /^[^|\n]+\|(10(\.0+)?|\d(\.\d+)?)(\|[^|\n]*)?$/;

export const ZListItemBulkRequest = z.object({
  custom_list_id: ZBuzzId,
  list_items: z
    .array(z.string().check(z.regex(LIST_LINE, 'Expected item|value|name with a value from 0 to 10')))
    .check(z.minLength(1), z.maxLength(100_000)),
});

export const ZListItemBulkReply = zEnvelope(
  z.object({
    custom_list_id: ZBuzzId,
    items_added: z.number().check(z.int(), z.gte(0)),
    duplicates_ignored: z.number().check(z.int(), z.gte(0)),
  }),
);

/**
 * Removal of items from a list, by item (`item` as added; domains compare case-insensitively). The
 * method and body of the bulk removal are unconfirmed (the list items reference shows the bulk add
 * only): they live here only. Items the list does not hold are ignored, so a repeat changes nothing.
 */
export const ZListItemBulkDeleteRequest = z.object({
  custom_list_id: ZBuzzId,
  list_items: z.array(z.string().check(z.minLength(1), z.maxLength(2048))).check(z.minLength(1), z.maxLength(100_000)),
});

export const ZListItemBulkDeleteReply = zEnvelope(
  z.object({
    custom_list_id: ZBuzzId,
    items_deleted: z.number().check(z.int(), z.gte(0)),
  }),
);

export const listRoutes = {
  create: buzzRoute({
    method: 'POST',
    path: '/rest/custom_list',
    api: '0.5',
    body: 'json',
    request: ZListRequest,
    reply: ZLegacyCreated,
  }),
  get: buzzRoute({
    method: 'GET',
    path: '/rest/custom_list/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(ZList)),
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/custom_list/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(z.object({ id: ZBuzzId }))),
  }),
  bulkItems: buzzRoute({
    method: 'POST',
    path: '/rest/list_item_bulk',
    api: '0.5',
    body: 'json',
    request: ZListItemBulkRequest,
    reply: ZListItemBulkReply,
  }),
  bulkDeleteItems: buzzRoute({
    method: 'DELETE',
    path: '/rest/list_item_bulk',
    api: '0.5',
    body: 'json',
    request: ZListItemBulkDeleteRequest,
    reply: ZListItemBulkDeleteReply,
  }),
};
