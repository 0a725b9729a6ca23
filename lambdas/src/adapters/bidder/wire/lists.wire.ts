import * as z from 'zod';
import { buzzRoute, ZBuzzId, ZLegacyCreated, zEnvelope, ZNoBody } from './common.wire';

/**
 * Custom lists (0.5: the bidder has no v2 list route yet). A list has a type (domains, ZIPs); items
 * are added in bulk with `list_item_bulk`, one line per item `item|value|name` (value: a bid
 * multiplier 0-10, name optional). Duplicates are ignored; domains compare case-insensitively.
 * The bulk reply's counts are unconfirmed; they live here only.
 */
export const LIST_TYPES = ['domain', 'zip'] as const;

export const ZListRequest = z.object({
  list_name: z.string().min(1).max(255),
  list_type: z.enum(LIST_TYPES),
  advertiser_id: ZBuzzId.optional(),
  alternative_id: z.string().max(191).optional(),
});

export const ZList = ZListRequest.extend({
  custom_list_id: ZBuzzId,
  item_count: z.number().int().min(0),
  create_date: z.string(),
}).loose();

/** One bulk line: `item|value|name`, value a multiplier from 0 to 10. */
export const LIST_LINE = /^[^|\n]+\|(10(\.0+)?|\d(\.\d+)?)(\|[^|\n]*)?$/;

export const ZListItemBulkRequest = z.object({
  custom_list_id: ZBuzzId,
  list_items: z
    .array(z.string().regex(LIST_LINE, 'Expected item|value|name with a value from 0 to 10'))
    .min(1)
    .max(100_000),
});

export const ZListItemBulkReply = zEnvelope(
  z.object({
    custom_list_id: ZBuzzId,
    items_added: z.number().int().min(0),
    duplicates_ignored: z.number().int().min(0),
  }),
);

/**
 * Removal of items from a list, by item (`item` as added; domains compare case-insensitively). The
 * method and body of the bulk removal are unconfirmed (the list items reference shows the bulk add
 * only): they live here only. Items the list does not hold are ignored, so a repeat changes nothing.
 */
export const ZListItemBulkDeleteRequest = z.object({
  custom_list_id: ZBuzzId,
  list_items: z.array(z.string().min(1).max(2048)).min(1).max(100_000),
});

export const ZListItemBulkDeleteReply = zEnvelope(
  z.object({
    custom_list_id: ZBuzzId,
    items_deleted: z.number().int().min(0),
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
