import * as z from '@bidgrid/shared/zod';
import { MAX_BIDDER_ALTERNATIVE_ID, MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { MAX_SEGMENT_DESCRIPTION } from '@bidgrid/shared/segments/retargeting-segment.schema';
import { buzzRoute, ZBuzzId, ZLegacyCreated, zEnvelope, ZNoBody } from './common.wire';

/**
 * Segments and their uploads (0.5; Audiens/beeswax-client). A segment has a key `<buzz_key>-<id>`
 * that targeting expressions and segment files name. An upload is metadata first, then a multipart
 * `segment_file` of lines `uid|segment_key`; with `user_id_type: "HEM"` the uid is a hashed e-mail
 * (SHA-256 hex of the upper-cased address with the account's salt). `upload_status` is unconfirmed.
 */
export const ZSegmentRequest = z.object({
  segment_name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  advertiser_id: ZBuzzId,
  segment_description: z.optional(z.string().check(z.maxLength(MAX_SEGMENT_DESCRIPTION))),
  alternative_id: z.optional(z.string().check(z.maxLength(MAX_BIDDER_ALTERNATIVE_ID))),
  ttl_days: z._default(z.number().check(z.int(), z.gte(1), z.lte(180)), 30),
});

export const ZSegment = z.looseObject(
  z.extend(ZSegmentRequest, {
    segment_id: ZBuzzId,
    segment_key: z.string().check(z.minLength(1)),
    create_date: z.string(),
  }).shape,
);

export const USER_ID_TYPES = ['HEM', 'BEESWAX', 'IDFA', 'AD_ID'] as const;

export const ZSegmentUploadRequest = z.object({
  file_name: z.string().check(z.minLength(1), z.maxLength(MAX_BIDDER_NAME)),
  size_in_bytes: z.number().check(z.int(), z.positive()),
  file_format: z.literal('DELIMITED'),
  user_id_type: z.enum(USER_ID_TYPES),
  operation_type: z.enum(['ADD_SEGMENTS', 'REPLACE_ALL_SEGMENTS']),
});

export const UPLOAD_STATES = ['pending', 'processing', 'complete', 'failed'] as const;

export const ZSegmentUpload = z.looseObject(
  z.extend(ZSegmentUploadRequest, {
    segment_upload_id: ZBuzzId,
    upload_status: z.enum(UPLOAD_STATES),
    lines_accepted: z.number().check(z.int(), z.gte(0)),
    lines_rejected: z.number().check(z.int(), z.gte(0)),
  }).shape,
);

/** A SHA-256 hex digest: what a HEM uid is. */
export const HEM = /^[0-9a-f]{64}$/;

export const segmentRoutes = {
  create: buzzRoute({
    method: 'POST',
    path: '/rest/segment',
    api: '0.5',
    body: 'json',
    request: ZSegmentRequest,
    reply: ZLegacyCreated,
  }),
  get: buzzRoute({
    method: 'GET',
    path: '/rest/segment/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(ZSegment)),
  }),
  delete: buzzRoute({
    method: 'DELETE',
    path: '/rest/segment/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(z.object({ id: ZBuzzId }))),
  }),
  createUpload: buzzRoute({
    method: 'POST',
    path: '/rest/segment_upload',
    api: '0.5',
    body: 'json',
    request: ZSegmentUploadRequest,
    reply: ZLegacyCreated,
  }),
  uploadFile: buzzRoute({
    method: 'POST',
    path: '/rest/segment_upload/upload/:id',
    api: '0.5',
    body: 'multipart',
    fileField: 'segment_file',
    request: ZNoBody,
    reply: zEnvelope(z.object({ id: ZBuzzId, size_in_bytes: z.number().check(z.int()) })),
  }),
  getUpload: buzzRoute({
    method: 'GET',
    path: '/rest/segment_upload/:id',
    api: '0.5',
    body: 'none',
    request: ZNoBody,
    reply: zEnvelope(z.array(ZSegmentUpload)),
  }),
};
