import * as z from '@bidgrid/shared/zod';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { buzzRoute, ZBuzzId, ZLegacyCreated, zEnvelope, ZNoBody } from './common.wire';

/**
 * Creatives and their files (0.5: the bidder has no v2 route for assets, creatives or their links
 * yet; VENDORS.md, cinema6/beeswax-client). An image is a `creative_asset` (metadata first, then a
 * multipart upload of the bytes in `creative_content`); a video is a `video_asset`, uploaded the same
 * way, which the bidder transcodes asynchronously (`transcoding_status` moves from `pending` through
 * `transcoding` to `complete` or `failed`; the field name is unconfirmed). A creative names its asset
 * in `creative_assets`; `creative_line_item` lets a line item serve it.
 */

export const ZCreativeAssetRequest = z.object({
  advertiser_id: ZBuzzId,
  creative_asset_name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  size_in_bytes: z.number().check(z.int(), z.positive()),
});

export const ZVideoAssetRequest = z.object({
  advertiser_id: ZBuzzId,
  video_asset_name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  size_in_bytes: z.number().check(z.int(), z.positive()),
});

export const ZUploadedAsset = z.object({
  id: ZBuzzId,
  path_to_asset: z.string().check(z.minLength(1)),
  size_in_bytes: z.number().check(z.int()),
});

export const TRANSCODING_STATES = ['pending', 'transcoding', 'complete', 'failed'] as const;

export const ZVideoAsset = z.looseObject({
  video_asset_id: ZBuzzId,
  advertiser_id: ZBuzzId,
  video_asset_name: z.string(),
  transcoding_status: z.enum(TRANSCODING_STATES),
  duration: z.nullable(z.number()),
});

/** `creative_type`: 0 banner, 1 video. */
export const ZCreativeRequest = z.object({
  advertiser_id: ZBuzzId,
  creative_name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
  creative_type: z.union([z.literal(0), z.literal(1)]),
  creative_template_id: ZBuzzId,
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  click_url: z.url(),
  secure: z._default(z.boolean(), true),
  active: z._default(z.boolean(), false),
  creative_assets: z.array(ZBuzzId).check(z.minLength(1)),
});

/** 0.5 updates send what changes. */
export const ZCreativeUpdate = z.partial(z.omit(ZCreativeRequest, { advertiser_id: true, creative_type: true }));

export const ZCreative = z.looseObject(
  z.extend(ZCreativeRequest, {
    creative_id: ZBuzzId,
    active: z.boolean(),
    create_date: z.string(),
    update_date: z.string(),
  }).shape,
);

export const ZCreativeLineItemRequest = z.object({
  creative_id: ZBuzzId,
  line_item_id: ZBuzzId,
  active: z._default(z.boolean(), true),
  weighting: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
});

export const ZCreativeLineItem = z.looseObject(
  z.extend(ZCreativeLineItemRequest, { cli_id: ZBuzzId, active: z.boolean() }).shape,
);

const ZDeleted = zEnvelope(z.array(z.object({ id: ZBuzzId })));

/** Creative template ids of the bidder's built-in templates (unconfirmed numbers: one place). */
export const CREATIVE_TEMPLATES = { banner: 1, video: 2 } as const;

export const creativeRoutes = {
  createAsset: buzzRoute({
    method: 'POST',
    path: '/rest/creative_asset',
    api: '0.5',
    body: 'json',
    request: ZCreativeAssetRequest,
    reply: ZLegacyCreated,
  }),
  uploadAsset: buzzRoute({
    method: 'POST',
    path: '/rest/creative_asset/upload/:id',
    api: '0.5',
    body: 'multipart',
    fileField: 'creative_content',
    request: ZNoBody,
    reply: zEnvelope(ZUploadedAsset),
  }),
  createVideoAsset: buzzRoute({
    method: 'POST',
    path: '/rest/video_asset',
    api: '0.5',
    body: 'json',
    request: ZVideoAssetRequest,
    reply: ZLegacyCreated,
  }),
  uploadVideoAsset: buzzRoute({
    method: 'POST',
    path: '/rest/video_asset/upload/:id',
    api: '0.5',
    body: 'multipart',
    fileField: 'creative_content',
    request: ZNoBody,
    reply: zEnvelope(ZUploadedAsset),
  }),
  getVideoAsset: buzzRoute({
    method: 'GET',
    path: '/rest/video_asset/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(ZVideoAsset)),
  }),
  create: buzzRoute({
    method: 'POST',
    path: '/rest/creative',
    api: '0.5',
    body: 'json',
    request: ZCreativeRequest,
    reply: ZLegacyCreated,
  }),
  get: buzzRoute({
    method: 'GET',
    path: '/rest/creative/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(ZCreative)),
  }),
  update: buzzRoute({
    method: 'PUT',
    path: '/rest/creative/:id',
    api: '0.5',
    body: 'json',
    request: ZCreativeUpdate,
    reply: ZDeleted,
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/creative/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: ZDeleted,
  }),
  link: buzzRoute({
    method: 'POST',
    path: '/rest/creative_line_item',
    api: '0.5',
    body: 'json',
    request: ZCreativeLineItemRequest,
    reply: ZLegacyCreated,
  }),
  links: buzzRoute({
    method: 'GET',
    path: '/rest/creative_line_item',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(ZCreativeLineItem)),
  }),
  unlink: buzzRoute({
    method: 'DELETE',
    path: '/rest/creative_line_item/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: ZDeleted,
  }),
};
