import * as z from '@bidgrid/shared/zod';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { buzzRoute, ZBuzzId, ZLegacyCreated, zEnvelope, ZNoBody } from './common.wire';

/**
 * Conversion events and their tags (0.5 `event` and `event_tag`; docs.beeswax.com conversion-events
 * and conversion-tags). An event has default `value` and look-back windows (days); `attribution`
 * ANY credits any line item of the advertiser. The tag is the bidder's, to copy as is:
 * `https://cnv.event.prod.bidr.io/log/cnv?tag_id=...&buzz_key=...&value=[VALUE]&segment_key=...&order=[ORDER]&ord=[CACHEBUSTER]`.
 * The name of the tag field in the `event_tag` reply is unconfirmed; it lives here only.
 */
export const ZConversionEventRequest = z.object({
  advertiser_id: ZBuzzId,
  event_name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
  click_window: z._default(z.number().check(z.int(), z.gte(1), z.lte(90)), 30),
  view_window: z._default(z.number().check(z.int(), z.gte(1), z.lte(90)), 30),
  value: z._default(z.number().check(z.gte(0)), 0),
  count_unique: z._default(z.boolean(), false),
  attribution: z._default(z.enum(['ANY', 'WHITELIST']), 'ANY'),
  segment_id: z.optional(ZBuzzId),
});

/** The conversion tag URL the bidder gives (its macros left for the advertiser's tag manager). */
export const CONVERSION_TAG_URL =
  /^https:\/\/cnv\.event\.prod\.bidr\.io\/log\/cnv\?tag_id=\d+&buzz_key=[A-Za-z0-9_-]+&value=\[VALUE\]&segment_key=[A-Za-z0-9_-]*&order=\[ORDER\]&ord=\[CACHEBUSTER\]$/;

export const ZEventTag = z.looseObject({
  event_id: ZBuzzId,
  tag_id: ZBuzzId,
  /** The tag's URL. */
  event_tag_url: z.string().check(z.regex(CONVERSION_TAG_URL)),
});

export const conversionEventRoutes = {
  create: buzzRoute({
    method: 'POST',
    path: '/rest/event',
    api: '0.5',
    body: 'json',
    request: ZConversionEventRequest,
    reply: ZLegacyCreated,
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/event/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(z.object({ id: ZBuzzId }))),
  }),
  tag: buzzRoute({
    method: 'GET',
    path: '/rest/event_tag/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(ZEventTag)),
  }),
};
