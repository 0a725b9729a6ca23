import * as z from '../zod';
import { ALLOWED_IMAGE_SIZES, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, VIDEO_MIME_TYPES } from '../constants';
import { zId } from '../ids';
import {
  ZBidderId,
  ZCount,
  ZCreativeMimeType,
  ZIsoDate,
  ZIsoDateTime,
  ZMetricValue,
  ZRequestDescription,
  ZRequestText,
  ZTimeFrame,
  ZWebUrl,
  type TCreativeMimeType,
} from '../common/common.schema';

/** Creative report row (000 §3 `creativeReports`), over a time frame or one day (`date`). */
export const ZCreativeReport = z.object({
  ctr: ZMetricValue,
  impressions: ZMetricValue,
  clicks: ZMetricValue,
  video_completes: ZMetricValue,
  video_midpoints: ZMetricValue,
  video_plays: ZMetricValue,
  timeFrame: z.optional(ZTimeFrame),
  date: z.optional(ZIsoDate),
});
export type TCreativeReport = z.infer<typeof ZCreativeReport>;

/**
 * Creative (000 §3, 001 §3). `creativeType` is the MIME type, `size` bytes, `duration` seconds (video
 * only; the UI shows 60 when missing), `click_url` the landing page. `creativeSrc` is where the asset
 * is served from (S3, locally s3rver).
 */
export const ZCreative = z.object({
  bgCreativeId: zId('creative'),
  beeswaxCreativeId: ZBidderId,
  adGroupId: zId('adGroup'),
  bgAdvertiserId: zId('advertiser'),
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  height: z.number().check(z.int(), z.positive()),
  width: z.number().check(z.int(), z.positive()),
  creativeType: ZCreativeMimeType,
  creativeSrc: z.url(),
  duration: z._default(z.nullable(z.number().check(z.positive())), null),
  size: ZCount,
  createdAt: ZIsoDateTime,
  click_url: ZWebUrl,
  creativeReports: z._default(z.array(ZCreativeReport), []),
});
export type TCreative = z.infer<typeof ZCreative>;

/** Creative template (001 §3): a saved asset of an ad-group template. */
export const ZCreativeTemplate = z.object({
  id: zId('creativeTemplate'),
  adGroupTemplateId: zId('adGroupTemplate'),
  creativeTemplateSrc: z.url(),
  creativeType: ZCreativeMimeType,
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  height: z.number().check(z.int(), z.positive()),
  width: z.number().check(z.int(), z.positive()),
  beeswaxCreativeId: z._default(z.nullable(ZBidderId), null),
  size_in_bytes: ZCount,
  duration: z._default(z.nullable(z.number().check(z.positive())), null),
});
export type TCreativeTemplate = z.infer<typeof ZCreativeTemplate>;

const isVideo = (mime: TCreativeMimeType): boolean => (VIDEO_MIME_TYPES as readonly string[]).includes(mime);
const ALLOWED_SIZES: ReadonlySet<string> = new Set(ALLOWED_IMAGE_SIZES);

/**
 * The file rules of 001 §5 that the server enforces too: images of an allowed dimension and at most
 * 800000 bytes, mp4 videos at most 250 MB (the limits of 001 §9, as the upload form applies them).
 * Messages are the spec's.
 */
export function creativeFileProblem(file: {
  name: string;
  mimetype: TCreativeMimeType;
  size: number;
  width?: number | undefined;
  height?: number | undefined;
}): { path: string; message: string } | null {
  if (isVideo(file.mimetype)) {
    return file.size <= VIDEO_MAX_BYTES
      ? null
      : { path: 'size', message: `File with the wrong size: ${file.name}, ${file.size} bytes.` };
  }
  if (file.size > IMAGE_MAX_BYTES) {
    return { path: 'size', message: `File with the wrong size: ${file.name}, ${file.size} bytes.` };
  }
  if (file.width !== undefined && file.height !== undefined && !ALLOWED_SIZES.has(`${file.width}x${file.height}`)) {
    return { path: 'width', message: `File with the wrong dimension: ${file.name}, ${file.width}x${file.height}.` };
  }
  return null;
}

/** A form-data number: a numeric string (or a number when the body came as JSON). */
const formInt = () => z.coerce.number().check(z.int(), z.positive());
// The outer optional() makes the field optional in the input type too (a preprocess pipe alone types it as
// a required `unknown`), so typed callers may leave it out; at run time it changes nothing.
const formOptionalNumber = () =>
  z.optional(
    z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.optional(z.coerce.number().check(z.positive())),
    ),
  );

/**
 * Fields of the creative form calls (001 §7: name, file or sourceUrl, size, mimetype, description,
 * height, width, advertiser_id, bg_advertiser_id, bg_creative_id, click_url, adGroupId, duration,
 * bgCampaignId). Form data carries strings, so numbers are coerced. The asset comes either as the
 * `file` part (small images) or as `sourceUrl`, an asset already uploaded through a presigned URL
 * (every video: API Gateway bodies stop at 10 MB) or a creative template's source. On the server the
 * multipart parser hands file parts over beside the text fields, so the handler checks that one of
 * the two arrived; this schema refuses both at once and applies the size and dimension rules to the
 * declared values.
 */
const creativeFormShape = {
  name: ZRequestText,
  file: z.optional(z.file()),
  sourceUrl: z.optional(ZWebUrl),
  size: formInt(),
  mimetype: ZCreativeMimeType,
  description: ZRequestDescription,
  height: formInt(),
  width: formInt(),
  /** The bidder's advertiser id. */
  advertiser_id: formInt(),
  bg_advertiser_id: zId('advertiser'),
  bg_creative_id: z.optional(zId('creative')),
  click_url: ZWebUrl,
  adGroupId: zId('adGroup'),
  duration: formOptionalNumber(),
  bgCampaignId: z.optional(zId('campaign')),
};

type TCreativeFormFields = {
  name: string;
  file?: File | undefined;
  sourceUrl?: string | undefined;
  size: number;
  mimetype: TCreativeMimeType;
  width: number;
  height: number;
};

function checkCreativeForm(value: TCreativeFormFields, ctx: z.core.$RefinementCtx): void {
  if (value.file !== undefined && value.sourceUrl !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['file'], message: 'Send either a file or a sourceUrl, not both' });
  }
  if (value.file !== undefined && value.file.size !== value.size) {
    ctx.addIssue({ code: 'custom', path: ['size'], message: 'size does not match the file' });
  }
  const problem = creativeFileProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}

/** Body of `POST /creatives/create` and `/creatives/upload` (form data): a new creative in an ad group. */
export const ZCreativeForm = z.object(creativeFormShape).check(z.superRefine(checkCreativeForm));
export type TCreativeForm = z.input<typeof ZCreativeForm>;

/** Body of `POST /creatives/change` (form data): replaces the asset or fields of `bg_creative_id`. */
export const ZCreativeChangeForm = z
  .object({ ...creativeFormShape, bg_creative_id: zId('creative') })
  .check(z.superRefine(checkCreativeForm));
export type TCreativeChangeForm = z.input<typeof ZCreativeChangeForm>;

/**
 * Body of `POST /creatives/templates/create` (form data, 001 §7: size, id, adGroupTemplateId,
 * creativeTemplateSrc, creativeType, name, description, height, width, beeswaxCreativeId, duration).
 */
export const ZCreativeTemplateForm = z.object({
  id: z.optional(zId('creativeTemplate')),
  size: formInt(),
  adGroupTemplateId: zId('adGroupTemplate'),
  creativeTemplateSrc: ZWebUrl,
  creativeType: ZCreativeMimeType,
  name: ZRequestText,
  description: ZRequestDescription,
  height: formInt(),
  width: formInt(),
  // Optional outside the preprocess too, so typed callers may leave it out (see formOptionalNumber).
  beeswaxCreativeId: z.optional(z.preprocess((value) => (value === '' ? undefined : value), z.optional(formInt()))),
  duration: formOptionalNumber(),
});
export type TCreativeTemplateForm = z.input<typeof ZCreativeTemplateForm>;

/**
 * Query of the presigned upload call: the file's name, type and size are checked before any URL is
 * issued (001 §5 limits), and the advertiser must be the caller's.
 */
export const ZCreativeUploadRequest = z
  .object({
    bgAdvertiserId: zId('advertiser'),
    fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
    mimetype: ZCreativeMimeType,
    size: formInt(),
  })
  .check(
    z.superRefine((value, ctx) => {
      const problem = creativeFileProblem({ name: value.fileName, mimetype: value.mimetype, size: value.size });
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }),
  );

/**
 * A presigned upload: PUT the file to `uploadUrl` with `headers` before `expiresAt`, then pass
 * `sourceUrl` to the creative calls.
 */
export const ZCreativeUploadUrl = z.object({
  uploadUrl: z.url(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  sourceUrl: z.url(),
  expiresAt: ZIsoDateTime,
});
export type TCreativeUploadUrl = z.infer<typeof ZCreativeUploadUrl>;
