import * as z from '../zod';
import { zId } from '../ids';
import { cleanDisplayDescription } from '../common/display-text';
import { tooLongMessage } from '../common/messages';
import { MAX_BIDDER_NAME, ZBidderName, ZIsoDateTime, ZRequestText } from '../common/common.schema';
import { ZEmailsToHash } from '../targeting/company.schema';

/**
 * Retargeting segment (001 §3), a bidder segment of an advertiser. `tag` is the HTML snippet to put on
 * the advertiser's site. Segments described 'Hashed Emails for ...' are the CRM ones (hidden from the
 * visitors list, 001 §2).
 */
export const ZRetargetingSegment = z.object({
  segment_key: z.string().check(z.minLength(1)),
  segment_name: z.string().check(z.minLength(1)),
  segment_description: z._default(z.string(), ''),
  create_date: ZIsoDateTime,
  tag: z.string(),
});
export type TRetargetingSegment = z.infer<typeof ZRetargetingSegment>;

/** The bidder's longest segment name (`MAX_BIDDER_NAME`) and description (its segment API refuses longer ones). */
export const MAX_SEGMENT_NAME = MAX_BIDDER_NAME;
export const MAX_SEGMENT_DESCRIPTION = 1024;

/**
 * Segment creation (001 §7 `{name, description, advertiserId}`); `advertiserId` is the BidGrid
 * advertiser id, so the server can check it belongs to the caller (or to the CRM card's portal).
 */
export const ZSegmentCreate = z.object({
  name: ZBidderName,
  description: z._default(
    z.string().check(z.overwrite(cleanDisplayDescription), z.maxLength(MAX_SEGMENT_DESCRIPTION)),
    '',
  ),
  advertiserId: zId('advertiser'),
});
export type TSegmentCreate = z.input<typeof ZSegmentCreate>;

/** The description (and name) prefix of CRM e-mail segments, which the visitors list hides (001 §2). */
export const HASHED_EMAILS_PREFIX = 'Hashed Emails for';

/** `Hashed Emails for {name}`: what a CRM e-mail segment is called and described as. */
export const hashedEmailsName = (name: string): string => `${HASHED_EMAILS_PREFIX} ${name}`;

/** True for a CRM e-mail segment (hidden from the visitors list, 001 §2). */
export const isHashedEmailsSegment = (segment: { segment_description: string }): boolean =>
  segment.segment_description.startsWith(HASHED_EMAILS_PREFIX);

/**
 * A CRM e-mail segment made outside a campaign (ours, the /crm-retargeting page): the advertiser, a
 * name (it becomes 'Hashed Emails for {name}') and the e-mails grouped as the step groups them.
 */
export const ZEmailSegmentCreate = z.object({
  advertiserId: zId('advertiser'),
  // Room for the 'Hashed Emails for ' prefix within the bidder's name limit.
  name: ZRequestText.check(
    z.maxLength(MAX_SEGMENT_NAME - hashedEmailsName('').length, {
      error: tooLongMessage(MAX_SEGMENT_NAME - hashedEmailsName('').length),
    }),
  ),
  emailsToHash: ZEmailsToHash.check(
    z.refine((groups) => groups.length > 0, { error: 'Add at least one e-mail address.' }),
  ),
});
export type TEmailSegmentCreate = z.input<typeof ZEmailSegmentCreate>;
