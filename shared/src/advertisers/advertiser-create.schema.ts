import * as z from '../zod';
import { ADVERTISER_CATEGORY } from '../constants';
import { MAX_ID_LENGTH, zId } from '../ids';
import { withPhoneNumberRule } from './phone-number';
import { ZBidderName, ZRequestOptionalText, ZRequestText, ZUsername } from '../common/common.schema';

/**
 * The body of `POST /advertiser/create` (000 §7). The spec's client also sends `bgAdvertiserId`,
 * `createdBy`, `parentAgencyId` and `category`: they are accepted, yet the server takes the creator
 * and agency from the token, keeps a client id only when it is a well-formed new id (so retries do not
 * duplicate) and always sends the category 'IAB3'. The phone must be a valid number ('Must be a valid
 * phone number'; without '+' a US one) and comes out in the stored E.164 form, so the browser's form and
 * this body refuse the same input and the use case gets what it stores. The other form rules with the
 * spec's messages are `validation/advertiser.schema.ts` (the domain's is checked by the use case).
 *
 * A module of its own, apart from `ZAdvertiser`: the phone rule brings libphonenumber's metadata (about
 * 30 KB gzip), and every screen and handler that reads advertisers imports `advertiser.schema.ts`. Only
 * the create call's users import this one (`advertiser-create.operations.ts`).
 */
export const ZAdvertiserCreate = z.object({
  // It becomes the bidder advertiser's name.
  name: ZBidderName,
  phone: withPhoneNumberRule(ZRequestText),
  address_1: ZRequestText,
  address_2: ZRequestOptionalText,
  city: ZRequestText,
  state: ZRequestText,
  zip: ZRequestText,
  domain: ZRequestText,
  bgAdvertiserId: z.optional(zId('advertiser')),
  createdBy: z.optional(ZUsername),
  parentAgencyId: z.optional(z.string().check(z.maxLength(MAX_ID_LENGTH))),
  category: z._default(z.literal(ADVERTISER_CATEGORY), ADVERTISER_CATEGORY),
});
export type TAdvertiserCreate = z.infer<typeof ZAdvertiserCreate>;
