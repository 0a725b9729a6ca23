import * as z from '../zod';
import { zId } from '../ids';
import { ZBidderId, ZIsoDateTime, ZUsername } from '../common/common.schema';

/** The saved card as the API shows it (000 §3 `paymentMethod {card: {last4, brand}}`); never more. */
export const ZPaymentMethodSummary = z.object({
  card: z.object({
    last4: z.string().check(z.regex(/^\d{4}$/)),
    brand: z.string().check(z.minLength(1)),
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
  name: z.string().check(z.minLength(1)),
  createdBy: ZUsername,
  createdAt: ZIsoDateTime,
  domain: z.string().check(z.minLength(1)),
  address_1: z.string().check(z.minLength(1)),
  address_2: z._default(z.string(), ''),
  city: z.string().check(z.minLength(1)),
  state: z.string().check(z.minLength(1)),
  zip: z.string().check(z.minLength(1)),
  /**
   * Optional in the record ('None' when missing, 000 §2) although the create form requires it. Stored
   * as E.164 since phones are checked (`advertiser-create.schema.ts`); older records keep what was typed.
   */
  phone: z._default(z.nullable(z.string()), null),
  parentAgencyId: zId('agency'),
  category: z.string().check(z.minLength(1)),
  hubspot_authed: z.boolean(),
  hubspot_portal_id: z.nullable(z.number().check(z.int(), z.positive())),
  paymentMethod: z.nullable(ZPaymentMethodSummary),
  /** The card's friendly name from the payment dialog. */
  advertiser_card_name: z._default(z.nullable(z.string()), null),
  /** Where invoices go (the payment dialog's Billing Email); ours, the spec stores it with the card. */
  billingEmail: z._default(z.nullable(z.email()), null),
});
export type TAdvertiser = z.infer<typeof ZAdvertiser>;

/** An entry of `GET /advertiser/categories`: a bidder (IAB) category code and its name. */
export const ZAdvertiserCategory = z.object({
  code: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
});
export type TAdvertiserCategory = z.infer<typeof ZAdvertiserCategory>;
