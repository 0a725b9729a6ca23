import * as z from 'zod';
import { ADVERTISER_CATEGORY } from '../constants';
import { MAX_ID_LENGTH, zId } from '../ids';
import { withPhoneNumberRule } from '../validation/phone-number';
import { ZBidderId, ZIsoDateTime, ZRequestOptionalText, ZRequestText, ZUsername } from './common.schema';

/** The saved card as the API shows it (000 §3 `paymentMethod {card: {last4, brand}}`); never more. */
export const ZPaymentMethodSummary = z.object({
  card: z.object({
    last4: z.string().regex(/^\d{4}$/),
    brand: z.string().min(1),
  }),
});
export type TPaymentMethodSummary = z.infer<typeof ZPaymentMethodSummary>;

/**
 * Advertiser (spec 000 §3). Field names are the spec's. `paymentMethod` is null while no card is
 * saved ('No Card'); `hubspot_portal_id` is the connected HubSpot account ('Account ID: {portal id}').
 * CRM tokens and the payment customer never appear here: they stay on the server.
 */
export const ZAdvertiser = z.object({
  bgAdvertiserId: zId('advertiser'),
  beeswaxAdvertiserId: ZBidderId,
  name: z.string().min(1),
  createdBy: ZUsername,
  createdAt: ZIsoDateTime,
  domain: z.string().min(1),
  address_1: z.string().min(1),
  address_2: z.string().default(''),
  city: z.string().min(1),
  state: z.string().min(1),
  zip: z.string().min(1),
  /**
   * Optional in the record ('None' when missing, 000 §2) although the create form requires it. Stored
   * as E.164 since phones are checked (`validation/phone-number.ts`); older records keep what was typed.
   */
  phone: z.string().nullable().default(null),
  parentAgencyId: zId('agency'),
  category: z.string().min(1),
  hubspot_authed: z.boolean(),
  hubspot_portal_id: z.number().int().positive().nullable(),
  paymentMethod: ZPaymentMethodSummary.nullable(),
  /** The card's friendly name from the payment dialog. */
  advertiser_card_name: z.string().nullable().default(null),
  /** Where invoices go (the payment dialog's Billing Email); ours, the spec stores it with the card. */
  billingEmail: z.email().nullable().default(null),
});
export type TAdvertiser = z.infer<typeof ZAdvertiser>;

/**
 * The body of `POST /advertiser/create` (000 §7). The spec's client also sends `bgAdvertiserId`,
 * `createdBy`, `parentAgencyId` and `category`: they are accepted, yet the server takes the creator
 * and agency from the token, keeps a client id only when it is a well-formed new id (so retries do not
 * duplicate) and always sends the category 'IAB3'. The phone must be a valid number ('Must be a valid
 * phone number'; without '+' a US one) and comes out as the stored E.164 form, so the browser's form and
 * this body refuse the same input. The other form rules with the spec's messages are
 * `validation/advertiser.schema.ts` (the domain's is checked by the use case).
 *
 * Marked pure, with every call inside it (a bundler drops a pure call only when its arguments can go
 * too): most handlers import this module for `ZAdvertiser` alone, and the marks let their bundles drop
 * this schema and the phone metadata it pulls in.
 */
export const ZAdvertiserCreate = /* @__PURE__ */ z.object({
  name: ZRequestText,
  phone: /* @__PURE__ */ withPhoneNumberRule(ZRequestText),
  address_1: ZRequestText,
  address_2: ZRequestOptionalText,
  city: ZRequestText,
  state: ZRequestText,
  zip: ZRequestText,
  domain: ZRequestText,
  bgAdvertiserId: /* @__PURE__ */ zId('advertiser').optional(),
  createdBy: /* @__PURE__ */ ZUsername.optional(),
  parentAgencyId: /* @__PURE__ */ z.string().max(MAX_ID_LENGTH).optional(),
  category: /* @__PURE__ */ z.literal(ADVERTISER_CATEGORY).default(ADVERTISER_CATEGORY),
});
export type TAdvertiserCreate = z.infer<typeof ZAdvertiserCreate>;

/** An entry of `GET /advertiser/categories`: a bidder (IAB) category code and its name. */
export const ZAdvertiserCategory = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
});
export type TAdvertiserCategory = z.infer<typeof ZAdvertiserCategory>;
