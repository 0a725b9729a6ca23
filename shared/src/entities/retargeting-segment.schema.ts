import * as z from 'zod';
import { zId } from '../ids';
import { ZIsoDateTime, ZRequestDescription, ZRequestText } from './common.schema';

/**
 * Retargeting segment (001 §3), a bidder segment of an advertiser. `tag` is the HTML snippet to put on
 * the advertiser's site. Segments described 'Hashed Emails for ...' are the CRM ones (hidden from the
 * visitors list, 001 §2).
 */
export const ZRetargetingSegment = z.object({
  segment_key: z.string().min(1),
  segment_name: z.string().min(1),
  segment_description: z.string().default(''),
  create_date: ZIsoDateTime,
  tag: z.string(),
});
export type TRetargetingSegment = z.infer<typeof ZRetargetingSegment>;

/**
 * Segment creation (001 §7 `{name, description, advertiserId}`); `advertiserId` is the BidGrid
 * advertiser id, so the server can check it belongs to the caller (or to the CRM card's portal).
 */
export const ZSegmentCreate = z.object({
  name: ZRequestText,
  description: ZRequestDescription,
  advertiserId: zId('advertiser'),
});
export type TSegmentCreate = z.input<typeof ZSegmentCreate>;
